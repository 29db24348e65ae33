/// A store attached to a `Core`, as the core's drain sees it whatever its command and outcome
/// types: its index in the app's store enum, its runtime, and the frames decoded for it and not
/// applied yet. `StoreLink` is the one implementation.
protocol AttachedStore: AnyObject, Sendable {
    var index: UInt32 { get }
    var runtime: StoreRuntime { get }
    /// The drain passes this store no delta until a snapshot: set when the session opens and
    /// when a resync is requested, cleared by the first snapshot that comes.
    var expectsSnapshot: Bool { get set }
    /// The mirror's rejection that began a wait for a snapshot, until the drain takes it.
    var resyncNeeded: Locked<MirrorError?> { get }

    /// Decodes a frame of this store from `reader`, holding it until `acceptDecoded` (the
    /// message may still turn out to have trailing bytes).
    func decodeFrame(from reader: inout WireReader) throws(WireError)
    /// Adds the frame just decoded to the frames to apply, unless it is a delta while a snapshot
    /// is expected (dropped: it would be rejected).
    func acceptDecoded()
    /// Drops the frame just decoded (its message did not decode to the end).
    func discardDecoded()
    /// Applies the frames kept (one drain of the mirror) and resumes the commands their acks
    /// answer. Returns whether any frame was applied; nil if none was kept.
    func flush() -> Bool?
    /// Lets commands be awaited on session `session`.
    func open(session: UInt64)
    /// The session ended: every command awaiting its ack fails as `disconnected`.
    func close()
}

/// The commands awaiting their acks, for the session they were sent on.
struct PendingCalls<Outcome: Sendable> {
    /// The open session (0: none): a command is registered only on it.
    var session: UInt64 = 0
    var waiting: [UInt64: UnsafeContinuation<CommandResolution<Outcome>, Never>] = [:]
}

/// A store attached to a `Core`, with its wire schema: decodes its frames, and holds its calls.
///
/// - Thread safety: `expectsSnapshot`, `decoded`, `batch` and `frames` are the drain's: touched
///   only by the thread holding the `Core`'s drain, which is claimed under the core's inbox lock
///   (the exclusion `@unchecked Sendable` relies on). `resyncNeeded` (set by the runtime's resync
///   handler, on the thread applying frames) and `calls` (any thread) have their own locks.
final class StoreLink<Command: WireCodable & Sendable, Outcome: WireCodable & Sendable>: AttachedStore, @unchecked Sendable {
    let index: UInt32
    let runtime: StoreRuntime
    let schema: WireSchema<Command, Outcome>
    var expectsSnapshot = false
    let resyncNeeded = Locked<MirrorError?>(nil)
    private var decoded: WireFrame<Outcome>?
    private var batch: [WireFrame<Outcome>] = []
    private var frames: [Frame] = []
    /// Awaited commands, resumed exactly once: by whoever removes them from here.
    let calls = Locked(PendingCalls<Outcome>())

    init(index: UInt32, runtime: StoreRuntime, schema: WireSchema<Command, Outcome>) {
        self.index = index
        self.runtime = runtime
        self.schema = schema
        runtime.resyncRequestHandler = { [weak self] rejection in
            // The drain looks for it after applying frames (the handler runs inside that apply).
            self?.resyncNeeded.withLock { $0 = $0 ?? rejection }
        }
    }

    func decodeFrame(from reader: inout WireReader) throws(WireError) {
        decoded = try schema.decodeFrame(from: &reader)
    }

    func acceptDecoded() {
        guard let frame = decoded.take() else { return }
        if expectsSnapshot {
            guard frame.frame.isSnapshot else { return }
            expectsSnapshot = false
        }
        batch.append(frame)
    }

    func discardDecoded() {
        decoded = nil
    }

    func flush() -> Bool? {
        guard !batch.isEmpty else { return nil }
        let report: DrainReport
        if batch.count == 1 {
            report = runtime.apply(batch[0].frame)
        } else {
            frames.removeAll(keepingCapacity: true)
            for frame in batch { frames.append(frame.frame) }
            report = runtime.apply(frames)
            frames.removeAll(keepingCapacity: true)
        }
        if !report.acknowledged.isEmpty { resolve(report.acknowledged) }
        batch.removeAll(keepingCapacity: true)
        return report.applied > 0
    }

    /// Resumes the calls `acknowledged` (the acks of the frames committed, in order) answers,
    /// each with its outcome. A committed frame's acks are, in order, a run of the batch's
    /// acks, so one walk pairs them; an id nobody awaits (a fire-and-forget command, or an ack the
    /// core repeated) is skipped.
    private func resolve(_ acknowledged: [UInt64]) {
        var next = 0
        var answered: [(UnsafeContinuation<CommandResolution<Outcome>, Never>, Outcome)] = []
        calls.withLock { calls in
            for frame in batch {
                for ack in frame.acks where next < acknowledged.count && acknowledged[next] == ack.command.rawValue {
                    next += 1
                    if let continuation = calls.waiting.removeValue(forKey: ack.command.rawValue) {
                        answered.append((continuation, ack.outcome))
                    }
                }
            }
        }
        for (continuation, outcome) in answered { continuation.resume(returning: .acknowledged(outcome)) }
    }

    func open(session: UInt64) {
        calls.withLock { $0.session = session }
    }

    func close() {
        let waiting = calls.withLock { calls in
            calls.session = 0
            defer { calls.waiting = [:] }
            return calls.waiting
        }
        for continuation in waiting.values { continuation.resume(returning: .disconnected) }
    }

    /// Registers an awaited call on `session`; false if that session is no longer open.
    func register(_ id: CommandID, _ continuation: UnsafeContinuation<CommandResolution<Outcome>, Never>, session: UInt64) -> Bool {
        calls.withLock { calls in
            guard calls.session == session else { return false }
            calls.waiting[id.rawValue] = continuation
            return true
        }
    }

    /// Takes back a registered call (its message could not be sent), if nobody resumed it yet.
    func withdraw(_ id: CommandID) -> UnsafeContinuation<CommandResolution<Outcome>, Never>? {
        calls.withLock { $0.waiting.removeValue(forKey: id.rawValue) }
    }
}
