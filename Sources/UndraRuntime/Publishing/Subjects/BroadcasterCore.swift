#if !canImport(Combine) || UNDRA_COMBINE_MODULE
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CUndraAtomics

/// The engine of a ``Broadcaster``: its subscribers, the delivery handoff, and the lock for
/// the rest.
///
/// Delivery is serial. One thread at a time delivers (runs subscribers' code); a send that
/// arrives meanwhile, from another thread or from inside a subscriber, is queued in `pending`,
/// and the delivering thread delivers it once the value in hand has reached every subscriber,
/// before it stops. So every subscriber sees every value in one order, nobody sees values go
/// backwards, and no subscriber is ever called twice at once. A value reaches only the
/// subscribers that had joined when it was sent (see ``Conduit/id``), and of those, only the
/// ones that asked for it (see ``Conduit/offer(_:sentAt:)``).
///
/// The subscribers are an immutable ``SubscriberRoster`` in an atomic word, so the delivering
/// thread walks them with no lock and no reference counting. Subscribing and cancelling make a new
/// roster under the lock and swap it in. The old one is released at once if nobody is
/// delivering; otherwise the delivering thread may still be walking it, so it is `retired` and
/// released by that thread when it finishes.
///
/// The lock (`shared`) guards bookkeeping only. No user code runs under it: subscribers are
/// called, and rosters and values (whose release may run a deinit) are released, after unlocking.
///
/// Why a class of its own, apart from the subject: the subject holds it (through its
/// ``Broadcaster``), and so does every subscription, so a cancel or a request works on this
/// object alone and never touches the subject, which another thread may be releasing at that
/// moment. And the atomics must stay where they are: in a class they never move, whereas a value
/// that holds them is moved when it is destroyed (a struct's deinit runs on a copy), and a
/// cancel made meanwhile would change one copy while the deinit released the other's stale roster.
///
/// Cost of a send: with nobody else delivering, one compare-and-swap to start delivering and one
/// to stop (plus the lock, for subjects that keep a current value), then one atomic load per
/// subscriber (two for a subscriber conduit). No allocation unless a send has to be queued.
@usableFromInline
final class BroadcasterCore<Output, Failure: Error> {
    /// The words behind `delivery` and `roster`, first in the object (`AtomicWord`); touched
    /// only through them.
    @usableFromInline
    var atomicWords: (delivery: Int, roster: Int) = (0, 0)

    @usableFromInline typealias Roster = SubscriberRoster<Output, Failure>
    @usableFromInline typealias Completion = Subscribers.Completion<Failure>

    // The states of `delivery`.
    @usableFromInline static var idle: Int { 0 }
    @usableFromInline static var delivering: Int { 1 }
    /// Delivering, and `shared` holds pending jobs or retired rosters for the deliverer.
    @usableFromInline static var deliveringWithWork: Int { 2 }
    /// A `@Published` set with nobody subscribed is storing its value (`beginStoring`): no
    /// subscriber runs, and the claim ends with a plain store of `idle`, so nobody may queue work
    /// behind it. Whoever wants the claim meanwhile waits (`signalDelivery`): a store's worth.
    @usableFromInline static var storing: Int { 3 }

    @inlinable var delivery: AtomicWord<Int> { AtomicWord(inFirstPropertyOf: self, word: 0) }
    /// The bits of the current ``SubscriberRoster``, which holds a reference.
    @inlinable var roster: AtomicWord<UInt> { AtomicWord(inFirstPropertyOf: self, word: 1) }
    @usableFromInline let shared: Locked<Shared>
    /// The upstreams that feed the subject, asked for values once a subscriber asks.
    @usableFromInline let upstreams = UpstreamGate()
    /// Whether the subject keeps a current value (`CurrentValueSubject`, `@Published`): then a
    /// subscriber that missed a value for lack of demand gets the current one when it asks.
    @usableFromInline let keepsCurrent: Bool
    /// For a subject whose current value lives outside the core (`@Published`, whose getter must
    /// cost a plain load): how the deliverer reads it. Only the thread holding the delivery claim
    /// calls it, and every path to that claim holds the subject (see `PublishedSubject`). Set once,
    /// before the subject is shared.
    @exclusivity(unchecked) @usableFromInline var currentReader: (() -> Output)?
    /// The subject, for the mirrors of its subscriptions only (Combine's "parent" and "subject"):
    /// set under the lock by the subscribes that hand out a ``ConduitSubscription``, read under
    /// it by `customMirror`; never by a send. Weak, as the subject holds this core.
    @usableFromInline weak var reflectedSubject: AnyObject?

