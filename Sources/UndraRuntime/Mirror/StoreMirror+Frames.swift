/// One field a valid frame changes: its storage, its entries in the frame (`first`, then
/// linked through the drain's `next` buffer up to `last`), and whether its ops are applied and
/// announced one at a time (a field that does not coalesce, outside snapshots).
struct PlannedField {
    /// Unretained: the mirror's `fields` holds every storage for the mirror's life.
    let storage: Unmanaged<FieldStorage>
    let field: FieldID
    let stepping: Bool
    let first: Int
    var last: Int
}

extension StoreMirror.State {
    /// Checks `frame` against the current state and stages its ops: on success (true), `plan`
    /// holds the fields it will change and `next` links each field's entries; on failure,
    /// nothing is staged or changed but `awaitingResync`, and `rejection` says why.
    ///
    /// Fields are checked in the order the frame first names them, each field's ops in order;
    /// the first failure found is the one reported.
    ///
    /// Returns a `Bool` and leaves the error in `rejection`: an optional `MirrorError` returned
    /// through the lock's generic `withLock` was copied and checked through value witnesses,
    /// measured at a tenth of a frame's cost.
    mutating func prepare(
        _ frame: Frame, fields: MirrorFields, schemaHash: UInt64, into plan: inout [PlannedField],
        next: inout [Int], rejection: inout MirrorError?
    ) -> Bool {
        plan.removeAllKeepingCapacity()
        if next.count < frame.ops.count { next += repeatElement(-1, count: frame.ops.count - next.count) }
        return frame.ops.withUnsafeBufferPointer { entries in
            next.withUnsafeMutableBufferPointer { next in
                prepare(
                    frame, entries, fields: fields, schemaHash: schemaHash, into: &plan, next: next,
                    rejection: &rejection)
            }
        }
    }

    private mutating func prepare(
        _ frame: Frame, _ entries: UnsafeBufferPointer<FrameOp>, fields: MirrorFields, schemaHash: UInt64,
        into plan: inout [PlannedField], next: UnsafeMutableBufferPointer<Int>, rejection: inout MirrorError?
    ) -> Bool {
        func reject(
            _ reason: MirrorError.Reason, opIndex: Int? = nil, at storage: FieldStorage? = nil,
            field: FieldID? = nil, key: String? = nil
        ) -> Bool {
            plan.removeAllKeepingCapacity()
            awaitingResync = true
            rejection = MirrorError(
                reason: reason, epoch: frame.epoch, sequence: frame.sequence, opIndex: opIndex,
                field: storage?.id ?? field, fieldName: storage?.name, key: key)
            return false
        }

        if let reason = envelopeRejection(of: frame, schemaHash: schemaHash) { return reject(reason) }

        // Route the entries to their fields: `plan` in the order the frame first names them,
        // `next` linking each field's entries; `touched` answers "already planned?" without a scan.
        var touched = FieldSet()
        // The last entry's field, its plan entry, and that field's last entry so far (written
        // back to the plan when another field's entry comes, and at the end): consecutive ops on
        // one field (the usual many-op frame) are linked without looking anything up.
        var lastField: FieldID?
        var lastPlanned = -1
        var tail = -1
        if frame.isSnapshot {
            for storage in fields.storages {
                touched.insert(storage.id)
                plan.append(PlannedField(
                    storage: Unmanaged.passUnretained(storage), field: storage.id, stepping: false, first: -1, last: -1))
            }
        }
        for entry in entries.indices {
            let field = entries[entry].field
            next[entry] = -1
            if field == lastField {
                next[tail] = entry
                tail = entry
                continue
            }
            if lastPlanned >= 0 { plan[lastPlanned].last = tail }
            guard let position = fields.position(of: field) else {
                return reject(.unknownField, opIndex: FieldOps.opIndex(entry: entry, in: entries), field: field)
            }
            lastField = field
            tail = entry
            if touched.insert(field) {
                // Unretained at once: `fields` holds it (a local reference was retained).
                let storage = Unmanaged.passUnretained(fields.storages[position])
                let coalesces = storage._withUnsafeGuaranteedRef { $0.coalesces }
                lastPlanned = plan.count
                plan.append(PlannedField(
                    storage: storage, field: field, stepping: !frame.isSnapshot && !coalesces, first: entry,
                    last: entry))
                continue
            }
            let index = plan.firstIndex { $0.field == field }!
            lastPlanned = index
            if plan[index].last < 0 {
                plan[index] = PlannedField(
                    storage: plan[index].storage, field: field, stepping: false, first: entry, last: entry)
            } else {
                next[plan[index].last] = entry
                plan[index].last = entry
            }
        }
        if lastPlanned >= 0 { plan[lastPlanned].last = tail }
        // Fields whose ops change nothing (a value equal to the one held) leave the plan.
        var kept = 0
        for index in plan.indices {
            let planned = plan[index]
            let fieldOps = FieldOps(entries: entries, next: UnsafeBufferPointer(next), first: planned.first)
            switch planned.storage._withUnsafeGuaranteedRef({ $0.prepare(fieldOps, isSnapshot: frame.isSnapshot) }) {
            case .changes:
                if kept != index { plan[kept] = planned }
                kept += 1
            case .unchanged:
                break
            case .failed(let failure):
                for earlier in plan[..<kept] { earlier.storage._withUnsafeGuaranteedRef { $0.discardStaged() } }
                return reject(
                    failure.reason, opIndex: failure.opIndex, at: planned.storage.takeUnretainedValue(), key: failure.key)
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
    /// final values (recorded in `changes`), stepping fields their first (recorded apart, each
    /// returned with its storage, to be announced on its own).
    mutating func commit(
        _ frame: Frame, _ plan: inout [PlannedField], next: inout [Int], into changes: inout ChangeSet
    ) -> [(storage: FieldStorage, firstStep: ChangeSet)] {
        epoch = frame.epoch
        sequence = frame.sequence
        if frame.isSnapshot { awaitingResync = false }
        var firstSteps: [(storage: FieldStorage, firstStep: ChangeSet)] = []
        frame.ops.withUnsafeBufferPointer { entries in
            next.withUnsafeBufferPointer { next in
                for planned in plan {
                    let fieldOps = FieldOps(entries: entries, next: next, first: planned.first)
                    if planned.stepping {
                        var step = ChangeSet()
                        let storage = planned.storage.takeUnretainedValue()
                        storage.commit(fieldOps, stepping: true, into: &step)
                        firstSteps.append((storage, step))
                    } else {
                        planned.storage._withUnsafeGuaranteedRef { $0.commit(fieldOps, stepping: false, into: &changes) }
                    }
                }
            }
        }
        changes.acknowledge(frame.acks)
        return firstSteps
    }
}
