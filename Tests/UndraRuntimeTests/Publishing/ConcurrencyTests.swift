#if !canImport(Combine)
import Dispatch
import Foundation
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// Many rounds on several threads at once, with exact counts. Run under ThreadSanitizer too:
    /// the subscribers here keep plain, unlocked counters, which is only safe because a publisher
    /// never calls a subscriber twice at once.
    @Suite struct ConcurrencyTests {
        private static let threads = 4
        private static let rounds = 50
        private static let sendsPerThread = 500

        @Test func concurrentSendsReachEveryStableSubscriberExactlyOnceEach() {
            for _ in 0..<Self.rounds {
                let subject = PassthroughSubject<Int, Never>()
                var counts = [0, 0, 0]
                var lastFromThread = [[Int]](repeating: Array(repeating: -1, count: Self.threads), count: 3)
                var inOrder = true
                var strays = 0  // values this subject was never sent
                let overlaps = OverlapCheck()
                let subscriptions = (0..<3).map { index in
                    subject.sink { value in
                        overlaps.enter()
                        defer { overlaps.leave() }
                        counts[index] += 1
                        let (thread, sequence) = value.quotientAndRemainder(dividingBy: Self.sendsPerThread)
                        guard (0..<Self.threads).contains(thread), sequence >= 0 else {
                            strays += 1
                            return
                        }
                        inOrder = inOrder && sequence > lastFromThread[index][thread]
                        lastFromThread[index][thread] = sequence
                    }
                }
                DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                    for sequence in 0..<Self.sendsPerThread { subject.send(thread * Self.sendsPerThread + sequence) }
                }
                #expect(overlaps.count == 0)  // no subscriber was called while it was running
                #expect(strays == 0)
                #expect(counts == Array(repeating: Self.threads * Self.sendsPerThread, count: 3))
                #expect(inOrder)  // each thread's values arrive in the order it sent them
                withExtendedLifetime(subscriptions) {}
            }
        }

        @Test func subscribingAndCancellingWhileOthersSendLosesNothingForStableSubscribers() {
            for _ in 0..<Self.rounds {
                let subject = PassthroughSubject<Int, Never>()
                var stableCount = 0
                let stable = subject.sink { _ in stableCount += 1 }
                let churned = Locked(0)
                var canary: Canary? = Canary()
                weak let weakCanary = canary
                let churnCanary = canary!
                canary = nil
                DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                    if thread < 2 {
                        for value in 0..<Self.sendsPerThread { subject.send(value) }
                    } else {
                        for _ in 0..<Self.sendsPerThread / 5 {
                            let subscription = subject.sink { [churnCanary] _ in
                                _ = churnCanary
                                churned.withLock { $0 += 1 }
                            }
                            subscription.cancel()
                        }
                    }
                }
                _ = consume churnCanary
                #expect(stableCount == 2 * Self.sendsPerThread)
                #expect(weakCanary == nil)  // every churned subscription released its closure
                // Only the stable subscriber is left.
                var after = 0
                let probe = subject.sink { _ in after += 1 }
                subject.send(0)
                #expect(stableCount == 2 * Self.sendsPerThread + 1)
                #expect(after == 1)
                withExtendedLifetime((stable, probe)) {}
            }
        }

        @Test func aCurrentValueSubjectCountsEverySendAndEndsOnTheLatest() {
            for _ in 0..<Self.rounds {
                let subject = CurrentValueSubject<Int, Never>(0)
                var received = 0
                let subscription = subject.sink { _ in received += 1 }
                DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
                    for value in 1...Self.sendsPerThread { subject.send(value) }
                }
                #expect(received == 1 + Self.threads * Self.sendsPerThread)
                #expect(subject.value == Self.sendsPerThread)  // some thread's last send came last
                withExtendedLifetime(subscription) {}
            }
        }

        @Test func subscribersJoiningFromOtherThreadsNeverSeeAPublishedValueGoBackwards() {
            final class Model: @unchecked Sendable {  // set on one thread only, as @Published requires
                @Published var value = 0
            }
            for _ in 0..<Self.rounds {
                let model = Model()
                let backwards = Locked(0)
                DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                    if thread == 0 {
                        for value in 1...Self.sendsPerThread { model.value = value }
                    } else {
                        for _ in 0..<Self.sendsPerThread / 10 {
                            var previous = -1
                            let subscription = model.$value.sink { value in
                                if value < previous { backwards.withLock { $0 += 1 } }
                                previous = value
                            }
                            subscription.cancel()
                        }
                    }
                }
                #expect(backwards.withLock { $0 } == 0)
                #expect(model.value == Self.sendsPerThread)
                #expect(Recorder(model.$value).values == [Self.sendsPerThread])
            }
        }

        /// Sets with nobody subscribed take the fast path (no lock); subscribers joining from
        /// other threads at that moment must still start from the latest value and never go back.
        @Test func subscribersJoiningWhileUnsubscribedSetsGoOnStartFromTheLatestAndNeverGoBackwards() {
            final class Model: @unchecked Sendable {  // set on one thread only, as @Published requires
                @Published var value = 0
            }
            for _ in 0..<Self.rounds {
                let model = Model()
                let problems = Locked<[String]>([])
                let setterDone = TestAtomic<Bool>(false)
                concurrently(3) { thread in
                    if thread == 0 {
                        for value in 1...Self.sendsPerThread { model.value = value }
                        setterDone.store(true, ordering: .releasing)
                    } else {
                        while !setterDone.load(ordering: .acquiring) {
                            // Checked inside the sink: a delivery may still be running on the
                            // setter's thread when `cancel()` returns.
                            var previous = -1
                            let subscription = model.$value.sink { value in
                                if value < previous { problems.withLock { $0.append("\(previous) then \(value)") } }
                                previous = value
                            }
                            subscription.cancel()
                        }
                    }
                }
                #expect(problems.withLock { $0 } == [])
                #expect(Recorder(model.$value).values == [Self.sendsPerThread])
            }
        }

        @Test func objectWillChangeIsOneInstanceWhenFirstReadFromManyThreadsAtOnce() {
            final class Model: ObservableObject, @unchecked Sendable {  // @Published values unused here
                @Published var a = 0
                @Published var b = 0
            }
            for _ in 0..<Self.rounds * 5 {
                let model = Model()
                let seen = Locked<[ObjectIdentifier]>([])
                DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
                    let publisher = model.objectWillChange
                    seen.withLock { $0.append(ObjectIdentifier(publisher)) }
                }
                #expect(Set(seen.withLock { $0 }).count == 1)
                var count = 0
                let subscription = model.objectWillChange.sink { count += 1 }
                model.a = 1
                model.b = 1
                #expect(count == 2)
                withExtendedLifetime(subscription) {}
            }
        }

        @Test func mergeSerializesTwoUpstreamsSendingFromTwoThreads() {
            for _ in 0..<Self.rounds {
                let a = PassthroughSubject<Int, Never>()
                let b = PassthroughSubject<Int, Never>()
                var count = 0
                let subscription = a.merge(with: b).sink { _ in count += 1 }
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    let upstream = index == 0 ? a : b
                    for value in 0..<Self.sendsPerThread { upstream.send(value) }
                }
                #expect(count == 2 * Self.sendsPerThread)
                withExtendedLifetime(subscription) {}
            }
        }

        @Test func cancellingWhileTheSubjectIsReleasedOnAnotherThreadIsSafe() {
            for _ in 0..<Self.rounds * 5 {
                let holder = Locked<PassthroughSubject<Int, Never>?>(PassthroughSubject())
                let subject = holder.withLock { $0! }
                var canary: Canary? = Canary()
                weak let weakCanary = canary
                let subscriptions = Locked((0..<Self.threads * 8).map { _ in
                    subject.sink { [canary] _ in _ = canary }
                })
                canary = nil
                _ = consume subject
                DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                    if thread == 0 {
                        _ = holder.withLock { $0.take() }  // the last reference to the subject
                    } else {
                        while let subscription = subscriptions.withLock({ $0.popLast() }) { subscription.cancel() }
                    }
                }
                #expect(holder.withLock { $0 } == nil)
                subscriptions.withLock { $0.removeAll() }
                #expect(weakCanary == nil)
            }
        }

        /// The subject is released on one thread midway through two other threads' cancelling its
        /// 200 subscriptions, so that it goes while cancels are under way: each subscriber's
        /// closures are released exactly once, by its cancel or by the subject, whichever comes
        /// first, and nothing waits forever. (The subject's deinit used to work on a moved copy of
        /// its roster: a cancel meanwhile released a list that the deinit then released again, and
        /// the cancel's new list leaked; or the cancel, holding the subject for a moment, released
        /// it last and ran its deinit under the lock that deinit takes: a deadlock.)
        @Test func aSubjectReleasedMidwayThroughCancelsReleasesEveryClosureExactlyOnce() {
            let subscriberCount = 200
            for _ in 0..<Self.rounds {
                let released = CallCounter()
                let holder = Locked<PassthroughSubject<Int, Never>?>(PassthroughSubject())
                let subject = holder.withLock { $0! }
                let subscriptions = Locked((0..<subscriberCount).map { _ in
                    let token = ReleaseCounter(released)
                    return subject.sink { [token] _ in _ = token }
                })
                _ = consume subject
                let cancelled = CallCounter()
                let finished = finishConcurrently(3, within: 10) { thread in
                    if thread == 0 {
                        while cancelled.count < subscriberCount / 2 { sched_yield() }
                        _ = holder.withLock { $0.take() }  // the last reference to the subject
                    } else {
                        while let subscription = subscriptions.withLock({ $0.popLast() }) {
                            subscription.cancel()
                            cancelled.bump()
                        }
                    }
                }
                #expect(finished)
                guard finished else { return }
                #expect(cancelled.count == subscriberCount)
                #expect(released.count == subscriberCount)
            }
        }
    }
}

