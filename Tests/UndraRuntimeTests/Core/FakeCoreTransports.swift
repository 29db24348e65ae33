import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import UndraRuntime

// The fake core behind the two transports the runtime ships: its C ABI (the in-process
// transport, as a Rust cdylib exports it) and a Unix socket it serves (the byte stream, as the
// Rust executable's `listen` mode does).

/// The fake core's C functions: `InProcessTransport(functions: FakeCoreABI.functions, configuration:)`.
///
/// The configuration is lines of arguments: `--epoch N`, `--memory KEY` (a `Memory` registered
/// with `register`, shared by the instances the transport creates one after another, as the
/// Rust core's state file is), `--async` (answer on another thread, after `send` returns, as a
/// core with its own threads does).
enum FakeCoreABI {
    static let functions = InProcessCoreFunctions(create: fakeCreate, send: fakeSend, destroy: fakeDestroy)

    private static let memories = Locked<[String: FakeTodosCore.Memory]>([:])
    private static let counter = Locked(0)

    /// A configuration whose instances share a new memory; also returns the memory. Without
    /// `persistent`, the memory counts instances but keeps no state (each starts afresh).
    static func configuration(epoch: UInt64 = 1, async: Bool = false, persistent: Bool = true) -> (bytes: [UInt8], memory: FakeTodosCore.Memory) {
        let memory = FakeTodosCore.Memory(persistent: persistent)
        let key = counter.withLock { counter -> String in
            counter += 1
            return "memory-\(counter)"
        }
        memories.withLock { $0[key] = memory }
        let lines = ["--epoch", "\(epoch)", "--memory", key] + (async ? ["--async"] : [])
        return (Array(lines.joined(separator: "\n").utf8), memory)
    }

    fileprivate static func memory(_ key: String) -> FakeTodosCore.Memory? {
        memories.withLock { $0[key] }
    }
}

/// One fake core created through the ABI.
private final class FakeInProcessCore: @unchecked Sendable {
    // @unchecked: `core` is behind its lock; `receive` and `context` are the host's, which says
    // they may be used from any thread.
    let core: Locked<(core: FakeTodosCore, dead: Bool)>
    let receive: InProcessCoreFunctions.Receive
    let context: UnsafeMutableRawPointer?
    /// Where answers are delivered; nil: inside `send`.
    let answers: DispatchQueue?
    /// Set once, by `create`, before the host sees the instance.
    var memory: FakeTodosCore.Memory?

    init(core: FakeTodosCore, receive: @escaping InProcessCoreFunctions.Receive, context: UnsafeMutableRawPointer?, async: Bool) {
        self.core = Locked((core, false))
        self.receive = receive
        self.context = context
        answers = async ? DispatchQueue(label: "FakeInProcessCore.answers") : nil
        answers?.setSpecific(key: answersKey, value: ())
    }

    func send(_ bytes: [UInt8]) -> Int32 {
        // Answers are handed over under the lock, so that two senders' answers keep their order.
        core.withLock { state -> Int32 in
            guard !state.dead else { return 1 }
            let outputs = state.core.handle(bytes)
            if outputs.contains(where: { if case .die = $0 { true } else { false } }) { state.dead = true }
            if let answers {
                answers.async { [self] in deliver(outputs) }
            } else {
                deliver(outputs)
            }
            return 0
        }
    }

    private func deliver(_ outputs: [FakeTodosCore.Output]) {
        for output in outputs {
            switch output {
            case .message(let bytes), .raw(let bytes):
                bytes.withUnsafeBufferPointer { receive(context, $0.baseAddress, $0.count) }
            case .die:
                receive(context, nil, 0)
                return
            }
        }
    }
}

private let fakeCreate: InProcessCoreFunctions.Create = { configuration, length, receive, context in
    let text = String(decoding: UnsafeBufferPointer(start: configuration, count: length), as: UTF8.self)
    var epoch: UInt64 = 1, memory: FakeTodosCore.Memory?, async = false
    var arguments = text.split(separator: "\n").map(String.init)[...]
    while let argument = arguments.popFirst() {
        switch argument {
        case "--epoch": epoch = arguments.popFirst().flatMap { UInt64($0) } ?? 1
        case "--memory": memory = arguments.popFirst().flatMap(FakeCoreABI.memory)
        case "--async": async = true
        default: return nil
        }
    }
    let instance = FakeInProcessCore(core: FakeTodosCore(epoch: epoch, memory: memory), receive: receive, context: context, async: async)
    memory?.alive.withLock { $0 += 1 }
    instance.memory = memory
    return OpaquePointer(Unmanaged.passRetained(instance).toOpaque())
}

