@testable import UndraRuntime

/// The reference Todos core (Tests/RustPeer/src/todos_core.rs) in Swift: the same rules, the
/// same bytes (`CoreTranscriptTests` replays the real core's transcript through it), so that
/// `swift test` runs every scenario of the end-to-end tests with no Rust at hand.
///
/// - Thread safety: none; each transport drives it under its own lock.
final class FakeTodosCore {
    /// What survives a restart (the Rust core's state file): shared by the instances a test
    /// starts one after another.
    final class Memory: @unchecked Sendable {  // @unchecked: `state`, `epoch` and `alive` are behind their locks.
        fileprivate let state = Locked<Persisted?>(nil)
        /// The last instance's epoch, kept even when the state is not: a core started again
        /// always takes a greater epoch (the Rust core without a state file reads the clock).
        fileprivate let epoch = Locked<UInt64?>(nil)
        /// How many instances the in-process transport created and has not destroyed.
        let alive = Locked(0)
        /// Whether the state is kept (a copy per command: O(todos)).
        let persistent: Bool
        init(persistent: Bool = true) { self.persistent = persistent }

        var instancesAlive: Int { alive.withLock { $0 } }
    }

    fileprivate struct Persisted {
        var epoch: UInt64
        var nextID = 1
        var todos: [Todo] = []
        var filter = "all"
        var lastEvent = ""
    }

    /// What the core sends after a message.
    enum Output: Equatable {
        case message([UInt8])
        /// Bytes written with no framing: garbage.
        case raw([UInt8])
        /// The message the core dies while sending.
        case die([UInt8])
    }

    private var state: Persisted
    private let memory: Memory?
    private var sequences: [UInt64] = [0, 0]
    private var todosAcks: [(UInt64, [Ack<TodosOutcome>])] = []
    private var chaosAcks: [(UInt64, [Ack<ChaosOutcome>])] = []
    private var skip = false, malformed = false, die = false

    /// A core starting at `epoch`, or, if `memory` holds a previous instance's state, at the
    /// epoch after it.
    init(epoch: UInt64 = 1, memory: Memory? = nil) {
        self.memory = memory
        if var saved = memory?.state.withLock({ $0 }) {
            saved.epoch += 1
            state = saved
        } else {
            state = Persisted(epoch: memory?.epoch.withLock { $0.map { $0 + 1 } } ?? epoch)
        }
        persist()
    }

    var epoch: UInt64 { state.epoch }

    func handle(_ bytes: [UInt8]) -> [Output] {
        do {
            return try bytes.withUnsafeBytes { buffer throws(WireError) in
                try WireReader.read(buffer) { (reader: inout WireReader) throws(WireError) -> [Output] in
                    switch try reader.readVariant(of: "HostMessage", count: 2) {
                    case 0:
                        switch try reader.read(UInt32.self) {
                        case 0: return todos(try WireCommand<TodoCommand>(from: &reader))
                        case 1: return chaos(try WireCommand<ChaosCommand>(from: &reader))
                        case let store: throw reader.invalidVariant(store, of: "the app's command enum")
                        }
                    default:
                        return resync(try ResyncRequest(from: &reader))
                    }
                }
            }
        } catch {
            return [errorMessage(store: nil, code: CoreError.undecodableMessageCode, message: "undecodable host message: \(error)")]
        }
    }

    // MARK: Todos

    private func todos(_ command: WireCommand<TodoCommand>) -> [Output] {
        let (ops, outcome): ([FrameOp], TodosOutcome) = switch command.command {
        case .add(let title): add(title)
        case .toggle(let id): toggle(id)
        case .setFilter(let filter): setFilter(filter)
        }
        persist()
        sequences[0] += skip ? 2 : 1
        skip = false
        let acks = [Ack(command: command.id, outcome: outcome)]
        Self.log(&todosAcks, sequences[0], acks)
        var bytes = frameMessage(0, TodosSchema.wire, WireFrame(Frame(epoch: state.epoch, sequence: sequences[0], ops: ops), acks: acks))
        if malformed {
            malformed = false
            bytes[24] = 2  // where a delta's snapshot flag is: 2 is no Option tag
        }
        if die {
            die = false
            return [.die(bytes)]
        }
        return [.message(bytes)]
    }

