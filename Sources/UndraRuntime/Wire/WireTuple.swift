// Rust's anonymous tuples: (A, B), (A, B, C) and (A, B, C, D).
//
// Swift's tuples cannot conform to protocols, so a Rust tuple is one of these structs, which
// hold the same values by position and convert to and from a Swift tuple (`tuple`).

/// Rust's tuple `(A, B)`: the two elements in order, nothing between (serde's tuple).
///
///     let value = WireTuple2(UInt8(1), "a")   // Rust: (1u8, "a")
///     value.description                       // "(1, a)"
///     type(of: value).wireShape               // (u8,string)
///
/// `Equatable`, `Hashable`, `Sendable`, `WireShaped` and `WireCodable` when every element type
/// is. `description` is the elements' descriptions in parentheses, separated by `, ` (a Swift
/// tuple's `print` quotes strings; this does not).
///
/// - Complexity: O(1) but the elements' own work; reading and writing are O(n) in the encoded
///   size.
/// - Thread safety: a value type; `Sendable` when its elements are.
public struct WireTuple2<A, B> {
    /// The first element (Rust's `.0`).
    public var first: A
    /// The second element (`.1`).
    public var second: B

    /// The tuple `(first, second)`. O(1).
    @inlinable
    public init(_ first: A, _ second: B) {
        self.first = first
        self.second = second
    }

    /// The elements as a Swift tuple, to read or replace together. O(1).
    @inlinable
    public var tuple: (A, B) {
        get { (first, second) }
        set { (first, second) = newValue }
    }
}

extension WireTuple2: Equatable where A: Equatable, B: Equatable {}
extension WireTuple2: Hashable where A: Hashable, B: Hashable {}
extension WireTuple2: Sendable where A: Sendable, B: Sendable {}

extension WireTuple2: CustomStringConvertible {
    /// The elements' descriptions (`String(describing:)`) in parentheses: `(1, a)`. O(n) in its
    /// length.
    public var description: String {
        "(\(first), \(second))"
    }
}

/// The shape of Rust's `(A, B)`: `.tuple` of the elements' shapes, in order.
///
/// - Complexity: O(size of the elements' shapes).
/// - Thread safety: computes a value from nothing shared.
extension WireTuple2: WireShaped where A: WireShaped, B: WireShaped {
    public static var wireShape: WireShape { .tuple([A.wireShape, B.wireShape]) }
}

/// `(A, B)`: the elements in order, with no length and nothing between; an element that does
/// not decode throws its own error, at its own offset.
///
/// - Complexity: O(n) in the encoded size.
/// - Thread safety: reading and writing touch only the reader or writer, each confined to its
///   thread.
extension WireTuple2: WireCodable where A: WireCodable, B: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        let first = try A(from: &reader)
        let second = try B(from: &reader)
        self.init(first, second)
    }

    @inlinable public func encode(to writer: inout WireWriter) {
        first.encode(to: &writer)
        second.encode(to: &writer)
    }

    /// The sum of the elements' fewest bytes.
    public static var minimumWireSize: Int { A.minimumWireSize + B.minimumWireSize }
}

/// Rust's tuple `(A, B, C)`: the three elements in order, nothing between (serde's tuple).
///
///     let value = WireTuple3(UInt8(7), "t", true)   // Rust: (7u8, "t", true)
///     value.description                             // "(7, t, true)"
///     type(of: value).wireShape                     // (u8,string,bool)
///
/// `Equatable`, `Hashable`, `Sendable`, `WireShaped` and `WireCodable` when every element type
/// is. `description` is the elements' descriptions in parentheses, separated by `, ` (a Swift
/// tuple's `print` quotes strings; this does not).
///
/// - Complexity: O(1) but the elements' own work; reading and writing are O(n) in the encoded
///   size.
/// - Thread safety: a value type; `Sendable` when its elements are.
public struct WireTuple3<A, B, C> {
    /// The first element (Rust's `.0`).
    public var first: A
    /// The second element (`.1`).
    public var second: B
    /// The third element (`.2`).
    public var third: C

    /// The tuple `(first, second, third)`. O(1).
    @inlinable
    public init(_ first: A, _ second: B, _ third: C) {
        self.first = first
        self.second = second
        self.third = third
    }

    /// The elements as a Swift tuple, to read or replace together. O(1).
    @inlinable
    public var tuple: (A, B, C) {
        get { (first, second, third) }
        set { (first, second, third) = newValue }
    }
}

extension WireTuple3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
extension WireTuple3: Hashable where A: Hashable, B: Hashable, C: Hashable {}
extension WireTuple3: Sendable where A: Sendable, B: Sendable, C: Sendable {}

extension WireTuple3: CustomStringConvertible {
    /// The elements' descriptions (`String(describing:)`) in parentheses: `(7, t, true)`. O(n) in its
    /// length.
    public var description: String {
        "(\(first), \(second), \(third))"
    }
}

