/// A one-slot signal between an observer (any thread) and one waiting iterator of `TrackedValues`.
///
/// - Thread safety: `raise` from any thread; `wait` from one task at a time.
final class ChangeSignal: Sendable {
    private struct State {
        var raised = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Locked(State())

    /// Wakes the waiter, or, if none waits, lets the next `wait` return at once.
    func raise() {
        let waiter = state.withLock { state in
            defer { state.waiter = nil }
            if state.waiter == nil { state.raised = true }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns once raised (at once if it already was), or when the task is cancelled.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if state.raised || Task.isCancelled {
                        state.raised = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            raise()
        }
    }
}