    private var visible: [(key: TodoID, row: Todo)] {
        state.todos.filter { Self.shows(state.filter, $0.done) }.map { ($0.id, $0) }
    }

    private func add(_ title: String) -> ([FrameOp], TodosOutcome) {
        guard title.contains(where: { !$0.isWhitespace }) else { return ([], .add(.failure(.emptyTitle))) }
        let todo = Todo(id: TodoID(rawValue: state.nextID), title: title)
        state.nextID += 1
        state.todos.append(todo)
        state.lastEvent = "added \(title)"
        var ops: [FrameOp] = []
        if Self.shows(state.filter, false) { ops.append(.insert(TodosSchema.visible, [(todo.id, todo)])) }
        ops.append(.set(TodosSchema.count, state.todos.count))
        ops.append(.set(TodosSchema.lastEvent, state.lastEvent))
        return (ops, .add(.success(todo.id)))
    }

    private func toggle(_ id: TodoID) -> ([FrameOp], TodosOutcome) {
        guard let index = state.todos.firstIndex(where: { $0.id == id }) else { return ([], .toggle(.failure(.notFound(id)))) }
        let was = state.todos[index].done
        state.todos[index].done.toggle()
        let todo = state.todos[index]
        state.lastEvent = "toggled \(id.rawValue)"
        var ops: [FrameOp] = []
        switch (Self.shows(state.filter, was), Self.shows(state.filter, !was)) {
        case (true, true): ops.append(.update(TodosSchema.visible, id, todo))
        case (true, false): ops.append(.remove(TodosSchema.visible, [id]))
        case (false, true):
            let before = state.todos[(index + 1)...].first { Self.shows(state.filter, $0.done) }?.id
            ops.append(.insert(TodosSchema.visible, [(id, todo)], before: before))
        case (false, false): break
        }
        ops.append(.set(TodosSchema.lastEvent, state.lastEvent))
        return (ops, .toggle(.success(WireUnit())))
    }

    private func setFilter(_ filter: String) -> ([FrameOp], TodosOutcome) {
        guard ["all", "open", "done"].contains(filter) else { return ([], .setFilter(.failure(.unknownFilter(filter)))) }
        state.filter = filter
        state.lastEvent = "filter \(filter)"
        let ops: [FrameOp] = [
            .set(TodosSchema.filter, filter), .reset(TodosSchema.visible, visible), .set(TodosSchema.lastEvent, state.lastEvent),
        ]
        return (ops, .setFilter(.success(WireUnit())))
    }

    private func todosSnapshot(acks: [Ack<TodosOutcome>]) -> Output {
        sequences[0] += 1
        let frame = Frame(
            epoch: state.epoch, sequence: sequences[0], isSnapshot: true, schemaHash: TodosSchema.hash,
            ops: [
                .reset(TodosSchema.visible, visible), .set(TodosSchema.filter, state.filter),
                .set(TodosSchema.count, state.todos.count), .set(TodosSchema.lastEvent, state.lastEvent),
            ])
        return .message(frameMessage(0, TodosSchema.wire, WireFrame(frame, acks: acks)))
    }

    private static func shows(_ filter: String, _ done: Bool) -> Bool {
        switch filter {
        case "open": !done
        case "done": done
        default: true
        }
    }

    // MARK: Chaos

