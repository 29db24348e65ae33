import Foundation
import UndraRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The core the `core.*` rows talk to: a store of 100 rows whose `update` command bumps one row,
// answered by a frame with the update and the command's ack, and a `burst` command answered by
// that many one-update frames. The same responder runs in process, behind the C functions a
// Rust core exports, and in another process (`UndraBench --serve-core`, on stdin and stdout).

struct CoreBenchRow: WireCodable, Hashable, Sendable {
    var title: String
    var version: Int

    init(title: String, version: Int) {
        self.title = title
        self.version = version
    }

    init(from reader: inout WireReader) throws(WireError) {
        title = try reader.readString()
        version = try Int(from: &reader)
    }

    func encode(to writer: inout WireWriter) {
        writer.write(title)
        version.encode(to: &writer)
    }

    static var minimumWireSize: Int { 16 }
    static var wireShape: WireShape { .structure([WireField("title", .string), WireField("version", .i64)]) }
}

enum CoreBenchCommand: WireCodable, Sendable {
    case update(key: Int)
    case burst(count: Int)

    init(from reader: inout WireReader) throws(WireError) {
        switch try reader.readVariant(of: "CoreBenchCommand", count: 2) {
        case 0: self = .update(key: try Int(from: &reader))
        default: self = .burst(count: try Int(from: &reader))
        }
    }

    func encode(to writer: inout WireWriter) {
        switch self {
        case .update(let key):
            writer.writeVariant(0)
            key.encode(to: &writer)
        case .burst(let count):
            writer.writeVariant(1)
            count.encode(to: &writer)
        }
    }

    static var wireShape: WireShape { .enumeration([WireVariant("update", .i64), WireVariant("burst", .i64)]) }
}

/// Rust's `()` as an error: bench commands do not fail.
struct CoreBenchFailure: Error, WireCodable {
    init() {}
    init(from reader: inout WireReader) throws(WireError) {}
    func encode(to writer: inout WireWriter) {}
    static var minimumWireSize: Int { 0 }
    static var wireShape: WireShape { .unit }
}

/// `enum CoreBenchOutcome { Update(Result<i64, ()>), Burst(Result<i64, ()>) }`
struct CoreBenchOutcome: WireCodable, Sendable {
    var variant: UInt32
    var result: Result<Int, CoreBenchFailure>

    init(variant: UInt32, result: Result<Int, CoreBenchFailure>) {
        self.variant = variant
        self.result = result
    }

    init(from reader: inout WireReader) throws(WireError) {
        variant = try reader.readVariant(of: "CoreBenchOutcome", count: 2)
        result = try Result(from: &reader)
    }

    func encode(to writer: inout WireWriter) {
        writer.writeVariant(variant)
        result.encode(to: &writer)
    }

    static var wireShape: WireShape {
        let result = Result<Int, CoreBenchFailure>.wireShape
        return .enumeration([WireVariant("update", result), WireVariant("burst", result)])
    }
}

enum CoreBenchSchema {
    static let rows = ListField<Int, CoreBenchRow>(id: 0, name: "rows")
    static let version = Field<Int>(id: 1, name: "version", initial: 0)
    static let fields: [any FieldDeclaration] = [rows, version]
    static let wire = WireSchema<CoreBenchCommand, CoreBenchOutcome>(store: "Bench", fields: fields)
    static var hash: UInt64 { wire.hash }
}

/// The bench store, as generated code writes it.
final class CoreBenchStore: UndraStore, Trackable, @unchecked Sendable {  // @unchecked: only `let`s and @Mirrored fields.
    let runtime = StoreRuntime(name: "Bench", schema: CoreBenchSchema.wire)
    var registrar: Registrar { runtime.registrar }
    let commands: CommandChannel<CoreBenchCommand, CoreBenchOutcome>

    init(core: Core) {
        let runtime = runtime
        commands = core.attach(runtime, index: 0, schema: CoreBenchSchema.wire)
    }

    @Mirrored(CoreBenchSchema.rows) var rows
    @Mirrored(CoreBenchSchema.version) var version

    func update(key: Int) async throws(CommandError<CoreBenchFailure>) -> Int {
        try await commands.call(.update(key: key)) { $0.variant == 0 ? $0.result : nil }
    }

    func burst(_ count: Int) async throws(CommandError<CoreBenchFailure>) -> Int {
        try await commands.call(.burst(count: count)) { $0.variant == 1 ? $0.result : nil }
    }
}

/// The responder: what the bench core answers to each host message.
final class CoreBenchResponder {
    private var sequence: UInt64 = 0
    private var version = 0

