import Testing
import UndraRuntime

/// The Todos store's messages against the bytes the real serde + bincode wrote
/// (Tests/WireVectors/messages.vectors): frames decode through the store's schema into frames
/// its mirror applies, and every message re-encodes byte for byte.
@Suite struct MessageVectorTests {
    typealias Schema = TodosSchema

    static let rows: [(key: TodoID, row: Todo)] = [
        (TodoID(rawValue: 1), Todo(id: TodoID(rawValue: 1), title: "milk")),
        (TodoID(rawValue: 2), Todo(id: TodoID(rawValue: 2), title: "œufs 🥚", done: true)),
    ]
    static let tea = Todo(id: TodoID(rawValue: 3), title: "tea")

    static func id(_ raw: Int) -> TodoID { TodoID(rawValue: raw) }

    static func delta(_ ops: [FrameOp], acks: [Ack<TodosOutcome>] = []) -> WireFrame<TodosOutcome> {
        WireFrame(Frame(epoch: 7, sequence: 2, ops: ops), acks: acks)
    }

    static let acks: [Ack<TodosOutcome>] = [
        Ack(command: CommandID(rawValue: 0), outcome: .add(.success(id(3)))),
        Ack(command: CommandID(rawValue: 1), outcome: .toggle(.success(WireUnit()))),
        Ack(command: CommandID(rawValue: 2), outcome: .toggle(.failure(.notFound(id(9))))),
        Ack(command: CommandID(rawValue: .max), outcome: .add(.failure(.emptyTitle))),
        Ack(command: CommandID(rawValue: 4), outcome: .setFilter(.failure(.unknownFilter("soon")))),
    ]

    static let frames: [(String, WireFrame<TodosOutcome>)] = [
        ("todos.snapshot.empty", WireFrame(Frame(epoch: 7, sequence: 1, isSnapshot: true, schemaHash: Schema.hash, ops: []))),
        ("todos.snapshot.rows", WireFrame(Frame(
            epoch: 7, sequence: 1, isSnapshot: true, schemaHash: Schema.hash,
            ops: [.reset(Schema.visible, rows), .set(Schema.filter, "all"), .set(Schema.count, 2)]))),
        ("todos.frame.insert.append", delta([.insert(Schema.visible, [(id(3), tea)])])),
        ("todos.frame.insert.before", delta([.insert(Schema.visible, [(id(3), tea)], before: id(1))])),
        ("todos.frame.update", delta([.update(Schema.visible, id(1), Todo(id: id(1), title: "milk", done: true))])),
        ("todos.frame.remove", delta([.remove(Schema.visible, [id(1), id(2)])])),
        ("todos.frame.move.end", delta([.move(Schema.visible, id(1), before: nil)])),
        ("todos.frame.move.before", delta([.move(Schema.visible, id(2), before: id(1))])),
        ("todos.frame.reset.empty", delta([.reset(Schema.visible, [])])),
        ("todos.frame.scalars", delta([.set(Schema.filter, "done"), .set(Schema.count, -1), .set(Schema.lastEvent, "é")])),
        ("todos.frame.run", delta([
            .update(Schema.visible, id(1), Todo(id: id(1), title: "a", done: true)),
            .update(Schema.visible, id(2), Todo(id: id(2), title: "b")),
            .set(Schema.count, 2), .remove(Schema.visible, [id(2)]),
        ])),
        ("todos.frame.acks", delta(
            [.insert(Schema.visible, [(id(3), tea)]), .set(Schema.count, 3), .set(Schema.lastEvent, "added tea")], acks: acks)),
    ]

