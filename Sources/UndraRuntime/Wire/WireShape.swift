/// What a type is on the wire, as the schema hash sees it: serde's data model with what does not
/// change the bytes taken out (type names, the nesting of one-field structs), but with the names
/// of a struct's fields (so that two fields of one type swapped on one side fail at attach).
/// docs/WIRE.md, "The schema hash", is the normative definition; a Rust core computes the same.
///
///     Todo.wireShape.description                 // "(id:i64,title:string,done:bool)"
///     Result<Int, TodoError>.wireShape            // enum{ok:i64|err:enum{emptytitle:unit|…}}
///
/// - Thread safety: a value type; `Sendable`.
public indirect enum WireShape: Hashable, Sendable, CustomStringConvertible {
    /// `bool`: one byte, 0 or 1.
    case bool
    /// `u8`: one byte.
    case u8
    /// `u16`: two bytes, little-endian.
    case u16
    /// `u32`: four bytes, little-endian.
    case u32
    /// `u64`: eight bytes, little-endian.
    case u64
    /// `u128`: sixteen bytes, little-endian.
    case u128
    /// `i8`: one byte, two's complement.
    case i8
    /// `i16`: two bytes, little-endian, two's complement.
    case i16
    /// `i32`: four bytes, little-endian, two's complement.
    case i32
    /// `i64`: eight bytes, little-endian, two's complement.
    case i64
    /// `i128`: sixteen bytes, little-endian, two's complement.
    case i128
    /// `f32`: an IEEE 754 single, little-endian.
    case f32
    /// `f64`: an IEEE 754 double, little-endian.
    case f64
    /// `char`: a Unicode scalar, as its UTF-8 bytes.
    case char
    /// `string` (and `&str`): a `u64` byte count, then UTF-8.
    case string
    /// `()`, a unit struct, a unit variant's payload, a struct of no fields.
    case unit
    /// `Option<T>`: a tag byte (0 `None`, 1 `Some`), then the value.
    case option(WireShape)
    /// A sequence: `Vec<T>`, a set, and bytes (`seq<u8>`: serde's `Vec<u8>` and bytes write the
    /// same).
    case seq(WireShape)
    /// A map (`HashMap`, `BTreeMap`): a `u64` count, then each key and its value.
    case map(key: WireShape, value: WireShape)
    /// Two or more unnamed fields in order: a tuple, a tuple struct, a tuple variant's fields.
    /// Build it with `fields(_:)`, which keeps the rule that one field is the field itself.
    case tuple([WireShape])
    /// Two or more named fields in order: a struct, a struct variant's fields. Build it with
    /// `fields(_:)` of `WireField`s, which keeps the same rule.
    case structure([WireField])
    /// Variants in declaration order (variant index = position).
    case enumeration([WireVariant])
    /// The `depth`-th enclosing named type (a struct or an enum; 0 is the innermost): how a
    /// recursive type refers to itself.
    case recursion(depth: Int)

    /// The shape of a struct, tuple or variant payload with these fields: `unit` for none, the
    /// field itself for one (a newtype's bytes are its field's), a `tuple` otherwise.
    public static func fields(_ fields: [WireShape]) -> WireShape {
        switch fields.count {
        case 0: .unit
        case 1: fields[0]
        default: .tuple(fields)
        }
    }

    /// The shape of a struct or struct variant payload with these named fields: `unit` for none,
    /// the field's shape for one (its bytes are the field's, and one field cannot be swapped),
    /// a `structure` otherwise.
    public static func fields(_ fields: [WireField]) -> WireShape {
        switch fields.count {
        case 0: .unit
        case 1: fields[0].shape
        default: .structure(fields)
        }
    }

    /// Bytes: the same shape as a sequence of `u8`.
    public static var bytes: WireShape { .seq(.u8) }

    /// The canonical text of the shape (docs/WIRE.md's grammar): what the schema hash hashes.
    /// O(size of the shape).
    public var description: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .bool: text += "bool"
        case .u8: text += "u8"
        case .u16: text += "u16"
        case .u32: text += "u32"
        case .u64: text += "u64"
        case .u128: text += "u128"
        case .i8: text += "i8"
        case .i16: text += "i16"
        case .i32: text += "i32"
        case .i64: text += "i64"
        case .i128: text += "i128"
        case .f32: text += "f32"
        case .f64: text += "f64"
        case .char: text += "char"
        case .string: text += "string"
        case .unit: text += "unit"
        case .option(let wrapped):
            text += "option<"
            wrapped.write(to: &text)
            text += ">"
        case .seq(let element):
            text += "seq<"
            element.write(to: &text)
            text += ">"
        case .map(let key, let value):
            text += "map<"
            key.write(to: &text)
            text += ","
            value.write(to: &text)
            text += ">"
        case .tuple(let fields):
            text += "("
            for (index, field) in fields.enumerated() {
                if index > 0 { text += "," }
                field.write(to: &text)
            }
            text += ")"
        case .structure(let fields):
            text += "("
            for (index, field) in fields.enumerated() {
                if index > 0 { text += "," }
                text += field.name
                text += ":"
                field.shape.write(to: &text)
            }
            text += ")"
        case .enumeration(let variants):
            text += "enum{"
            for (index, variant) in variants.enumerated() {
                if index > 0 { text += "|" }
                text += variant.name
                text += ":"
                variant.shape.write(to: &text)
            }
            text += "}"
        case .recursion(let depth):
            text += "rec\(depth)"
        }
    }
}

