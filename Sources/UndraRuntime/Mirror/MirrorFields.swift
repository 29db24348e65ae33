/// A mirror's fields, fixed when it is made: each field's storage, and where each id is.
///
/// Never changed after init, so it is read without any lock (a read of the storages must not
/// touch the mirror's locked state: a queuing thread may be changing it meanwhile). What a
/// storage *holds* is another matter: that is guarded by the mirror's lock, or owned by the
/// thread that holds the drain.
///
/// A class, so that the drain and the readers pass it on and reach a storage without retaining
/// its arrays (as a struct it was copied, its arrays retained, at every read).
@usableFromInline
final class MirrorFields: @unchecked Sendable {
    // @unchecked: the storages are mutable classes; every access to what they hold is made under
    // `StoreMirror.state`'s lock or by the draining thread (see `StoreMirror.read`).
    @usableFromInline let storages: [FieldStorage]
    /// Field id → position in `storages` (-1: no such field). Ids are small and dense.
    @usableFromInline let positions: [Int]

    /// The fields of `declarations`, with their initial values. Traps on a schema error (a
    /// declaration that is not a `Field` or `ListField`, a negative or repeated id): those are
    /// programming errors.
    init(_ declarations: [any FieldDeclaration]) {
        var storages: [FieldStorage] = []
        var positions: [Int] = []
        for declaration in declarations {
            guard let factory = declaration as? StorageFactory else {
                preconditionFailure("StoreMirror: \(type(of: declaration)) is not a Field or ListField")
            }
            let id = declaration.id.rawValue
            precondition(id >= 0, "StoreMirror: field \(declaration.name) has a negative id")
            if positions.count <= id { positions += repeatElement(-1, count: id + 1 - positions.count) }
            precondition(positions[id] < 0, "StoreMirror: two fields have id \(id)")
            positions[id] = storages.count
            storages.append(factory.makeStorage())
        }
        self.storages = storages
        self.positions = positions
    }

    /// The position of `field` in `storages`, or nil if the mirror has no such field. O(1).
    @inlinable
    func position(of field: FieldID) -> Int? {
        guard positions.indices.contains(field.rawValue) else { return nil }
        let position = positions[field.rawValue]
        return position < 0 ? nil : position
    }

    /// Whether `field` is in this mirror's schema with an `S` storage (the check before taking
    /// a field from outside, where `storage` would trap). O(1).
    func holds<S: FieldStorage>(_ field: FieldID, as type: S.Type) -> Bool {
        guard let position = position(of: field) else { return false }
        return ObjectIdentifier(Swift.type(of: storages[position])) == ObjectIdentifier(S.self)
    }

    /// The storage of `field`, which must be an `S`, unretained: these fields hold it for their
    /// life (storage classes are final, so comparing the exact type is the check; a general
    /// `as? S` cast costs more than the rest of a read). O(1).
    @inlinable
    func storage<S: FieldStorage>(_ field: FieldID, as type: S.Type) -> Unmanaged<S> {
        guard let position = position(of: field) else {
            preconditionFailure("StoreMirror: field \(field) is not in this mirror's schema")
        }
        let storage = Unmanaged.passUnretained(storages[position])
        guard storage._withUnsafeGuaranteedRef({ ObjectIdentifier(Swift.type(of: $0)) }) == ObjectIdentifier(S.self) else {
            preconditionFailure("StoreMirror: field \(field) is not a \(S.self) of this mirror's schema")
        }
        return Unmanaged.fromOpaque(storage.toOpaque())
    }
}
