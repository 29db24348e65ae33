/// One field a valid frame changes: its storage, its entries in the frame (`first`, then
/// linked through the drain's `next` buffer up to `last`), and how its change is announced.
struct PlannedField {
    /// Unretained: the mirror's `fields` holds every storage for the mirror's life.
    let storage: Unmanaged<FieldStorage>
    let field: FieldID
    /// The field does not coalesce: each commit of it is announced on its own, at once, rather
    /// than with the drain's other changes at its end (so every value is delivered, in order).
    let alone: Bool
    /// Its ops are applied one at a time, each announced on its own: a field that does not
    /// coalesce, outside snapshots (a snapshot is the core's state, not a stream of events:
    /// it gives such a field one value, its last).
    let stepping: Bool
    let first: Int
    var last: Int

    init(storage: Unmanaged<FieldStorage>, field: FieldID, coalesces: Bool, isSnapshot: Bool, first: Int, last: Int) {
        self.storage = storage
        self.field = field
        self.alone = !coalesces
        self.stepping = !coalesces && !isSnapshot
        self.first = first
        self.last = last
    }
}

/// Why the mirror rejected a frame, and whether that rejection began its wait for a resync
/// snapshot (then the drain asks its announcer for one; while it waits, it asks no more).
struct Rejection {
    let error: MirrorError
    let requestsResync: Bool
}

extension StoreMirror.State {
    /// Checks `frame` against the current state and stages its ops: on success (true), `plan`
    /// holds the fields it will change and `next` links each field's entries; on failure,
    /// nothing is staged or changed but `awaitingResync`, and `rejection` says why.
    ///
    /// The envelope is checked first. Then the fields: a snapshot's in schema order (it sets
    /// every field), any other frame's in the order the frame first names them; each field's
    /// ops in order. The first failure found is the one reported.
    ///
    /// Returns a `Bool` and leaves the error in `rejection`: an optional `MirrorError` returned
    /// through the lock's generic `withLock` was copied and checked through value witnesses,
    /// measured at a tenth of a frame's cost.
    mutating func prepare(
        _ frame: Frame, fields: MirrorFields, schemaHash: UInt64, into plan: inout [PlannedField],
        next: inout [Int], rejection: inout Rejection?
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
        into plan: inout [PlannedField], next: UnsafeMutableBufferPointer<Int>, rejection: inout Rejection?
    ) -> Bool {
        func reject(
            _ reason: MirrorError.Reason, opIndex: Int? = nil, at storage: FieldStorage? = nil,
            field: FieldID? = nil, key: String? = nil
        ) -> Bool {
            plan.removeAllKeepingCapacity()
            let error = MirrorError(
                reason: reason, epoch: frame.epoch, sequence: frame.sequence, opIndex: opIndex,
                field: storage?.id ?? field, fieldName: storage?.name, key: key)
            rejection = Rejection(error: error, requestsResync: !awaitingResync)
            awaitingResync = true
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
                    storage: Unmanaged.passUnretained(storage), field: storage.id, coalesces: storage.coalesces,
                    isSnapshot: true, first: -1, last: -1))
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
                    storage: storage, field: field, coalesces: coalesces, isSnapshot: frame.isSnapshot, first: entry,
                    last: entry))
                continue
            }
            let index = plan.firstIndex { $0.field == field }!
            lastPlanned = index
            if plan[index].last < 0 {
                // A snapshot's first op on a field it planned with no entry.
                let storage = plan[index].storage
                plan[index] = PlannedField(
                    storage: storage, field: field, coalesces: storage._withUnsafeGuaranteedRef { $0.coalesces },
                    isSnapshot: true, first: entry, last: entry)
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
    ///
    /// Epochs increase: a core instance started after another has a greater epoch. A frame of an
    /// older epoch than the mirror's comes from a core instance that has been replaced (a late
    /// frame of a dead process), and never applies, snapshot or not. A greater epoch starts with
    /// a snapshot.
    private func envelopeRejection(of frame: Frame, schemaHash: UInt64) -> MirrorError.Reason? {
        if let epoch, frame.epoch < epoch { return .staleEpoch(current: epoch) }
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
    /// final values (recorded in `changes`, announced when the drain ends), fields that do not
    /// coalesce their first (recorded apart, each returned with its storage, to be announced on
    /// its own at once; a stepping field's further values follow, one at a time).
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
                    if planned.alone {
                        var step = ChangeSet()
                        let storage = planned.storage.takeUnretainedValue()
                        storage.commit(fieldOps, stepping: planned.stepping, into: &step)
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
