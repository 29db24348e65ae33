/// A field storage's work, reached through closures made where the field is declared.
///
/// The mirror reaches its storages through `FieldStorage`, so a generic storage's methods would
/// run as generic code compiled once for every value type, looking up type metadata at nearly
/// every step (measured: that tripled the cost of a one-update list frame, and cost an in-process
/// command's round trip about 1,600 instructions for its one scalar field). A field's
/// declaration (`Field.init`, `ListField.init`), inlined into the module that declares it, makes
/// these closures there, where the types are concrete; the storage's overrides call them, and
/// the work runs specialized.
@usableFromInline
struct FieldEntryPoints<Storage: FieldStorage>: Sendable {
    @usableFromInline let prepare: @Sendable (Storage, FieldOps, _ isSnapshot: Bool) -> StagedValidation
    @usableFromInline let commit: @Sendable (Storage, FieldOps, _ stepping: Bool, inout ChangeSet) -> Void
    @usableFromInline let commitStep: @Sendable (Storage, inout ChangeSet) -> Void
    @usableFromInline let discard: @Sendable (Storage) -> Void

    @inlinable
    init(
        prepare: @escaping @Sendable (Storage, FieldOps, Bool) -> StagedValidation,
        commit: @escaping @Sendable (Storage, FieldOps, Bool, inout ChangeSet) -> Void,
        commitStep: @escaping @Sendable (Storage, inout ChangeSet) -> Void,
        discard: @escaping @Sendable (Storage) -> Void
    ) {
        self.prepare = prepare
        self.commit = commit
        self.commitStep = commitStep
        self.discard = discard
    }
}
