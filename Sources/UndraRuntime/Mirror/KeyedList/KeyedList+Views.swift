extension KeyedList {
    /// The keys, in list order. Complexity: O(1) (a view that shares the list's storage).
    @inlinable
    public var keys: Keys { Keys(_base: self) }

    /// The rows with their keys, in list order: what a SwiftUI-style `ForEach` iterates to give
    /// each row a stable identity (`Entry` is `Identifiable` by its key).
    /// Complexity: O(1) (a view that shares the list's storage).
    @inlinable
    public var entries: Entries { Entries(_base: self) }

    /// A list's keys in list order, as a random-access collection.
    public struct Keys: RandomAccessCollection {
        public typealias Index = Int
        public typealias Indices = Range<Int>

        @usableFromInline let _base: KeyedList

        @inlinable
        init(_base: KeyedList) { self._base = _base }

        /// Always 0. Complexity: O(1).
        @inlinable public var startIndex: Int { 0 }
        /// The number of keys. Complexity: O(1).
        @inlinable public var endIndex: Int { _base.count }

        /// The key at `position`, which must be a valid index. Complexity: O(1).
        @inlinable
        public subscript(position: Int) -> Key { _base.key(at: position) }
    }

    /// A list's entries (key and row) in list order, as a random-access collection.
    public struct Entries: RandomAccessCollection {
        public typealias Index = Int
        public typealias Indices = Range<Int>

        @usableFromInline let _base: KeyedList

        @inlinable
        init(_base: KeyedList) { self._base = _base }

        /// Always 0. Complexity: O(1).
        @inlinable public var startIndex: Int { 0 }
        /// The number of entries. Complexity: O(1).
        @inlinable public var endIndex: Int { _base.count }

        /// The entry at `position`, which must be a valid index. Complexity: O(1).
        @inlinable
        public subscript(position: Int) -> Entry { _base._entry(at: position) }
    }
}

extension KeyedList.Keys: Sendable where Key: Sendable, Row: Sendable {}
extension KeyedList.Entries: Sendable where Key: Sendable, Row: Sendable {}
