/// A field's value in a mirror, and the ops staged for the frame being checked.
///
/// A frame is applied in three steps under the mirror's lock: every op is *staged* on its
/// field's storage (type-checked on the way), every touched storage *validates* its staged ops
/// against its value, and only if all pass does each *commit*. Storage is only ever touched
/// under the mirror's lock.
protocol FieldStorage: AnyObject {
    var id: FieldID { get }
    var name: String { get }
    var coalesces: Bool { get }

    /// Stages a frame op for this field; a wrong payload type is a `typeMismatch`.
    func stage(_ payload: any OpPayload, firstOpIndex: Int) -> MirrorError.Reason?
    /// Stages a return to the initial value, before a snapshot's ops.
    func stageReset()
    /// Checks the staged ops against the current value, as if applied in order.
    func validateStaged() -> StagedOpFailure?
    /// After validation: whether committing the staged ops changes anything.
    var stagedChangesSomething: Bool { get }
    /// Applies the staged ops (or, when stepping, only the first) and returns what changed, or nil
    /// if nothing did.
    func commit(stepping: Bool) -> FieldChange?
    /// Whether a stepping commit has ops left to apply one at a time.
    var hasStagedSteps: Bool { get }
    /// Applies the next staged op of a stepping commit.
    func commitStep() -> FieldChange?
    /// Forgets the staged ops.
    func discardStaged()
}

/// Why a field's staged ops failed: the reason, the op (frame-wide index) and the key.
struct StagedOpFailure {
    let reason: MirrorError.Reason
    let opIndex: Int
    let key: String?
}

/// One field's change in a commit, for the change set.
struct FieldChange {
    let field: FieldID
    let list: (any ErasedListChanges)?
}

/// The storage of a scalar field.
final class ScalarStorage<Value: Sendable>: FieldStorage {
    let declaration: Field<Value>
    private(set) var value: Value
    private var staged: [Value] = []
    /// `staged` holds only the initial value a snapshot put back, not values the frame sent.
    private var stagedOnlyReset = false
    private var nextStep = 0

    init(_ declaration: Field<Value>) {
        self.declaration = declaration
        self.value = declaration.initial
    }

    var id: FieldID { declaration.id }
    var name: String { declaration.name }
    var coalesces: Bool { declaration.coalesces }

    func stage(_ payload: any OpPayload, firstOpIndex: Int) -> MirrorError.Reason? {
        guard let set = payload as? SetPayload<Value> else {
            return .typeMismatch(expected: "\(Value.self)", received: payload.typeName)
        }
        staged.append(set.value)
        stagedOnlyReset = false
        return nil
    }

    func stageReset() {
        staged = [declaration.initial]
        stagedOnlyReset = true
    }

    func validateStaged() -> StagedOpFailure? { nil }

    /// Every value sent to a field that does not coalesce is an event; otherwise a value equal
    /// to the one held (when values compare) changes nothing.
    var stagedChangesSomething: Bool {
        guard let last = staged.last else { return false }
        if !coalesces && !stagedOnlyReset { return true }
        guard let isEqual = declaration.isEqual else { return true }
        return !isEqual(value, last)
    }

    func commit(stepping: Bool) -> FieldChange? {
        guard let last = staged.last else { return nil }
        if stepping {
            nextStep = 0
            return commitStep()
        }
        defer { discardStaged() }
        if let isEqual = declaration.isEqual, isEqual(value, last) { return nil }
        value = last
        return FieldChange(field: id, list: nil)
    }

    var hasStagedSteps: Bool { nextStep < staged.count }

    func commitStep() -> FieldChange? {
        guard hasStagedSteps else { return nil }
        value = staged[nextStep]
        nextStep += 1
        if !hasStagedSteps { discardStaged() }
        return FieldChange(field: id, list: nil)
    }

    func discardStaged() {
        staged = []
        stagedOnlyReset = false
        nextStep = 0
    }
}

/// The storage of a keyed-list field. Commits mutate the list in place: it is copied only if
/// someone outside still holds the value read before (copy-on-write).
final class ListStorage<Key: Hashable & Sendable, Row: Sendable>: FieldStorage {
    typealias List = KeyedList<Key, Row>

    let declaration: ListField<Key, Row>
    private(set) var value = List()
    private var staged: [List.Op] = []
    /// The frame-wide index of each staged op, for errors.
    private var stagedIndices: [Int] = []
    private var validated: List.ValidatedBatch<[List.Op]>?
    private var nextStep = 0

    init(_ declaration: ListField<Key, Row>) {
        self.declaration = declaration
    }

    var id: FieldID { declaration.id }
    var name: String { declaration.name }
    var coalesces: Bool { declaration.coalesces }

    /// Gives `body` the list without copying it. Under the mirror's lock.
    func withValue<Result>(_ body: (borrowing List) throws -> Result) rethrows -> Result {
        try body(value)
    }

    func stage(_ payload: any OpPayload, firstOpIndex: Int) -> MirrorError.Reason? {
        guard let list = payload as? ListPayload<Key, Row> else {
            return .typeMismatch(expected: "KeyedList<\(Key.self), \(Row.self)>", received: payload.typeName)
        }
        staged += list.ops
        stagedIndices += firstOpIndex..<(firstOpIndex + list.ops.count)
        return nil
    }

    func stageReset() {
        staged = [.reset([])]
        stagedIndices = [-1]
    }

    func validateStaged() -> StagedOpFailure? {
        do {
            validated = try value.validatedBatch(staged)
            return nil
        } catch {
            var rebased = error
            rebased.opIndex = stagedIndices[error.opIndex]
            return StagedOpFailure(reason: .list(rebased), opIndex: rebased.opIndex, key: error.key)
        }
    }

    var stagedChangesSomething: Bool {
        validated.map { !$0.changes.isEmpty } ?? false
    }

    func commit(stepping: Bool) -> FieldChange? {
        guard let batch = validated, !staged.isEmpty else { return nil }
        validated = nil
        if stepping {
            nextStep = 0
            return commitStep()
        }
        defer { discardStaged() }
        let changes = value.apply(batch)
        return changes.isEmpty ? nil : FieldChange(field: id, list: ListChangesOf(changes: changes))
    }

    var hasStagedSteps: Bool { nextStep < staged.count }

    func commitStep() -> FieldChange? {
        guard hasStagedSteps else { return nil }
        let op = staged[nextStep]
        nextStep += 1
        defer { if !hasStagedSteps { discardStaged() } }
        // The whole run was validated; each op on its own, in order, therefore validates too.
        guard let batch = try? value.validatedBatch(CollectionOfOne(op)) else {
            assertionFailure("a validated op failed when applied alone")
            return nil
        }
        return FieldChange(field: id, list: ListChangesOf(changes: value.apply(batch)))
    }

    func discardStaged() {
        staged = []
        stagedIndices = []
        validated = nil
        nextStep = 0
    }
}
