#if canImport(Combine)
import Combine  // as on Apple platforms, where the coarse mode is Combine's
#endif
import Dispatch
import Foundation
import Testing
@testable import UndraRuntime

/// `receive(on: MainActor.shared)`: every event on the main queue, at once when it arrives
/// there and nothing waits, queued behind what waits otherwise; order kept, demand forwarded,
/// nothing queued delivered after a cancel.
@Suite struct MainActorEventsTests {
    private struct Refusal: Error, Equatable {}

    /// What a main-actor sink saw, each event with whether it ran on the main queue.
    @MainActor private final class Seen {
        var values: [Int] = []
        var completions: [Subscribers.Completion<Refusal>] = []
        var offMain = 0

        func value(_ value: Int) {
            if !MainQueue.isCurrent { offMain += 1 }
            values.append(value)
        }
    }

    @Test @MainActor func aValueSentOnTheMainQueueIsDeliveredBeforeSendReturns() async {
        let subject = PassthroughSubject<Int, Never>()
        let seen = Seen()
        let subscription = subject.receive(on: MainActor.shared).sink { seen.value($0) }
        await onMainQueue {
            subject.send(1)
            #expect(seen.values == [1])
            subject.send(2)
            #expect(seen.values == [1, 2])
        }
        #expect(seen.offMain == 0)
        subscription.cancel()
    }

    /// This test is not isolated: the closure compiles because `sink` takes it as `@MainActor`
    /// (`Seen` is main-actor state), and runs on the main queue.
    @Test func theSinksClosureIsMainActorIsolatedInCodeThatIsNot() async {
        let subject = PassthroughSubject<Int, Never>()
        let seen = Seen()
        let subscription = subject.receive(on: MainActor.shared).sink { seen.value($0) }
        subject.send(7)
        await onMainQueue {}
        #expect(await seen.values == [7])
        #expect(await seen.offMain == 0)
        subscription.cancel()
    }

    @Test @MainActor func valuesSentOnAnotherThreadArriveOnTheMainQueueInOrder() async {
        let subject = PassthroughSubject<Int, Never>()
        let seen = Seen()
        let subscription = subject.receive(on: MainActor.shared).sink { seen.value($0) }
        let sent = DispatchSemaphore(value: 0)
        Thread {
            for value in 0..<1_000 { subject.send(value) }
            sent.signal()
        }.start()
        await Task.detached { sent.wait() }.value
        await onMainQueue {}  // behind every queued value
        #expect(seen.values == Array(0..<1_000))
        #expect(seen.offMain == 0)
        subscription.cancel()
    }

    @Test @MainActor func aValueOnTheMainQueueWaitsBehindThoseQueuedBeforeIt() async {
        let subject = PassthroughSubject<Int, Never>()
        let seen = Seen()
        let subscription = subject.receive(on: MainActor.shared).sink { seen.value($0) }
        let other = DispatchQueue(label: "sender")
        await onMainQueue {
            other.sync { subject.send(1) }  // queued: the main queue is busy with this block
            subject.send(2)                 // on the main queue, but 1 waits: queued behind it
            #expect(seen.values == [])
        }
        await onMainQueue {
            #expect(seen.values == [1, 2])
            subject.send(3)                 // nothing waits: at once
            #expect(seen.values == [1, 2, 3])
        }
        subscription.cancel()
    }

    @Test @MainActor func cancellingDropsWhatIsQueuedAndCancelsTheUpstream() async {
        let subject = PassthroughSubject<Int, Refusal>()
        let seen = Seen()
        let cancels = CallCounter()
        let subscription = subject.handleEvents(receiveCancel: { cancels.bump() })
            .receive(on: MainActor.shared)
            .sink(receiveCompletion: { seen.completions.append($0) }, receiveValue: { seen.value($0) })
        let other = DispatchQueue(label: "sender")
        await onMainQueue {
            other.sync {
                subject.send(1)
                subject.send(2)
            }
            subscription.cancel()
        }
        await onMainQueue {}
        #expect(seen.values == [])
        #expect(cancels.count == 1)
        subject.send(3)
        await onMainQueue {}
        #expect(seen.values == [])

        // A completion queued when the cancel comes is dropped too.
        let failing = PassthroughSubject<Int, Refusal>()
        let second = failing.receive(on: MainActor.shared)
            .sink(receiveCompletion: { seen.completions.append($0) }, receiveValue: { seen.value($0) })
        await onMainQueue {
            other.sync {
                failing.send(4)
                failing.send(completion: .failure(Refusal()))
            }
            second.cancel()
        }
        await onMainQueue {}
        #expect(seen.values == [])
        #expect(seen.completions.isEmpty)
    }

