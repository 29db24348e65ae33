/// The values of a tracked expression, as an `AsyncSequence`: the current value first, then a new
/// value after changes of what the expression read.
///
///     for await theme in TrackedValues({ settings.theme }) { apply(theme) }
///
/// - Coalesced: changes made while the consumer is busy yield one value, the latest.
/// - Each iterator tracks on its own: two loops over one sequence each see every value once.
/// - Ends (returns `nil`) when the iterating task is cancelled.
/// - Thread safety: `read` runs in the iterating task, so it must be safe to call there.
public struct TrackedValues<Element: Sendable>: AsyncSequence, Sendable {
    private let read: @Sendable () -> Element

    /// Values of `read`, re-evaluated after each change of what it read.
    public init(_ read: @escaping @Sendable () -> Element) {
        self.read = read
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(read: read)
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        private let read: @Sendable () -> Element
        private let signal = ChangeSignal()
        private var started = false

        init(read: @escaping @Sendable () -> Element) {
            self.read = read
        }

        /// The next value: at once the first time, then after the next change. `nil` once the
        /// task is cancelled.
        public mutating func next() async -> Element? {
            if started {
                await signal.wait()
            }
            started = true
            if Task.isCancelled {
                return nil
            }
            let signal = self.signal
            // Armed at `didSet`, so the value read after the signal is already the new one.
            return trackOnce(firesOnWillSet: false, read: read, onChange: { signal.raise() })
        }
    }
}

/// A one-slot signal between an observer (any thread) and one waiting iterator.
private final class ChangeSignal: Sendable {
    private struct State {
        var raised = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Locked(State())

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
