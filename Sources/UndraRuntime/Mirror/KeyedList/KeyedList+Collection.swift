extension KeyedList: RandomAccessCollection {
    public typealias Index = Int
    public typealias Indices = Range<Int>

    /// The position of the first row (always 0). Complexity: O(1).
    @inlinable
    public var startIndex: Int { 0 }

    /// The position one past the last row, equal to `count`. Complexity: O(1).
    @inlinable
    public var endIndex: Int { _order.count }

    /// The number of rows. Complexity: O(1).
    @inlinable
    public var count: Int { _order.count }

    /// Whether the list has no rows. Complexity: O(1).
    @inlinable
    public var isEmpty: Bool { _order.isEmpty }

    /// The row at `position`, which must be a valid index (like `Array`, an invalid one traps).
    ///
    /// Complexity: O(1).
    @inlinable
    public subscript(position: Int) -> Row {
        _entry(at: position).row
    }

    /// The key of the row at `position`, which must be a valid index.
    ///
    /// Complexity: O(1).
    @inlinable
    public func key(at position: Int) -> Key {
        _entry(at: position).key
    }
}
