@testable import UndraRuntime

/// A transport through which a test plays the core: it sees every message the host sends, and
/// delivers what it wants, when it wants, in the batches it wants (a batch is what one read of a
/// stream, or one call of the core, would bring: applied as one drain, on the test's thread).
final class ScriptedTransport: CoreTransport, @unchecked Sendable {
    // @unchecked: its state is behind its locks.
    /// Every host message sent, over every session, in order.
    let sent = ValueLog<[UInt8]>()
    private let sessions = Locked<[ScriptedSession]>([])
    /// Errors the next connection attempts throw, in order, before one succeeds.
    private let failures = Locked<[TransportError]>([])
    private let attempts = Locked(0)

    /// How many times the core tried to connect.
    var connectAttempts: Int { attempts.withLock { $0 } }

    /// The session opened last.
    var session: ScriptedSession? { sessions.withLock { $0.last } }
    var sessionCount: Int { sessions.withLock { $0.count } }

    func failNextConnects(_ errors: [TransportError]) {
        failures.withLock { $0 += errors }
    }

    func connect(_ receiver: TransportReceiver) throws(TransportError) -> any TransportSession {
        attempts.withLock { $0 += 1 }
        if let error = failures.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { throw error }
        let session = ScriptedSession(transport: self, receiver: receiver)
        sessions.withLock { $0.append(session) }
        return session
    }

    /// The host messages sent, decoded as the Todos store's (store 0).
    var hostMessages: [HostMessage<TodoCommand>] {
        sent.all.map { try! HostMessage<TodoCommand>(wireBytes: $0) }
    }

    /// The resync requests sent, in order.
    var resyncRequests: [ResyncRequest] {
        hostMessages.compactMap { if case .resync(let request) = $0 { request } else { nil } }
    }

    /// The commands sent, in order.
    var commands: [WireCommand<TodoCommand>] {
        hostMessages.compactMap { if case .command(_, let command) = $0 { command } else { nil } }
    }
}

final class ScriptedSession: TransportSession, @unchecked Sendable {
    // @unchecked: `closed` is behind its lock; the rest are `let`s.
    private weak var transport: ScriptedTransport?
    let receiver: TransportReceiver
    private let closedByHost = Locked(false)

    init(transport: ScriptedTransport, receiver: TransportReceiver) {
        self.transport = transport
        self.receiver = receiver
    }

    var isClosed: Bool { closedByHost.withLock { $0 } }

    func send(_ message: [UInt8]) throws(TransportError) {
        guard !isClosed else { throw .closed }
        transport?.sent.append(message)
    }

    func close() {
        closedByHost.withLock { $0 = true }
    }

    /// Delivers `messages` as one batch, applied on this thread before it returns (the core has
    /// no queue of its own in these tests).
    func deliver(_ messages: [UInt8]...) {
        receiver.deliver {
            for message in messages { message.withUnsafeBytes { receiver.receive($0) } }
        }
    }

    /// Ends the session from the core's side.
    func end(_ error: TransportError) {
        receiver.deliver { receiver.end(error) }
    }
}

/// Messages a core sends, built from Swift values with the stores' schemas.
enum CoreMessages {
    static func todos(_ frame: Frame, acks: [Ack<TodosOutcome>] = []) -> [UInt8] {
        var writer = WireWriter()
        writer.writeVariant(0)
        writer.write(UInt32(0))
        try! TodosSchema.wire.encode(WireFrame(frame, acks: acks), to: &writer)
        return writer.bytes
    }

    static func error(store: UInt32?, code: UInt32, _ message: String) -> [UInt8] {
        var writer = WireWriter()
        writer.writeVariant(1)
        CoreError(store: store, code: code, message: message).encode(to: &writer)
        return writer.bytes
    }

    static func snapshot(epoch: UInt64 = 1, sequence: UInt64 = 1, _ titles: [String] = [], acks: [Ack<TodosOutcome>] = []) -> [UInt8] {
        let rows = titles.enumerated().map { (key: TodoID(rawValue: $0.offset + 1), row: Todo(id: TodoID(rawValue: $0.offset + 1), title: $0.element)) }
        return todos(Frame(
            epoch: epoch, sequence: sequence, isSnapshot: true, schemaHash: TodosSchema.hash,
            ops: [.reset(TodosSchema.visible, rows), .set(TodosSchema.count, rows.count)]), acks: acks)
    }

    /// A delta adding the todo `id` titled `title`, acknowledging `acks`.
    static func added(epoch: UInt64 = 1, sequence: UInt64, id: Int, _ title: String, acks: [Ack<TodosOutcome>] = []) -> [UInt8] {
        let todo = Todo(id: TodoID(rawValue: id), title: title)
        return todos(Frame(epoch: epoch, sequence: sequence, ops: [.insert(TodosSchema.visible, [(todo.id, todo)]), .set(TodosSchema.count, id)]), acks: acks)
    }
}
