#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct MapKeyPathTests {
        struct Point {
            var x: Int
            var y: Int
            var label: String
        }

        @Test func readsOneTwoOrThreeKeyPathsOfEachValue() {
            let subject = PassthroughSubject<Point, TestError>()
            let one: Publishers.MapKeyPath<PassthroughSubject<Point, TestError>, Int> = subject.map(\.x)
            let two: Publishers.MapKeyPath2<PassthroughSubject<Point, TestError>, Int, Int> = subject.map(\.x, \.y)
            let three = subject.map(\.x, \.y, \.label)
            let ones = Recorder(one)
            let twos = Recorder(two)
            let threes = Recorder(three)
            subject.send(Point(x: 1, y: 2, label: "a"))
            subject.send(Point(x: 3, y: 4, label: "b"))
            subject.send(completion: .failure(TestError(code: 5)))
            #expect(ones.events == [.value(1), .value(3), .failure(TestError(code: 5))])
            #expect(twos.values.map { "\($0.0),\($0.1)" } == ["1,2", "3,4"])
            #expect(threes.values.map { "\($0.0),\($0.1),\($0.2)" } == ["1,2,a", "3,4,b"])
            #expect(threes.log.last == "failure(TestError(code: 5))")
        }

        @Test func theSinkPathReadsTheKeyPathToo() {
            let subject = CurrentValueSubject<Point, Never>(Point(x: 0, y: 0, label: "start"))
            var labels: [String] = []
            var pairs: [String] = []
            let a = subject.map(\.label).sink { labels.append($0) }
            let b = subject.map(\.x, \.y).sink { pairs.append("\($0),\($1)") }
            subject.send(Point(x: 1, y: 2, label: "next"))
            #expect(labels == ["start", "next"])
            #expect(pairs == ["0,0", "1,2"])
            withExtendedLifetime((a, b)) {}
        }

        @Test func aKeyPathAfterAMapOrAnOptionalReadsAsInCombine() {
            let subject = PassthroughSubject<Point?, Never>()
            let labels = Recorder(subject.compactMap { $0 }.map(\.label))
            let counts = Recorder(subject.map { $0?.label ?? "" }.map(\.count))
            subject.send(Point(x: 1, y: 2, label: "abc"))
            subject.send(nil)
            #expect(labels.values == ["abc"])
            #expect(counts.values == [3, 0])
        }

        @Test func passesDemandAndCancelStraightToAUsersPublisher() {
            let upstream = CountingPublisher(limit: 10)
            let recorder = Recorder(upstream.map(\.description), demand: .max(2))
            #expect(recorder.values == ["0", "1"])
            recorder.request(.max(1))
            #expect(recorder.values == ["0", "1", "2"])
            recorder.cancel()
            #expect(upstream.requests == ["request max(2)", "request max(1)", "cancel"])
        }

        @Test func aUsersSubscriberGetsTheDemandItAnsweredWithPassedBack() {
            let upstream = ManualPublisher<Point, TestError>()
            let recorder = Recorder(upstream.map(\.y), demand: .max(1), onValue: { $0 == 2 ? .max(3) : .none })
            #expect(upstream.send(Point(x: 1, y: 2, label: "")) == .max(3))
            #expect(upstream.send(Point(x: 1, y: 7, label: "")) == .none)
            #expect(recorder.values == [2, 7])
        }
    }
}
#endif
