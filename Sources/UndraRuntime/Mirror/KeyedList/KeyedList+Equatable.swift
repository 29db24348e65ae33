extension KeyedList: Equatable where Row: Equatable {
    /// Whether two lists have the same keys in the same order, with equal rows.
    ///
    /// Complexity: O(*n*).
    @inlinable
    public static func == (lhs: KeyedList, rhs: KeyedList) -> Bool {
        lhs.count == rhs.count && lhs.entries.elementsEqual(rhs.entries)
    }
}
