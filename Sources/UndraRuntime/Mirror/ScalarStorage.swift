/// The storage of a scalar field.
@usableFromInline
final class ScalarStorage<Value: Sendable>: FieldStorage {
    let declaration: Field<Value>
    @usableFromInline @exclusivity(unchecked) private(set) var value: Value
    @exclusivity(unchecked) private var staged: [Value] = []
    /// `staged` holds only the initial value a snapshot put back, not values the frame sent.
    @exclusivity(unchecked) private var stagedOnlyReset = false
    @exclusivity(unchecked) private var nextStep = 0

    init(_ declaration: Field<Value>) {
        self.declaration = declaration
        self.value = declaration.initial
    }

    @usableFromInline var id: FieldID { declaration.id }
    @usableFromInline var name: String { declaration.name }
    @usableFromInline var coalesces: Bool { declaration.coalesces }

    @usableFromInline func stage(_ payload: any OpPayload, firstOpIndex: Int) -> MirrorError.Reason? {
        guard let set = payload as? SetPayload<Value> else {
            return .typeMismatch(expected: "\(Value.self)", received: payload.typeName)
        }
        staged.append(set.value)
        stagedOnlyReset = false
        return nil
    }

    @usableFromInline func stageReset() {
        staged = [declaration.initial]
        stagedOnlyReset = true
    }

    @usableFromInline func validateStaged() -> StagedOpFailure? { nil }

    /// Every value sent to a field that does not coalesce is an event; otherwise a value equal
    /// to the one held (when values compare) changes nothing.
    @usableFromInline var stagedChangesSomething: Bool {
        guard let last = staged.last else { return false }
        if !coalesces && !stagedOnlyReset { return true }
        guard let isEqual = declaration.details.isEqual else { return true }
        return !isEqual(value, last)
    }

    /// Called only when `stagedChangesSomething` said so: the comparison is not made twice.
    @usableFromInline func commit(stepping: Bool) -> FieldChange? {
        guard let last = staged.last else { return nil }
        if stepping {
            nextStep = 0
            return commitStep()
        }
        value = last
        discardStaged()
        return FieldChange(field: id, list: nil)
    }

    @usableFromInline var hasStagedSteps: Bool { nextStep < staged.count }

    @usableFromInline func commitStep() -> FieldChange? {
        guard hasStagedSteps else { return nil }
        value = staged[nextStep]
        nextStep += 1
        if !hasStagedSteps { discardStaged() }
        return FieldChange(field: id, list: nil)
    }

    @usableFromInline func discardStaged() {
        staged.removeAllKeepingCapacity()
        stagedOnlyReset = false
        nextStep = 0
    }
}
