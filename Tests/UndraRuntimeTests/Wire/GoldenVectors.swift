import Foundation
import UndraRuntime

/// The golden vectors written by the Rust peer (Tests/RustPeer, `undra-peer vectors`), read from
/// Tests/WireVectors beside this test target: `name hex` lines.
enum GoldenVectors {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("WireVectors")

    /// The vectors of `file`, in file order.
    static func load(_ file: String) -> [(name: String, bytes: [UInt8])] {
        lines(file).map { line in
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), bytes(hex: parts.count > 1 ? String(parts[1]) : ""))
        }
    }

    /// `name text` lines of `file` (comments and blank lines skipped).
    static func lines(_ file: String) -> [String] {
        let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    }

    static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}

/// One vector's expectations: Swift's encoding of the expected value (what the Rust peer checks
/// when `UNDRA_SWIFT_VECTORS` names a file to write them to), and a check of Rust's bytes that
/// throws when they do not decode to the expected value or do not re-encode to themselves.
struct VectorExpectation: Sendable {
    let name: String
    let swiftBytes: @Sendable () throws -> [UInt8]
    let check: @Sendable ([UInt8]) throws -> Void
}

struct VectorMismatch: Error, CustomStringConvertible {
    let description: String
}

extension VectorExpectation {
    /// A value that compares with `==` (NaNs compare by their bits).
    static func value<T: WireCodable & Equatable & Sendable>(_ name: String, _ value: T) -> VectorExpectation {
        VectorExpectation(name: name, swiftBytes: { value.wireBytes }) { bytes in
            let decoded = try T(wireBytes: bytes)
            guard decoded == value || (decoded != decoded && value != value && decoded.wireBytes == value.wireBytes) else {
                throw VectorMismatch(description: "\(name): decoded \(decoded), expected \(value)")
            }
            guard decoded.wireBytes == bytes else {
                throw VectorMismatch(description: "\(name): re-encoded \(GoldenVectors.hex(decoded.wireBytes))")
            }
        }
    }
}
