/// A field's value in a mirror, and the ops staged for the frame being checked.
///
/// A frame is applied in three steps under the mirror's lock: every op is *staged* on its
/// field's storage (type-checked on the way), every touched storage *validates* its staged ops
/// against its value, and only if all pass does each *commit*. Storage is only ever touched
/// under the mirror's lock, which is why the storages' properties skip dynamic exclusivity
/// checks (`@exclusivity(unchecked)`): the lock already makes every access exclusive.
@usableFromInline
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
@usableFromInline
struct StagedOpFailure {
    let reason: MirrorError.Reason
    let opIndex: Int
    let key: String?

    @usableFromInline
    init(reason: MirrorError.Reason, opIndex: Int, key: String?) {
        self.reason = reason
        self.opIndex = opIndex
        self.key = key
    }
}

/// One field's change in a commit, for the change set.
@usableFromInline
struct FieldChange {
    let field: FieldID
    let list: (any ErasedListChanges)?

    @usableFromInline
    init(field: FieldID, list: (any ErasedListChanges)?) {
        self.field = field
        self.list = list
    }
}