/// Runs `body(i)` for `i` in `0..<count`, each on its own thread; true if all have finished
/// within `seconds`, false if not (a deadlock, say: the test then fails instead of hanging).
private func finishConcurrently(
    _ count: Int, within seconds: Double, _ body: @escaping @Sendable (Int) -> Void
) -> Bool {
    let done = DispatchSemaphore(value: 0)
    for index in 0..<count {
        Thread {
            body(index)
            done.signal()
        }.start()
    }
    let deadline = DispatchTime.now() + seconds
    return (0..<count).allSatisfy { _ in done.wait(timeout: deadline) == .success }
}

/// Counts the calls that begin while another is still running. Its atomics are relaxed, so that
/// they order nothing: ThreadSanitizer still checks that deliveries on different threads are
/// ordered by the publisher itself.
private final class OverlapCheck: Sendable {
    private let running = TestAtomic<Bool>(false)
    private let overlaps = TestAtomic<Int>(0)

    var count: Int { overlaps.load(ordering: .relaxed) }

    func enter() {
        if running.exchange(true, ordering: .relaxed) { overlaps.wrappingAdd(1, ordering: .relaxed) }
    }

    func leave() {
        running.store(false, ordering: .relaxed)
    }
}

/// Counts its own release: a closure that captures one tells when it has been released.
private final class ReleaseCounter: Sendable {
    let counter: CallCounter

    init(_ counter: CallCounter) {
        self.counter = counter
    }

    deinit {
        counter.bump()
    }
}

#endif
