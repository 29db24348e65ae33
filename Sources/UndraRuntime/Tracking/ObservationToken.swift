/// Keeps a continuous observation alive: cancel it, or let it go, to stop the observation.
///
/// - Thread safety: `cancel()` may be called from any thread, any number of times, including from
///   inside the observation's own callback. After it returns no new callback starts, and the
///   observation's closures have been released (or are, as soon as a run already under way on
///   another thread returns).
/// - Complexity: O(1). Stale registrations left in registrars are dropped lazily (see `Registrar`).
public final class ObservationToken: Hashable, Sendable {
    private let observer: ContinuousObserver

    init(_ observer: ContinuousObserver) {
        self.observer = observer
    }

    deinit {
        observer.cancel()
    }

    /// Stops the observation and releases its closures. Idempotent.
    public func cancel() {
        observer.cancel()
    }

    /// Whether `cancel()` has been called.
    public var isCancelled: Bool { observer.isCancelled }

    /// Keeps the token in `set` (as `AnyCancellable.store(in:)` does for Combine).
    public func store(in set: inout Set<ObservationToken>) {
        set.insert(self)
    }

    public static func == (lhs: ObservationToken, rhs: ObservationToken) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