    static let expectations: [VectorExpectation] = frames.map { name, frame in .frame(name, frame) } + [
        .value("todos.todo", tea),
        .value("todos.command.add", WireCommand(id: CommandID(rawValue: 0), command: TodoCommand.add(title: "tea"))),
        .value("todos.command.toggle", WireCommand(id: CommandID(rawValue: 1), command: TodoCommand.toggle(id(2)))),
        .value("todos.command.setFilter", WireCommand(id: CommandID(rawValue: .max), command: TodoCommand.setFilter("done"))),
        .coreMessage("core.frame", .frame(store: 0, WireFrame(
            Frame(epoch: 7, sequence: 2, ops: [.set(Schema.count, 5)]),
            acks: [Ack(command: CommandID(rawValue: 8), outcome: .setFilter(.success(WireUnit())))]))),
        .coreMessage("core.error", .error(CoreError(store: 0, code: 42, message: "disk full"))),
        .coreMessage("core.error.nostore", .error(CoreError(code: 0, message: ""))),
        .value("host.command", HostMessage.command(store: 0, WireCommand(id: CommandID(rawValue: 12), command: TodoCommand.toggle(id(1))))),
        .resync("host.resync.attach", epoch: nil, sequence: 0, .attach),
        .resync("host.resync.gap", epoch: 7, sequence: 4, .gap(expected: 5, received: 9)),
        .resync("host.resync.duplicate", epoch: 7, sequence: 4, .duplicate(last: 4, received: 3)),
        .resync("host.resync.epoch", epoch: 7, sequence: 4, .unexpectedEpoch(expected: 7, received: 8)),
        .resync("host.resync.firstEpoch", epoch: nil, sequence: 0, .unexpectedEpoch(expected: nil, received: 8)),
        .resync("host.resync.schema", epoch: nil, sequence: 0, .schemaMismatch(expected: Schema.hash, received: 1)),
        .resync("host.resync.rejected", epoch: 7, sequence: 4, .rejected(op: 2, message: "no key 9")),
        .resync("host.resync.malformed", epoch: 7, sequence: 4, .malformed(offset: 31, message: "bad tag")),
    ]

    static func vector(_ name: String) -> [UInt8] {
        GoldenVectors.load("messages.vectors").first { $0.name == name }!.bytes
    }

    @Test func everyVectorHasAnExpectationAndEveryExpectationAVector() {
        let names = GoldenVectors.load("messages.vectors").map(\.name)
        #expect(names.count == 28)
        #expect(names.sorted() == Self.expectations.map(\.name).sorted())
    }

    @Test(arguments: GoldenVectors.load("messages.vectors").map(\.name))
    func decodesAndReencodesByteForByte(_ name: String) throws {
        let expectation = try #require(Self.expectations.first { $0.name == name })
        #expect(try expectation.swiftBytes() == Self.vector(name))
        try expectation.check(Self.vector(name))
    }

    /// The store after the snapshot with two rows, then the delta `name`.
    static func store(after name: String) throws -> Todos {
        let store = Todos(send: { _ in })
        #expect(store.runtime.apply(try Schema.wire.decodeFrame(vector("todos.snapshot.rows")).frame).applied == 1)
        #expect(store.runtime.apply(try Schema.wire.decodeFrame(vector(name)).frame).applied == 1)
        return store
    }

    static func titles(_ store: Todos) -> [String] { store.visible.map(\.title) }

    @Test func aSnapshotFromRustFillsTheStore() throws {
        let store = Todos(send: { _ in })
        let snapshot = try Schema.wire.decodeFrame(Self.vector("todos.snapshot.rows"))
        #expect(snapshot.frame.isSnapshot && snapshot.frame.schemaHash == 0x6f56_1b50_addc_9a9e)
        #expect(store.runtime.apply(snapshot.frame) == DrainReport(applied: 1))
        #expect(Array(store.visible) == Self.rows.map(\.row))
        #expect(store.filter == "all")
        #expect(store.count == 2)
    }

    @Test func everyListOpFromRustAppliesAsTheCoreMeantIt() throws {
        #expect(Self.titles(try Self.store(after: "todos.frame.insert.append")) == ["milk", "œufs 🥚", "tea"])
        #expect(Self.titles(try Self.store(after: "todos.frame.insert.before")) == ["tea", "milk", "œufs 🥚"])
        #expect(try Self.store(after: "todos.frame.update").visible.map(\.done) == [true, true])
        #expect(Self.titles(try Self.store(after: "todos.frame.remove")) == [])
        #expect(Self.titles(try Self.store(after: "todos.frame.move.end")) == ["œufs 🥚", "milk"])
        #expect(Self.titles(try Self.store(after: "todos.frame.move.before")) == ["œufs 🥚", "milk"])
        #expect(Self.titles(try Self.store(after: "todos.frame.reset.empty")) == [])
        let run = try Self.store(after: "todos.frame.run")
        #expect(Array(run.visible) == [Todo(id: Self.id(1), title: "a", done: true)])
        #expect(run.count == 2)
    }

