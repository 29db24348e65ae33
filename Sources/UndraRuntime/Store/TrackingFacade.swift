
/// The fine-grained facade: announces a mirror's changes as `willSet`/`didSet` of each changed
/// field on the store's registrar, so `track` and continuous observers of the store fire.
///
/// Each field is a property of the store, identified by a `PropertyID` interned once per
/// store type (`"Todos.visible"`): the fast path, no key path is built or hashed.
///
/// A class: as a struct stored in the runtime it was copied, its registrar and table retained,
/// at every announcement.
@usableFromInline
final class TrackingFacade: Sendable {
    let registrar: Registrar
    /// Field id → the property that reports it.
    private let properties: [PropertyID?]

    init(registrar: Registrar, storeName: String, fields: [any FieldDeclaration]) {
        self.registrar = registrar
        var properties = [PropertyID?](repeating: nil, count: (fields.map(\.id.rawValue).max() ?? -1) + 1)
        for field in fields { properties[field.id.rawValue] = PropertyID(named: "\(storeName).\(field.name)") }
        self.properties = properties
    }

    /// The property of a field of the schema the facade was built from.
    @usableFromInline
    func property(_ field: FieldID) -> PropertyID? {
        properties.indices.contains(field.rawValue) ? properties[field.rawValue] : nil
    }

    /// Whether `willChange` would reach anyone now: an observer that acts on `willSet` is
    /// installed (one-shot `track`s; continuous observers wait for `didSet`). O(1).
    var hearsWillChange: Bool { registrar.willSetCount.load(ordering: .relaxed) != 0 }

    func willChange(_ fields: [FieldID], of subject: StoreAnnouncer) {
        guard registrar.installedCount.load(ordering: .relaxed) != 0 else { return }  // Nobody observes.
        for field in fields {
            if let property = property(field) { registrar.willSet(subject, property: property) }
        }
    }

    /// One batch: a continuous observer of several changed fields runs once, naming them all.
    func didChange(_ changes: ChangeSet, of subject: StoreAnnouncer) {
        guard registrar.installedCount.load(ordering: .relaxed) != 0 else { return }  // Nobody observes.
        if changes.fields.count == 1 {
            // One property: each observer fires once anyway, so no batch is needed.
            if let property = property(changes.fields[0]) { registrar.didSet(subject, property: property) }
            return
        }
        ThreadContext.deferringObserverRuns {
            for field in changes.fields {
                if let property = property(field) { registrar.didSet(subject, property: property) }
            }
        }
    }
}
