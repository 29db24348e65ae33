import Dispatch
import Testing
import UndraRuntime

/// `WireSchema` beyond the vectors: frames it cannot write, rejections turned into resync
/// reasons, and decoding from many threads at once.
@Suite struct WireSchemaTests {
    enum Other {
        static let names = Field<String>(id: 1, name: "names", initial: "")
        static let unknown = Field<Int>(id: 9, name: "unknown", initial: 0)
    }

    static func delta(_ ops: [FrameOp]) -> WireFrame<TodosOutcome> {
        WireFrame(Frame(epoch: 1, sequence: 2, ops: ops))
    }

    @Test func framesTheSchemaCannotWriteAreTypedErrors() throws {
        #expect(throws: FrameEncodingError(reason: .unknownField, entry: 1, field: 9)) {
            try TodosSchema.wire.encode(Self.delta([.set(TodosSchema.count, 1), .set(Other.unknown, 2)]))
        }
        // Field 1 of this schema holds Strings, but through another declaration: the payload's type decides.
        #expect(throws: FrameEncodingError(reason: .typeMismatch, entry: 0, field: 2)) {
            try TodosSchema.wire.encode(Self.delta([.set(Field<String>(id: 2, name: "count", initial: ""), "two")]))
        }
        #expect(throws: FrameEncodingError(reason: .snapshotWithoutSchemaHash)) {
            try TodosSchema.wire.encode(WireFrame(Frame(epoch: 1, sequence: 1, isSnapshot: true, ops: [])))
        }
        #expect(throws: FrameEncodingError(reason: .schemaHashOnDelta)) {
            try TodosSchema.wire.encode(WireFrame(Frame(epoch: 1, sequence: 2, schemaHash: 5, ops: [])))
        }
        #expect(try TodosSchema.wire.encode(Self.delta([.set(Other.names, "same id, same type")])).count == 63)
    }

    @Test func aWireFrameNamesItsAcksInItsFrame() {
        let acks = [Ack(command: CommandID(rawValue: 3), outcome: TodosOutcome.toggle(.success(WireUnit())))]
        let frame = WireFrame(Frame(epoch: 1, sequence: 2, ops: [], acks: [99]), acks: acks)
        #expect(frame.frame.acks == [3])
        #expect(WireFrame<TodosOutcome>(Frame(epoch: 1, sequence: 2, ops: [], acks: [99])).frame.acks == [])
    }

    @Test func everyRejectionButAwaitingResyncIsAReasonToResync() {
        func rejection(_ reason: MirrorError.Reason, opIndex: Int? = nil) -> MirrorError {
            MirrorError(reason: reason, epoch: 8, sequence: 9, opIndex: opIndex, field: 0, fieldName: "visible", key: "4")
        }
        #expect(ResyncReason(rejection(.gap(expected: 5))) == .gap(expected: 5, received: 9))
        #expect(ResyncReason(rejection(.duplicate(last: 12))) == .duplicate(last: 12, received: 9))
        #expect(ResyncReason(rejection(.unexpectedEpoch(expected: 7))) == .unexpectedEpoch(expected: 7, received: 8))
        #expect(ResyncReason(rejection(.unexpectedEpoch(expected: nil))) == .unexpectedEpoch(expected: nil, received: 8))
        #expect(ResyncReason(rejection(.schemaMismatch(expected: 1, received: nil))) == .schemaMismatch(expected: 1, received: nil))
        #expect(ResyncReason(rejection(.awaitingResync)) == nil)
        let missing = rejection(.list(KeyedListError(reason: .missingKey, opIndex: 2, op: .update, key: "4")), opIndex: 2)
        #expect(ResyncReason(missing) == .rejected(op: 2, message: missing.description))
        #expect(ResyncReason(rejection(.unknownField, opIndex: 0)) == .rejected(op: 0, message: "frame 8:9, field visible (#0), op 0: no such field"))
        #expect(ResyncReason(WireError(offset: 31, reason: .invalidBool(3))) == .malformed(offset: 31, message: "byte 31: expected a bool (0 or 1), found 3"))
    }

    @Test func aRejectedFrameFromRustBecomesAResyncRequestRustReads() throws {
        let store = Todos(send: { _ in })
        store.runtime.apply(try TodosSchema.wire.decodeFrame(MessageVectorTests.vector("todos.snapshot.rows")).frame)
        var gap = try TodosSchema.wire.decodeFrame(MessageVectorTests.vector("todos.frame.update")).frame
        gap.sequence = 9
        let rejection = try #require(store.runtime.apply(gap).rejected.first)
        let position = try #require(store.runtime.mirror.position)
        let request = ResyncRequest(store: 0, epoch: position.epoch, sequence: position.sequence, reason: try #require(ResyncReason(rejection)), schema: TodosSchema.wire.description)
        // The request, then the host's schema description (a length and its UTF-8).
        let schema = Array(TodosSchema.wire.description.utf8)
        #expect(HostMessage<TodoCommand>.resync(request).wireBytes == GoldenVectors.bytes(
            hex: "010000000000000001070000000000000001000000000000000100000002000000000000000900000000000000")
            + UInt64(schema.count).wireBytes + schema)
    }

    @Test func manyThreadsDecodeWithOneSchema() async {
        let frames = GoldenVectors.load("messages.vectors").filter { $0.name.hasPrefix("todos.frame") || $0.name.hasPrefix("todos.snapshot") }
        #expect(frames.count == 12)
        let decoded = await withTaskGroup(of: Int.self) { group in
            for thread in 0..<8 {
                group.addTask {
                    var count = 0
                    for round in 0..<200 {
                        let (_, bytes) = frames[(thread + round) % frames.count]
                        if let frame = try? TodosSchema.wire.decodeFrame(bytes), (try? TodosSchema.wire.encode(frame)) == bytes {
                            count += 1
                        }
                    }
                    return count
                }
            }
            return await group.reduce(0, +)
        }
        #expect(decoded == 1_600)
    }
}
