/// The storage of a keyed-list field. Commits mutate the list in place: it is copied only if
/// someone outside still holds a value read before (copy-on-write). Its work runs specialized,
/// through `FieldEntryPoints` made by `ListField.init`.
@usableFromInline
final class ListStorage<Key: Hashable & Sendable, Row: Sendable>: FieldStorage {
    @usableFromInline typealias List = KeyedList<Key, Row>
    @usableFromInline typealias EntryPoints = FieldEntryPoints<ListStorage>

    /// Entry points specialized for `Key` and `Row` in the caller's module.
    @inlinable
    static var specializedEntryPoints: EntryPoints {
        EntryPoints(
            prepare: { $0._prepare($1, isSnapshot: $2) }, commit: { $0._commit($1, stepping: $2, into: &$3) },
            commitStep: { $0._commitStep(into: &$1) }, discard: { $0._discard() })
    }

    /// How `prepare` found the staged ops to be applied.
    @usableFromInline
    enum Plan {
        /// Nothing to apply.
        case none
        /// Only updates of present keys (the usual frame): the commit walks the entries again and
        /// writes each row to the slot `prepare` found for it, with no batch and no second lookup.
        case updates
        /// Anything else: the ops gathered into a validated batch (applied at once, or one at a
        /// time when stepping).
        case batch
    }

    @usableFromInline typealias Op = List.Op

    /// Copied out of the declaration: reaching through it would copy the whole declaration
    /// (and retain every closure in it) at each call.
    private let entryPoints: EntryPoints
    @usableFromInline @exclusivity(unchecked) var value = List()
    @usableFromInline @exclusivity(unchecked) var plan = Plan.none
    /// `.updates`: the slot of each update, in op order.
    @usableFromInline @exclusivity(unchecked) var updateSlots: [UInt32] = []
    /// `.batch`: the ops in order (after a snapshot's reset), and where each came from in the
    /// frame (entry, offset in the entry; entry -1 for the reset), for errors.
    @usableFromInline @exclusivity(unchecked) var ops: [Op] = []
    @usableFromInline @exclusivity(unchecked) var origins: [(entry: Int, offset: Int)] = []
    @usableFromInline @exclusivity(unchecked) var validated: List.ValidatedBatch<[Op]>?
    @usableFromInline @exclusivity(unchecked) var nextStep = 0

    @usableFromInline
    init(_ declaration: ListField<Key, Row>) {
        entryPoints = declaration.details.entryPoints
        super.init(id: declaration.id, name: declaration.name, coalesces: declaration.coalesces)
    }

    /// Gives `body` the list without copying it. Under the mirror's lock.
    func withValue<Result>(_ body: (borrowing List) throws -> Result) rethrows -> Result {
        try body(value)
    }

    @usableFromInline
    override func prepare(_ entries: FieldOps, isSnapshot: Bool) -> StagedValidation {
        entryPoints.prepare(self, entries, isSnapshot)
    }

    @usableFromInline
    override func commit(_ entries: FieldOps, stepping: Bool, into changes: inout ChangeSet) {
        entryPoints.commit(self, entries, stepping, &changes)
    }

    @usableFromInline
    override var hasStagedSteps: Bool { nextStep < ops.count }

    @usableFromInline
    override func commitStep(into changes: inout ChangeSet) {
        entryPoints.commitStep(self, &changes)
    }

    @usableFromInline
    override func discardStaged() {
        entryPoints.discard(self)
    }

    // MARK: The work, specialized through `entryPoints`

    /// The payload as this list's single op or run of ops (payload classes are final, so the
    /// exact type is the check), or nil for any other payload. Unretained, as the frame holds it.
    @inlinable
    static func _ops(of payload: Unmanaged<AnyObject>) -> ListOpPayloadView<Op>? {
        let type = payload._withUnsafeGuaranteedRef { ObjectIdentifier(Swift.type(of: $0)) }
        if type == ObjectIdentifier(ListOpPayload<Op>.self) {
            return .one(Unmanaged.fromOpaque(payload.toOpaque()))
        }
        if type == ObjectIdentifier(ListPayload<Op>.self) {
            return .many(Unmanaged.fromOpaque(payload.toOpaque()))
        }
        return nil
    }

