/// A `Codable` type is `WireCodable` by declaring both: its bytes are `WireEncoder`'s and
/// `WireDecoder`'s, its shape is traced from its `Decodable` conformance (`WireShapeTracer`).
///
///     struct Todo: Codable, WireCodable, Sendable {   // Rust: struct Todo { id: i64, title: String, done: bool }
///         var id: Int64, title: String, done: Bool
///     }
///     enum TodoCommand: Codable, WireCodable, Sendable {   // Rust: enum TodoCommand { Add(String), Toggle(i64) }
///         case add(title: String), toggle(Int64)
///         enum CodingKeys: Int, CodingKey { case add, toggle }   // the variant indices
///     }
///
/// A type may still read and write itself by hand (the fast path); what it declares wins.
extension WireCodable where Self: Codable {
    /// Reads the value through its `init(from: Decoder)`.
    public init(from reader: inout WireReader) throws(WireError) {
        self = try WireDecoder.decodeThroughInit(Self.self, from: &reader)
    }

    /// Writes the value through its `encode(to: Encoder)`. A type whose conformance asks for
    /// what the wire cannot carry (an enum whose `CodingKeys` have no `Int` values) stops the
    /// program here, naming what to declare: that is a mistake in the program, not in its input,
    /// and `wireShape` finds it first, when the store's schema is computed.
    public func encode(to writer: inout WireWriter) {
        do {
            try WireEncoder.encodeThroughEncode(self, to: &writer)
        } catch {
            preconditionFailure("\(Self.self) cannot be written to the wire: \(error)")
        }
    }

    /// The shape traced from `init(from: Decoder)`, once per process. A type that cannot be
    /// traced (see `WireShapeError`) stops the program here, naming what to declare.
    public static var wireShape: WireShape {
        do {
            return try WireShapeTracer.traced(Self.self)
        } catch {
            preconditionFailure("\(error)")
        }
    }
}
