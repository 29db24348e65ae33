import Foundation
import UndraRuntime

// The Rust peer's types of every serde shape, written as generated code writes them.

/// `struct Point { x: i32, y: i32 }`
struct Point: WireCodable, Hashable {
    var x: Int32, y: Int32
    init(x: Int32, y: Int32) { self.x = x; self.y = y }
    init(from reader: inout WireReader) throws(WireError) {
        x = try reader.read()
        y = try reader.read()
    }
    func encode(to writer: inout WireWriter) {
        writer.write(x)
        writer.write(y)
    }
    static var wireShape: WireShape { .structure([WireField("x", .i32), WireField("y", .i32)]) }
}

/// `struct Marker;`: no bytes.
struct Marker: WireCodable, Hashable {
    init() {}
    init(from reader: inout WireReader) throws(WireError) {}
    func encode(to writer: inout WireWriter) {}
    static var wireShape: WireShape { .unit }
}

/// `struct Meters(f64);`: the value's bytes.
struct Meters: WireCodable, Hashable {
    var value: Double
    init(_ value: Double) { self.value = value }
    init(from reader: inout WireReader) throws(WireError) { value = try Double(from: &reader) }
    func encode(to writer: inout WireWriter) { value.encode(to: &writer) }
    static var wireShape: WireShape { .f64 }
}

/// `struct Pair(u8, u16);`: the fields in order.
struct Pair: WireCodable, Hashable {
    var first: UInt8, second: UInt16
    init(_ first: UInt8, _ second: UInt16) { self.first = first; self.second = second }
    init(from reader: inout WireReader) throws(WireError) {
        first = try reader.read()
        second = try reader.read()
    }
    func encode(to writer: inout WireWriter) {
        writer.write(first)
        writer.write(second)
    }
    static var wireShape: WireShape { .tuple([.u8, .u16]) }
}

/// `enum Shape { Empty, Circle(u32), Line(u8, String), Rect { w: u16, h: u16 } }`
enum Shape: WireCodable, Hashable {
    case empty
    case circle(UInt32)
    case line(UInt8, String)
    case rect(w: UInt16, h: UInt16)

    init(from reader: inout WireReader) throws(WireError) {
        switch try reader.readVariant(of: "Shape", count: 4) {
        case 0: self = .empty
        case 1: self = .circle(try reader.read())
        case 2: self = .line(try reader.read(), try reader.readString())
        default: self = .rect(w: try reader.read(), h: try reader.read())
        }
    }

    func encode(to writer: inout WireWriter) {
        switch self {
        case .empty:
            writer.writeVariant(0)
        case .circle(let radius):
            writer.writeVariant(1)
            writer.write(radius)
        case .line(let width, let label):
            writer.writeVariant(2)
            writer.write(width)
            writer.write(label)
        case .rect(let w, let h):
            writer.writeVariant(3)
            writer.write(w)
            writer.write(h)
        }
    }

    static var wireShape: WireShape {
        .enumeration([
            WireVariant("Empty", .unit), WireVariant("Circle", .u32), WireVariant("Line", .tuple([.u8, .string])),
            WireVariant("Rect", .structure([WireField("w", .u16), WireField("h", .u16)])),
        ])
    }
}

/// `(u8, String, bool)`: a tuple is its elements in order (Swift tuples cannot conform to a
/// protocol, so generated code writes them inline, as here).
struct TupleU8StringBool: WireCodable, Equatable {
    var values: (UInt8, String, Bool)
    init(_ values: (UInt8, String, Bool)) { self.values = values }
    init(from reader: inout WireReader) throws(WireError) {
        values = (try reader.read(), try reader.readString(), try reader.readBool())
    }
    func encode(to writer: inout WireWriter) {
        writer.write(values.0)
        writer.write(values.1)
        writer.write(values.2)
    }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.values == rhs.values }
    static var wireShape: WireShape { .tuple([.u8, .string, .bool]) }
}

/// `((u16, u16), Option<u32>)`
struct NestedTuple: WireCodable, Equatable {
    var pair: (UInt16, UInt16), option: UInt32?
    init(_ pair: (UInt16, UInt16), _ option: UInt32?) { self.pair = pair; self.option = option }
    init(from reader: inout WireReader) throws(WireError) {
        pair = (try reader.read(), try reader.read())
        option = try UInt32?(from: &reader)
    }
    func encode(to writer: inout WireWriter) {
        writer.write(pair.0)
        writer.write(pair.1)
        option.encode(to: &writer)
    }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.pair == rhs.pair && lhs.option == rhs.option }
    static var wireShape: WireShape { .tuple([.tuple([.u16, .u16]), .option(.u32)]) }
}

/// A String that is also an `Error`, for `Result<u32, String>`.
struct Message: Error, WireCodable, Hashable {
    var text: String
    init(_ text: String) { self.text = text }
    init(from reader: inout WireReader) throws(WireError) { text = try reader.readString() }
    func encode(to writer: inout WireWriter) { writer.write(text) }
    static var wireShape: WireShape { .string }
}