    /// The key of `op` if it is an update.
    @inlinable
    static func _updatedKey(_ op: Op) -> Key? {
        if case .update(let key, _) = op { key } else { nil }
    }

    @inlinable
    func _prepare(_ entries: FieldOps, isSnapshot: Bool) -> StagedValidation {
        // A field that does not coalesce applies its ops one by one, from the gathered batch.
        if coalesces && !isSnapshot {
            switch _findUpdateSlots(entries) {
            case .some(nil):
                plan = .updates
                return updateSlots.isEmpty ? _unchanged() : .changes
            case .some(let failure?):
                _discard()
                return .failed(failure)
            case nil:
                updateSlots.removeAllKeepingCapacity()
            }
        }
        if let mismatch = _gatherOps(entries, isSnapshot: isSnapshot) {
            _discard()
            return .failed(mismatch)
        }
        do {
            let batch = try value.validatedBatch(ops)
            // A batch that nets to nothing changes nothing, unless its ops are applied one by one
            // (a field that does not coalesce, outside snapshots): then each is a value of its own
            // (an insert, then the remove of the same key, are two).
            if batch.changes.isEmpty && (coalesces || isSnapshot) { return _unchanged() }
            validated = batch
            plan = .batch
            return .changes
        } catch {
            let origin = origins[error.opIndex]
            var rebased = error
            rebased.opIndex = entries.opIndex(entry: origin.entry, offset: origin.offset)
            _discard()
            return .failed(StagedOpFailure(reason: .list(rebased), opIndex: rebased.opIndex, key: error.key))
        }
    }

    @inlinable
    func _unchanged() -> StagedValidation {
        _discard()
        return .unchanged
    }

    /// If every op is an update, finds each one's slot (`.some(nil)`), or the first update of a
    /// missing key (`.some(failure)`); nil if some op is not an update (or not of this list).
    ///
    /// The loops here walk the entries by hand: a closure that captured a local (`forEach`) made
    /// each write to it a dynamically checked access (measured: a fifth of a 100-op frame).
    @inlinable
    func _findUpdateSlots(_ entries: FieldOps) -> StagedOpFailure?? {
        var entry = entries.first
        while entry >= 0 {
            switch Self._ops(of: entries.payload(entry)) {
            case .one(let single):
                guard let key = single._withUnsafeGuaranteedRef({ Self._updatedKey($0.op) }) else { return nil }
                guard let slot = value._slot(of: key) else { return .some(_missing(key, at: entries.opIndex(entry: entry))) }
                updateSlots.append(slot)
            case .many(let run):
                for (offset, op) in run._withUnsafeGuaranteedRef({ $0.ops }).enumerated() {
                    guard case .update(let key, _) = op else { return nil }
                    guard let slot = value._slot(of: key) else {
                        return .some(_missing(key, at: entries.opIndex(entry: entry, offset: offset)))
                    }
                    updateSlots.append(slot)
                }
            case nil:
                return nil
            }
            entry = entries.after(entry)
        }
        return .some(nil)
    }

    /// The failure of an update of a missing key: what validating the batch would report.
    @inlinable
    func _missing(_ key: Key, at opIndex: Int) -> StagedOpFailure {
        let error = KeyedListError(.missingKey, op: .update, at: opIndex, key: key)
        return StagedOpFailure(reason: .list(error), opIndex: opIndex, key: error.key)
    }

