/// A keyed-list op is the wire's `ListOp<K, R>`: `Reset(Vec<(K, R)>)` = 0,
/// `Insert { rows, before: Option<K> }` = 1, `Update(K, R)` = 2, `Remove(Vec<K>)` = 3,
/// `Move { key, before: Option<K> }` = 4. A row travels as its (key, row) pair.
extension KeyedList.Op: WireCodable where Key: WireCodable, Row: WireCodable {
    @inlinable
    public init(from reader: inout WireReader) throws(WireError) {
        switch try reader.readVariant(of: "ListOp", count: 5) {
        case 0:
            self = .reset(try Self.readRows(&reader))
        case 1:
            let rows = try Self.readRows(&reader)
            self = .insert(rows, before: try Key?(from: &reader))
        case 2:
            let key = try Key(from: &reader)
            self = .update(key, try Row(from: &reader))
        case 3:
            self = .remove(try [Key](from: &reader))
        default:
            let key = try Key(from: &reader)
            self = .move(key, before: try Key?(from: &reader))
        }
    }

    @inlinable
    static func readRows(_ reader: inout WireReader) throws(WireError) -> [(key: Key, row: Row)] {
        let count = try reader.readLength(minimumElementSize: Key.minimumWireSize + Row.minimumWireSize)
        var rows: [(key: Key, row: Row)] = []
        rows.reserveCapacity(count)
        for _ in 0..<count {
            let key = try Key(from: &reader)
            rows.append((key, try Row(from: &reader)))
        }
        return rows
    }

    @inlinable
    public func encode(to writer: inout WireWriter) {
        switch self {
        case .reset(let rows):
            writer.writeVariant(0)
            Self.writeRows(rows, to: &writer)
        case .insert(let rows, let before):
            writer.writeVariant(1)
            Self.writeRows(rows, to: &writer)
            before.encode(to: &writer)
        case .update(let key, let row):
            writer.writeVariant(2)
            key.encode(to: &writer)
            row.encode(to: &writer)
        case .remove(let keys):
            writer.writeVariant(3)
            keys.encode(to: &writer)
        case .move(let key, let before):
            writer.writeVariant(4)
            key.encode(to: &writer)
            before.encode(to: &writer)
        }
    }

    @inlinable
    static func writeRows(_ rows: [(key: Key, row: Row)], to writer: inout WireWriter) {
        writer.writeLength(rows.count)
        for (key, row) in rows {
            key.encode(to: &writer)
            row.encode(to: &writer)
        }
    }

    /// The variant index, then at least a length (reset, remove) or a key (the others).
    public static var minimumWireSize: Int { 4 + Swift.min(8, Key.minimumWireSize) }
}

extension KeyedList.Op: WireShaped where Key: WireShaped, Row: WireShaped {
    /// `enum ListOp<K, R>`'s shape (a list field's description names only `K` and `R`).
    public static var wireShape: WireShape {
        let (key, row) = (Key.wireShape, Row.wireShape)
        let rows = WireShape.seq(.tuple([key, row]))
        return .enumeration([
            WireVariant("reset", rows),
            WireVariant("insert", .structure([WireField("rows", rows), WireField("before", .option(key))])),
            WireVariant("update", .tuple([key, row])), WireVariant("remove", .seq(key)),
            WireVariant("move", .structure([WireField("key", key), WireField("before", .option(key))])),
        ])
    }
}
