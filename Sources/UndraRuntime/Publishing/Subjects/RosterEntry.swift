#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A subscriber's entry in a subject's roster, whatever the subject's types: its place in the
/// order and, for a subscriber conduit, the demand it asked for. The base of every ``Conduit``,
/// which adds how to reach the subscriber.
///
/// Why a base with no generic parameters: a subscriber calls `request(_:)` through the
/// `Subscription` existential, so the subscription's code runs unspecialized, and there every type
/// that depends on the subject's `Output` and `Failure` costs a metadata lookup
/// (`swift_getGenericMetadata`) at each call: 80% of a request's time, measured with perf on
/// `subject.send.requestMax1PerValue`. A request touches only this class, the roster (which holds
/// these), and the core's lock taken without its state (`Locked.withLockIgnoringState`): none of
/// them depends on those types.
@usableFromInline
class RosterEntry {
    /// The words behind `demand`, `handover` and `since`, first in the object (`AtomicWord`);
    /// touched only through them. Used by subscriber conduits only. Exclusivity is unchecked
    /// because Swift touches it only in `init` (checked, it cost a subscription two runtime
    /// calls, `swift_beginAccess` and `swift_endAccess`).
    @exclusivity(unchecked) @usableFromInline var atomicWords: (demand: Int, handover: Int, since: Int) = (0, 0, 0)
    /// The subject's clock when the subscriber joined: unique, and increasing in subscription
    /// order. A value sent at clock `t` reaches only entries with `id < t`.
    @usableFromInline let id: Int

    /// An entry with no demand yet; `missed` if it starts out owing the subject's current value.
    @inlinable
    init(id: Int, missed: Bool) {
        self.id = id
        atomicWords.demand = missed ? Self.missedBit : 0
        assertAtomicWordsComeFirst(self, &atomicWords)
    }
}

// MARK: Demand (subscriber conduits)

extension RosterEntry {
    // `demand` holds `count << 2 | refreshQueued << 1 | missed`: the values still asked for
    // (`unlimitedCount` for unlimited), whether a value was missed for lack of demand (then
    // later values are skipped until a refresh delivers the subject's current value), and
    // whether a refresh is queued.
    @inlinable static var missedBit: Int { 1 }
    @inlinable static var refreshQueuedBit: Int { 2 }
    @inlinable static var unlimitedCount: Int { Int.max >> 2 }
    @inlinable static var unlimitedWord: Int { unlimitedCount << 2 }

    // The states of `handover`. A subscriber conduit is called by the deliverer, or, in a
    // *stretch*, by one other thread alone: the subscribing thread while it hands the subscription
    // over (the conduit starts in that stretch), or a thread catching the subscriber up with the
    // subject's current value (see Conduit+CatchUp.swift). The thread in a stretch ends it, and on
    // the way runs the catch-ups asked for meanwhile, then delivers a completion that came.
    /// In a stretch.
    @inlinable static var handingOver: Int { 0 }
    /// In no stretch: the deliverer delivers the completion itself.
    @inlinable static var handedOver: Int { 1 }
    /// In a stretch, and a completion waits in `earlyCompletion` for its end.
    @inlinable static var completionWaiting: Int { 2 }
    /// In a stretch, and a catch-up was asked for meanwhile: the thread in it runs it next.
    @inlinable static var catchUpWanted: Int { 3 }

    @inlinable var demand: AtomicWord<Int> { AtomicWord(inFirstPropertyOf: self, word: 0) }
    @inlinable var handover: AtomicWord<Int> { AtomicWord(inFirstPropertyOf: self, word: 1) }
    /// The clock of the last value a catch-up delivered: the deliverer skips values sent at or
    /// before it (the subscriber already has them, or newer). Written under the core's lock.
    @inlinable var since: AtomicWord<Int> { AtomicWord(inFirstPropertyOf: self, word: 2) }

    /// Adds `more` to the demand; returns true if the caller must queue a refresh (a value was
    /// missed, and now there is demand for it). O(1); safe from any thread.
    @inlinable
    func addDemand(_ more: Subscribers.Demand) -> Bool {
        var word = demand.load(ordering: .acquiring)
        while true {
            let count = word >> 2
            var nextCount = Self.unlimitedCount
            if count != Self.unlimitedCount, let added = more.max {
                let (sum, overflow) = count.addingReportingOverflow(added)
                if !overflow && sum < Self.unlimitedCount { nextCount = sum }
            }
            let mustRefresh = word & (Self.missedBit | Self.refreshQueuedBit) == Self.missedBit && nextCount > 0
            let next = nextCount << 2 | word & 3 | (mustRefresh ? Self.refreshQueuedBit : 0)
            let (exchanged, found) = demand.compareExchange(
                expected: word, desired: next, ordering: .acquiringAndReleasing)
            if exchanged { return mustRefresh }
            word = found
        }
    }
}
#endif
