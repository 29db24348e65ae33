#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `Data` is serde's bytes (`Vec<u8>`, `serde_bytes`): a u64 length, then the bytes.
extension Data: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        let count = try reader.readLength()
        self.init(try reader.readBytes(count))
    }
    @inlinable public func encode(to writer: inout WireWriter) {
        writer.writeLength(count)
        writer.writeRaw(self)
    }
    public static var minimumWireSize: Int { 8 }
}

extension Data: WireShaped {
    public static var wireShape: WireShape { .bytes }
}