    @usableFromInline
    struct Shared {
        /// Ticks at every subscription and at every send made under the lock.
        @usableFromInline var clock = 0
        @usableFromInline var completion: Completion?
        /// The latest value sent, for subjects that keep one.
        @usableFromInline var current: Output?
        /// The clock when `current` was sent (under `@Published`, whose value is kept outside, the
        /// clock of the latest set that went through the lock).
        @usableFromInline var currentClock = 0
        /// Jobs that arrived while someone was delivering, in order.
        @usableFromInline var pending: [Job] = []
        /// Rosters replaced while someone was delivering: the deliverer releases them when it
        /// stops.
        @usableFromInline var retired: [Roster] = []

        @inlinable
        init(current: Output?) {
            self.current = current
        }
    }

    @usableFromInline
    enum Job {
        /// A value, and work to do once it has reached every subscriber.
        case value(Output, sentAt: Int, then: (() -> Void)?)
        /// Make up for a value the subscriber `id` of a `@Published` property missed, with the
        /// value current at this point, read with `currentReader` then: a catch-up that found
        /// someone delivering leaves it to them (see Conduit+CatchUp.swift).
        case refresh(id: Int)
        /// Hand the sink conduit `id` the current value, read with `currentReader` then: its first.
        case initial(id: Int)
        case completion(Completion)
    }

    /// A core with no subscribers; `current` is the first value of a subject that keeps one in
    /// the core. A subject that keeps its current value outside (`keepsCurrent` with no `current`)
    /// sets `currentReader` right after.
    @inlinable
    init(current: Output?, keepsCurrent: Bool) {
        shared = Locked(Shared(current: current))
        self.keepsCurrent = keepsCurrent
        assertAtomicWordsComeFirst(self, &atomicWords)
    }

    /// Whether anyone is subscribed now: one load. A subscriber joining right after is one
    /// that joined after this moment's sends. O(1); safe from any thread.
    @inlinable
    var hasSubscribers: Bool {
        roster.load(ordering: .sequentiallyConsistent) != Roster.empty.bits
    }

    // MARK: Sending

    /// Delivers `value` to every subscriber, or queues it if someone is delivering. For subjects
    /// with no current value. O(subscribers); safe from any thread.
    @inlinable
    func send(_ value: Output) {
        // Nobody to reach: a subscriber joining now joins after this send. One load instead of
        // two compare-and-swaps (an `objectWillChange` with no sink is sent at every drain).
        if !hasSubscribers { return }
        if beginDelivering() {
            deliver(value, sentAt: .max)
            finishDelivering()
        } else {
            sendLocked(value, updatingCurrent: false)
        }
    }

    /// Sends under the lock, making `value` the current value if `updatingCurrent`.
    /// O(subscribers); safe from any thread.
    @inlinable
    func sendLocked(_ value: Output, updatingCurrent: Bool, storingAfterCompletion: Bool = false) {
        guard let sentAt = enqueue(
            value, updatingCurrent: updatingCurrent, storingAfterCompletion: storingAfterCompletion, queuedWork: { nil })
        else { return }
        deliver(value, sentAt: sentAt)
        finishDelivering()
    }

    /// Starts delivering, if nobody is: then the caller delivers (values sent with no lock, so
    /// with `sentAt: .max`), and calls `finishDelivering` when done. For subjects with no current
    /// value.
    @inlinable
    func beginDelivering() -> Bool {
        delivery.compareExchange(
            expected: Self.idle, desired: Self.delivering, ordering: .sequentiallyConsistent
        ).exchanged
    }

