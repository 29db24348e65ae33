import Dispatch

/// Runs `apply` now and again after every change of what it read, until the token is cancelled
/// or released: continuous observation in the shape of Point-Free's swift-navigation.
///
///     let token = observe { label.text = "\(todos.count)" }
///
/// `apply` is re-tracked on every run, so a branch that stops reading a property stops depending
/// on it. It re-runs synchronously on the thread that made the change, after the change. Writes
/// that `apply` itself makes do not re-trigger it; writes by other threads while it runs make it
/// run once more when it returns. Capture `self` weakly where `self` owns the token.
///
/// - Complexity: each run costs `apply` plus O(1) per distinct property it reads.
/// - Thread safety: writes may come from any thread; runs never overlap.
public func observe(_ apply: @escaping @Sendable () -> Void) -> ObservationToken {
    ContinuousObserver.start(read: apply, onChange: nil, delivery: .didSet)
}

/// Runs `apply` on `queue` now and again after changes of what it read; changes that arrive before
/// the queue gets to it are coalesced into one run. Work already queued when the token is cancelled
/// does not run.
public func observe(on queue: DispatchQueue, _ apply: @escaping @Sendable () -> Void) -> ObservationToken {
    let observer = ContinuousObserver(read: apply, onChange: nil, delivery: .coalesced(on: queue))
    observer.schedule()
    return ObservationToken(observer)
}

/// Runs `apply` now, on the main actor, and again on the main actor after changes of what it read
/// (made on any thread); changes made before the main actor gets to it are coalesced into one run.
@MainActor
public func observe(on actor: MainActor, _ apply: @escaping @MainActor @Sendable () -> Void) -> ObservationToken {
    // Every run happens on the main queue (delivery `.coalesced(on: .main)`) or right here, on the
    // main actor, so asserting the isolation never fails.
    ContinuousObserver.start(
        read: { MainActor.assumeIsolated(apply) }, onChange: nil, delivery: .coalesced(on: .main))
}

/// Runs `apply` now, on `actor`, and again on `actor` after changes of what it read (made on any
/// thread); changes made before the actor gets to it are coalesced into one run. Any actor,
/// including a custom global actor's shared instance: `apply` is isolated to it.
///
///     let token = observe(on: tally) { tally in tally.names.append(person.name) }
///
/// - Cancellation: once `cancel()` returns, no new run starts (a run already queued on the actor
///   finds the observation cancelled and does nothing); a run under way on the actor finishes.
/// - Complexity: as `observe(_:)`, plus one task per coalesced run.
public func observe<A: Actor>(on actor: isolated A, _ apply: @escaping @Sendable (isolated A) -> Void) -> ObservationToken {
    // Every run happens on `actor`: here (the caller is isolated to it) or in a task isolated to
    // it (`ContinuousObserver.schedule`), so asserting the isolation never fails. The delivery is
    // `.coalesced` for its coalescing; with an actor given, its queue goes unused.
    ContinuousObserver.start(
        read: { actor.assumeIsolated { apply($0) } }, onChange: nil, delivery: .coalesced(on: .main), actor: actor)
}

/// Tracks `read` and calls `onChange` with the properties that changed, after every change, until
/// the token is cancelled or released. `read` is re-run (and re-tracked) after each change; its
/// value is not used, so keep it free of side effects.
///
///     let token = observe { settings.theme } onChange: { changes in
///         print("changed:", changes)          // [\Settings.theme]
///     }
///
/// - Parameters:
///   - delivery: `.willSet` or `.didSet` (the default) call `onChange` synchronously on the
///     writing thread, once per write; `.coalesced(on:)` calls it on a queue, once for all the
///     changes made before it runs, each property named once in the order it first changed.
///   - read: what to track: the properties it reads, on each run.
///   - onChange: told the properties that changed, in the order they first changed.
public func observe<T>(
    delivery: TrackingDelivery = .didSet,
    _ read: @escaping @Sendable () -> T,
    onChange: @escaping @Sendable (_ changes: [TrackedChange]) -> Void
) -> ObservationToken {
    ContinuousObserver.start(read: { _ = read() }, onChange: onChange, delivery: delivery)
}
