import Testing
@testable import UndraRuntime

/// The fake core speaks the real core's bytes: Tests/WireVectors/core.transcript is the Rust
/// reference core's session (written by `undra-todos-core transcript`, regenerated and compared
/// in CI), and the fake core, given the same host messages, answers each with the same bytes.
@Suite struct CoreTranscriptTests {
    /// The transcript's entries, in order: `host`, `core`, `raw` or `die`, and the bytes.
    static let entries: [(kind: String, bytes: [UInt8])] = GoldenVectors.load("core.transcript").map { ($0.name, $0.bytes) }

    @Test func theTranscriptCoversEveryKindOfAnswer() {
        let kinds = Self.entries.map(\.kind)
        #expect(kinds.filter { $0 == "host" }.count == 31)
        #expect(kinds.filter { $0 == "core" }.count == 32)
        #expect(kinds.filter { $0 == "raw" }.count == 1)
        #expect(kinds.filter { $0 == "die" }.count == 1)
    }

    @Test func theFakeCoreAnswersEachHostMessageWithTheRealCoresBytes() {
        let core = FakeTodosCore(epoch: 7)
        var expected: [FakeTodosCore.Output] = []
        var answered = 0
        func check(_ message: [UInt8]?) {
            guard let message else { return }
            let answers = core.handle(message)
            #expect(answers == expected, "answers to host message \(answered + 1)")
            answered += 1
            expected = []
        }
        var pending: [UInt8]?
        for (kind, bytes) in Self.entries {
            switch kind {
            case "host":
                check(pending)
                pending = bytes
            case "core": expected.append(.message(bytes))
            case "raw": expected.append(.raw(bytes))
            default: expected.append(.die(bytes))
            }
        }
        check(pending)
        #expect(answered == 31)
    }

    @Test func everyCoreMessageOfTheTranscriptDecodesForTheTodosOrChaosStore() throws {
        var frames = 0, errors = 0
        for (kind, bytes) in Self.entries where kind == "core" || kind == "die" {
            let store = bytes[4]
            if bytes[0] == 1 {
                let error = try CoreError(wireBytes: Array(bytes.dropFirst(4)))
                #expect([42, CoreError.noSuchStoreCode, CoreError.schemaMismatchCode].contains(error.code))
                if error.code == CoreError.schemaMismatchCode { #expect(error.message == TodosSchema.wire.description) }
                errors += 1
            } else if store == 0 && kind == "core" && bytes[24] != 2 {
                _ = try TodosSchema.wire.decodeFrame(Array(bytes.dropFirst(8)))
                frames += 1
            } else if store == 1 {
                _ = try ChaosSchema.wire.decodeFrame(Array(bytes.dropFirst(8)))
                frames += 1
            }
        }
        #expect(errors == 3)
        #expect(frames == 28)  // 32 messages: 3 errors, 1 malformed delta (and the one the core died sending)
    }
}
