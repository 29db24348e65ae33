import Testing
import UndraRuntime

/// `WireResult` is `Result` on the wire: the same bytes and shape both ways, as `Codable` and as
/// `WireCodable`, and the same outcome back as a `Result`.
@Suite struct WireResultTests {
    struct Refused: Error, Codable, WireCodable, Equatable {
        var reason: String
    }

    @Test func itsBytesAndShapeAreResultsOnEveryPath() throws {
        let results: [Result<UInt32, Refused>] = [.success(5), .failure(Refused(reason: "no"))]
        for result in results {
            let wire = WireResult(result)
            #expect(wire.result == result)
            #expect(wire.wireBytes == result.wireBytes)
            #expect(try WireEncoder().encode(wire) == result.wireBytes)
            #expect(try WireDecoder().decode(WireResult<UInt32, Refused>.self, from: result.wireBytes) == wire)
            #expect(try WireResult<UInt32, Refused>(wireBytes: result.wireBytes) == wire)
        }
        #expect(WireResult<UInt32, Refused>.success(5) == .ok(5))
        #expect(WireResult<UInt32, Refused>.failure(Refused(reason: "no")) == .err(Refused(reason: "no")))
        #expect(WireResult<UInt32, Refused>.wireShape == Result<UInt32, Refused>.wireShape)
        #expect(try WireShape.traced(WireResult<UInt32, Refused>.self).description == "enum{ok:u32|err:string}")
        #expect(throws: WireError(offset: 0, reason: .invalidVariant(type: "Result", index: 2))) {
            try WireResult<UInt32, Refused>(wireBytes: [2, 0, 0, 0])
        }
    }
}
