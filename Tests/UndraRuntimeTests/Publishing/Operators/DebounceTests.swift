#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// The queue is suspended while a burst is sent, so that however slowly the test runs, the
    /// whole burst is in before any scheduled delivery can run: the outcome does not depend on time.
    @Suite struct DebounceTests {
        @Test func deliversOnlyTheLastValueOfEachBurst() {
            let queue = DispatchQueue(label: "debounce")
            let subject = PassthroughSubject<Int, Never>()
            let recorder = Recorder(subject.debounce(for: .milliseconds(20), scheduler: queue))
            queue.suspend()
            for value in 1...3 { subject.send(value) }
            queue.resume()
            #expect(recorder.wait(forEvents: 1))
            #expect(recorder.values == [3])
            queue.suspend()
            subject.send(4)
            subject.send(5)
            queue.resume()
            #expect(recorder.wait(forEvents: 1))
            #expect(recorder.values == [3, 5])
        }

        @Test func aCompletionDropsTheWaitingValueAsCombineDoes() {
            let queue = DispatchQueue(label: "debounce-completion")
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.debounce(for: 0.02, scheduler: queue))
            queue.suspend()
            subject.send(1)
            subject.send(completion: .failure(TestError()))
            queue.resume()
            #expect(recorder.wait(forEvents: 1))
            #expect(recorder.events == [.failure(TestError())])
        }

        @Test func cancellingReleasesTheSubscriberWhileADeliveryIsScheduled() {
            let queue = DispatchQueue(label: "debounce-cancel")
            let subject = PassthroughSubject<Int, Never>()
            var canary: Canary? = Canary()
            weak let weakCanary = canary
            let subscription = subject.debounce(for: .seconds(60), scheduler: queue).sink { [canary] _ in _ = canary }
            canary = nil
            subject.send(1)
            subscription.cancel()
            #expect(weakCanary == nil)
        }
    }
}
#endif
