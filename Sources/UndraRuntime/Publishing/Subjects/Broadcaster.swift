#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The engine under every subject here: an ordered list of subscribers, and serial delivery
/// (how: ``BroadcasterCore``).
///
/// A subject keeps one as a stored `let`, and sends, subscribes and reads through its ``core``,
/// which the subject's subscriptions hold too, so that they can cancel and request without the
/// subject. This value only ties the core to the subject's lifetime: when the subject goes, it
/// closes the core, and every subscriber (with its closures) is released.
///
/// A sender holds the subject, and so the core, for as long as its send lasts.
@usableFromInline
struct Broadcaster<Output, Failure: Error>: ~Copyable {
    @usableFromInline let core: BroadcasterCore<Output, Failure>

    /// A broadcaster with no subscribers; `current` is the first value of a subject that keeps one.
    @inlinable
    init(current: Output? = nil) {
        core = BroadcasterCore(current: current, keepsCurrent: current != nil)
    }

    /// A broadcaster for a subject that keeps its current value itself: it sets the core's
    /// `currentReader` at once.
    @inlinable
    init(keepingCurrentOutside: Void) {
        core = BroadcasterCore(current: nil, keepsCurrent: true)
    }

    deinit {
        core.close()
    }
}
#endif
