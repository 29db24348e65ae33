/// What a drain works with besides the state: buffers it fills and empties, kept with their
/// capacity from drain to drain so that the steady state allocates none (the announcer does not
/// keep what it is given), and which coalescing fields it announced as about to change.
///
/// Touched only by the thread holding the mirror's drain (`StoreMirror.draining`, claimed under
/// the mirror's lock), one drain after another: that is the exclusion `@unchecked Sendable`
/// relies on.
final class DrainScratch: @unchecked Sendable {
    @exclusivity(unchecked) var plan: [PlannedField] = []
    /// For each entry of the frame being applied, the next entry of the same field (-1: none).
    @exclusivity(unchecked) var next: [Int] = []
    @exclusivity(unchecked) var willChange: [FieldID] = []
    @exclusivity(unchecked) var changes = ChangeSet()
    /// Coalescing fields announced as about to change in this drain.
    @exclusivity(unchecked) var announced = FieldSet()
    /// What `State.prepare` answered for the drain's first frame, checked when the drain was
    /// claimed (one lock for both; nil when frames queued before it go first), and why it
    /// rejected a frame.
    @exclusivity(unchecked) var firstPrepared: Bool?
    /// The first frame was committed when it was checked (nobody heard `mirrorWillChange`).
    @exclusivity(unchecked) var firstCommitted = false
    @exclusivity(unchecked) var rejection: Rejection?
}

extension StoreMirror {
    /// Applies `frame` in the drain this thread holds, announcing to its announcer; `prepared`: what
    /// checking it answered, if it was checked when the drain was claimed.
    func apply(_ frame: Frame, prepared: Bool? = nil, into report: inout DrainReport) {
        if apply(frame, prepared: prepared) {
            report.applied += 1
            if !frame.acks.isEmpty { report.acknowledged += frame.acks }
        } else if let rejection = scratch.rejection.take() {
            report.rejected.append(rejection.error)
        }
    }

    /// Applies `frame`; false if it was rejected (the reason is in `scratch.rejection`).
    private func apply(_ frame: Frame, prepared: Bool?) -> Bool {
        let prepared =
            prepared
            ?? state.withLock {
                $0.prepare(
                    frame, fields: fields, schemaHash: schemaHash, into: &scratch.plan, next: &scratch.next,
                    rejection: &scratch.rejection)
            }
        if !prepared {
            if let rejection = scratch.rejection {
                // A delta dropped because the mirror waits for the snapshot it asked for (one in
                // the batch of the frame it rejected, or in a later one) is not announced: the
                // rejection that began the wait says why, once. `DrainReport.rejected` lists it.
                if case .awaitingResync = rejection.error.reason {} else { announceRejection(rejection.error) }
                if rejection.requestsResync { announceResyncRequest(rejection.error) }
            }
            return false
        }
        if scratch.firstCommitted {
            scratch.firstCommitted = false
            return true
        }
        scratch.willChange.removeAllKeepingCapacity()
        for index in scratch.plan.indices {
            let planned = scratch.plan[index]
            // A field announced on its own is about to change at each of its commits; a coalescing
            // one, once per drain.
            if planned.alone || scratch.announced.insert(planned.field) { scratch.willChange.append(planned.field) }
        }
        if !scratch.willChange.isEmpty {
            // Lent out of the scratch for the call (a swap moves it), so it is not retained.
            var fields: [FieldID] = []
            swap(&fields, &scratch.willChange)
            announceWillChange(fields)
            swap(&fields, &scratch.willChange)
        }

        let firstSteps = state.withLock { state in
            state.commit(frame, &scratch.plan, next: &scratch.next, into: &scratch.changes)
        }
        // Fields that do not coalesce: this commit's value is announced now, on its own, and each
        // further value of a stepping one after it.
        for (storage, firstStep) in firstSteps {
            announceDidChange(firstStep)
            // The staged steps are the drain's own (only this thread touches them); only writing
            // the next value needs the lock.
            while storage.hasStagedSteps {
                announceWillChange([storage.id])
                var step = ChangeSet()
                state.withLock { _ in storage.commitStep(into: &step) }
                announceDidChange(step)
            }
        }
        return true
    }

    /// Announces what the drain changed (coalescing fields and acks), then its end.
    func announceEndOfDrain() {
        if !scratch.changes.isEmpty {
            var changes = ChangeSet()
            swap(&changes, &scratch.changes)
            announceDidChange(changes)
            changes.removeAll()
            swap(&changes, &scratch.changes)
        }
        announcer._withUnsafeGuaranteedRef { $0.mirrorDidEndDrain() }
        scratch.announced = FieldSet()
    }

    // The drain's calls to its announcer, through the unretained reference. What each passes on
    // is its parameter, so the call borrows it (a closure that captured a local passed a copy
    // on: a change set's three arrays retained and released).

    func announceWillChange(_ fields: [FieldID]) {
        announcer._withUnsafeGuaranteedRef { $0.mirrorWillChange(fields) }
    }

    func announceDidChange(_ changes: ChangeSet) {
        announcer._withUnsafeGuaranteedRef { $0.mirrorDidChange(changes) }
    }

    func announceRejection(_ error: MirrorError) {
        announcer._withUnsafeGuaranteedRef { $0.mirrorDidReject(error) }
    }

    func announceResyncRequest(_ reason: MirrorError) {
        announcer._withUnsafeGuaranteedRef { $0.mirrorNeedsResync(reason) }
    }
}
