/// The storage of a scalar field.
@usableFromInline
final class ScalarStorage<Value: Sendable>: FieldStorage {
    let declaration: Field<Value>
    @usableFromInline @exclusivity(unchecked) private(set) var value: Value
    /// The values to apply: the last one for a coalescing field, every one for a stepping commit.
    @exclusivity(unchecked) private var staged: [Value] = []
    @exclusivity(unchecked) private var nextStep = 0

    init(_ declaration: Field<Value>) {
        self.declaration = declaration
        self.value = declaration.initial
        super.init(id: declaration.id, name: declaration.name, coalesces: declaration.coalesces)
    }

    /// Every value a frame sends to a field that does not coalesce is an event; otherwise a value
    /// equal to the one held (when values compare) changes nothing. A snapshot is the core's
    /// state, not a stream of events: it gives every field one value (its last `set`, or the
    /// initial value if it has none), a change only if it differs from the one held, so a resync
    /// does not deliver an event field's last value again.
    @usableFromInline override func prepare(_ entries: FieldOps, isSnapshot: Bool) -> StagedValidation {
        var entry = entries.first
        while entry >= 0 {
            guard let set = entries.payload(entry).takeUnretainedValue() as? SetPayload<Value> else {
                discardStaged()
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
            discardStaged()
            return .unchanged
        }
        return .changes
    }

    @usableFromInline override func commit(_ entries: FieldOps, stepping: Bool, into changes: inout ChangeSet) {
        guard let last = staged.last else { return }
        if stepping {
            nextStep = 0
            return commitStep(into: &changes)
        }
        value = last
        discardStaged()
        changes.record(id)
    }

    @usableFromInline override var hasStagedSteps: Bool { nextStep < staged.count }

    @usableFromInline override func commitStep(into changes: inout ChangeSet) {
        guard hasStagedSteps else { return }
        value = staged[nextStep]
        nextStep += 1
        if !hasStagedSteps { discardStaged() }
        changes.record(id)
    }

    @usableFromInline override func discardStaged() {
        staged.removeAllKeepingCapacity()
        nextStep = 0
    }
}
