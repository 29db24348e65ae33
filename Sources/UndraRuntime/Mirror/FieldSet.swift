/// A set of field ids, as bits: fields ids are small and dense, so membership is a shift and a
/// mask, and a set of up to 64 fields allocates nothing.
struct FieldSet {
    private var low: UInt64 = 0
    /// Ids from 64 up; nil until one is inserted, so that a small set holds no reference.
    private var high: Set<Int>? = nil

    /// Inserts `field`; returns whether it was new. O(1).
    @discardableResult
    mutating func insert(_ field: FieldID) -> Bool {
        if field.rawValue < 64 {
            let bit: UInt64 = 1 << UInt64(field.rawValue)
            defer { low |= bit }
            return low & bit == 0
        }
        if high == nil { high = [] }
        return high!.insert(field.rawValue).inserted
    }
}
