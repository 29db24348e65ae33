#if !canImport(Combine)

// Subscribing, cancelling and closing: the roster changes, always under the lock.
extension BroadcasterCore {
    /// Subscribes at the end of the roster. A subject with a current value first delivers it, on
    /// the calling thread, before the subscriber joins; if a newer value was sent meanwhile,
    /// that one too (never an older one). After completion, delivers only the completion.
    /// O(subscribers); safe from any thread.
    @inlinable
    func subscribe(
        receiveCompletion: @escaping (Completion) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        join(reading: nil, receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }

    /// Subscribes at the end of the roster, first delivering a value `read` gives, on the calling
    /// thread, before the subscriber joins: for a subject whose current value lives elsewhere and
    /// that sends only through `send(_:updatingCurrent:…)`. If a value was sent between the read
    /// and the join, reads and delivers again, so the subscriber never misses a value and never
    /// sees an older one after a newer (it may see one value twice, when the read already saw
    /// the value being sent). O(subscribers) plus `read`; safe from any thread.
    @inlinable
    func subscribe(
        reading read: @escaping () -> Output,
        receiveCompletion: @escaping (Completion) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        join(reading: read, receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }

    /// Both `subscribe`s: first the current value (`shared.current`, or what `read` gives when
    /// there is a `read`), again while newer values are sent, then the join.
    @inlinable
    func join(
        reading read: (() -> Output)?,
        receiveCompletion: @escaping (Completion) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        var seenClock: Int?
        while true {
            let outcome = shared.withLock { shared -> JoinOutcome in
                if let completion = shared.completion { return .completed(completion) }
                if read != nil {
                    if shared.lastSendClock != seenClock { return .read(clock: shared.lastSendClock) }
                } else if let current = shared.current, shared.currentClock != seenClock {
                    return .current(current, clock: shared.currentClock)
                }
                shared.clock += 1
                let subscriber = Subscriber(
                    id: shared.clock, receiveValue: receiveValue, receiveCompletion: receiveCompletion)
                let next = Roster(bits: roster.load(ordering: .sequentiallyConsistent)).adding(subscriber)
                return .joined(id: shared.clock, replaced: replaceRoster(with: next, in: &shared))
            }
            switch outcome {
            case .completed(let completion):
                receiveCompletion(completion)
                return AnyCancellable {}
            case .current(let value, let clock):
                receiveValue(value)
                seenClock = clock
            case .read(let clock):
                if let read { receiveValue(read()) }
                seenClock = clock
            case .joined(let id, let replaced):
                replaced.release()
                let subscription = SubjectSubscription(core: self, id: id, unsubscribe: Self.unsubscribe)
                return AnyCancellable(subscription: subscription)
            }
        }
    }

    @usableFromInline
    enum JoinOutcome {
        case completed(Completion)
        case current(Output, clock: Int)
        /// Read the current value and deliver it: sends made under the lock are at `clock`.
        case read(clock: Int)
        case joined(id: Int, replaced: Roster)
    }

    /// What cancelling a ``SubjectSubscription`` does: remove the subscriber from the core the
    /// subscription holds. A closure made here, where the core's type is known, so that
    /// cancelling runs code specialized for it; it captures nothing.
    @inlinable
    static var unsubscribe: (SubjectSubscription) -> Void {
        { subscription in
            unsafeDowncast(subscription.core, to: BroadcasterCore.self).removeSubscriber(subscription.id)
        }
    }

    /// Removes the subscriber `id`, if it is still subscribed, and releases it (and its
    /// closures) unless a delivery is walking it: then the deliverer does, when it stops.
    /// O(subscribers); safe from any thread, whether or not the subject is still there.
    @inlinable
    func removeSubscriber(_ id: Int) {
        shared.withLock { shared -> Roster in
            let current = Roster(bits: roster.load(ordering: .sequentiallyConsistent))
            guard current.contains(id: id) else { return .empty }
            return replaceRoster(with: current.removing(id: id), in: &shared)
        }.release()
    }

    /// The subject is gone: drops every subscriber, and the current value. Subscriptions that
    /// cancel later find nothing to remove. O(subscribers).
    @usableFromInline
    func close() {
        let (subscribers, _) = shared.withLock { shared in
            (replaceRoster(with: .empty, in: &shared), shared.current.take())
        }
        subscribers.release()
    }

    /// Under the lock: swaps in `next`, and returns the old roster if the caller must release it
    /// (after unlocking). While someone delivers, the old roster is theirs to release instead.
    ///
    /// Why this is safe with no lock on the delivering side: the swap and `signalDelivery`'s
    /// load here, and the deliverer's claim and its load of `roster`, are all sequentially
    /// consistent. So either we see the deliverer (and retire the old roster), or the
    /// deliverer's load comes after our swap (and it never sees the old roster).
    @inlinable
    func replaceRoster(with next: Roster, in shared: inout Shared) -> Roster {
        let old = Roster(bits: roster.exchange(next.bits, ordering: .sequentiallyConsistent))
        guard old != .empty, signalDelivery() else { return old }
        shared.retired.append(old)
        return .empty
    }
}
#endif
