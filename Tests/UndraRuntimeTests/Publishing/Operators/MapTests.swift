#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct MapTests {
        @Test func transformsEachValueAndPassesTheCompletionThrough() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.map { "#\($0)" })
            subject.send(1)
            subject.send(2)
            subject.send(completion: .failure(TestError()))
            #expect(recorder.events == [.value("#1"), .value("#2"), .failure(TestError())])
        }

        @Test func chainsAndKeepsACurrentValueSubjectsFirstValue() {
            let subject = CurrentValueSubject<Int, Never>(1)
            let recorder = Recorder(subject.map { $0 * 10 }.map { $0 + 1 })
            subject.send(2)
            #expect(recorder.events == [.value(11), .value(21)])
        }

        @Test func aMapOfAMapIsOneMapAsInCombine() {
            let subject = PassthroughSubject<Int, Never>()
            let fused: Publishers.Map<PassthroughSubject<Int, Never>, String> = subject.map { $0 * 10 }.map { "#\($0)" }
            let recorder = Recorder(fused)
            var sunk: [String] = []
            let sink = fused.sink { sunk.append($0) }
            subject.send(1)
            subject.send(2)
            #expect(recorder.values == ["#10", "#20"])
            #expect(sunk == ["#10", "#20"])
            withExtendedLifetime(sink) {}
        }

        @Test func passesDemandAndCancelStraightToAUsersPublisher() {
            let upstream = CountingPublisher(limit: 10)
            let recorder = Recorder(upstream.map { $0 * 10 }, demand: .max(2))
            #expect(recorder.values == [0, 10])
            recorder.request(.max(1))
            #expect(recorder.values == [0, 10, 20])
            recorder.cancel()
            recorder.request(.max(5))
            #expect(recorder.values == [0, 10, 20])
            #expect(upstream.requests == ["request max(2)", "request max(1)", "cancel", "request max(5)"])
        }
    }
}
#endif
