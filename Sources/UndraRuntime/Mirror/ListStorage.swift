/// The storage of a keyed-list field. Commits mutate the list in place: it is copied only if
/// someone outside still holds a value read before (copy-on-write).
///
/// Why `entryPoints`: the mirror reaches its storages through `FieldStorage`, so this class's
/// methods would run as generic code compiled once for every `Key` and `Row`, which looks up
/// type metadata (`KeyedList<Key, Row>.Op`, its batch, its dictionaries) at nearly every step:
/// measured, that tripled the cost of a one-update frame. `ListField.init`, inlined into the
/// module that declares the field, makes these closures there, where `Key` and `Row` are
/// concrete; the protocol methods call them, and the work runs specialized.
@usableFromInline
final class ListStorage<Key: Hashable & Sendable, Row: Sendable>: FieldStorage {
    @usableFromInline typealias List = KeyedList<Key, Row>

    @usableFromInline
    struct EntryPoints: Sendable {
        @usableFromInline let stage: @Sendable (ListStorage, any OpPayload, Int) -> MirrorError.Reason?
        @usableFromInline let validate: @Sendable (ListStorage) -> StagedOpFailure?
        @usableFromInline let commit: @Sendable (ListStorage, _ stepping: Bool) -> FieldChange?
        @usableFromInline let commitStep: @Sendable (ListStorage) -> FieldChange?
        @usableFromInline let discard: @Sendable (ListStorage) -> Void

        @inlinable
        init(
            stage: @escaping @Sendable (ListStorage, any OpPayload, Int) -> MirrorError.Reason?,
            validate: @escaping @Sendable (ListStorage) -> StagedOpFailure?,
            commit: @escaping @Sendable (ListStorage, Bool) -> FieldChange?,
            commitStep: @escaping @Sendable (ListStorage) -> FieldChange?,
            discard: @escaping @Sendable (ListStorage) -> Void
        ) {
            self.stage = stage
            self.validate = validate
            self.commit = commit
            self.commitStep = commitStep
            self.discard = discard
        }

        /// Entry points specialized for `Key` and `Row` in the caller's module.
        @inlinable
        static var specialized: EntryPoints {
            EntryPoints(
                stage: { $0._stage($1, firstOpIndex: $2) }, validate: { $0._validate() },
                commit: { $0._commit(stepping: $1) }, commitStep: { $0._commitStep() },
                discard: { $0._discard() })
        }
    }

    /// A payload staged for the frame being checked, with the frame-wide index of its first op.
    /// The payloads are kept, not their ops: staging copies no op.
    @usableFromInline
    enum StagedRun {
        case one(ListOpPayload<Op>, firstOpIndex: Int)
        case many(ListPayload<Op>, firstOpIndex: Int)
    }

    /// How validation found the staged ops to be applied.
    @usableFromInline
    enum Plan {
        /// Nothing to apply.
        case none
        /// Only updates of present keys (the usual frame): each row is written to the slot that
        /// validation found for it, with no batch and no second lookup.
        case updates
        /// Anything else: the gathered ops, as a validated batch (or applied one at a time when
        /// stepping).
        case batch
    }

    @usableFromInline typealias Op = List.Op

    @usableFromInline let id: FieldID
    @usableFromInline let name: String
    @usableFromInline let coalesces: Bool
    /// Copied out of the declaration: reaching through it would copy the whole declaration
    /// (and retain every closure in it) at each call.
    private let entryPoints: EntryPoints
    @usableFromInline @exclusivity(unchecked) var value = List()
    @usableFromInline @exclusivity(unchecked) var staged: [StagedRun] = []
    /// A snapshot's return to the empty list comes before the staged runs.
    @usableFromInline @exclusivity(unchecked) var stagedReset = false
    @usableFromInline @exclusivity(unchecked) var plan = Plan.none
    /// `.updates`: the slot of each staged update, in op order.
    @usableFromInline @exclusivity(unchecked) var updateSlots: [UInt32] = []
    /// `.batch`: the staged ops in order, and the frame-wide index of each (-1 for a snapshot's reset).
    @usableFromInline @exclusivity(unchecked) var ops: [Op] = []
    @usableFromInline @exclusivity(unchecked) var opIndices: [Int] = []
    @usableFromInline @exclusivity(unchecked) var validated: List.ValidatedBatch<[Op]>?
    /// Set by validation: whether applying the staged ops changes anything.
    @usableFromInline @exclusivity(unchecked) var validatedChangesSomething = false
    @usableFromInline @exclusivity(unchecked) var nextStep = 0

    @usableFromInline
    init(_ declaration: ListField<Key, Row>) {
        id = declaration.id
        name = declaration.name
        coalesces = declaration.coalesces
        entryPoints = declaration.details.entryPoints
    }

    /// Gives `body` the list without copying it. Under the mirror's lock.
    func withValue<Result>(_ body: (borrowing List) throws -> Result) rethrows -> Result {
        try body(value)
    }

    @usableFromInline
    func stage(_ payload: any OpPayload, firstOpIndex: Int) -> MirrorError.Reason? {
        entryPoints.stage(self, payload, firstOpIndex)
    }

    @usableFromInline
    func stageReset() {
        staged.removeAllKeepingCapacity()
        stagedReset = true
    }

    @usableFromInline
    func validateStaged() -> StagedOpFailure? {
        entryPoints.validate(self)
    }

    @usableFromInline
    var stagedChangesSomething: Bool { validatedChangesSomething }

    @usableFromInline
    func commit(stepping: Bool) -> FieldChange? {
        entryPoints.commit(self, stepping)
    }

    @usableFromInline
    var hasStagedSteps: Bool { nextStep < ops.count }

