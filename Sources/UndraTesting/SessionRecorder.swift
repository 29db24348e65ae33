import Foundation
import UndraRuntime

/// A transport that records the session it opens through another: every message the app sends
/// and the core sends back, in order. Record a view model's steps against the real core (in
/// process: `InProcessTransport` over the Rust library), keep `recording` as the test's fixture,
/// and replay it with `SessionReplay` where no core is built.
///
///     let recorder = SessionRecorder(InProcessTransport(functions: try .load(library: path)))
///     let core = Core(transport: recorder)
///     … the steps …
///     try recorder.recording.write(to: "Tests/Fixtures/todos.session")
///
/// It records the first session only: a reconnection's messages are not recorded (the replay
/// has one session).
///
/// - Thread safety: `@unchecked Sendable`: `messages` and `sessions` are only touched under `lock`.
public final class SessionRecorder: CoreTransport, @unchecked Sendable {
    private let base: any CoreTransport
    private let lock = NSLock()
    private var messages: [SessionRecording.Message] = []
    private var sessions = 0

    /// A recorder of the session opened through `base`.
    public init(_ base: any CoreTransport) {
        self.base = base
    }

    /// What was recorded so far.
    public var recording: SessionRecording { lock.withLock { SessionRecording(messages: messages) } }

    public func connect(_ receiver: TransportReceiver) throws(TransportError) -> any TransportSession {
        let first = lock.withLock { () -> Bool in
            sessions += 1
            return sessions == 1
        }
        guard first else { return try base.connect(receiver) }
        let tapped = TransportReceiver(tapping: receiver) { [weak self] bytes in self?.append(.core(bytes)) }
        return RecordingSession(base: try base.connect(tapped), recorder: self)
    }

    fileprivate func append(_ message: SessionRecording.Message) {
        lock.withLock { messages.append(message) }
    }
}

/// The recorded session: what the app sends is recorded before it goes (an in-process core
/// answers inside the send, and its answer must come after).
private final class RecordingSession: TransportSession {
    let base: any TransportSession
    weak let recorder: SessionRecorder?

    init(base: any TransportSession, recorder: SessionRecorder) {
        self.base = base
        self.recorder = recorder
    }

    func send(_ message: [UInt8]) throws(TransportError) {
        recorder?.append(.host(message))
        try base.send(message)
    }

    func close() { base.close() }
}
