import Foundation
import UndraRuntime

/// A core for app tests, with no Rust core: the test plays the core, step by step, and the app's
/// own `Core`, stores and command channels run unchanged over it, as a `CoreTransport`.
///
///     let testCore = TestCore()
///     let counterCore = testCore.store(0, schema: CounterSchema.wire, snapshot: [.set(CounterSchema.count, 41)])
///     let core = Core(transport: testCore)
///     let counter = Counter(core: core)                       // the app's store, attached as usual
///     try await core.connect()                                // its snapshot: the one scripted
///     async let total = counter.increment(by: 1)
///     await counterCore.receive(.increment(by: 1))            // exactly that command, and no other
///     await counterCore.answer(.increment(.success(42)), ops: [.set(CounterSchema.count, 42)])
///     #expect(try await total == 42)
///     await testCore.finish()                                 // nothing left unreceived or unanswered
///
/// Each store the app attaches has a script (`store(_:schema:snapshot:)`): the test sends its
/// frames, receives the commands the app sent it, in order, and answers them. The test core
/// answers the app's snapshot requests itself, with the script's `snapshot`. What goes wrong is a
/// failure of the running test, at the step that found it (`Issue.record` under Swift Testing,
/// `XCTFail` under XCTest): a command other than the one expected, none in time, a frame the
/// store rejects, a command left unreceived or unanswered at `finish()`, a message for a store
/// with no script.
///
/// - Thread safety: its steps are awaited one at a time by the test; the app may send from any
///   thread meanwhile.
public final class TestCore: CoreTransport, @unchecked Sendable {
    // @unchecked: `state` is only touched under `lock`.
    private let lock = NSLock()
    private var state = State()
    /// The epoch of every frame the scripts send.
    public let epoch: UInt64
    /// How long `receive` waits for the app's next command, unless it is given a timeout.
    public let timeout: UndraDuration
    private let created: SourcePlace

    private struct State {
        var scripts: [UInt32: any StoreScriptEndpoint] = [:]
        var session: TestSession?
        var connections = 0
        /// Failures found on the app's threads, recorded at the test's next step.
        var problems: [String] = []
        var finished = false
    }