    /// Claims the delivery for a store made with nobody subscribed: true if nobody was
    /// delivering, and the roster, looked at after the claim, is empty. Then the caller stores and
    /// calls `finishStoring()`. One compare-and-swap: the claim and the roster's load are
    /// sequentially consistent, and so are a subscriber's swap of the roster and its look at the
    /// claim (`signalDelivery`), so either the store sees the subscriber and does not happen
    /// here, or the subscriber waits for the store and reads the value it stored.
    @inlinable
    func beginStoring() -> Bool {
        guard delivery.compareExchange(
            expected: Self.idle, desired: Self.storing, ordering: .sequentiallyConsistent
        ).exchanged else { return false }
        if hasSubscribers {
            delivery.store(Self.idle, ordering: .releasing)
            return false
        }
        return true
    }

    /// Ends a claim made by `beginStoring`: one store (nobody can have queued work behind it).
    @inlinable
    func finishStoring() {
        delivery.store(Self.idle, ordering: .releasing)
    }

    /// Sends under the lock (ignored after completion), making `value` the current value if
    /// `updatingCurrent`. Returns the clock to deliver it at if the caller is now the deliverer:
    /// it then calls `deliver(_:sentAt:)`, does its own work for the value, and calls
    /// `finishDelivering()`. Otherwise the value is queued with the work `queuedWork` makes
    /// (called only then, so that only a queued send allocates), to be done once the value has
    /// reached every subscriber; and returns nil. Safe from any thread.
    @inlinable
    func enqueue(
        _ value: Output, updatingCurrent: Bool, storingAfterCompletion: Bool = false, queuedWork: () -> (() -> Void)?
    ) -> Int? {
        let (sentAt, _) = shared.withLock { shared -> (Int?, replaced: Output?) in
            guard shared.completion == nil else {
                // After completion nothing is delivered; a `CurrentValueSubject`'s `value =` still
                // stores, as in Combine.
                guard storingAfterCompletion else { return (nil, nil) }
                defer { shared.current = value }
                return (nil, shared.current)
            }
            shared.clock += 1
            var replaced: Output?
            if updatingCurrent {
                replaced = shared.current
                shared.current = value
                shared.currentClock = shared.clock
            } else if keepsCurrent {
                shared.currentClock = shared.clock  // `@Published`: its value is set outside
            }
            if claimOrSignalDelivery() { return (shared.clock, replaced) }
            shared.pending.append(.value(value, sentAt: shared.clock, then: queuedWork()))
            return (nil, replaced)
        }
        return sentAt
    }

    /// Completes every subscriber, after the values already sent; later sends and completions
    /// are ignored, and later subscribers get the completion at once. Safe from any thread.
    @inlinable
    func send(completion: Completion) {
        let deliverNow = shared.withLock { shared -> Bool in
            guard shared.completion == nil else { return false }
            shared.completion = completion
            if claimOrSignalDelivery() { return true }
            shared.pending.append(.completion(completion))
            return false
        }
        guard deliverNow else { return }
        deliver(completion)
        finishDelivering()
    }

    /// The latest value sent (subjects that keep one). O(1); safe from any thread.
    @inlinable
    var current: Output? {
        shared.withLock { $0.current }
    }

    // MARK: Delivering (only the thread in the `delivering` state runs these)

    @inlinable
    func deliver(_ value: Output, sentAt: Int) {
        forEachSubscriber(sentAt: sentAt) { conduit in
            if conduit.isSink {
                conduit.receiveValue(value)
            } else {
                conduit.offer(value, sentAt: sentAt)
            }
        }
    }

    @usableFromInline
    func deliver(_ completion: Completion) {
        forEachSubscriber(sentAt: .max) { $0.finish(completion) }
        // Everyone has completed: drop them all, and their closures with them.
        shared.withLock { replaceRoster(with: .empty, in: &$0) }.release()
    }

    /// Delivers a refresh job: the value current at this point, to the subscriber `id` if it
    /// is still subscribed and still owes it.
    @inlinable
    func refresh(_ id: Int) {
        guard let conduit = Roster(bits: roster.load(ordering: .sequentiallyConsistent)).entry(id: id) else { return }
        conduit._withUnsafeGuaranteedRef { $0.refresh(with: currentReader.unsafelyUnwrapped()) }
    }

