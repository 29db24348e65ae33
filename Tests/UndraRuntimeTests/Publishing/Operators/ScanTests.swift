#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct ScanTests {
        @Test func deliversTheRunningResultOfEachValue() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.scan(0, +))
            for value in 1...4 { subject.send(value) }
            subject.send(completion: .failure(TestError()))
            #expect(recorder.events == [.value(1), .value(3), .value(6), .value(10), .failure(TestError())])
        }

        @Test func eachSubscriptionStartsFromTheInitialResult() {
            let subject = PassthroughSubject<Int, Never>()
            let sums = subject.scan(100) { $0 + $1 }
            let first = Recorder(sums)
            subject.send(1)
            let second = Recorder(sums)
            subject.send(2)
            var sunk: [Int] = []
            let sink = sums.sink { sunk.append($0) }
            subject.send(3)
            subject.send(completion: .finished)
            #expect(first.events == [.value(101), .value(103), .value(106), .finished])
            #expect(second.events == [.value(102), .value(105), .finished])
            #expect(sunk == [103])
            withExtendedLifetime(sink) {}
        }

        @Test func passesDemandAndCancelStraightThrough() {
            let upstream = CountingPublisher(limit: 10)
            let recorder = Recorder(upstream.scan(0, +), demand: .max(2))
            #expect(recorder.values == [0, 1])
            recorder.request(.max(2))
            #expect(recorder.values == [0, 1, 3, 6])
            recorder.cancel()
            #expect(upstream.requests == ["request max(2)", "request max(2)", "cancel"])
        }

        @Test func tryScanFailsWithWhatItThrowsAndCancelsTheUpstream() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.tryScan(0) { sum, value in
                guard sum + value < 10 else { throw TestError(code: sum + value) }
                return sum + value
            })
            upstream.send(4)
            upstream.send(5)
            upstream.send(6)
            upstream.send(1)
            #expect(recorder.log == ["4", "9", "failure(TestError(code: 15))"])
            #expect(upstream.requests == ["request unlimited", "cancel"])
        }

        @Test func tryScanPassesTheUpstreamsFailure() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.tryScan("") { $0 + "\($1)" })
            subject.send(1)
            subject.send(2)
            subject.send(completion: .failure(TestError(code: 9)))
            #expect(recorder.log == ["1", "12", "failure(TestError(code: 9))"])
        }

        @Test func valuesSentFromManyThreadsAreFoldedOneAtATime() {
            for _ in 0..<20 {
                let subject = PassthroughSubject<Int, Never>()
                let overlap = OverlapGuard()
                let recorder = Recorder(subject.scan(0, +), onValue: { _ in overlap.run { .none } })
                concurrently(4) { _ in
                    for _ in 0..<250 { subject.send(1) }
                }
                #expect(recorder.values == Array(1...1000))
                #expect(overlap.overlaps == 0)
            }
        }
    }
}
#endif