    /// Copies the ops, in order, into `ops` (after a snapshot's reset), with their origins;
    /// returns the first payload that is not of this list.
    @inlinable
    func _gatherOps(_ entries: FieldOps, isSnapshot: Bool) -> StagedOpFailure? {
        if isSnapshot {
            ops.append(.reset([]))
            origins.append((-1, 0))
        }
        var entry = entries.first
        while entry >= 0 {
            switch Self._ops(of: entries.payload(entry)) {
            case .one(let single):
                ops.append(single._withUnsafeGuaranteedRef { $0.op })
                origins.append((entry, 0))
            case .many(let run):
                let runOps = run._withUnsafeGuaranteedRef { $0.ops }
                ops += runOps
                for offset in runOps.indices { origins.append((entry, offset)) }
            case nil:
                return StagedOpFailure(
                    reason: .typeMismatch(expected: Op.listTypeName, received: entries.entries[entry].payload.typeName),
                    opIndex: entries.opIndex(entry: entry), key: nil)
            }
            entry = entries.after(entry)
        }
        return nil
    }

    @inlinable
    func _commit(_ entries: FieldOps, stepping: Bool, into changes: inout ChangeSet) {
        switch plan {
        case .none:
            return
        case .updates:
            changes.record(id, list: _writeUpdates(entries))
            _discard()
        case .batch where stepping:
            validated = nil
            nextStep = 0
            _commitStep(into: &changes)
        case .batch:
            // Taken out of `validated` so that, once applied, nothing but `ops` holds the ops and
            // `_discard` empties it in place, keeping its capacity for the next frame.
            let applied = value.apply(validated.take()!)
            _discard()
            changes.record(id, list: ListChangesOf(changes: applied))
        }
    }

    /// Writes each update's row to the slot `prepare` found; returns the updated keys.
    @inlinable
    func _writeUpdates(_ entries: FieldOps) -> ListChangesOf<Key> {
        value._withUniqueSlab { slab in
            var keys: [Key] = []
            var entry = entries.first
            while entry >= 0 {
                // The rows are written from the payloads they are borrowed from: copied once, into
                // their slots (taking an op out of its payload first copied each row twice).
                switch Self._ops(of: entries.payload(entry)) {
                case .one(let single):
                    let key = single._withUnsafeGuaranteedRef { payload -> Key? in
                        guard case .update(let key, let row) = payload.op else { return nil }
                        slab[Int(updateSlots[keys.count])]!.row = row
                        return key
                    }
                    if let key {
                        if updateSlots.count == 1 { return ListChangesOf(updated: key) }
                        if keys.isEmpty { keys.reserveCapacity(updateSlots.count) }
                        keys.append(key)
                    }
                case .many(let run):
                    if keys.isEmpty { keys.reserveCapacity(updateSlots.count) }
                    run._withUnsafeGuaranteedRef { payload in
                        for case .update(let key, let row) in payload.ops {
                            slab[Int(updateSlots[keys.count])]!.row = row
                            keys.append(key)
                        }
                    }
                case nil:
                    break
                }
                entry = entries.after(entry)
            }
            return ListChangesOf(updated: keys)
        }
    }

    @inlinable
    func _commitStep(into changes: inout ChangeSet) {
        guard hasStagedSteps else { return }
        let op = ops[nextStep]
        nextStep += 1
        defer { if !hasStagedSteps { _discard() } }
        // The whole run was validated; each op on its own, in order, therefore validates too.
        guard let batch = try? value.validatedBatch(CollectionOfOne(op)) else {
            assertionFailure("a validated op failed when applied alone")
            return
        }
        changes.record(id, list: ListChangesOf(changes: value.apply(batch)))
    }

    @inlinable
    func _discard() {
        plan = .none
        updateSlots.removeAllKeepingCapacity()
        ops.removeAllKeepingCapacity()
        origins.removeAllKeepingCapacity()
        validated = nil
        nextStep = 0
    }
}

/// A list payload seen as what it carries: one op, or a run of ops. Unretained: a view lives
/// only while the mirror applies the frame that holds the payload.
@usableFromInline
enum ListOpPayloadView<Op: ListOpNaming & Sendable> {
    case one(Unmanaged<ListOpPayload<Op>>)
    case many(Unmanaged<ListPayload<Op>>)
}
