#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct EraseToAnyPublisherTests {
        @Test func erasingAnErasedPublisherWrapsNothingMore() {
            let erased = PassthroughSubject<Int, Never>().eraseToAnyPublisher()
            #expect(AnyPublisher(erased).box === erased.box)
            #expect(erased.eraseToAnyPublisher().box === erased.box)
        }

        @Test func valuesFailureAndDemandPassThrough() {
            let upstream = CountingPublisher(limit: 3)
            let recorder = Recorder(upstream.eraseToAnyPublisher(), demand: .max(1))
            #expect(recorder.events == [.value(0)])
            recorder.request(.max(5))
            #expect(recorder.events == [.value(0), .value(1), .value(2), .finished])
            let failing = Recorder(Fail<Int, TestError>(error: TestError(code: 2)).eraseToAnyPublisher())
            #expect(failing.events == [.failure(TestError(code: 2))])
        }

        @Test func cancellingMidStreamCancelsTheWrappedPublishersSubscription() {
            let upstream = CountingPublisher()
            let recorder = Recorder(upstream.eraseToAnyPublisher(), demand: .max(2))
            recorder.cancel()
            #expect(recorder.values == [0, 1])
            #expect(upstream.requests == ["request max(2)", "cancel"])
        }

        @Test func aSinkOnAnErasedSubjectIsCalledForEverySendFromFourThreads() {
            for _ in 0..<20 {
                let subject = PassthroughSubject<Int, Never>()
                var count = 0  // plain: the subject calls the sink one at a time
                let subscription = subject.eraseToAnyPublisher().sink { _ in count += 1 }
                DispatchQueue.concurrentPerform(iterations: 4) { _ in
                    for value in 0..<500 { subject.send(value) }
                }
                #expect(count == 2_000)
                withExtendedLifetime(subscription) {}
            }
        }
    }
}
#endif
