/// One field a valid frame changes: its storage, and whether its ops are applied and announced
/// one at a time (a field that does not coalesce, outside snapshots).
struct PlannedField {
    /// Unowned: the mirror's `storages` holds every storage for the mirror's whole life.
    unowned(unsafe) let storage: any FieldStorage
    let field: FieldID
    let stepping: Bool
}

extension StoreMirror.State {
    /// Checks `frame` against the current state and stages its ops: on success (true), `plan`
    /// holds the fields it will change; on failure, nothing is staged or changed but
    /// `awaitingResync`, and `rejection` says why.
    ///
    /// Returns a `Bool` and leaves the error in `rejection`: an optional `MirrorError` returned
    /// through the lock's generic `withLock` was copied and checked through value witnesses,
    /// measured at a tenth of a frame's cost.
    mutating func prepare(
        _ frame: Frame, schemaHash: UInt64, into plan: inout [PlannedField], rejection: inout MirrorError?
    ) -> Bool {
        plan.removeAllKeepingCapacity()
        func reject(
            _ reason: MirrorError.Reason, opIndex: Int? = nil, at storage: (any FieldStorage)? = nil,
            field: FieldID? = nil, key: String? = nil
        ) -> Bool {
            for storage in storages { storage.discardStaged() }
            awaitingResync = true
            rejection = MirrorError(
                reason: reason, epoch: frame.epoch, sequence: frame.sequence, opIndex: opIndex,
                field: storage?.id ?? field, fieldName: storage?.name, key: key)
            return false
        }

        if let reason = envelopeRejection(of: frame, schemaHash: schemaHash) { return reject(reason) }

        // The touched fields go to `plan` in the order the frame first names them;
        // `touchedFields` answers "already touched?" without a scan or an allocation.
        var touchedFields = FieldSet()
        func touch(_ storage: any FieldStorage) {
            guard touchedFields.insert(storage.id) else { return }
            plan.append(PlannedField(storage: storage, field: storage.id, stepping: !frame.isSnapshot && !storage.coalesces))
        }
        if frame.isSnapshot {
            for storage in storages {
                storage.stageReset()
                touch(storage)
            }
        }
        var opIndex = 0
        for op in frame.ops {
            guard let position = position(of: op.field) else {
                return reject(.unknownField, opIndex: opIndex, field: op.field)
            }
            let storage = storages[position]
            if let reason = storage.stage(op.payload, firstOpIndex: opIndex) {
                return reject(reason, opIndex: opIndex, at: storage)
            }
            touch(storage)
            opIndex += op.count
        }
        for planned in plan {
            if let failure = planned.storage.validateStaged() {
                return reject(failure.reason, opIndex: failure.opIndex, at: planned.storage, key: failure.key)
            }
        }
        // Fields whose ops change nothing (a value equal to the one held) leave the plan.
        var kept = 0
        for index in plan.indices {
            let planned = plan[index]
            if planned.storage.stagedChangesSomething {
                if kept != index { plan[kept] = planned }
                kept += 1
            } else {
                planned.storage.discardStaged()
            }
        }
        if kept < plan.count { plan.removeLast(plan.count - kept) }
        return true
    }

    /// Why the frame's envelope does not follow the mirror's state, or nil if it does.
    private func envelopeRejection(of frame: Frame, schemaHash: UInt64) -> MirrorError.Reason? {
        if frame.isSnapshot {
            if frame.schemaHash != schemaHash { return .schemaMismatch(expected: schemaHash, received: frame.schemaHash) }
            if frame.epoch == epoch && frame.sequence <= sequence { return .duplicate(last: sequence) }
            return nil
        }
        guard let epoch, frame.epoch == epoch else { return .unexpectedEpoch(expected: epoch) }
        if frame.sequence <= sequence { return .duplicate(last: sequence) }
        if awaitingResync { return .awaitingResync }
        if frame.sequence != sequence + 1 { return .gap(expected: sequence + 1) }
        return nil
    }

    /// Commits a prepared frame in one step: the position advances, coalescing fields take their
    /// final values (recorded in `changes`), stepping fields their first; returns those first steps.
    mutating func commit(
        _ frame: Frame, _ plan: [PlannedField], into changes: inout ChangeSet
    ) -> [(storage: any FieldStorage, change: FieldChange)] {
        epoch = frame.epoch
        sequence = frame.sequence
        if frame.isSnapshot { awaitingResync = false }
        var firstSteps: [(storage: any FieldStorage, change: FieldChange)] = []
        for planned in plan {
            guard let change = planned.storage.commit(stepping: planned.stepping) else { continue }
            if planned.stepping {
                firstSteps.append((planned.storage, change))
            } else {
                changes.record(change.field, list: change.list)
            }
        }
        changes.acknowledge(frame.acks)
        return firstSteps
    }
}
