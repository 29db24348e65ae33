import Foundation
import Testing
@testable import UndraRuntime

/// The cores the end-to-end scenarios run against: the fake core in Swift through each transport
/// (always), and the Rust reference core built as a shared library and as an executable, when
/// CI names them (`UNDRA_RUST_CORE_LIBRARY`, `UNDRA_RUST_CORE_EXECUTABLE`): `swift test` alone
/// needs no Rust.
enum ReferenceCore: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case fakeInProcess, fakeInProcessThreaded, fakeUnixSocket, rustLibrary, rustProcess

    static let rustLibraryPath = ProcessInfo.processInfo.environment["UNDRA_RUST_CORE_LIBRARY"]
    static let rustExecutable = ProcessInfo.processInfo.environment["UNDRA_RUST_CORE_EXECUTABLE"]

    /// The cores this run can reach.
    static var available: [ReferenceCore] {
        allCases.filter { core in
            switch core {
            case .rustLibrary: rustLibraryPath != nil
            case .rustProcess: rustExecutable != nil
            default: true
            }
        }
    }

    var testDescription: String { rawValue }

    /// Whether the core is another process (it dies as one: mid-message on a stream).
    var isProcess: Bool { self == .rustProcess }

    /// A `Core` connected to a fresh instance of this core. With `persistent`, the core keeps
    /// its state across restarts (the Rust core in a state file, the fake in its memory).
    /// `cleanup` stops what was started.
    func start(persistent: Bool) throws -> (core: Core, cleanup: @Sendable () -> Void) {
        let (transport, cleanup) = try transport(persistent: persistent)
        return (Core(transport: transport, options: Self.options), cleanup)
    }

    /// Quick reconnections, no jitter: the scenarios wait for them.
    static let options = Core.Options(reconnect: ReconnectPolicy(initialDelay: .milliseconds(5), maximumDelay: .milliseconds(50), jitter: 0))

    /// The transport to a fresh instance of this core (see `start`).
    func transport(persistent: Bool) throws -> (transport: any CoreTransport, cleanup: @Sendable () -> Void) {
        let stateFile = NSTemporaryDirectory() + "undra-core-state-\(UInt32.random(in: 0...UInt32.max))"
        let removeState: @Sendable () -> Void = {
            try? FileManager.default.removeItem(atPath: stateFile)
            try? FileManager.default.removeItem(atPath: stateFile + ".tmp")
        }
        switch self {
        case .fakeInProcess, .fakeInProcessThreaded:
            let (configuration, _) = FakeCoreABI.configuration(async: self == .fakeInProcessThreaded, persistent: persistent)
            return (InProcessTransport(functions: FakeCoreABI.functions, configuration: configuration), {})
        case .fakeUnixSocket:
            let server = FakeCoreServer(persistent: persistent)
            return (ByteStreamTransport.unixSocket(path: server.path), { server.stop() })
        case .rustLibrary:
            let functions = try InProcessCoreFunctions.load(library: Self.rustLibraryPath!)
            let lines = persistent ? ["--state", stateFile] : []
            return (InProcessTransport(functions: functions, configuration: Array(lines.joined(separator: "\n").utf8)), removeState)
        case .rustProcess:
            let arguments = (persistent ? ["--state", stateFile] : []) + ["stdio"]
            return (ByteStreamTransport.childProcess(executable: Self.rustExecutable!, arguments: arguments), removeState)
        }
    }
}

/// The Todos store in either mode, as the scenarios use it.
protocol TodosStore: UndraStore, Sendable {
    init(core: Core)
    var visible: KeyedList<TodoID, Todo> { get }
    var count: Int { get }
    var lastEvent: String { get }
    func add(title: String) async throws(CommandError<TodoError>) -> TodoID
    func toggle(_ id: TodoID) async throws(CommandError<TodoError>)
}

extension Todos: TodosStore {}
extension TodosObject: TodosStore {}

enum StoreMode: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case fineGrained, coarse

    var testDescription: String { rawValue }
}

extension UndraStore {
    /// The Todos list's row of `id` and its titles, read under the mirror's lock. A test reading
    /// the list on one thread while another thread's drain patches it reads it this way: a
    /// `KeyedList` read through `visible` and released on the test's thread, then patched in
    /// place by the drain once it is unique again, is correct (the reference count orders the
    /// two), but ThreadSanitizer does not see the runtime's reference counting, and reports it.
    func row(_ id: TodoID) -> Todo? { runtime.mirror.withList(TodosSchema.visible) { $0[id: id] } }
    var titles: [String] { runtime.mirror.withList(TodosSchema.visible) { $0.map(\.title) } }
    var rowCount: Int { runtime.mirror.withList(TodosSchema.visible) { $0.count } }
}
