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

    @usableFromInline let id: FieldID
    @usableFromInline let name: String
    @usableFromInline let coalesces: Bool
    /// Copied out of the declaration: reaching through it would copy the whole declaration
    /// (and retain every closure in it) at each call.
    private let entryPoints: EntryPoints
    @usableFromInline @exclusivity(unchecked) var value = List()
    @usableFromInline @exclusivity(unchecked) var staged: [List.Op] = []
    /// The frame-wide index of each staged op, for errors.
    @usableFromInline @exclusivity(unchecked) var stagedIndices: [Int] = []
    @usableFromInline @exclusivity(unchecked) var validated: List.ValidatedBatch<[List.Op]>?
    /// Set by validation: whether the validated batch changes anything.
    @usableFromInline @exclusivity(unchecked) var validatedChangesSomething = false
    /// Validation found the staged ops to be a single `update` of a present key (the usual frame):
    /// it is applied directly, without a batch.
    @usableFromInline @exclusivity(unchecked) var validatedSingleUpdate = false
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
        staged = [.reset([])]
        stagedIndices = [-1]
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
    var hasStagedSteps: Bool { nextStep < staged.count }

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
        if let single = payload as? ListOpPayload<Key, Row> {
            staged.append(single.op)
            stagedIndices.append(firstOpIndex)
        } else if let list = payload as? ListPayload<Key, Row> {
            staged += list.ops
            stagedIndices += firstOpIndex..<(firstOpIndex + list.ops.count)
        } else {
            return .typeMismatch(expected: "KeyedList<\(Key.self), \(Row.self)>", received: payload.typeName)
        }
        return nil
    }

    @inlinable
    func _validate() -> StagedOpFailure? {
        if staged.count == 1, case .update(let key, _) = staged[0], value.contains(key: key) {
            validatedSingleUpdate = true
            validatedChangesSomething = true
            return nil
        }
        do {
            let batch = try value.validatedBatch(staged)
            validatedChangesSomething = !batch.changes.isEmpty
            validated = batch
            return nil
        } catch {
            var rebased = error
            rebased.opIndex = stagedIndices[error.opIndex]
            return StagedOpFailure(reason: .list(rebased), opIndex: rebased.opIndex, key: error.key)
        }
    }

    @inlinable
    func _commit(stepping: Bool) -> FieldChange? {
        if validatedSingleUpdate, case .update(let key, let row) = staged[0] {
            // Validated as present: the write cannot fail.
            try? value.updateRow(row, forKey: key)
            _discard()
            return FieldChange(field: id, list: ListChangesOf(updated: key))
        }
        guard validated != nil, !staged.isEmpty else { return nil }
        if stepping {
            validated = nil
            nextStep = 0
            return _commitStep()
        }
        // Taken out of `validated` so that, once applied, nothing but `staged` holds the ops and
        // `_discard` empties it in place, keeping its capacity for the next frame.
        let changes = value.apply(validated.take()!)
        _discard()
        return changes.isEmpty ? nil : FieldChange(field: id, list: ListChangesOf(changes: changes))
    }

    @inlinable
    func _commitStep() -> FieldChange? {
        guard hasStagedSteps else { return nil }
        let op = staged[nextStep]
        nextStep += 1
        defer { if !hasStagedSteps { _discard() } }
        // The whole run was validated; each op on its own, in order, therefore validates too.
        guard let batch = try? value.validatedBatch([op]) else {
            assertionFailure("a validated op failed when applied alone")
            return nil
        }
        return FieldChange(field: id, list: ListChangesOf(changes: value.apply(batch)))
    }

    @inlinable
    func _discard() {
        staged.removeAll(keepingCapacity: true)
        stagedIndices.removeAll(keepingCapacity: true)
        validated = nil
        validatedChangesSomething = false
        validatedSingleUpdate = false
        nextStep = 0
    }
}
