/// The storage of a scalar field. Its work runs specialized, through `FieldEntryPoints` made by
/// `Field.init`.
@usableFromInline
final class ScalarStorage<Value: Sendable>: FieldStorage {
    @usableFromInline typealias EntryPoints = FieldEntryPoints<ScalarStorage>

    /// Entry points specialized for `Value` in the caller's module.
    @inlinable
    static var specializedEntryPoints: EntryPoints {
        EntryPoints(
            prepare: { $0._prepare($1, isSnapshot: $2) }, commit: { $0._commit(stepping: $2, into: &$3) },
            commitStep: { $0._commitStep(into: &$1) }, discard: { $0._discard() })
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
        entryPoints.commit(self, entries, stepping, &changes)
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