/// The shape of Rust's `(A, B, C)`: `.tuple` of the elements' shapes, in order.
///
/// - Complexity: O(size of the elements' shapes).
/// - Thread safety: computes a value from nothing shared.
extension WireTuple3: WireShaped where A: WireShaped, B: WireShaped, C: WireShaped {
    public static var wireShape: WireShape { .tuple([A.wireShape, B.wireShape, C.wireShape]) }
}

/// `(A, B, C)`: the elements in order, with no length and nothing between; an element that does
/// not decode throws its own error, at its own offset.
///
/// - Complexity: O(n) in the encoded size.
/// - Thread safety: reading and writing touch only the reader or writer, each confined to its
///   thread.
extension WireTuple3: WireCodable where A: WireCodable, B: WireCodable, C: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        let first = try A(from: &reader)
        let second = try B(from: &reader)
        let third = try C(from: &reader)
        self.init(first, second, third)
    }

    @inlinable public func encode(to writer: inout WireWriter) {
        first.encode(to: &writer)
        second.encode(to: &writer)
        third.encode(to: &writer)
    }

    /// The sum of the elements' fewest bytes.
    public static var minimumWireSize: Int { A.minimumWireSize + B.minimumWireSize + C.minimumWireSize }
}

/// Rust's tuple `(A, B, C, D)`: the four elements in order, nothing between (serde's tuple).
///
///     let value = WireTuple4(Int32(-1), "x", false, 2.5)   // Rust: (-1i32, "x", false, 2.5f64)
///     value.description                                    // "(-1, x, false, 2.5)"
///     type(of: value).wireShape                            // (i32,string,bool,f64)
///
/// `Equatable`, `Hashable`, `Sendable`, `WireShaped` and `WireCodable` when every element type
/// is. `description` is the elements' descriptions in parentheses, separated by `, ` (a Swift
/// tuple's `print` quotes strings; this does not).
///
/// - Complexity: O(1) but the elements' own work; reading and writing are O(n) in the encoded
///   size.
/// - Thread safety: a value type; `Sendable` when its elements are.
public struct WireTuple4<A, B, C, D> {
    /// The first element (Rust's `.0`).
    public var first: A
    /// The second element (`.1`).
    public var second: B
    /// The third element (`.2`).
    public var third: C
    /// The fourth element (`.3`).
    public var fourth: D

    /// The tuple `(first, second, third, fourth)`. O(1).
    @inlinable
    public init(_ first: A, _ second: B, _ third: C, _ fourth: D) {
        self.first = first
        self.second = second
        self.third = third
        self.fourth = fourth
    }

    /// The elements as a Swift tuple, to read or replace together. O(1).
    @inlinable
    public var tuple: (A, B, C, D) {
        get { (first, second, third, fourth) }
        set { (first, second, third, fourth) = newValue }
    }
}

extension WireTuple4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}
extension WireTuple4: Hashable where A: Hashable, B: Hashable, C: Hashable, D: Hashable {}
extension WireTuple4: Sendable where A: Sendable, B: Sendable, C: Sendable, D: Sendable {}

extension WireTuple4: CustomStringConvertible {
    /// The elements' descriptions (`String(describing:)`) in parentheses: `(-1, x, false, 2.5)`. O(n) in its
    /// length.
    public var description: String {
        "(\(first), \(second), \(third), \(fourth))"
    }
}

/// The shape of Rust's `(A, B, C, D)`: `.tuple` of the elements' shapes, in order.
///
/// - Complexity: O(size of the elements' shapes).
/// - Thread safety: computes a value from nothing shared.
extension WireTuple4: WireShaped where A: WireShaped, B: WireShaped, C: WireShaped, D: WireShaped {
    public static var wireShape: WireShape { .tuple([A.wireShape, B.wireShape, C.wireShape, D.wireShape]) }
}

/// `(A, B, C, D)`: the elements in order, with no length and nothing between; an element that does
/// not decode throws its own error, at its own offset.
///
/// - Complexity: O(n) in the encoded size.
/// - Thread safety: reading and writing touch only the reader or writer, each confined to its
///   thread.
extension WireTuple4: WireCodable where A: WireCodable, B: WireCodable, C: WireCodable, D: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        let first = try A(from: &reader)
        let second = try B(from: &reader)
        let third = try C(from: &reader)
        let fourth = try D(from: &reader)
        self.init(first, second, third, fourth)
    }

    @inlinable public func encode(to writer: inout WireWriter) {
        first.encode(to: &writer)
        second.encode(to: &writer)
        third.encode(to: &writer)
        fourth.encode(to: &writer)
    }

    /// The sum of the elements' fewest bytes.
    public static var minimumWireSize: Int { A.minimumWireSize + B.minimumWireSize + C.minimumWireSize + D.minimumWireSize }
}
