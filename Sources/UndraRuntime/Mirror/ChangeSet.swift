/// What one commit (or one drain) changed: which fields, and for keyed lists which keys.
///
/// This is the seam between the mirror and the two modes: the mirror knows neither; a store's
/// facade turns a change set into `willSet`/`didSet` (fine-grained) or `objectWillChange` and
/// `$field` deliveries (coarse).
public struct ChangeSet: Sendable {
    /// The changed fields, each once, in the order they first changed.
    public private(set) var fields: [FieldID] = []
    /// The list changes of `fields[i]`, or nil for a scalar field (kept parallel to `fields`: a
    /// change set names a handful of fields, so a scan beats hashing).
    private var lists: [(any ErasedListChanges)?] = []
    /// The commands whose acks the committed frames carried, in order.
    public private(set) var acks: [UInt64] = []

    /// An empty change set: nothing changed, nothing acknowledged.
    public init() {}

    /// Whether nothing changed and nothing was acknowledged.
    public var isEmpty: Bool { fields.isEmpty && acks.isEmpty }

    /// Whether `field` changed. O(n) in the number of changed fields (a handful).
    public func contains(_ field: FieldID) -> Bool { fields.contains(field) }

    /// The keys a list field's change inserted, updated, removed and moved; nil if it did not change.
    public func listChanges<Key, Row>(for field: ListField<Key, Row>) -> KeyedListChanges<Key>? {
        guard let index = fields.firstIndex(of: field.id) else { return nil }
        return (lists[index] as? ListChangesOf<Key>)?.changes
    }

    /// Records a change of `field` (merging list changes after any earlier ones).
    @usableFromInline
    mutating func record(_ field: FieldID, list: consuming (any ErasedListChanges)? = nil) {
        guard !fields.isEmpty, let index = fields.firstIndex(of: field) else {
            fields.append(field)
            lists.append(list)
            return
        }
        if let list {
            lists[index] = lists[index].map { list.merged(after: $0) } ?? list
        }
    }

    /// Forgets everything, keeping the arrays' capacity.
    mutating func removeAll() {
        fields.removeAllKeepingCapacity()
        lists.removeAllKeepingCapacity()
        acks.removeAllKeepingCapacity()
    }

    mutating func acknowledge(_ commands: [UInt64]) {
        if !commands.isEmpty { acks += commands }
    }

}

/// A list's changes with the key type erased, so that change sets of lists of any type can be merged.
@usableFromInline
protocol ErasedListChanges: Sendable {
    func merged(after earlier: any ErasedListChanges) -> any ErasedListChanges
}

@usableFromInline
struct ListChangesOf<Key: Hashable & Sendable>: ErasedListChanges {
    /// Updates are kept as their keys (the usual frame), so that no report is built unless
    /// someone asks for one.
    @usableFromInline
    enum Storage: Sendable {
        case updated(Key)
        /// In op order; a key may repeat.
        case updatedKeys([Key])
        case report(KeyedListChanges<Key>)
    }

    let storage: Storage

    @usableFromInline
    init(changes: KeyedListChanges<Key>) {
        storage = .report(changes)
    }

    @usableFromInline
    init(updated key: Key) {
        storage = .updated(key)
    }

    @usableFromInline
    init(updated keys: [Key]) {
        storage = .updatedKeys(keys)
    }

    var changes: KeyedListChanges<Key> {
        switch storage {
        case .updated(let key):
            return KeyedListChanges(updated: [key])
        case .updatedKeys(let keys):
            var seen = Set<Key>(minimumCapacity: keys.count)
            return KeyedListChanges(updated: keys.filter { seen.insert($0).inserted })
        case .report(let changes):
            return changes
        }
    }

    @usableFromInline
    func merged(after earlier: any ErasedListChanges) -> any ErasedListChanges {
        guard let earlier = earlier as? ListChangesOf<Key> else { return self }
        return ListChangesOf(changes: earlier.changes.followed(by: changes))
    }
}

extension KeyedListChanges {
    /// The net changes of a batch followed by another: a key inserted by the first and removed by
    /// the second is in neither list; one inserted and then updated is inserted.
    /// Complexity: O(a + b) for reports naming a and b keys.
    func followed(by later: KeyedListChanges<Key>) -> KeyedListChanges<Key> {
        var touches = _touches
        var position = [Key: Int](minimumCapacity: touches.count)
        for (index, touch) in touches.enumerated() { position[touch.key] = index }
        for touch in later._touches {
            if let index = position[touch.key] {
                touches[index].isPresent = touch.isPresent
                touches[index].written = touches[index].written || touch.written
                touches[index].placed = touches[index].placed || touch.placed
            } else {
                position[touch.key] = touches.count
                touches.append(touch)
            }
        }
        return KeyedListChanges(_touches: touches)
    }
}
