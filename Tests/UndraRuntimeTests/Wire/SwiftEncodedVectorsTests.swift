import Foundation
import Testing

/// Swift's encoding of every vector's expected value, for the Rust peer to check
/// (`undra-peer check FILE`, run by .ci/run): written to the file `UNDRA_SWIFT_VECTORS` names.
@Suite struct SwiftEncodedVectorsTests {
    @Test func swiftEncodesEveryVectorForTheRustPeer() throws {
        let expectations = StandardVectorTests.expectations + MessageVectorTests.expectations + CodableVectorTests.expectations
        let lines = try expectations.map { "\($0.name) \(GoldenVectors.hex(try $0.swiftBytes()))" }
        #expect(Set(lines.map { $0.split(separator: " ")[0] }).count == 142)
        if let path = ProcessInfo.processInfo.environment["UNDRA_SWIFT_VECTORS"] {
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
