/// A store attached to a `Core`, as the core's drain sees it whatever its command and outcome
/// types: its index in the app's store enum, its runtime, whether it waits for a snapshot, and
/// its typed operations (a `StoreLink`'s), as closures.
///
/// Closures, not a protocol the typed link conforms to: `Core.attach` makes them where the
/// store's types are concrete, so they run specialized for them. Reached through a protocol
/// witness of a generic class, the same code ran unspecialized, and looked up type metadata at
/// nearly every step (measured: most of an in-process round trip).
///
/// - Thread safety: `expectsSnapshot` and the operations are the drain's: used only by the
///   thread holding the `Core`'s drain, which is claimed under the core's inbox lock (the
///   exclusion `@unchecked Sendable` relies on). `resyncNeeded` is set by the runtime's resync
///   handler, on the thread applying frames, under its own lock.
@usableFromInline
final class AttachedStore: @unchecked Sendable {
    let index: UInt32
    let runtime: StoreRuntime
    /// The store's schema description (`WireSchema.description`), sent in each resync request.
    let schema: String
    /// The drain passes this store no delta until a snapshot: set when the session opens and
    /// when a resync is requested, cleared by the first snapshot that comes.
    var expectsSnapshot = false
    /// The mirror's rejection that began a wait for a snapshot, until the drain takes it.
    let resyncNeeded = Locked<MirrorError?>(nil)
    private let operations: Operations

    /// The typed link's operations (see `StoreLink`).
    @usableFromInline
    struct Operations {
        /// Decodes a frame and holds it; returns whether it is a snapshot.
        let decodeFrame: (inout WireReader) throws(WireError) -> Bool
        let keepDecoded: () -> Void
        let discardDecoded: () -> Void
        let flush: () -> Bool?
        let resumeAnswered: () -> Void
        let open: (UInt64) -> Void
        let close: () -> Void

        @usableFromInline
        init(
            decodeFrame: @escaping (inout WireReader) throws(WireError) -> Bool, keepDecoded: @escaping () -> Void,
            discardDecoded: @escaping () -> Void, flush: @escaping () -> Bool?, resumeAnswered: @escaping () -> Void,
            open: @escaping (UInt64) -> Void, close: @escaping () -> Void
        ) {
            self.decodeFrame = decodeFrame
            self.keepDecoded = keepDecoded
            self.discardDecoded = discardDecoded
            self.flush = flush
            self.resumeAnswered = resumeAnswered
            self.open = open
            self.close = close
        }
    }

    @usableFromInline
    init(index: UInt32, runtime: StoreRuntime, schema: String, operations: Operations) {
        self.index = index
        self.runtime = runtime
        self.schema = schema
        self.operations = operations
        runtime.resyncRequestHandler = { [weak self] rejection in
            // The drain looks for it after applying frames (the handler runs inside that apply).
            self?.resyncNeeded.withLock { $0 = $0 ?? rejection }
        }
    }

    /// Decodes a frame of this store from `reader`, holding it until `acceptDecoded` (the
    /// message may still turn out to have trailing bytes).
    func decodeFrame(from reader: inout WireReader) throws(WireError) -> Bool {
        try operations.decodeFrame(&reader)
    }

    /// Adds the frame just decoded (a snapshot if `isSnapshot`) to the frames to apply, unless
    /// it is a delta while a snapshot is expected (dropped: the mirror would reject it).
    func acceptDecoded(isSnapshot: Bool) {
        if expectsSnapshot {
            guard isSnapshot else { return operations.discardDecoded() }
            expectsSnapshot = false
        }
        operations.keepDecoded()
    }

    /// Drops the frame just decoded (its message did not decode to the end).
    func discardDecoded() { operations.discardDecoded() }

    /// Applies the frames kept (one drain of the mirror) and takes the calls their acks answer.
    /// Returns whether any frame was applied; nil if none was kept.
    func flush() -> Bool? { operations.flush() }

    /// Resumes the calls `flush` took, each with its outcome: after the drain has published the
    /// connection's state, so a call that returns finds everything its frame implies.
    func resumeAnswered() { operations.resumeAnswered() }

    /// Lets commands be awaited on session `session`.
    func open(session: UInt64) { operations.open(session) }

    /// The session ended: every command awaiting its ack fails as `disconnected`.
    func close() {
        operations.close()
        expectsSnapshot = false
    }
}
