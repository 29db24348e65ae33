/// A command's error whose Rust type is not a type of the app's own (`Result<T, String>`,
/// `Result<T, ()>`): the value, as a Swift `Error`, so that the command's method throws
/// `CommandError<WireFailure<String>>`. On the wire it is its value: the same bytes and shape.
///
///     enum NotesOutcome: WireCodable { case rename(WireResult<WireUnit, WireFailure<String>>) … }
///
/// - Thread safety: a value type; `Sendable`.
public struct WireFailure<Value: WireCodable & Sendable>: Error, CustomStringConvertible {
    /// What the core failed with.
    public var value: Value

    /// The failure `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// The value's description.
    public var description: String { "\(value)" }
}

extension WireFailure: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) { value = try Value(from: &reader) }
    @inlinable public func encode(to writer: inout WireWriter) { value.encode(to: &writer) }
    public static var minimumWireSize: Int { Value.minimumWireSize }
    public static var wireShape: WireShape { Value.wireShape }
}

extension WireFailure: Equatable where Value: Equatable {}
extension WireFailure: Hashable where Value: Hashable {}
