import Foundation
import UndraRuntime

/// A core for tests that plays back a recorded session (`SessionRecording`): each message the
/// app sends must be the next one recorded, and is answered with what the real core sent after
/// it. A view model's test then runs its steps against what the real core did, with no core
/// built:
///
///     let replay = SessionReplay(try SessionRecording(contentsOf: fixture))
///     let core = Core(transport: replay)
///     … the steps, as recorded …
///     replay.finish()                       // every recorded message was played
///
/// What the core sent before the app's first message is delivered when the session opens. A
/// message other than the one recorded is a failure of the running test, showing both (the
/// app has drifted from the recording, or the recording from the core: record it again), and
/// the session ends, as a core that stops does. It plays one session: connecting again fails
/// (`TransportError.unavailable`).
///
/// - Thread safety: `@unchecked Sendable`: its state is only touched under `lock`.
public final class SessionReplay: CoreTransport, @unchecked Sendable {
    private let lock = NSLock()
    private let recording: SessionRecording
    /// The next message to play.
    private var next = 0
    private var receiver: TransportReceiver?
    private var connected = false
    private let created: SourcePlace

    /// A replay of `recording`. A message the app sends that is not the one recorded is a
    /// failure recorded at this line, when it is sent (for the test running the app's task).
    public init(
        _ recording: SessionRecording,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.recording = recording
        created = SourcePlace(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// How many of the recording's messages have been played (sent by the app, or delivered).
    public var played: Int { lock.withLock { next } }

    public func connect(_ receiver: TransportReceiver) throws(TransportError) -> any TransportSession {
        let first = lock.withLock { () -> Bool in
            defer { connected = true }
            if !connected { self.receiver = receiver }
            return !connected
        }
        guard first else { throw .unavailable("the recording holds one session, and it was played") }
        deliverCoreMessages()
        return ReplaySession(replay: self)
    }

    /// Checks that the session was played to its end. Call it last, once the app's work has been
    /// awaited.
    public func finish(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let place = SourcePlace(fileID: fileID, filePath: filePath, line: line, column: column)
        let left = lock.withLock { recording.messages.count - next }
        if left > 0 {
            TestFailure.record("the replay ended with \(left) of \(recording.messages.count) recorded messages not played: the app did less than was recorded", at: place)
        }
    }

    /// The app sent `message`: it must be the next one recorded; what the core sent after it is
    /// delivered.
    fileprivate func received(_ message: [UInt8]) throws(TransportError) {
        let outcome = lock.withLock { () -> String? in
            guard next < recording.messages.count else {
                return "the app sent a message after the recording's end (\(message.count) bytes): it did more than was recorded"
            }
            guard case .host(let expected) = recording.messages[next], expected == message else {
                return "message \(next + 1) of the recording is not what the app sent:\n"
                    + "    recorded \(Self.describe(recording.messages[next]))\n    sent     \(Self.describe(.host(message)))"
            }
            next += 1
            return nil
        }
        if let outcome {
            TestFailure.record(outcome, at: created)
            end()
            throw .closed
        }
        deliverCoreMessages()
    }

    /// Delivers the core's messages from the next one on, up to the app's next message.
    private func deliverCoreMessages() {
        while let (receiver, bytes) = lock.withLock({ () -> (TransportReceiver, [UInt8])? in
            guard let receiver, next < recording.messages.count, case .core(let bytes) = recording.messages[next] else { return nil }
            next += 1
            return (receiver, bytes)
        }) {
            bytes.withUnsafeBytes { receiver.receive($0) }
        }
    }

    fileprivate func end() {
        guard let receiver = lock.withLock({ self.receiver.take() }) else { return }
        receiver.end(.closed)
    }

    private static func describe(_ message: SessionRecording.Message) -> String {
        SessionRecording(messages: [message]).text.trimmingCharacters(in: .newlines)
    }
}

/// The session a replay opens.
private final class ReplaySession: TransportSession {
    weak let replay: SessionReplay?

    init(replay: SessionReplay) {
        self.replay = replay
    }

    func send(_ message: [UInt8]) throws(TransportError) {
        guard let replay else { throw .closed }
        try replay.received(message)
    }

    func close() {}
}
