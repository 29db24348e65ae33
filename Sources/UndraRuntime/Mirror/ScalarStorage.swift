/// The storage of a scalar field.
///
/// Why `entryPoints`, as `ListStorage` has them: the mirror reaches its storages through
/// `FieldStorage`, so this class's methods would run as generic code compiled once for every
/// `Value`, which looks up the metadata of `[Value]` and `Value?` at nearly every step (measured:
/// about 1,600 instructions of an in-process command's round trip, for its one scalar field).
/// `Field.init`, inlined into the module that declares the field, makes these closures there,
/// where `Value` is concrete; the overrides call them, and the work runs specialized.
@usableFromInline
final class ScalarStorage<Value: Sendable>: FieldStorage {
    @usableFromInline
    struct EntryPoints: Sendable {
        @usableFromInline let prepare: @Sendable (ScalarStorage, FieldOps, _ isSnapshot: Bool) -> StagedValidation
        @usableFromInline let commit: @Sendable (ScalarStorage, _ stepping: Bool, inout ChangeSet) -> Void
        @usableFromInline let commitStep: @Sendable (ScalarStorage, inout ChangeSet) -> Void
        @usableFromInline let discard: @Sendable (ScalarStorage) -> Void

        @inlinable
        init(
            prepare: @escaping @Sendable (ScalarStorage, FieldOps, Bool) -> StagedValidation,
            commit: @escaping @Sendable (ScalarStorage, Bool, inout ChangeSet) -> Void,
            commitStep: @escaping @Sendable (ScalarStorage, inout ChangeSet) -> Void,
            discard: @escaping @Sendable (ScalarStorage) -> Void
        ) {
            self.prepare = prepare
            self.commit = commit
            self.commitStep = commitStep
            self.discard = discard
        }

        /// Entry points specialized for `Value` in the caller's module.
        @inlinable
        static var specialized: EntryPoints {
            EntryPoints(
                prepare: { $0._prepare($1, isSnapshot: $2) }, commit: { $0._commit(stepping: $1, into: &$2) },
                commitStep: { $0._commitStep(into: &$1) }, discard: { $0._discard() })
        }
    }

    @usableFromInline let declaration: Field<Value>
    /// Copied out of the declaration: reaching through it would copy the declaration at each call.
    private let entryPoints: EntryPoints
    @usableFromInline @exclusivity(unchecked) private(set) var value: Value
    /// The values to apply: the last one for a coalescing field, every one for a stepping commit.
    @usableFromInline @exclusivity(unchecked) var staged: [Value] = []
    @usableFromInline @exclusivity(unchecked) var nextStep = 0

    init(_ declaration: Field<Value>) {
        self.declaration = declaration
        self.entryPoints = declaration.details.entryPoints
        self.value = declaration.initial
        super.init(id: declaration.id, name: declaration.name, coalesces: declaration.coalesces)
    }

    @usableFromInline override func prepare(_ entries: FieldOps, isSnapshot: Bool) -> StagedValidation {
        entryPoints.prepare(self, entries, isSnapshot)
    }

    @usableFromInline override func commit(_ entries: FieldOps, stepping: Bool, into changes: inout ChangeSet) {
        entryPoints.commit(self, stepping, &changes)
    }

    @usableFromInline override var hasStagedSteps: Bool { nextStep < staged.count }

    @usableFromInline override func commitStep(into changes: inout ChangeSet) {
        entryPoints.commitStep(self, &changes)
    }

    @usableFromInline override func discardStaged() {
        entryPoints.discard(self)
    }

    /// Every value a frame sends to a field that does not coalesce is an event; otherwise a value
    /// equal to the one held (when values compare) changes nothing. A snapshot is the core's
    /// state, not a stream of events: it gives every field one value (its last `set`, or the
    /// initial value if it has none), a change only if it differs from the one held, so a resync
    /// does not deliver an event field's last value again.
    @inlinable
    func _prepare(_ entries: FieldOps, isSnapshot: Bool) -> StagedValidation {
        var entry = entries.first
        while entry >= 0 {
            guard let set = entries.payload(entry).takeUnretainedValue() as? SetPayload<Value> else {
                _discard()
                return .failed(StagedOpFailure(
                    reason: .typeMismatch(expected: "\(Value.self)", received: entries.entries[entry].payload.typeName),
                    opIndex: entries.opIndex(entry: entry), key: nil))
            }
            if coalesces || isSnapshot { staged.removeAllKeepingCapacity() }
            staged.append(set.value)
            entry = entries.after(entry)
        }
        let sent = !staged.isEmpty
        if !sent && isSnapshot { staged.append(declaration.initial) }
        guard let last = staged.last else { return .unchanged }
        if !coalesces && sent && !isSnapshot { return .changes }
        if let isEqual = declaration.details.isEqual, isEqual(value, last) {
            _discard()
            return .unchanged
        }
        return .changes
    }

    @inlinable
    func _commit(stepping: Bool, into changes: inout ChangeSet) {
        guard let last = staged.last else { return }
        if stepping {
            nextStep = 0
            return _commitStep(into: &changes)
        }
        value = last
        _discard()
        changes.record(id)
    }

    @inlinable
    func _commitStep(into changes: inout ChangeSet) {
        guard hasStagedSteps else { return }
        value = staged[nextStep]
        nextStep += 1
        if !hasStagedSteps { _discard() }
        changes.record(id)
    }

    @inlinable
    func _discard() {
        staged.removeAllKeepingCapacity()
        nextStep = 0
    }
}