/// One variant of an enum's shape: its name, normalized (see `WireVariant.normalize`), and the
/// shape of its payload (`unit`, the one field, or a tuple of the fields).
public struct WireVariant: Hashable, Sendable {
    /// The variant's name, normalized.
    public let name: String
    /// The shape of the variant's payload.
    public let shape: WireShape

    /// A variant named `name` (normalized here, so that Swift's `setFilter` and Rust's
    /// `SetFilter` or `set_filter` are one name).
    public init(_ name: String, _ shape: WireShape) {
        self.name = Self.normalize(name)
        self.shape = shape
    }

    /// A name as the schema hash compares it: ASCII letters lowercased and every `_` removed
    /// (`lastEvent`, `last_event` and `LastEvent` are all `lastevent`). O(n).
    public static func normalize(_ name: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for byte in name.utf8 where byte != UInt8(ascii: "_") {
            bytes.append(byte >= 65 && byte <= 90 ? byte + 32 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// One named field of a struct's shape: its name, normalized (as a variant's), and its shape.
public struct WireField: Hashable, Sendable {
    /// The field's name, normalized.
    public let name: String
    /// The field's shape.
    public let shape: WireShape

    /// A field named `name` (normalized here: Swift's `createdAt` and Rust's `created_at` are one
    /// name).
    public init(_ name: String, _ shape: WireShape) {
        self.name = WireVariant.normalize(name)
        self.shape = shape
    }
}

/// A type whose wire shape is known: every `WireCodable` type of the runtime, and the types a
/// store declares (a `Codable` type's shape can be traced from its `Decodable` conformance).
public protocol WireShaped {
    /// The type's shape. Computed once per use: keep it cheap, or cache it in a `static let`.
    static var wireShape: WireShape { get }
}

extension Bool: WireShaped { public static var wireShape: WireShape { .bool } }
extension UInt8: WireShaped { public static var wireShape: WireShape { .u8 } }
extension UInt16: WireShaped { public static var wireShape: WireShape { .u16 } }
extension UInt32: WireShaped { public static var wireShape: WireShape { .u32 } }
extension UInt64: WireShaped { public static var wireShape: WireShape { .u64 } }
extension UInt: WireShaped { public static var wireShape: WireShape { .u64 } }
extension Int8: WireShaped { public static var wireShape: WireShape { .i8 } }
extension Int16: WireShaped { public static var wireShape: WireShape { .i16 } }
extension Int32: WireShaped { public static var wireShape: WireShape { .i32 } }
extension Int64: WireShaped { public static var wireShape: WireShape { .i64 } }
extension Int: WireShaped { public static var wireShape: WireShape { .i64 } }
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
extension Int128: WireShaped { public static var wireShape: WireShape { .i128 } }
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
extension UInt128: WireShaped { public static var wireShape: WireShape { .u128 } }
extension Float: WireShaped { public static var wireShape: WireShape { .f32 } }
extension Double: WireShaped { public static var wireShape: WireShape { .f64 } }
extension Unicode.Scalar: WireShaped { public static var wireShape: WireShape { .char } }
extension String: WireShaped { public static var wireShape: WireShape { .string } }
extension WireUnit: WireShaped { public static var wireShape: WireShape { .unit } }

extension Optional: WireShaped where Wrapped: WireShaped {
    public static var wireShape: WireShape { .option(Wrapped.wireShape) }
}

extension Array: WireShaped where Element: WireShaped {
    public static var wireShape: WireShape { .seq(Element.wireShape) }
}

extension Dictionary: WireShaped where Key: WireShaped, Value: WireShaped {
    public static var wireShape: WireShape { .map(key: Key.wireShape, value: Value.wireShape) }
}

extension Result: WireShaped where Success: WireShaped, Failure: WireShaped {
    public static var wireShape: WireShape {
        .enumeration([WireVariant("ok", Success.wireShape), WireVariant("err", Failure.wireShape)])
    }
}

extension UndraDuration: WireShaped {
    /// Rust's `Duration`: `{ secs: u64, nanos: u32 }`.
    public static var wireShape: WireShape { .structure([WireField("secs", .u64), WireField("nanos", .u32)]) }
}
