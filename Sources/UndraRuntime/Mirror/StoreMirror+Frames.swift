/// One field a valid frame changes: where its storage is, and whether its ops are applied and
/// announced one at a time (a field that does not coalesce, outside snapshots).
struct PlannedField {
    let position: Int
    let field: FieldID
    let stepping: Bool
}

extension StoreMirror.State {
    /// Checks `frame` against the current state and stages its ops: on success, `plan` holds the
    /// fields it will change; on failure, nothing is staged or changed but `awaitingResync`.
    mutating func prepare(
        _ frame: Frame, schemaHash: UInt64, into plan: inout [PlannedField]
    ) -> Result<Void, MirrorError> {
        plan.removeAll(keepingCapacity: true)
        func reject(
            _ reason: MirrorError.Reason, opIndex: Int? = nil, at position: Int? = nil, field: FieldID? = nil,
            key: String? = nil
        ) -> Result<Void, MirrorError> {
            for storage in storages { storage.discardStaged() }
            awaitingResync = true
            let storage = position.map { storages[$0] }
            return .failure(MirrorError(
                reason: reason, epoch: frame.epoch, sequence: frame.sequence, opIndex: opIndex,
                field: storage?.id ?? field, fieldName: storage?.name, key: key))
        }

        if let reason = envelopeRejection(of: frame, schemaHash: schemaHash) { return reject(reason) }

        // The touched fields go to `plan` in the order the frame first names them;
        // `touchedFields` answers "already touched?" without a scan or an allocation.
        var touchedFields = FieldSet()
        func touch(_ position: Int) {
            let storage = storages[position]
            guard touchedFields.insert(storage.id) else { return }
            plan.append(PlannedField(
                position: position, field: storage.id, stepping: !frame.isSnapshot && !storage.coalesces))
        }
        if frame.isSnapshot {
            for position in storages.indices {
                storages[position].stageReset()
                touch(position)
            }
        }
        var opIndex = 0
        for op in frame.ops {
            guard let position = position(of: op.field) else {
                return reject(.unknownField, opIndex: opIndex, field: op.field)
            }
            if let reason = storages[position].stage(op.payload, firstOpIndex: opIndex) {
                return reject(reason, opIndex: opIndex, at: position)
            }
            touch(position)
            opIndex += op.count
        }
        for planned in plan {
            if let failure = storages[planned.position].validateStaged() {
                return reject(failure.reason, opIndex: failure.opIndex, at: planned.position, key: failure.key)
            }
        }
        // Fields whose ops change nothing (a value equal to the one held) leave the plan.
        plan.removeAll { planned in
            let storage = storages[planned.position]
            if storage.stagedChangesSomething { return false }
            storage.discardStaged()
            return true
        }
        return .success(())
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
    ) -> [(position: Int, change: FieldChange)] {
        epoch = frame.epoch
        sequence = frame.sequence
        if frame.isSnapshot { awaitingResync = false }
        var firstSteps: [(position: Int, change: FieldChange)] = []
        for planned in plan {
            guard let change = storages[planned.position].commit(stepping: planned.stepping) else { continue }
            if planned.stepping {
                firstSteps.append((planned.position, change))
            } else {
                changes.record(change.field, list: change.list)
            }
        }
        changes.acknowledge(frame.acks)
        return firstSteps
    }
}
