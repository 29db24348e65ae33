#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The upstreams that feed a subject (`upstream.subscribe(subject)`, which hands the subject
/// their subscriptions through `send(subscription:)`), and when they are asked for values: as in
/// Combine, not before the subject's first subscriber asks for any. Then every upstream kept so
/// far is asked for everything (`.unlimited`), and so is each one that comes later. So
/// `[1, 2, 3].publisher.subscribe(subject)` followed by `subject.sink { … }` delivers 1, 2 and 3.
///
/// Not generic, so that a subscriber's request, which runs unspecialized, checks it with no type
/// metadata: one atomic load once the gate is open.
///
/// `@unchecked Sendable`: `openWord` is reached only through `AtomicWord`, and changes only under
/// `upstreams`'s lock, which guards the list.
@usableFromInline
final class UpstreamGate: @unchecked Sendable {
    /// The word behind `isOpen`, first in the object (`AtomicWord`).
    private var openWord = 0
    private let upstreams = Locked<[Subscription]>([])

    @usableFromInline
    init() {
        assertAtomicWordsComeFirst(self, &openWord)
    }

    private var open: AtomicWord<Bool> { AtomicWord(inFirstPropertyOf: self) }

    /// Keeps `upstream`, asking it for everything now if a subscriber has asked already.
    @usableFromInline
    func keep(_ upstream: Subscription) {
        let ask = upstreams.withLock { upstreams -> Bool in
            upstreams.append(upstream)
            return open.load(ordering: .relaxed)
        }
        if ask { upstream.request(.unlimited) }
    }

    /// A subscriber asked for values: the first time, every upstream is asked for everything.
    /// One atomic load after the first; safe from any thread.
    @usableFromInline
    func demanded() {
        guard !open.load(ordering: .acquiring) else { return }
        let waiting = upstreams.withLock { upstreams -> [Subscription] in
            guard !open.load(ordering: .relaxed) else { return [] }
            open.store(true, ordering: .releasing)
            return upstreams
        }
        for upstream in waiting { upstream.request(.unlimited) }
    }

    /// The subject is gone: the upstreams, to cancel.
    @usableFromInline
    func close() -> [Subscription] {
        upstreams.withLock { upstreams in
            defer { upstreams = [] }
            return upstreams
        }
    }
}
#endif
