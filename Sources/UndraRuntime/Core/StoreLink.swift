/// A store attached to a `Core`, with its types: decodes its frames, applies them, and holds
/// the calls awaiting their acks. Its methods are inlinable, so that the closures `Core.attach`
/// makes of them (`operations`), and the calls a store's methods make, run specialized for the
/// store's command and outcome types.
///
/// - Thread safety: `decoded`, `batch`, `frames` and `answered` are the drain's: used only by
///   the thread holding the `Core`'s drain, which is claimed under the core's inbox lock (the
///   exclusion `@unchecked Sendable` relies on, and why they skip Swift's dynamic exclusivity
///   checks: one thread at a time, no access overlapping another). `calls` is behind its own lock.
@usableFromInline
final class StoreLink<Command: WireCodable & Sendable, Outcome: WireCodable & Sendable>: @unchecked Sendable {
    @usableFromInline let index: UInt32
    @usableFromInline let runtime: StoreRuntime
    @usableFromInline let schema: WireSchema<Command, Outcome>
    @exclusivity(unchecked) @usableFromInline var decoded: WireFrame<Outcome>?
    @exclusivity(unchecked) @usableFromInline var batch: [WireFrame<Outcome>] = []
    @exclusivity(unchecked) @usableFromInline var frames: [Frame] = []
    /// Calls answered by the frames applied, resumed by `resumeAnswered`.
    @exclusivity(unchecked) @usableFromInline var answered: [(UnsafeContinuation<CommandResolution<Outcome>, Never>, Outcome)] = []
    /// Awaited commands, resumed exactly once: by whoever removes them from here.
    @usableFromInline let calls = Locked(PendingCalls<Outcome>())

    @inlinable
    init(index: UInt32, runtime: StoreRuntime, schema: WireSchema<Command, Outcome>) {
        self.index = index
        self.runtime = runtime
        self.schema = schema
    }

    /// The link's operations, for the drain: made here, where the types are concrete.
    @inlinable
    var operations: AttachedStore.Operations {
        AttachedStore.Operations(
            decodeFrame: { (reader: inout WireReader) throws(WireError) -> Bool in try self.decodeFrame(from: &reader) },
            keepDecoded: { self.keepDecoded() },
            discardDecoded: { self.decoded = nil },
            flush: { self.flush() },
            resumeAnswered: { self.resumeAnswered() },
            open: { session in self.calls.withLock { $0.session = session } },
            close: { self.close() })
    }

    @inlinable
    func decodeFrame(from reader: inout WireReader) throws(WireError) -> Bool {
        let frame = try schema.decodeFrame(from: &reader)
        decoded = frame
        return frame.frame.isSnapshot
    }

    @inlinable
    func keepDecoded() {
        if let frame = decoded.take() { batch.append(frame) }
    }

    @inlinable
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
        if !report.acknowledged.isEmpty { take(answeredBy: report.acknowledged) }
        batch.removeAll(keepingCapacity: true)
        return report.applied > 0
    }

    /// Takes the calls `acknowledged` (the acks of the frames committed, in order) answers, each
    /// with its outcome. A committed frame's acks are, in order, a run of the batch's acks, so
    /// one walk pairs them; an id nobody awaits (a fire-and-forget command, or an ack the core
    /// repeated) is skipped.
    @inlinable
    func take(answeredBy acknowledged: [UInt64]) {
        var next = 0
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
    }

    @inlinable
    func resumeAnswered() {
        guard !answered.isEmpty else { return }
        for (continuation, outcome) in answered { continuation.resume(returning: .acknowledged(outcome)) }
        answered.removeAll(keepingCapacity: true)
    }

    @inlinable
    func close() {
        let waiting = calls.withLock { calls in
            calls.session = 0
            defer { calls.waiting = [:] }
            return calls.waiting
        }
        for continuation in waiting.values { continuation.resume(returning: .disconnected) }
    }

    /// Registers an awaited call on `session`; false if that session is no longer open.
    @inlinable
    func register(_ id: CommandID, _ continuation: UnsafeContinuation<CommandResolution<Outcome>, Never>, session: UInt64) -> Bool {
        calls.withLock { calls in
            guard calls.session == session else { return false }
            calls.waiting[id.rawValue] = continuation
            return true
        }
    }

    /// Takes back a registered call (its message could not be sent), if nobody resumed it yet.
    @inlinable
    func withdraw(_ id: CommandID) -> UnsafeContinuation<CommandResolution<Outcome>, Never>? {
        calls.withLock { $0.waiting.removeValue(forKey: id.rawValue) }
    }
}

/// The commands awaiting their acks, for the session they were sent on.
@usableFromInline
struct PendingCalls<Outcome: Sendable> {
    /// The open session (0: none): a command is registered only on it.
    @usableFromInline var session: UInt64 = 0
    @usableFromInline var waiting: [UInt64: UnsafeContinuation<CommandResolution<Outcome>, Never>] = [:]

    @inlinable init() {}
}
