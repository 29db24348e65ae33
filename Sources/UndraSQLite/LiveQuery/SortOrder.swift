import UndraRuntime

/// Where a row sits in a live query's order: its ORDER BY values, then its row id (the tie-break
/// the adapter adds, so that the order is total and the same in SQL and here).
@usableFromInline
struct RowPlace: Sendable {
    @usableFromInline var rowid: Int64
    @usableFromInline var sortKey: SortKey

    @usableFromInline
    init(rowid: Int64, sortKey: SortKey) {
        self.rowid = rowid
        self.sortKey = sortKey
    }
}

/// A row's ORDER BY values, stored without an array (an allocation per row) for up to two terms.
@usableFromInline
enum SortKey: Sendable {
    case none
    case one(DatabaseValue)
    case two(DatabaseValue, DatabaseValue)
    case many([DatabaseValue])

    subscript(term: Int) -> DatabaseValue {
        switch self {
        case .none: .null
        case .one(let value): value
        case .two(let first, let second): term == 0 ? first : second
        case .many(let values): values[term]
        }
    }
}

/// SQLite's ORDER BY, in Swift: how the incremental path places a changed row among the others
/// without asking SQLite to sort them again.
///
/// Values compare as SQLite compares them: NULL before numbers (integers and reals by value,
/// exactly), numbers before text (by the term's collation), text before blobs (bytes). A term is
/// ascending or descending, with NULLs first or last (by default first when ascending).
@usableFromInline
struct SortOrder: Sendable {
    enum Collation: String, Sendable {
        /// Bytes of UTF-8 (`memcmp`), SQLite's default.
        case binary
        /// ASCII letters folded to lower case, then bytes.
        case nocase
        /// Trailing spaces ignored, then bytes.
        case rtrim
    }

    struct Term: Sendable, Equatable {
        var descending = false
        var nullsFirst: Bool
        var collation: Collation
    }

    let terms: [Term]

    /// -1, 0 or 1, as `a` sorts before, with or after `b`. O(terms), plus the length of text compared.
    @usableFromInline
    func compare(_ a: RowPlace, _ b: RowPlace) -> Int {
        for (index, term) in terms.enumerated() {
            let left = a.sortKey[index], right = b.sortKey[index]
            let order: Int
            switch (left.isNull, right.isNull) {
            case (true, true): order = 0
            case (true, false): order = term.nullsFirst ? -1 : 1
            case (false, true): order = term.nullsFirst ? 1 : -1
            case (false, false):
                let ascending = Self.compare(left, right, term.collation)
                order = term.descending ? -ascending : ascending
            }
            if order != 0 { return order }
        }
        return a.rowid < b.rowid ? -1 : (a.rowid == b.rowid ? 0 : 1)
    }

    /// SQLite's comparison of two values under `collation` (NULL first).
    static func compare(_ a: DatabaseValue, _ b: DatabaseValue, _ collation: Collation) -> Int {
        switch (a, b) {
        case (.null, .null): return 0
        case (.null, _): return -1
        case (_, .null): return 1
        case (.integer(let x), .integer(let y)): return x < y ? -1 : (x == y ? 0 : 1)
        case (.real(let x), .real(let y)): return x < y ? -1 : (x == y ? 0 : 1)
        case (.integer(let x), .real(let y)): return compare(x, y)
        case (.real(let x), .integer(let y)): return -compare(y, x)
        case (.integer, _), (.real, _): return -1
        case (_, .integer), (_, .real): return 1
        case (.text(let x), .text(let y)): return compare(x, y, collation)
        case (.text, _): return -1
        case (_, .text): return 1
        case (.blob(let x), .blob(let y)): return compareBytes(x[...], y[...])
        }
    }

    /// An integer against a real, exactly (a Double cannot hold every Int64, so neither converts).
    static func compare(_ integer: Int64, _ real: Double) -> Int {
        if real < -9_223_372_036_854_775_808.0 { return 1 }
        if real >= 9_223_372_036_854_775_808.0 { return -1 }
        let whole = real.rounded(.towardZero)
        let truncated = Int64(whole)
        if integer != truncated { return integer < truncated ? -1 : 1 }
        return real > whole ? -1 : (real < whole ? 1 : 0)
    }

    static func compare(_ a: String, _ b: String, _ collation: Collation) -> Int {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                switch collation {
                case .binary:
                    return compareBytes(x[...], y[...])
                case .rtrim:
                    return compareBytes(x[..<trimmedEnd(x)], y[..<trimmedEnd(y)])
                case .nocase:
                    for (left, right) in zip(x, y) {
                        let l = left >= 65 && left <= 90 ? left + 32 : left
                        let r = right >= 65 && right <= 90 ? right + 32 : right
                        if l != r { return l < r ? -1 : 1 }
                    }
                    return x.count < y.count ? -1 : (x.count == y.count ? 0 : 1)
                }
            }
        }
    }

    private static func trimmedEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var end = bytes.count
        while end > 0 && bytes[end - 1] == 32 { end -= 1 }
        return end
    }

    /// `memcmp` order, then the shorter first.
    static func compareBytes<Bytes: Collection<UInt8>>(_ a: Bytes, _ b: Bytes) -> Int {
        for (left, right) in zip(a, b) where left != right {
            return left < right ? -1 : 1
        }
        return a.count < b.count ? -1 : (a.count == b.count ? 0 : 1)
    }
}
