/// One result a task waits for, handed over exactly once: by `finish`, by the wait's timeout, or
/// by the waiting task's cancellation (`CancellationError`), whichever comes first.
///
/// Whoever finishes it may do so before the task has begun waiting: the result is kept until it
/// does. A finish that comes second does nothing (and says so), so several parties may race to
/// end one wait (the party it waits for, a timer, a cancellation) and its continuation is resumed
/// exactly once. `package`: `UndraTesting` waits on it too.
///
/// - Thread safety: `finish` from any thread; `value` once, from the waiting task.
package final class OneShot<Value: Sendable>: Sendable {
    private enum State {
        /// Nobody waits yet, and nothing finished it.
        case pending
        case waiting(CheckedContinuation<Value, any Error>, timer: Task<Void, Never>?)
        /// Finished before the wait began.
        case finished(Result<Value, any Error>)
        /// The waiter has been resumed.
        case over
    }

    private let state = Locked(State.pending)

    package init() {}

    /// Ends the wait with `result`, unless something ended it already. Returns whether this call
    /// did. O(1): a lock, and the resumption of the waiting task (it runs elsewhere, later).
    @discardableResult
    package func finish(_ result: Result<Value, any Error>) -> Bool {
        var won = false
        let resume = state.withLock { state -> (CheckedContinuation<Value, any Error>, Task<Void, Never>?)? in
            switch state {
            case .pending:
                state = .finished(result)
                won = true
                return nil
            case .waiting(let continuation, let timer):
                state = .over
                won = true
                return (continuation, timer)
            case .finished, .over:
                return nil
            }
        }
        if let (continuation, timer) = resume {
            timer?.cancel()  // its sleep ends now, and with it everything it holds
            continuation.resume(with: result)
        }
        return won
    }

    /// Waits for the result. After `timeoutNanoseconds` (nil: no limit) it is `timeout()`'s error;
    /// if the task is cancelled, `CancellationError`. Call it once.
    package func value(
        timeoutNanoseconds: UInt64?, timeout: @escaping @Sendable () -> any Error
    ) async throws -> Value {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let timer = timeoutNanoseconds.map { nanoseconds in
                    // Weak: a wait that ended some other way is not kept for the rest of the delay.
                    Task { [weak self] in
                        do { try await Task.sleep(nanoseconds: nanoseconds) } catch { return }
                        self?.finish(.failure(timeout()))
                    }
                }
                let early = state.withLock { state -> Result<Value, any Error>? in
                    switch state {
                    case .pending:
                        state = .waiting(continuation, timer: timer)
                        return nil
                    case .finished(let result):
                        state = .over
                        return result
                    case .waiting, .over:
                        preconditionFailure("OneShot: awaited twice")
                    }
                }
                if let early {
                    timer?.cancel()
                    continuation.resume(with: early)
                }
            }
        } onCancel: {
            finish(.failure(CancellationError()))
        }
    }
}