    private func chaos(_ command: WireCommand<ChaosCommand>) -> [Output] {
        let ack = Ack(command: command.id, outcome: ChaosOutcome(variant: command.command.variant))
        switch command.command {
        case .skipSequence: skip = true
        case .sendMalformed: malformed = true
        case .dieMidFrame: die = true
        case .sendGarbage: return [chaosFrame([ack]), .raw([UInt8](repeating: 0xFF, count: 16))]
        case .restart:
            state.epoch += 1
            persist()
            sequences = [0, 0]
            todosAcks = []
            chaosAcks = []
            let snapshots = [todosSnapshot(acks: []), chaosSnapshot(acks: [ack])]
            Self.log(&chaosAcks, sequences[1], [ack])  // a snapshot's new acks are kept too
            return snapshots
        case .sendError(let code, let message):
            return [errorMessage(store: 0, code: code, message: message), chaosFrame([ack])]
        }
        return [chaosFrame([ack])]
    }

    private func chaosFrame(_ acks: [Ack<ChaosOutcome>]) -> Output {
        sequences[1] += 1
        Self.log(&chaosAcks, sequences[1], acks)
        return .message(frameMessage(1, ChaosSchema.wire, WireFrame(Frame(epoch: state.epoch, sequence: sequences[1], ops: []), acks: acks)))
    }

    private func chaosSnapshot(acks: [Ack<ChaosOutcome>]) -> Output {
        sequences[1] += 1
        let frame = Frame(epoch: state.epoch, sequence: sequences[1], isSnapshot: true, schemaHash: ChaosSchema.hash, ops: [])
        return .message(frameMessage(1, ChaosSchema.wire, WireFrame(frame, acks: acks)))
    }

    // MARK: Resync

    /// A snapshot with the acks the host missed, or, if the host's schema of the store is not
    /// this core's, its own description instead (as undra-core's sessions answer).
    private func resync(_ request: ResyncRequest) -> [Output] {
        let own: String
        switch request.store {
        case 0: own = TodosSchema.wire.description
        case 1: own = ChaosSchema.wire.description
        case let store: return [errorMessage(store: store, code: CoreError.noSuchStoreCode, message: "no store \(store)")]
        }
        guard request.schema == own else {
            return [errorMessage(store: request.store, code: CoreError.schemaMismatchCode, message: own)]
        }
        return switch request.store {
        case 0: [todosSnapshot(acks: replay(&todosAcks, after: request))]
        default: [chaosSnapshot(acks: replay(&chaosAcks, after: request))]
        }
    }

    /// Keeps a frame's acks for replay: the last 4,096 frames', as the Rust core does.
    private static func log<Outcome>(_ log: inout [(UInt64, [Ack<Outcome>])], _ sequence: UInt64, _ acks: [Ack<Outcome>]) {
        log.append((sequence, acks))
        if log.count > 4096 { log.removeFirst() }
    }

    /// The acks of the frames after the request's position (all of them if its epoch is another);
    /// the frames up to a position of this epoch leave the log (the host applied them).
    private func replay<Outcome>(_ log: inout [(UInt64, [Ack<Outcome>])], after request: ResyncRequest) -> [Ack<Outcome>] {
        let after = request.epoch == state.epoch ? request.sequence : 0
        log.removeAll { $0.0 <= after }
        return log.flatMap { $0.1 }
    }

    private func persist() {
        guard let memory else { return }
        memory.epoch.withLock { $0 = state.epoch }
        if memory.persistent { memory.state.withLock { $0 = state } }
    }

    private func frameMessage<Command, Outcome>(_ store: UInt32, _ schema: WireSchema<Command, Outcome>, _ frame: WireFrame<Outcome>) -> [UInt8] {
        var writer = WireWriter()
        writer.writeVariant(0)
        writer.write(store)
        try! schema.encode(frame, to: &writer)  // built here from the schema's own fields
        return writer.bytes
    }

    private func errorMessage(store: UInt32?, code: UInt32, message: String) -> Output {
        var writer = WireWriter()
        writer.writeVariant(1)
        CoreError(store: store, code: code, message: message).encode(to: &writer)
        return .message(writer.bytes)
    }
}