private let fakeSend: InProcessCoreFunctions.Send = { handle, bytes, length in
    guard let handle else { return 2 }
    let instance = Unmanaged<FakeInProcessCore>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    return instance.send(Array(UnsafeBufferPointer(start: bytes, count: length)))
}

/// Marks the fake cores' answers queues.
private let answersKey = DispatchSpecificKey<Void>()

private let fakeDestroy: InProcessCoreFunctions.Destroy = { handle in
    guard let handle else { return }
    let instance = Unmanaged<FakeInProcessCore>.fromOpaque(UnsafeRawPointer(handle)).takeRetainedValue()
    // What is still being delivered is delivered before `destroy` returns; unless `destroy` runs
    // on the answers queue itself (the host released its last `Core` inside a delivery, which
    // closes the session there), where the delivery under way is the caller's.
    if DispatchQueue.getSpecific(key: answersKey) == nil { instance.answers?.sync {} }
    instance.memory?.alive.withLock { $0 -= 1 }
}

/// The fake core serving a Unix socket, one connection at a time, as the Rust executable's
/// `listen` mode does: a connection that closes leaves the core as it is (same epoch); a core
/// that dies mid-frame is restarted, from its memory, for the next connection.
final class FakeCoreServer: @unchecked Sendable {
    // @unchecked: `state` is behind its lock; the other properties are `let`s.
    let path: String
    let memory: FakeTodosCore.Memory
    private let listener: Int32
    private let state: Locked<(core: FakeTodosCore?, connection: Int32, accepted: Int)>
    private let epoch: UInt64
    private let stopped = DispatchSemaphore(value: 0)

    init(epoch: UInt64 = 1, persistent: Bool = true) {
        self.epoch = epoch
        memory = FakeTodosCore.Memory(persistent: persistent)
        let path = "/tmp/undra-core-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
        unlink(path)
        #if canImport(Glibc)
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let listener = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8))
            raw[path.utf8.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        precondition(bound == 0 && listen(listener, 8) == 0, "FakeCoreServer: cannot listen on \(path)")
        self.path = path
        self.listener = listener
        state = Locked((nil, -1, 0))
        Socket.startThread { [self] in acceptLoop() }
    }

    /// How many connections were accepted.
    var accepted: Int { state.withLock { $0.accepted } }

    /// Stops serving: closes the listener and the connection, removes the socket file.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        dropConnection()
        stopped.wait()
        close(listener)
        unlink(path)
    }

    /// Ends the current connection from the core's side, the core staying up.
    func dropConnection() {
        state.withLock { state in
            if state.connection >= 0 { shutdown(state.connection, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                break
            }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            #if canImport(Darwin)
            var on: Int32 = 1  // a write to a host that has gone is an error, not SIGPIPE
            _ = setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
            state.withLock { state in
                state.connection = connection
                state.accepted += 1
                if state.core == nil { state.core = FakeTodosCore(epoch: epoch, memory: memory) }
            }
            serve(connection)
            state.withLock { $0.connection = -1 }
            // Shut down first: a child process spawned meanwhile may have inherited the socket.
            shutdown(connection, Int32(SHUT_RDWR))
            close(connection)
        }
        stopped.signal()
    }

    private func serve(_ connection: Int32) {
        while let message = readMessage(connection) {
            let outputs = state.withLock { $0.core!.handle(message) }
            for output in outputs {
                switch output {
                case .message(let bytes):
                    guard write(connection, header(bytes.count) + bytes) else { return }
                case .raw(let bytes):
                    guard write(connection, bytes) else { return }
                case .die(let bytes):
                    _ = write(connection, header(bytes.count) + bytes.prefix(bytes.count / 2))
                    state.withLock { $0.core = nil }
                    return
                }
            }
        }
    }

    #if canImport(Glibc)
    private let noSignal = Int32(MSG_NOSIGNAL)
    #else
    private let noSignal: Int32 = 0  // SO_NOSIGPIPE is set on each connection
    #endif

    private func header(_ count: Int) -> [UInt8] {
        withUnsafeBytes(of: UInt64(count).littleEndian) { Array($0) }
    }

    private func readMessage(_ connection: Int32) -> [UInt8]? {
        guard let header = readExactly(connection, 8) else { return nil }
        let length = header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        return readExactly(connection, Int(length))
    }

    private func readExactly(_ connection: Int32, _ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count), read = 0
        while read < count {
            let n = bytes.withUnsafeMutableBytes { recv(connection, $0.baseAddress! + read, count - read, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            read += n
        }
        return bytes
    }

    private func write(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { send(connection, $0.baseAddress! + written, bytes.count - written, noSignal) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            written += n
        }
        return true
    }
}