    @Test func scalarOpsFromRustSetTheirFields() throws {
        let store = try Self.store(after: "todos.frame.scalars")
        #expect(store.filter == "done")
        #expect(store.count == -1)
        #expect(store.lastEvent == "é")
    }

    @Test func consecutiveOpsOnOneListDecodeIntoOneEntry() throws {
        let frame = try Schema.wire.decodeFrame(Self.vector("todos.frame.run")).frame
        #expect(frame.ops.map(\.field) == [0, 2, 0])
        #expect(frame.ops.map(\.count) == [2, 1, 1])
        #expect(frame.opCount == 4)
    }

    @Test func acksKeepTheirTypedOutcomesAndTheFrameTheirIDs() throws {
        let decoded = try Schema.wire.decodeFrame(Self.vector("todos.frame.acks"))
        #expect(decoded.acks == Self.acks)
        #expect(decoded.frame.acks == [0, 1, 2, .max, 4])
        let store = TodosObject(send: { _ in })
        store.runtime.apply(try Schema.wire.decodeFrame(Self.vector("todos.snapshot.rows")).frame)
        #expect(store.runtime.apply(decoded.frame).applied == 1)
        #expect(store.visible.map(\.title) == ["milk", "œufs 🥚", "tea"])
        #expect(store.lastEvent == "added tea")
    }

    @Test func aCoreMessageFindsItsStoresSchema() throws {
        let message = try CoreMessage(wireBytes: Self.vector("core.frame")) { $0 == 0 ? Schema.wire : nil }
        guard case .frame(let store, let frame) = message else {
            Issue.record("not a frame: \(message)")
            return
        }
        #expect(store == 0)
        #expect(frame.frame.sequence == 2)
        #expect(frame.acks == [Ack(command: CommandID(rawValue: 8), outcome: .setFilter(.success(WireUnit())))])
        #expect(throws: WireError(offset: 4, reason: .invalidVariant(type: "the app's frame enum (no store has this index)", index: 0))) {
            try CoreMessage(wireBytes: Self.vector("core.frame")) { _ in WireSchema<TodoCommand, TodosOutcome>?.none }
        }
    }
}

extension VectorExpectation {
    /// A frame of the Todos store, compared through the schema (frames are not `Equatable`):
    /// Swift writes the expected frame to Rust's bytes, and Rust's bytes decode into a frame
    /// with the same envelope and acks that writes them back unchanged.
    static func frame(_ name: String, _ frame: WireFrame<TodosOutcome>) -> VectorExpectation {
        VectorExpectation(name: name, swiftBytes: { try TodosSchema.wire.encode(frame) }) { bytes in
            let decoded = try TodosSchema.wire.decodeFrame(bytes)
            let (expected, actual) = (frame.frame, decoded.frame)
            guard actual.epoch == expected.epoch, actual.sequence == expected.sequence,
                actual.isSnapshot == expected.isSnapshot, actual.schemaHash == expected.schemaHash,
                actual.opCount == expected.opCount, decoded.acks == frame.acks, actual.acks == expected.acks
            else { throw VectorMismatch(description: "\(name): decoded another envelope or other acks") }
            guard try TodosSchema.wire.encode(decoded) == bytes else {
                throw VectorMismatch(description: "\(name): does not re-encode to itself")
            }
        }
    }

    /// A message from the core, written and read with the Todos schema as store 0.
    static func coreMessage(_ name: String, _ message: CoreMessage<TodosOutcome>) -> VectorExpectation {
        VectorExpectation(name: name, swiftBytes: { try message.wireBytes(schema: TodosSchema.wire) }) { bytes in
            let decoded = try CoreMessage(wireBytes: bytes) { $0 == 0 ? TodosSchema.wire : nil }
            guard try decoded.wireBytes(schema: TodosSchema.wire) == bytes else {
                throw VectorMismatch(description: "\(name): does not re-encode to itself")
            }
        }
    }

    /// A resync request for store 0.
    static func resync(_ name: String, epoch: UInt64?, sequence: UInt64, _ reason: ResyncReason) -> VectorExpectation {
        .value(name, HostMessage<TodoCommand>.resync(ResyncRequest(store: 0, epoch: epoch, sequence: sequence, reason: reason, schema: TodosSchema.wire.description)))
    }
}