    /// Delivers an initial job: the current value, read now, to the sink conduit `id`, if it is
    /// still subscribed.
    @usableFromInline
    func deliverInitial(_ id: Int) {
        guard let conduit = Roster(bits: roster.load(ordering: .sequentiallyConsistent)).entry(id: id) else { return }
        conduit._withUnsafeGuaranteedRef { $0.receiveValue(currentReader.unsafelyUnwrapped()) }
    }

    /// Calls `body` on each subscriber that joined before `sentAt` and is still subscribed when
    /// its turn comes, in subscription order.
    @inlinable
    func forEachSubscriber(sentAt: Int, _ body: (Conduit<Output, Failure>) -> Void) {
        let walking = Roster(bits: roster.load(ordering: .sequentiallyConsistent))
        walking.forEach { conduit in
            if conduit.id < sentAt && isSubscribed(conduit.id, walking: walking) {
                body(conduit)
            }
        }
    }

    /// Whether `id` is still subscribed while delivering from `walking` (a subscriber cancelled
    /// during a delivery is not reached later in it). O(1) unless the roster changed meanwhile.
    @inlinable
    func isSubscribed(_ id: Int, walking: Roster) -> Bool {
        let now = Roster(bits: roster.load(ordering: .sequentiallyConsistent))
        return now == walking || now.contains(id: id)
    }

    /// Stops delivering, unless work arrived meanwhile: then does it first.
    @inlinable
    func finishDelivering() {
        if !delivery.compareExchange(
            expected: Self.delivering, desired: Self.idle, ordering: .sequentiallyConsistent
        ).exchanged {
            deliverPending()
        }
    }

    @usableFromInline
    func deliverPending() {
        repeat {
            let (jobs, retired) = shared.withLock { shared in
                delivery.store(Self.delivering, ordering: .sequentiallyConsistent)
                defer {
                    shared.pending = []
                    shared.retired = []
                }
                return (shared.pending, shared.retired)
            }
            // Between two deliveries this thread walks no roster, so the retired ones can go.
            for roster in retired { roster.release() }
            for job in jobs {
                switch job {
                case .value(let value, let sentAt, let work):
                    deliver(value, sentAt: sentAt)
                    work?()
                case .refresh(let id):
                    refresh(id)
                case .initial(let id):
                    deliverInitial(id)
                case .completion(let completion):
                    deliver(completion)
                }
            }
        } while !delivery.compareExchange(
            expected: Self.delivering, desired: Self.idle, ordering: .sequentiallyConsistent
        ).exchanged
    }

    /// Under the lock: if someone is delivering, makes sure they look at `shared` before they
    /// stop, and returns true.
    /// A store made with nobody subscribed (`storing`) is waited out: it runs no user code and
    /// takes no lock, so the wait is a few instructions, unless its thread was descheduled in
    /// the middle (then this thread yields).
    @inlinable
    func signalDelivery() -> Bool {
        var state = delivery.load(ordering: .sequentiallyConsistent)
        var spins = 0
        while state == Self.storing {
            spins += 1
            if spins < 64 { cundra_relax() } else { sched_yield() }
            state = delivery.load(ordering: .sequentiallyConsistent)
        }
        while state == Self.delivering {
            let (exchanged, original) = delivery.compareExchange(
                expected: Self.delivering, desired: Self.deliveringWithWork, ordering: .sequentiallyConsistent)
            if exchanged { return true }
            state = original
        }
        return state == Self.deliveringWithWork
    }

    /// Under the lock: true if the caller becomes the deliverer; false if someone else is
    /// delivering (and now knows there is work for them).
    @inlinable
    func claimOrSignalDelivery() -> Bool {
        while !signalDelivery() {
            if delivery.compareExchange(
                expected: Self.idle, desired: Self.delivering, ordering: .sequentiallyConsistent
            ).exchanged {
                return true
            }
        }
        return false
    }
}
#endif
