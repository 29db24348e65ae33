/// What one commit (or one drain) changed: which fields, and for keyed lists which keys.
///
/// This is the seam between the mirror and the two modes: the mirror knows neither; a store's
/// facade turns a change set into `willSet`/`didSet` (fine-grained) or `objectWillChange` and
/// `$field` deliveries (coarse).
public struct ChangeSet: Sendable {
    /// The changed fields, each once, in the order they first changed.
    public private(set) var fields: [FieldID] = []
    private var lists: [FieldID: any ErasedListChanges] = [:]
    /// The commands whose acks the committed frames carried, in order.
    public private(set) var acks: [UInt64] = []

    public init() {}

    /// Whether nothing changed and nothing was acknowledged.
    public var isEmpty: Bool { fields.isEmpty && acks.isEmpty }

    /// Whether `field` changed. O(n) in the number of changed fields (a handful).
    public func contains(_ field: FieldID) -> Bool { fields.contains(field) }

    /// The keys a list field's change inserted, updated, removed and moved; nil if it did not change.
    public func listChanges<Key, Row>(for field: ListField<Key, Row>) -> KeyedListChanges<Key>? {
        (lists[field.id] as? ListChangesOf<Key>)?.changes
    }

    /// Records a change of `field` (merging list changes after any earlier ones).
    mutating func record(_ field: FieldID, list: (any ErasedListChanges)? = nil) {
        if !fields.contains(field) { fields.append(field) }
        if let list {
            lists[field] = lists[field].map { list.merged(after: $0) } ?? list
        }
    }

    mutating func acknowledge(_ commands: [UInt64]) {
        acks += commands
    }

    /// Adds `later`'s changes after these.
    mutating func merge(_ later: ChangeSet) {
        for field in later.fields { record(field, list: later.lists[field]) }
        acks += later.acks
    }
}

/// A list's changes with the key type erased, so that change sets of lists of any type can be merged.
protocol ErasedListChanges: Sendable {
    func merged(after earlier: any ErasedListChanges) -> any ErasedListChanges
}

struct ListChangesOf<Key: Hashable & Sendable>: ErasedListChanges {
    let changes: KeyedListChanges<Key>

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
