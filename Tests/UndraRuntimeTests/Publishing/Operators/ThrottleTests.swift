#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// As in DebounceTests, bursts are sent while the queue is suspended, so that the outcome does
    /// not depend on how fast the test runs.
    @Suite struct ThrottleTests {
        private func deliveries(latest: Bool) -> [Int] {
            let queue = DispatchQueue(label: "throttle")
            let subject = PassthroughSubject<Int, Never>()
            let recorder = Recorder(subject.throttle(for: .milliseconds(20), scheduler: queue, latest: latest))
            queue.suspend()
            for value in 1...3 { subject.send(value) }
            queue.resume()
            #expect(recorder.wait(forEvents: 1))
            queue.suspend()
            subject.send(4)
            subject.send(5)
            queue.resume()
            #expect(recorder.wait(forEvents: 1))
            return recorder.values
        }

        @Test func deliversTheLatestValueOfEachInterval() {
            #expect(deliveries(latest: true) == [3, 5])
        }

        @Test func deliversTheFirstValueOfEachInterval() {
            #expect(deliveries(latest: false) == [1, 4])
        }

        @Test func aCompletionFollowsTheWaitingValue() {
            let queue = DispatchQueue(label: "throttle-completion")
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.throttle(for: 0.02, scheduler: queue, latest: true))
            queue.suspend()
            subject.send(1)
            subject.send(completion: .finished)
            subject.send(2)
            queue.resume()
            #expect(recorder.wait(forEvents: 2))
            #expect(recorder.events == [.value(1), .finished])
        }

        @Test func aCompletionAloneIsDeliveredAtOnce() {
            let queue = DispatchQueue(label: "throttle-only-completion")
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.throttle(for: .seconds(60), scheduler: queue, latest: false))
            subject.send(completion: .failure(TestError()))
            #expect(recorder.wait(forEvents: 1))
            #expect(recorder.events == [.failure(TestError())])
        }
    }
}
#endif
