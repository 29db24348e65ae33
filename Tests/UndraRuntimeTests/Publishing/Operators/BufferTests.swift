#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct BufferTests {
        @Test func keepFullAsksForTheSizeThenOneMorePerValueDelivered() {
            let upstream = CountingPublisher(limit: 8)
            let recorder = Recorder(upstream.buffer(size: 3, prefetch: .keepFull, whenFull: .dropNewest), demand: .none)
            #expect(upstream.requests == ["request max(3)"])
            #expect(recorder.events == [])
            recorder.request(.max(2))
            #expect(recorder.values == [0, 1])
            #expect(upstream.requests == ["request max(3)", "request max(2)"])
            recorder.request(.unlimited)
            #expect(recorder.events == (0..<8).map { .value($0) } + [.finished])
        }

        @Test func byRequestAsksForEverythingAsCombineDoes() {
            let upstream = CountingPublisher(limit: 5)
            let recorder = Recorder(upstream.buffer(size: 10, prefetch: .byRequest, whenFull: .dropOldest), demand: .max(1))
            #expect(upstream.requests == ["request unlimited"])
            #expect(recorder.values == [0])
            recorder.request(.max(10))
            #expect(recorder.events == [.value(0), .value(1), .value(2), .value(3), .value(4), .finished])
        }

        private func overflow(_ whenFull: Publishers.BufferingStrategy<TestError>) -> [Recorder<Int, TestError>.Event] {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.buffer(size: 3, prefetch: .byRequest, whenFull: whenFull), demand: .none)
            for value in 1...5 { subject.send(value) }
            recorder.request(.max(10))
            subject.send(6)
            return recorder.events
        }

        @Test func dropNewestKeepsTheFirstValuesThatFit() {
            #expect(overflow(.dropNewest) == [.value(1), .value(2), .value(3), .value(6)])
        }

        @Test func dropOldestKeepsTheLatestValues() {
            #expect(overflow(.dropOldest) == [.value(3), .value(4), .value(5), .value(6)])
        }

        @Test func customErrorFailsAtTheFirstValueThatDoesNotFitAndCancelsTheUpstream() {
            let upstream = CountingPublisher(limit: 10)
            var made = 0
            let recorder = Recorder(upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .customError {
                made += 1
                return TestError(code: 9)
            }), demand: .none)
            #expect(recorder.events == [.failure(TestError(code: 9))])
            #expect(upstream.requests == ["request unlimited", "cancel"])
            #expect(made == 1)
        }

        @Test func aValueWithDemandWaitingIsNeverCountedAsOverflow() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.buffer(size: 0, prefetch: .byRequest, whenFull: .customError { TestError() }))
            for value in 1...3 { subject.send(value) }
            #expect(recorder.values == [1, 2, 3])
        }

        @Test func theFinishComesAfterTheBufferedValues() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest), demand: .none)
            subject.send(1)
            subject.send(2)
            subject.send(completion: .finished)
            #expect(recorder.events == [])
            recorder.request(.max(1))
            #expect(recorder.events == [.value(1)])
            recorder.request(.max(1))
            #expect(recorder.events == [.value(1), .value(2), .finished])
        }

        @Test func aFailureComesAtOnceAndDropsTheBufferedValues() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest), demand: .none)
            subject.send(1)
            subject.send(completion: .failure(TestError(code: 4)))
            #expect(recorder.events == [.failure(TestError(code: 4))])
        }

        @Test func cancellingMidStreamDropsTheBufferAndCancelsTheUpstream() {
            let upstream = CountingPublisher(limit: 10)
            let recorder = Recorder(upstream.buffer(size: 4, prefetch: .keepFull, whenFull: .dropNewest), demand: .max(1))
            recorder.cancel()
            recorder.request(.max(5))
            #expect(recorder.values == [0])
            // It asked for 4; the value delivered asked for 1 more, through what it returned.
            #expect(upstream.requests == ["request max(4)", "cancel"])
        }

        @Test func valuesFromFourThreadsArriveOneAtATimeInEachThreadsOrder() {
            for _ in 0..<20 {
                let subject = PassthroughSubject<Int, Never>()
                var received: [Int] = []  // plain: the buffer must call the sink one at a time
                let subscription = subject.buffer(size: 1_000, prefetch: .byRequest, whenFull: .dropNewest)
                    .sink { received.append($0) }
                DispatchQueue.concurrentPerform(iterations: 4) { thread in
                    for value in 0..<250 { subject.send(thread * 1_000 + value) }
                }
                #expect(received.count == 1_000)
                for thread in 0..<4 {
                    #expect(received.filter { $0 / 1_000 == thread } == Array(thread * 1_000..<thread * 1_000 + 250))
                }
                withExtendedLifetime(subscription) {}
            }
        }
    }
}
#endif
