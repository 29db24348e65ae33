import Foundation
import UndraRuntime

/// The core's side of one of the app's stores, in a test (`TestCore.store(_:schema:snapshot:)`):
/// it sends the store's frames, numbered in sequence, receives the commands the app sends the
/// store, in order, and answers them.
///
/// Every step is awaited, and returns once the app has seen it: after `send` or `answer`, the
/// frame has been applied and announced in both modes, and the call it answers has been resumed,
/// so the test asserts the store's state (and its view model's) on the next line.
///
/// - Thread safety: the test awaits its steps one at a time; the app's commands arrive from any
///   thread meanwhile.
public final class StoreScript<Command: WireCodable & Sendable, Outcome: WireCodable & Sendable>: StoreScriptEndpoint,
    @unchecked Sendable
{
    // @unchecked: `state` is only touched under `lock`; the rest are `let`s.
    /// The store's index in the app's store enum.
    public let index: UInt32
    /// The store's schema: how its frames are written and its commands read.
    public let schema: WireSchema<Command, Outcome>
    private weak let core: TestCore?
    private let lock = NSLock()
    private var state: State

    private struct State {
        var snapshot: [FrameOp]
        /// The last frame's sequence.
        var sequence: UInt64 = 0
        /// The acks of each frame sent, by sequence: a snapshot answering a resync request
        /// carries the acks of the frames after the request's position again (docs/CORE.md, rule 3).
        var acks: [(sequence: UInt64, acks: [Ack<Outcome>])] = []
        /// Commands the app sent that the test has not received yet, oldest first.
        var unreceived: [WireCommand<Command>] = []
        /// Commands received and not answered yet, oldest first.
        var unanswered: [WireCommand<Command>] = []
        var resyncRequests: [ResyncRequest] = []
        /// `receive`s waiting for the app's next command.
        var arrivals: [OneShot<Void>] = []
    }

    init(index: UInt32, schema: WireSchema<Command, Outcome>, snapshot: [FrameOp], core: TestCore) {
        self.index = index
        self.schema = schema
        self.core = core
        state = State(snapshot: snapshot)
    }

    /// The ops of the snapshot the core answers each of the app's snapshot requests with (when
    /// it connects, reconnects, or rejected a frame): the store's whole state, its fields not set
    /// here at their initial values. Change it when a test's frames have changed that state and
    /// the app is made to ask again.
    public var snapshot: [FrameOp] {
        get { lock.withLock { state.snapshot } }
        set { lock.withLock { state.snapshot = newValue } }
    }

    /// The snapshot requests the app sent this store, in order.
    public var resyncRequests: [ResyncRequest] { lock.withLock { state.resyncRequests } }

    // MARK: Steps

    /// Sends the next frame of the store, of `ops`, and returns once the app has applied and
    /// announced it. A frame the store rejects is a failure, with the store's reason.
    public func send(
        _ ops: [FrameOp],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await deliver(ops, isSnapshot: false, acks: [], at: SourcePlace(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Sends a snapshot of `ops` (the whole state: fields it does not set go back to their initial
    /// values), keeps it as `snapshot`, and returns once the app has applied it.
    public func sendSnapshot(
        _ ops: [FrameOp],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        snapshot = ops
        await deliver(ops, isSnapshot: true, acks: [], at: SourcePlace(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Receives the next command the app sent the store, which must be `expected`; waits for it
    /// up to `timeout` (the test core's by default). Returns it, or nil if none came (a
    /// failure, as a command other than `expected` is). Once received, it waits for `answer`.
    @discardableResult
    public func receive(
        _ expected: Command, timeout: UndraDuration? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Command? where Command: Equatable {
        let place = SourcePlace(fileID: fileID, filePath: filePath, line: line, column: column)
        return await receive(timeout: timeout, at: place, expecting: "the command \(expected)") { $0 == expected }
    }

    /// Receives the next command the app sent the store, which `matches` must accept (for
    /// commands that are not `Equatable`, or to check some of it); as `receive(_:)` otherwise.
    @discardableResult
    public func receive(
        timeout: UndraDuration? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        where matches: (Command) -> Bool
    ) async -> Command? {
        let place = SourcePlace(fileID: fileID, filePath: filePath, line: line, column: column)
        return await receive(timeout: timeout, at: place, expecting: "a command that matches", matches)
    }

    /// Answers the oldest command received and not yet answered with `outcome`, in a frame of
    /// `ops` (the command's effects, which the app sees when its call returns), and returns once
    /// the app has applied it and its call has been resumed. Answering with no command waiting is
    /// a failure.
    public func answer(
        _ outcome: Outcome, ops: [FrameOp] = [],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let place = SourcePlace(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let command = lock.withLock({ state.unanswered.isEmpty ? nil : state.unanswered.removeFirst() }) else {
            core?.recordProblems(at: place)
            return TestFailure.record("store \(index): answered \(outcome), but no command received waits for an answer", at: place)
        }
        await deliver(ops, isSnapshot: false, acks: [Ack(command: command.id, outcome: outcome)], at: place)
    }

    // MARK: The steps' work

    private func receive(
        timeout: UndraDuration?, at place: SourcePlace, expecting expected: String, _ matches: (Command) -> Bool
    ) async -> Command? {
        guard let core = liveCore(at: place) else { return nil }
        core.recordProblems(at: place)
        let limit = timeout ?? core.timeout
        guard let command = await nextCommand(within: limit) else {
            TestFailure.record("store \(index): expected \(expected); the app sent none within \(limit)", at: place)
            return nil
        }
        if !matches(command.command) {
            TestFailure.record("store \(index): expected \(expected); the app sent \(command.command)", at: place)
        }
        return command.command
    }

    /// The test core, or nil (a failure) if the test let go of it, and of the app's `Core` with it.
    private func liveCore(at place: SourcePlace) -> TestCore? {
        if let core { return core }
        TestFailure.record("store \(index): the TestCore is gone: keep it, and the Core over it, for the whole test", at: place)
        return nil
    }

    /// The next command the app sent, moved to the ones waiting for an answer; nil if none came
    /// within `limit` (or the task was cancelled).
    private func nextCommand(within limit: UndraDuration) async -> WireCommand<Command>? {
        while true {
            let (command, arrival) = lock.withLock { () -> (WireCommand<Command>?, OneShot<Void>?) in
                guard state.unreceived.isEmpty else {
                    let command = state.unreceived.removeFirst()
                    state.unanswered.append(command)
                    return (command, nil)
                }
                let arrival = OneShot<Void>()
                state.arrivals.append(arrival)
                return (nil, arrival)
            }
            if let command { return command }
            do {
                try await arrival!.value(timeoutNanoseconds: limit.totalNanoseconds) { CancellationError() }
            } catch {
                lock.withLock { state.arrivals.removeAll { $0 === arrival } }
                return nil
            }
        }
    }

    /// Sends a frame of this store and waits until the app has applied it; then checks that the
    /// store did not reject it (a rejection asks for a snapshot, which is answered and applied too).
    private func deliver(_ ops: [FrameOp], isSnapshot: Bool, acks: [Ack<Outcome>], at place: SourcePlace) async {
        guard let core = liveCore(at: place) else { return }
        core.recordProblems(at: place)
        guard let session = core.openSession else {
            return TestFailure.record("store \(index): no session: connect the Core first (try await core.connect())", at: place)
        }
        let (message, sequence, requestsBefore) = lock.withLock { () -> (Result<[UInt8], FrameEncodingError>, UInt64, Int) in
            (nextMessage(ops, isSnapshot: isSnapshot, acks: acks, epoch: core.epoch), state.sequence, state.resyncRequests.count)
        }
        let bytes: [UInt8]
        switch message {
        case .success(let encoded): bytes = encoded
        case .failure(let error): return TestFailure.record("store \(index): the frame cannot be sent: \(error)", at: place)
        }
        session.receiver.deliver { bytes.withUnsafeBytes { session.receiver.receive($0) } }
        await session.receiver.applied()
        let rejections = lock.withLock { state.resyncRequests.dropFirst(requestsBefore).filter { $0.reason != .attach } }
        if let rejection = rejections.first {
            TestFailure.record(
                "store \(index) rejected frame \(core.epoch):\(sequence) and asked for a snapshot: \(rejection.reason)", at: place)
            await session.receiver.applied()  // the snapshot it was answered with
        }
    }

    /// The bytes of the store's next frame, which takes the next sequence number if it can be
    /// written (under `lock`).
    private func nextMessage(_ ops: [FrameOp], isSnapshot: Bool, acks: [Ack<Outcome>], epoch: UInt64) -> Result<[UInt8], FrameEncodingError> {
        let sequence = state.sequence + 1
        let frame = Frame(epoch: epoch, sequence: sequence, isSnapshot: isSnapshot, schemaHash: isSnapshot ? schema.hash : nil, ops: ops)
        let message = Result { () throws(FrameEncodingError) in
            try CoreMessage.frame(store: index, WireFrame(frame, acks: acks)).wireBytes(schema: schema)
        }
        if case .success = message {
            state.sequence = sequence
            state.acks.append((sequence, acks))
        }
        return message
    }

    // MARK: What the app sends

    func hostSent(_ message: [UInt8], on session: TestSession) {
        guard let core else { return }
        let decoded: HostMessage<Command>
        do {
            decoded = try HostMessage<Command>(wireBytes: message)
        } catch {
            return core.problem("store \(index): the app sent a message that does not decode as its command: \(error)")
        }
        switch decoded {
        case .command(_, let command):
            let arrivals = lock.withLock {
                state.unreceived.append(command)
                defer { state.arrivals = [] }
                return state.arrivals
            }
            for arrival in arrivals { arrival.finish(.success(())) }
        case .resync(let request):
            let answer = lock.withLock { () -> Result<[UInt8], FrameEncodingError> in
                state.resyncRequests.append(request)
                // The acks of the frames the app did not apply, as the core's rule 3 says.
                let replayed = state.acks.filter { request.epoch != core.epoch || $0.sequence > request.sequence }.flatMap(\.acks)
                return nextMessage(state.snapshot, isSnapshot: true, acks: replayed, epoch: core.epoch)
            }
            switch answer {
            case .success(let bytes):
                // Sent from the app's drain, which applies this answer before it lets go.
                bytes.withUnsafeBytes { session.receiver.receive($0) }
            case .failure(let error):
                core.problem("store \(index): the snapshot cannot be sent: \(error)")
            }
        }
    }

    func forgetCommands() {
        lock.withLock {
            state.unreceived = []
            state.unanswered = []
        }
    }

    func leftovers() -> [String] {
        lock.withLock {
            state.unreceived.map { "store \(index): the app sent the command \($0.command), which the test did not receive" }
                + state.unanswered.map { "store \(index): the test received the command \($0.command) and did not answer it" }
        }
    }
}
