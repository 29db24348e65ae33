/// Where a transport's session delivers what it receives: messages from the core, and the
/// session's end. Made by a `Core` for each session it opens.
///
/// Receiving only queues: the core's messages are decoded and applied by the `Core`'s drain,
/// one drain at a time, never inside a transport's callback (which may run inside the core's own
/// code, holding its locks). Messages received together are applied together: a store's frames
/// among them become one drain of its mirror, so their changes merge.
///
/// - Thread safety: every method may be called from any thread.
public final class TransportReceiver: Sendable {
    /// The session this receiver belongs to: once the `Core` has moved on to another, what this
    /// one receives is dropped.
    let session: UInt64
    /// Weak: a session that outlives its core (a reader thread finishing) keeps nothing alive.
    weak let core: Core?
    /// What sees each message before it is queued (UndraTesting's `SessionRecorder`), if anything.
    let tap: (@Sendable ([UInt8]) -> Void)?

    init(core: Core, session: UInt64) {
        self.core = core
        self.session = session
        tap = nil
    }

    /// A receiver for the same core and session that hands each message to `tap` before it is
    /// queued, in the order received: for a transport that records what the core sends.
    package init(tapping receiver: TransportReceiver, with tap: @escaping @Sendable ([UInt8]) -> Void) {
        core = receiver.core
        session = receiver.session
        self.tap = tap
    }

    /// Queues one message (the bytes are copied). Unless the calling thread will apply it (a
    /// thread inside `deliver`, or one sending through the core, which drains after sending), a
    /// drain is scheduled on another thread.
    ///
    /// - Complexity: O(n) in the message's size (the copy), plus a lock.
    public func receive(_ message: UnsafeRawBufferPointer) {
        guard let core else { return }
        let bytes = [UInt8](message)
        tap?(bytes)
        core.enqueue(.message(session: session, bytes), wake: !DrainMark.isSet(for: core))
    }

    /// Runs `body`, which receives messages (or ends the session), then applies what it
    /// received on this thread: for a transport's own thread, such as a socket's reader, so that
    /// a message costs no hop to another thread. (The `Core` applies them on its queue instead,
    /// if it was given one, or later if another thread is draining.) Never call it from inside a
    /// core's callback, which may hold the core's locks: use `receive` there.
    public func deliver(_ body: () -> Void) {
        guard let core else { return body() }
        DrainMark.withMark(for: core, body)
        core.drainHere()
    }

    /// Reports that the session ended without `close()`: the peer closed it, or it failed. The
    /// `Core` reconnects.
    public func end(_ error: TransportError) {
        guard let core else { return }
        core.enqueue(.ended(session: session, error), wake: !DrainMark.isSet(for: core))
    }

    /// Returns once what was received before the call has been applied and announced, the
    /// connection's state published and the calls it answered resumed (at once if the `Core` is
    /// gone): a test core's way to know the app has seen a frame. Not from a thread that drains.
    package func applied() async {
        guard let core else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            core.enqueue(.perform { _ in continuation.resume() }, wake: true)
        }
        // The event lives in the core's inbox: the core is kept until it has run.
        withExtendedLifetime(core) {}
    }
}