    @usableFromInline
    func commitStep() -> FieldChange? {
        entryPoints.commitStep(self)
    }

    @usableFromInline
    func discardStaged() {
        entryPoints.discard(self)
    }

    // MARK: The work, specialized through `entryPoints`

    @inlinable
    func _stage(_ payload: any OpPayload, firstOpIndex: Int) -> MirrorError.Reason? {
        if let single = payload as? ListOpPayload<Op> {
            staged.append(.one(single, firstOpIndex: firstOpIndex))
        } else if let run = payload as? ListPayload<Op> {
            staged.append(.many(run, firstOpIndex: firstOpIndex))
        } else {
            return .typeMismatch(expected: Op.listTypeName, received: payload.typeName)
        }
        return nil
    }

    @inlinable
    func _validate() -> StagedOpFailure? {
        // A field that does not coalesce applies its ops one by one, from the gathered batch.
        if coalesces && !stagedReset {
            switch _findUpdateSlots() {
            case .some(nil):
                plan = .updates
                validatedChangesSomething = !updateSlots.isEmpty
                return nil
            case .some(let failure?):
                return failure
            case nil:
                break
            }
        }
        _gatherOps()
        do {
            let batch = try value.validatedBatch(ops)
            validatedChangesSomething = !batch.changes.isEmpty
            validated = batch
            plan = .batch
            return nil
        } catch {
            var rebased = error
            rebased.opIndex = opIndices[error.opIndex]
            return StagedOpFailure(reason: .list(rebased), opIndex: rebased.opIndex, key: error.key)
        }
    }

    /// If every staged op is an update, finds each one's slot (`.some(nil)`), or the first update of
    /// a missing key (`.some(failure)`); nil if some op is not an update.
    @inlinable
    func _findUpdateSlots() -> StagedOpFailure?? {
        updateSlots.removeAllKeepingCapacity()
        for run in staged {
            switch run {
            case .one(let payload, let index):
                guard case .update(let key, _) = payload.op else { return nil }
                guard let slot = value._slot(of: key) else { return .some(_missing(key, at: index)) }
                updateSlots.append(slot)
            case .many(let payload, let first):
                for (offset, op) in payload.ops.enumerated() {
                    guard case .update(let key, _) = op else { return nil }
                    guard let slot = value._slot(of: key) else { return .some(_missing(key, at: first + offset)) }
                    updateSlots.append(slot)
                }
            }
        }
        return .some(nil)
    }

    /// The failure of an update of a missing key: what validating the batch would report.
    @inlinable
    func _missing(_ key: Key, at opIndex: Int) -> StagedOpFailure {
        let error = KeyedListError(.missingKey, op: .update, at: opIndex, key: key)
        return StagedOpFailure(reason: .list(error), opIndex: opIndex, key: error.key)
    }

    /// Copies the staged ops, in order, into `ops` (after a snapshot's reset), with their indices.
    @inlinable
    func _gatherOps() {
        if stagedReset {
            ops.append(.reset([]))
            opIndices.append(-1)
        }
        for run in staged {
            switch run {
            case .one(let payload, let index):
                ops.append(payload.op)
                opIndices.append(index)
            case .many(let payload, let first):
                ops += payload.ops
                opIndices += first..<(first + payload.ops.count)
            }
        }
    }

    @inlinable
    func _commit(stepping: Bool) -> FieldChange? {
        switch plan {
        case .none:
            return nil
        case .updates:
            defer { _discard() }
            return FieldChange(field: id, list: _writeUpdates())
        case .batch where stepping:
            validated = nil
            nextStep = 0
            return _commitStep()
        case .batch:
            // Taken out of `validated` so that, once applied, nothing but `ops` holds the ops and
            // `_discard` empties it in place, keeping its capacity for the next frame.
            let changes = value.apply(validated.take()!)
            _discard()
            return changes.isEmpty ? nil : FieldChange(field: id, list: ListChangesOf(changes: changes))
        }
    }

    /// Writes each staged update's row to the slot validation found; returns the updated keys.
    @inlinable
    func _writeUpdates() -> ListChangesOf<Key> {
        if staged.count == 1, case .one(let payload, _) = staged[0], case .update(let key, let row) = payload.op {
            value._writeRow(row, atSlot: updateSlots[0])
            return ListChangesOf(updated: key)
        }
        var keys: [Key] = []
        keys.reserveCapacity(updateSlots.count)
        var next = 0
        func write(_ op: Op) {
            guard case .update(let key, let row) = op else { return }
            value._writeRow(row, atSlot: updateSlots[next])
            keys.append(key)
            next += 1
        }
        for run in staged {
            switch run {
            case .one(let payload, _): write(payload.op)
            case .many(let payload, _): for op in payload.ops { write(op) }
            }
        }
        return ListChangesOf(updated: keys)
    }

    @inlinable
    func _commitStep() -> FieldChange? {
        guard hasStagedSteps else { return nil }
        let op = ops[nextStep]
        nextStep += 1
        defer { if !hasStagedSteps { _discard() } }
        // The whole run was validated; each op on its own, in order, therefore validates too.
        guard let batch = try? value.validatedBatch(CollectionOfOne(op)) else {
            assertionFailure("a validated op failed when applied alone")
            return nil
        }
        return FieldChange(field: id, list: ListChangesOf(changes: value.apply(batch)))
    }

    @inlinable
    func _discard() {
        staged.removeAllKeepingCapacity()
        stagedReset = false
        plan = .none
        updateSlots.removeAllKeepingCapacity()
        ops.removeAllKeepingCapacity()
        opIndices.removeAllKeepingCapacity()
        validated = nil
        validatedChangesSomething = false
        nextStep = 0
    }
}
