/// A dictionary for the usual case of a few keys: a linear scan up to `linearLimit` keys (no
/// hashing, which costs more than comparing a handful of keys), a hash index above.
///
/// Keys and values sit in two parallel arrays; removal swaps the last element into the hole, so
/// indices are not stable across removals.
///
/// - Complexity: lookup, insertion and removal are O(1) on average (O(`linearLimit`) while small).
@usableFromInline
struct SmallDictionary<Key: Hashable, Value> {
    @inlinable static var linearLimit: Int { 8 }

    @usableFromInline private(set) var keys: ContiguousArray<Key> = []
    @usableFromInline var values: ContiguousArray<Value> = []
    /// Key → position, only while there are more than `linearLimit` keys.
    @usableFromInline var index: [Key: Int]?

    @inlinable
    init() {}

    @inlinable
    var count: Int { keys.count }

    @inlinable
    func index(forKey key: Key) -> Int? {
        if let index { return index[key] }
        for position in keys.indices where keys[position] == key {
            return position
        }
        return nil
    }

    /// The value for `key`, if there is one.
    @inlinable
    subscript(key: Key) -> Value? {
        index(forKey: key).map { values[$0] }
    }

    /// Appends a new key (which must not be present) and returns its position.
    @inlinable @discardableResult
    mutating func append(_ value: Value, forKey key: Key) -> Int {
        keys.append(key)
        values.append(value)
        let position = keys.count - 1
        if index != nil {
            index![key] = position
        } else if keys.count > Self.linearLimit {
            index = Dictionary(uniqueKeysWithValues: zip(keys, keys.indices))
        }
        return position
    }

    /// Removes `key` and returns its value, if it was there; the last entry takes its place.
    @inlinable @discardableResult
    mutating func removeValue(forKey key: Key) -> Value? {
        guard let position = index(forKey: key) else { return nil }
        let last = keys.count - 1
        if position != last {
            keys.swapAt(position, last)
            values.swapAt(position, last)
            index?[keys[position]] = position
        }
        keys.removeLast()
        let removed = values.removeLast()
        if index != nil {
            index![key] = nil
            if keys.count <= Self.linearLimit { index = nil }
        }
        return removed
    }

    /// Removes every key and value for which `shouldRemove` returns true.
    @inlinable
    mutating func removeAll(where shouldRemove: (Value) -> Bool) {
        var kept = 0
        for position in keys.indices where !shouldRemove(values[position]) {
            if kept != position {
                keys.swapAt(kept, position)
                values.swapAt(kept, position)
            }
            kept += 1
        }
        keys.removeLast(keys.count - kept)
        values.removeLast(values.count - kept)
        index = keys.count > Self.linearLimit ? Dictionary(uniqueKeysWithValues: zip(keys, keys.indices)) : nil
    }
}