    @Test @MainActor func theCompletionFollowsTheValuesOnTheMainActor() async {
        let subject = PassthroughSubject<Int, Refusal>()
        let seen = Seen()
        let subscription = subject.receive(on: MainActor.shared)
            .sink(receiveCompletion: { seen.completions.append($0) }, receiveValue: { seen.value($0) })
        let other = DispatchQueue(label: "sender")
        other.sync {
            subject.send(1)
            subject.send(2)
            subject.send(completion: .failure(Refusal()))
            subject.send(3)  // after the completion: not forwarded by the subject
        }
        await onMainQueue {}
        #expect(seen.values == [1, 2])
        #expect(seen.completions == [.failure(Refusal())])
        #expect(seen.offMain == 0)
        subscription.cancel()
    }

    /// A subscriber that asks for one value at a time, three more times: a demand returned by a
    /// queued delivery reaches the upstream when the delivery runs.
    @Test func demandReturnedByAQueuedDeliveryReachesTheUpstream() async {
        let received = ValueLog<Int>()
        let subscriber = AnySubscriber<Int, Never>(
            receiveSubscription: { $0.request(.max(1)) },
            receiveValue: { value in
                received.append(value)
                return value < 3 ? .max(1) : .none
            },
            receiveCompletion: { _ in received.append(-1) })
        // Subscribed on another thread: the first value is queued; the later ones are sent from
        // the main queue, inside the request its delivery returned, and delivered at once.
        await Task.detached { (0..<10).publisher.receive(on: MainActor.shared).subscribe(subscriber) }.value
        await onMainQueue {}
        #expect(received.all == [0, 1, 2, 3])
    }

    /// Four threads at once, each with its own subject, sending while the main queue delivers and
    /// while other threads cancel: each sink sees its values in order, and nothing after the
    /// cancel that ended it (any number of rounds; ThreadSanitizer runs it too).
    @Test func manyThreadsSendAndCancelWhileTheMainQueueDelivers() async {
        for round in 0..<20 {
            let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
            let logs = (0..<4).map { _ in ValueLog<Int>() }
            let offMain = CallCounter()
            let subscriptions = (0..<4).map { index in
                subjects[index].receive(on: MainActor.shared).sink { value in
                    if !MainQueue.isCurrent { offMain.bump() }
                    logs[index].append(value)
                }
            }
            let cancelAfter = 200 + round * 10
            concurrently(4) { index in
                for value in 0..<400 {
                    subjects[index].send(value)
                    // Threads 2 and 3 cancel their own subscription part way through.
                    if index >= 2, value == cancelAfter { subscriptions[index].cancel() }
                }
            }
            await onMainQueue {}
            #expect(offMain.count == 0)
            for index in 0..<2 { #expect(logs[index].all == Array(0..<400), "round \(round), sink \(index)") }
            for index in 2..<4 {
                let values = logs[index].all
                #expect(values == Array(0..<values.count), "round \(round), sink \(index)")
                #expect(values.count <= cancelAfter + 1, "round \(round), sink \(index)")
            }
            subscriptions.forEach { $0.cancel() }
        }
    }

    /// Runs `body` in a block of the main queue and returns when it has run: everything queued
    /// there before has run too.
    private func onMainQueue(_ body: @escaping @MainActor @Sendable () -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async {
                MainActor.assumeIsolated(body)
                done.resume()
            }
        }
    }
}
