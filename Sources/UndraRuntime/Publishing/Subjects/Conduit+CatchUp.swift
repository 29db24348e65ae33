#if !canImport(Combine) || UNDRA_COMBINE_MODULE

// A subscriber of a `CurrentValueSubject` or a `@Published` property that missed values for lack
// of demand, or has not had the current value yet, catches up when it asks: apart from the
// delivery claim, as a `sink`'s first value is delivered, so that the thread delivering others'
// values is always a sender's (a request never becomes the deliverer of values sent meanwhile).
// A `@Published` property's value may be read only by the claim's holder: the catch-up takes the
// claim for that read alone, under the lock; if someone is delivering, it leaves the catch-up to
// them as a refresh job, which they deliver at its place in the order.
//
// Who calls the subscriber meanwhile: while the conduit's `missed` bit is set the deliverer skips
// it, and the catch-up runs in a *stretch* (see `Conduit.handover`), so exactly one thread calls
// the subscriber. The requesting thread starts a stretch if none is under way; otherwise it marks
// the catch-up as wanted and returns, and the thread in the stretch (the subscribing one, still in
// `receive(subscription:)`, or another catch-up) runs it before the stretch ends. A completion
// that comes meanwhile waits for that end too, so it is always the subscriber's last event.
//
// A catch-up delivers the current value, and again while a newer one was sent meanwhile, one
// unit of demand each; then, under the lock (where sends move the clock), it records the clock it
// caught up to in `since` and clears `missed`. The deliverer then skips the values sent up to that
// clock (the subscriber has them, or newer), and offers it the later ones.
extension BroadcasterCore {
    @usableFromInline
    enum CatchUpStep {
        case deliver(Output, clock: Int)
        case stop
    }

    /// Under the lock, the value current now: kept in the core (`CurrentValueSubject`), or read
    /// with `currentReader` (`@Published`) while this thread holds the delivery claim for that
    /// read alone; nil if someone is delivering (they now have a refresh job for `id`, and know
    /// it), or if the subject is gone.
    @usableFromInline
    func currentValueForCatchUp(of id: Int, in shared: inout Shared) -> Output? {
        if let current = shared.current { return current }
        guard let currentReader else { return nil }
        while true {
            if signalDelivery() {
                shared.pending.append(.refresh(id: id))
                return nil
            }
            if beginDelivering() { break }
        }
        let value = currentReader()
        // Nobody can have queued work meanwhile: that takes the lock, which this thread holds.
        delivery.store(Self.idle, ordering: .sequentiallyConsistent)
        return value
    }

    /// Catches `conduit` up with the current value, on this thread or on the one in a stretch
    /// with it; see above. The caller holds the conduit.
    @usableFromInline
    func catchUp(_ conduit: Conduit<Output, Failure>) {
        var state = conduit.handover.load(ordering: .acquiring)
        while true {
            let desired: Int
            switch state {
            case RosterEntry.handedOver: desired = RosterEntry.handingOver
            case RosterEntry.handingOver: desired = RosterEntry.catchUpWanted
            default: return  // wanted already, or completed: nothing to catch up with
            }
            let (exchanged, found) = conduit.handover.compareExchange(
                expected: state, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged { break }
            state = found
        }
        guard state == RosterEntry.handedOver else { return }  // the stretch's thread does it
        deliverCatchUp(to: conduit)
        endStretch(of: conduit)
    }

    /// Ends the stretch this thread is in with `conduit`: runs the catch-ups asked for meanwhile,
    /// then delivers a completion that came. Only the thread in the stretch calls this.
    @usableFromInline
    func endStretch(of conduit: Conduit<Output, Failure>) {
        var state = conduit.handover.load(ordering: .acquiring)
        while true {
            switch state {
            case RosterEntry.completionWaiting:
                conduit.handover.store(RosterEntry.handedOver, ordering: .releasing)
                conduit.deliverWaitingCompletion()
                return
            case RosterEntry.catchUpWanted:
                let (exchanged, found) = conduit.handover.compareExchange(
                    expected: state, desired: RosterEntry.handingOver, ordering: .acquiringAndReleasing)
                if exchanged {
                    deliverCatchUp(to: conduit)
                    state = RosterEntry.handingOver
                } else {
                    state = found
                }
            default:
                let (exchanged, found) = conduit.handover.compareExchange(
                    expected: state, desired: RosterEntry.handedOver, ordering: .acquiringAndReleasing)
                if exchanged { return }
                state = found
            }
        }
    }

    /// The deliveries of a catch-up, in a stretch; see above.
    @usableFromInline
    func deliverCatchUp(to conduit: Conduit<Output, Failure>) {
        var seen: Int?
        while true {
            let step = shared.withLock { shared -> CatchUpStep in
                guard shared.completion == nil,
                      Roster(bits: roster.load(ordering: .sequentiallyConsistent)).contains(id: conduit.id)
                else { return .stop }
                // A catch-up wanted by a request made during the last one may find it caught up.
                guard seen != nil || conduit.isMissing else { return .stop }
                guard shared.currentClock != seen else {
                    conduit.since.store(shared.currentClock, ordering: .releasing)
                    conduit.clearMissed()
                    return .stop
                }
                guard let current = currentValueForCatchUp(of: conduit.id, in: &shared) else { return .stop }
                return .deliver(current, clock: shared.currentClock)
            }
            guard case .deliver(let value, let clock) = step, conduit.takeOneForCatchUp() else { return }
            seen = clock
            let more = conduit.forward(conduit, value)
            if more > 0 { _ = conduit.addDemand(more) }
        }
    }
}

extension RosterEntry {
    /// Whether the subscriber missed a value it has not been caught up with yet.
    @usableFromInline
    var isMissing: Bool {
        demand.load(ordering: .acquiring) & Self.missedBit != 0
    }

    /// Takes one unit of demand for a catch-up delivery; false if there is none (the conduit then
    /// stays `missed`, its catch-up no longer queued, so that the next request asks for one again).
    @usableFromInline
    func takeOneForCatchUp() -> Bool {
        var word = demand.load(ordering: .acquiring)
        while true {
            let count = word >> 2
            let next = count == 0 ? word & ~Self.refreshQueuedBit : (count == Self.unlimitedCount ? word : word - 4)
            let (exchanged, found) = demand.compareExchange(expected: word, desired: next, ordering: .acquiringAndReleasing)
            if exchanged { return count > 0 }
            word = found
        }
    }

    /// Clears `missed` and the catch-up mark: the deliverer reaches the conduit again.
    @usableFromInline
    func clearMissed() {
        var word = demand.load(ordering: .acquiring)
        while true {
            let (exchanged, found) = demand.compareExchange(
                expected: word, desired: word & ~(Self.missedBit | Self.refreshQueuedBit), ordering: .acquiringAndReleasing)
            if exchanged { return }
            word = found
        }
    }
}
#endif
