#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Subscribers {
    /// How many more values a subscriber asks for: a number, or `.unlimited`. As in Combine.
    ///
    /// Arithmetic saturates: a sum or product too large for an `Int` is `.unlimited`;
    /// `.unlimited` minus anything is `.unlimited`; a difference below zero is `.none` (Combine
    /// traps there; see docs/PUBLISHING.md).
    @frozen
    public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible, Sendable {
        /// The number asked for, or `unlimitedRawValue`.
        @usableFromInline let rawValue: UInt

        @inlinable
        static var unlimitedRawValue: UInt { UInt(Int.max) + 1 }

        @inlinable
        init(rawValue: UInt) {
            self.rawValue = Swift.min(Self.unlimitedRawValue, rawValue)
        }

        /// As many values as the publisher has.
        @inlinable
        public static var unlimited: Demand { Demand(rawValue: unlimitedRawValue) }

        /// No more values.
        @inlinable
        public static var none: Demand { Demand(rawValue: 0) }

        /// `value` more values. `value` must not be negative.
        @inlinable
        public static func max(_ value: Int) -> Demand {
            precondition(value >= 0, "Subscribers.Demand.max: a demand cannot be negative")
            return Demand(rawValue: UInt(value))
        }

        /// The number asked for, or nil for `.unlimited`.
        @inlinable
        public var max: Int? {
            rawValue == Self.unlimitedRawValue ? nil : Int(rawValue)
        }

        /// "unlimited" or "max(n)".
        public var description: String {
            max.map { "max(\($0))" } ?? "unlimited"
        }

        // MARK: Arithmetic

        /// The sum: `.unlimited` if either is, otherwise as with an `Int` (an overflow is `.unlimited`).
        @inlinable
        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            guard let right = rhs.max else { return .unlimited }
            return lhs + right
        }

        /// `lhs` plus `rhs`: `.unlimited` stays so and an overflow becomes it; a result below zero is `.none`.
        @inlinable
        public static func + (lhs: Demand, rhs: Int) -> Demand {
            guard let left = lhs.max else { return .unlimited }
            let (sum, overflow) = left.addingReportingOverflow(rhs)
            if overflow { return rhs > 0 ? .unlimited : .none }
            return sum < 0 ? .none : Demand(rawValue: UInt(sum))
        }

        /// Adds `rhs` to `lhs`, as `+` does.
        @inlinable
        public static func += (lhs: inout Demand, rhs: Demand) {
            lhs = lhs + rhs
        }

        /// Adds `rhs` to `lhs`, as `+` does.
        @inlinable
        public static func += (lhs: inout Demand, rhs: Int) {
            lhs = lhs + rhs
        }

        /// The difference: `.unlimited` minus anything is `.unlimited`; anything else minus `.unlimited`
        /// is `.none`; otherwise as with an `Int`.
        @inlinable
        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            guard lhs.max != nil else { return .unlimited }
            guard let right = rhs.max else { return .none }
            return lhs - right
        }

        /// `lhs` minus `rhs`: `.unlimited` stays so; a result below zero is `.none` (a negative `rhs` adds).
        @inlinable
        public static func - (lhs: Demand, rhs: Int) -> Demand {
            guard let left = lhs.max else { return .unlimited }
            let (difference, overflow) = left.subtractingReportingOverflow(rhs)
            if overflow { return rhs < 0 ? .unlimited : .none }
            return difference < 0 ? .none : Demand(rawValue: UInt(difference))
        }

        /// Subtracts `rhs` from `lhs`, as `-` does.
        @inlinable
        public static func -= (lhs: inout Demand, rhs: Demand) {
            lhs = lhs - rhs
        }

        /// Subtracts `rhs` from `lhs`, as `-` does.
        @inlinable
        public static func -= (lhs: inout Demand, rhs: Int) {
            lhs = lhs - rhs
        }

        /// `lhs` times `rhs`: `.unlimited` stays so and an overflow becomes it; `rhs` of zero or below
        /// gives `.none`.
        @inlinable
        public static func * (lhs: Demand, rhs: Int) -> Demand {
            guard let left = lhs.max else { return .unlimited }
            guard rhs > 0 else { return .none }
            let (product, overflow) = left.multipliedReportingOverflow(by: rhs)
            return overflow ? .unlimited : Demand(rawValue: UInt(product))
        }

        /// Multiplies `lhs` by `rhs`, as `*` does.
        @inlinable
        public static func *= (lhs: inout Demand, rhs: Int) {
            lhs = lhs * rhs
        }

        // MARK: Comparisons (`.unlimited` is above every number)

        @inlinable
        public static func < (lhs: Demand, rhs: Demand) -> Bool {
            lhs.rawValue < rhs.rawValue
        }

        /// Whether `lhs` is `.max(rhs)` (`.unlimited` equals no number).
        @inlinable
        public static func == (lhs: Demand, rhs: Int) -> Bool {
            lhs.max == rhs
        }

        /// Whether `lhs` is not `.max(rhs)`.
        @inlinable
        public static func != (lhs: Demand, rhs: Int) -> Bool {
            lhs.max != rhs
        }

        /// Whether `rhs` is `.max(lhs)` (`.unlimited` equals no number).
        @inlinable
        public static func == (lhs: Int, rhs: Demand) -> Bool {
            rhs == lhs
        }

        /// Whether `rhs` is not `.max(lhs)`.
        @inlinable
        public static func != (lhs: Int, rhs: Demand) -> Bool {
            rhs != lhs
        }

        /// Whether `lhs` is a number below `rhs` (`.unlimited` is above every number).
        @inlinable
        public static func < (lhs: Demand, rhs: Int) -> Bool {
            lhs.max.map { $0 < rhs } ?? false
        }

        /// Whether `lhs` is a number at most `rhs`.
        @inlinable
        public static func <= (lhs: Demand, rhs: Int) -> Bool {
            lhs.max.map { $0 <= rhs } ?? false
        }

        /// Whether `lhs` is above `rhs`: `.unlimited` always is.
        @inlinable
        public static func > (lhs: Demand, rhs: Int) -> Bool {
            lhs.max.map { $0 > rhs } ?? true
        }

        /// Whether `lhs` is at least `rhs`: `.unlimited` always is.
        @inlinable
        public static func >= (lhs: Demand, rhs: Int) -> Bool {
            lhs.max.map { $0 >= rhs } ?? true
        }

        /// Whether `lhs` is below `rhs`: always, for `.unlimited`.
        @inlinable
        public static func < (lhs: Int, rhs: Demand) -> Bool {
            rhs > lhs
        }

        /// Whether `lhs` is at most `rhs`: always, for `.unlimited`.
        @inlinable
        public static func <= (lhs: Int, rhs: Demand) -> Bool {
            rhs >= lhs
        }

        /// Whether `lhs` is above `rhs`: never, for `.unlimited`.
        @inlinable
        public static func > (lhs: Int, rhs: Demand) -> Bool {
            rhs < lhs
        }

        /// Whether `lhs` is at least `rhs`: never, for `.unlimited`.
        @inlinable
        public static func >= (lhs: Int, rhs: Demand) -> Bool {
            rhs <= lhs
        }

        // MARK: Codable: one unsigned number, `UInt(Int.max) + 1` for `.unlimited`

        /// Reads the number; one above `Int.max` and beyond is `.unlimited`.
        public init(from decoder: Decoder) throws {
            self.init(rawValue: try decoder.singleValueContainer().decode(UInt.self))
        }

        /// Writes the number.
        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }
}
#endif
