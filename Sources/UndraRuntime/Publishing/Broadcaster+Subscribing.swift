#if !canImport(Combine)
import Synchronization

// Subscribing and cancelling: the roster changes, always under the lock.
extension Broadcaster {
    /// Subscribes at the end of the roster. A subject with a current value first delivers it, on
    /// the calling thread, before the subscriber joins; if a newer value was sent meanwhile,
    /// that one too (never an older one). After completion, delivers only the completion.
    /// O(subscribers); safe from any thread.
    @inlinable
    func subscribe<Owner: BroadcasterOwner>(
        owner: Owner,
        receiveCompletion: @escaping (Completion) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable where Owner.Output == Output, Owner.Failure == Failure {
        var seenClock: Int?
        while true {
            let outcome = shared.withLock { shared -> JoinOutcome in
                if let completion = shared.completion { return .completed(completion) }
                if let current = shared.current, shared.currentClock != seenClock {
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
            case .joined(let id, let replaced):
                replaced.release()
                let subscription = SubjectSubscription(
                    anchor: shared.buffer, owner: .passUnretained(owner), id: id,
                    unsubscribe: Self.unsubscribe(Owner.self))
                return AnyCancellable(subscription: subscription)
            }
        }
    }

    @usableFromInline
    enum JoinOutcome {
        case completed(Completion)
        case current(Output, clock: Int)
        case joined(id: Int, replaced: Roster)
    }

    /// What cancelling a ``SubjectSubscription`` to an `Owner` does: remove the subscriber, if
    /// the subject is still there. The subscription holds the subject's `shared` state, not the
    /// subject, so that it keeps the subject alive no more than a weak reference would, without
    /// one (a weak reference would give the subject a side table, and slow its every retain and
    /// release).
    @inlinable
    static func unsubscribe<Owner: BroadcasterOwner>(_: Owner.Type) -> (SubjectSubscription) -> Void
    where Owner.Output == Output, Owner.Failure == Failure {
        { subscription in
            let shared = Locked(sharing: unsafeDowncast(subscription.anchor, to: LockedBuffer<Shared>.self))
            let replaced = shared.withLock { shared -> Roster in
                // While the owner is alive, its deinit (which says otherwise) waits for this lock.
                guard shared.ownerIsAlive else { return .empty }
                return subscription.owner._withUnsafeGuaranteedRef {
                    unsafeDowncast($0, to: Owner.self).broadcaster.removeSubscriber(subscription.id, in: &shared)
                }
            }
            replaced.release()
        }
    }

    /// Under the lock: removes the subscriber `id`, if it is still subscribed, and returns the
    /// roster to release after unlocking. O(subscribers).
    @inlinable
    func removeSubscriber(_ id: Int, in shared: inout Shared) -> Roster {
        let current = Roster(bits: roster.load(ordering: .sequentiallyConsistent))
        guard current.contains(id: id) else { return .empty }
        return replaceRoster(with: current.removing(id: id), in: &shared)
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

/// A subject built on a ``Broadcaster``, which its subscriptions unsubscribe from.
@usableFromInline
protocol BroadcasterOwner: AnyObject {
    associatedtype Output
    associatedtype Failure: Error
    var broadcaster: Broadcaster<Output, Failure> { get }
}
#endif