    /// The messages answering `message` (a `HostMessage` of store 0).
    func answer(_ message: [UInt8], _ send: ([UInt8]) -> Void) {
        let decoded = try! message.withUnsafeBytes { buffer throws(WireError) in
            try WireReader.read(buffer) { (reader: inout WireReader) throws(WireError) -> WireCommand<CoreBenchCommand>? in
                guard try reader.readVariant(of: "HostMessage", count: 2) == 0 else {
                    _ = try ResyncRequest(from: &reader)
                    return nil
                }
                _ = try reader.read(UInt32.self)
                return try WireCommand(from: &reader)
            }
        }
        guard let command = decoded else {
            sequence += 1
            let rows = (0..<100).map { (key: $0, row: CoreBenchRow(title: "row \($0)", version: 0)) }
            return send(frame(Frame(epoch: 1, sequence: sequence, isSnapshot: true, schemaHash: CoreBenchSchema.hash, ops: [.reset(CoreBenchSchema.rows, rows)])))
        }
        switch command.command {
        case .update(let key):
            send(update(key, ack: Ack(command: command.id, outcome: CoreBenchOutcome(variant: 0, result: .success(version + 1)))))
        case .burst(let count):
            for index in 0..<count {
                let ack = index == count - 1 ? Ack(command: command.id, outcome: CoreBenchOutcome(variant: 1, result: .success(count))) : nil
                send(update(index % 100, ack: ack))
            }
        }
    }

    private func update(_ key: Int, ack: Ack<CoreBenchOutcome>?) -> [UInt8] {
        sequence += 1
        version += 1
        let ops: [FrameOp] = [.update(CoreBenchSchema.rows, key, CoreBenchRow(title: "row \(key)", version: version)), .set(CoreBenchSchema.version, version)]
        return frame(Frame(epoch: 1, sequence: sequence, ops: ops), acks: ack.map { [$0] } ?? [])
    }

    private func frame(_ frame: Frame, acks: [Ack<CoreBenchOutcome>] = []) -> [UInt8] {
        var writer = WireWriter()
        writer.writeVariant(0)
        writer.write(UInt32(0))
        try! CoreBenchSchema.wire.encode(WireFrame(frame, acks: acks), to: &writer)
        return writer.bytes
    }
}

// MARK: In process, behind the C functions

/// What `create` returns: the responder and the host's callback.
final class CoreBenchInProcessCore {
    let responder = CoreBenchResponder()
    let receive: InProcessCoreFunctions.Receive
    let context: UnsafeMutableRawPointer?

    init(receive: @escaping InProcessCoreFunctions.Receive, context: UnsafeMutableRawPointer?) {
        self.receive = receive
        self.context = context
    }
}

let coreBenchFunctions = InProcessCoreFunctions(
    create: { _, _, receive, context in
        OpaquePointer(Unmanaged.passRetained(CoreBenchInProcessCore(receive: receive, context: context)).toOpaque())
    },
    send: { handle, bytes, length in
        let core = Unmanaged<CoreBenchInProcessCore>.fromOpaque(UnsafeRawPointer(handle!)).takeUnretainedValue()
        core.responder.answer(Array(UnsafeBufferPointer(start: bytes, count: length))) { answer in
            answer.withUnsafeBufferPointer { core.receive(core.context, $0.baseAddress, $0.count) }
        }
        return 0
    },
    destroy: { handle in
        Unmanaged<CoreBenchInProcessCore>.fromOpaque(UnsafeRawPointer(handle!)).release()
    })

// MARK: In another process

/// `UndraBench --serve-core`: the responder on stdin and stdout, until stdin ends.
func serveBenchCore() {
    let responder = CoreBenchResponder()
    let stream = CoreBenchStream(fd: 0)
    while let message = stream.read() {
        responder.answer(message) { stream.write($0, to: 1) }
    }
}

/// `UndraBench --echo`: sends every message back, until stdin ends (the floor's peer).
func serveEcho() {
    let stream = CoreBenchStream(fd: 0)
    while let message = stream.read() { stream.write(message, to: 1) }
}

/// Length-prefixed messages on a descriptor, with plain blocking calls: the byte stream with
/// nothing around it.
struct CoreBenchStream {
    let fd: Int32

    func read() -> [UInt8]? {
        guard let header = readExactly(8) else { return nil }
        return readExactly(Int(header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }))
    }

    func write(_ message: [UInt8], to out: Int32? = nil) {
        let bytes = withUnsafeBytes(of: UInt64(message.count).littleEndian) { Array($0) } + message
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(out ?? fd, $0.baseAddress! + written, bytes.count - written) }
            precondition(n > 0 || errno == EINTR, "UndraBench: write failed (errno \(errno))")
            written += max(n, 0)
        }
    }

    private func readExactly(_ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count), done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + done, count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return bytes
    }
}

/// `read(2)` and `write(2)`, under names that `CoreBenchStream`'s own methods do not hide.
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }

/// This executable's path, to start it again as a peer.
var benchExecutable: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
}