    /// A test core whose frames are of `epoch`, and whose `receive` waits `timeout` by default.
    /// A test core that is released unfinished (`finish()` never called) with commands left, or
    /// failures not yet recorded, records them there, at this line.
    public init(
        epoch: UInt64 = 1, timeout: UndraDuration = .seconds(5),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.epoch = epoch
        self.timeout = timeout
        created = SourcePlace(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    deinit {
        guard !state.finished else { return }
        let left = state.problems + state.scripts.keys.sorted().flatMap { state.scripts[$0]!.leftovers() }
        for problem in left { TestFailure.record("\(problem) (and the test never called finish())", at: created) }
    }

    /// The script of the app's store at `index` (its index in the app's store enum), whose frames
    /// and commands are of `schema`; `snapshot` is what the core answers its snapshot requests
    /// with. Script every store the app attaches, before connecting. O(1).
    public func store<Command, Outcome>(
        _ index: UInt32, schema: WireSchema<Command, Outcome>, snapshot: [FrameOp] = []
    ) -> StoreScript<Command, Outcome> {
        let script = StoreScript(index: index, schema: schema, snapshot: snapshot, core: self)
        lock.withLock {
            precondition(state.scripts[index] == nil, "TestCore: store \(index) already has a script")
            state.scripts[index] = script
        }
        return script
    }

    /// How many sessions the app's `Core` has opened: 1 after `connect()`, one more after each
    /// reconnection.
    public var connections: Int { lock.withLock { state.connections } }

    public func connect(_ receiver: TransportReceiver) throws(TransportError) -> any TransportSession {
        let session = TestSession(receiver: receiver, core: self)
        lock.withLock {
            state.session = session
            state.connections += 1
        }
        return session
    }

    /// Ends the session from the core's side, as a core that dies does (`error`: how the
    /// transport reports it), and returns once the app's `Core` has seen it: calls awaiting an
    /// answer fail as `CommandError.disconnected`, and the `Core` reconnects after its policy's
    /// delay (the scripts answer the new session's snapshot requests). The commands the app sent
    /// and the test has not answered, received or not, are dropped with the session.
    public func endSession(
        _ error: TransportError = .closed,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let place = SourcePlace(fileID: fileID, filePath: filePath, line: line, column: column)
        recordProblems(at: place)
        guard let session = lock.withLock({ state.session.take() }) else {
            return TestFailure.record("endSession(): no session is open", at: place)
        }
        session.end()
        session.receiver.deliver { session.receiver.end(error) }
        await session.receiver.applied()
        for script in lock.withLock({ Array(state.scripts.values) }) { script.forgetCommands() }
    }

    /// Ends the test's conversation with the app: every command the app sent must have been
    /// received and answered, and every failure found meanwhile is recorded here. Call it last,
    /// once the app's work has been awaited.
    public func finish(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let place = SourcePlace(fileID: fileID, filePath: filePath, line: line, column: column)
        if let session = openSession { await session.receiver.applied() }  // what the app sent is in
        recordProblems(at: place)
        let scripts = lock.withLock {
            state.finished = true
            return state.scripts.keys.sorted().map { state.scripts[$0]! }
        }
        for script in scripts {
            for leftover in script.leftovers() { TestFailure.record(leftover, at: place) }
        }
    }

    // MARK: For the scripts and the session

    /// The open session, if any.
    var openSession: TestSession? { lock.withLock { state.session } }

    /// The app's `Core` closed `session` (`disconnect()`, or its release).
    func closed(_ session: TestSession) {
        lock.withLock { if state.session === session { state.session = nil } }
    }

    /// Notes a failure found on one of the app's threads, for the test's next step.
    func problem(_ message: String) {
        lock.withLock { state.problems.append(message) }
    }

    /// Records the failures found since the last step, at this one.
    func recordProblems(at place: SourcePlace) {
        let problems = lock.withLock {
            defer { state.problems = [] }
            return state.problems
        }
        for problem in problems { TestFailure.record(problem, at: place) }
    }

    /// A message the app sent: to the script of the store it names (a command or a snapshot
    /// request both begin with their variant, then the store's index).
    func hostSent(_ message: [UInt8], on session: TestSession) {
        guard message.count >= 8 else {
            return problem("the app sent a message of \(message.count) bytes, too short to name a store: \(message)")
        }
        let store = message[4..<8].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard let script = lock.withLock({ state.scripts[store] }) else {
            return problem("the app sent a message to store \(store), which has no script: call testCore.store(\(store), schema:) before connecting")
        }
        script.hostSent(message, on: session)
    }
}

/// A script as the test core routes messages to it, whatever its command and outcome types.
protocol StoreScriptEndpoint: AnyObject, Sendable {
    func hostSent(_ message: [UInt8], on session: TestSession)
    /// Drops the commands not answered yet: their session has ended, and their calls with it.
    func forgetCommands()
    /// What `finish()` reports: commands unreceived, then unanswered.
    func leftovers() -> [String]
}

/// One session between the app's `Core` and a `TestCore`.
final class TestSession: TransportSession, @unchecked Sendable {
    // @unchecked: `ended` is only touched under `lock`; the rest are `let`s.
    let receiver: TransportReceiver
    private weak let core: TestCore?
    private let lock = NSLock()
    private var ended = false

    init(receiver: TransportReceiver, core: TestCore) {
        self.receiver = receiver
        self.core = core
    }

    func send(_ message: [UInt8]) throws(TransportError) {
        guard !lock.withLock({ ended }) else { throw .closed }
        core?.hostSent(message, on: self)
    }

    func close() {
        end()
        core?.closed(self)
    }

    /// After it, the app's sends fail as `closed`.
    func end() {
        lock.withLock { ended = true }
    }
}
