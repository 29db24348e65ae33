import UndraRuntime

// libFuzzer's entry point for the wire's decoders (built and run by Tests/Fuzz/run.sh, with the
// library and the Todos store of the tests compiled in). Each input is decoded as every message
// a core or a host receives, and as a Codable type of every shape. Nothing may trap; and whatever decodes must re-encode to exactly
// the input (the encoding is canonical), or the run stops here as a crash.

/// The Todos store after a fixed snapshot (epoch 7, sequence 1, three rows): fuzzed frames of
/// epoch 7 and sequence 2 then reach every list op's checks.
func storeWithRows() -> Todos {
    let store = Todos(send: { _ in })
    let rows = (1...3).map { (key: TodoID(rawValue: $0), row: Todo(id: TodoID(rawValue: $0), title: "row \($0)")) }
    store.runtime.apply(Frame(
        epoch: 7, sequence: 1, isSnapshot: true, schemaHash: TodosSchema.hash, ops: [.reset(TodosSchema.visible, rows)]))
    return store
}

func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("wire fuzzer: \(message())") }
}

/// Every shape of the Codable path but maps (whose keys re-encode in order, not as they came):
/// read through `WireDecoder`, written back through `WireEncoder`.
indirect enum FuzzedCodable: Codable, Equatable {
    case leaf(Int64, String?), node([FuzzedCodable], FuzzedCodable??), unit, record(FuzzedRecord)
    enum CodingKeys: Int, CodingKey { case leaf, node, unit, record }
}

struct FuzzedRecord: Codable, Equatable {
    var a: UInt8
    var b: Bool
    var c: Double
    var d: UndraDuration?
    var e: [Int16]
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWire(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let frame = try? TodosSchema.wire.decodeFrame(bytes) {
        require((try? TodosSchema.wire.encode(frame)) == bytes, "a frame does not re-encode to its bytes")
        _ = storeWithRows().runtime.apply(frame.frame)
    }
    if let message = try? CoreMessage(wireBytes: bytes, schema: { $0 == 0 ? TodosSchema.wire : nil }) {
        require((try? message.wireBytes(schema: TodosSchema.wire)) == bytes, "a core message does not re-encode")
    }
    if let message = try? HostMessage<TodoCommand>(wireBytes: bytes) {
        require(message.wireBytes == bytes, "a host message does not re-encode")
    }
    if let command = try? TodosSchema.wire.decodeCommand(bytes) {
        require(command.wireBytes == bytes, "a command does not re-encode")
    }
    if let value = try? WireDecoder().decode(FuzzedCodable.self, from: bytes) {
        require((try? WireEncoder().encode(value)) == bytes, "a Codable value does not re-encode")
    }
    if let duration = try? UndraDuration(wireBytes: bytes) {
        require(duration.wireBytes == bytes, "a duration does not re-encode")
    }
    return 0
}
