#if !canImport(Combine)
import Dispatch

/// The downstream end of an operator that delivers on a dispatch queue (`receive(on:)`,
/// `debounce`, `throttle`): the subscriber's closures and the operator's state, behind one lock.
///
/// Values travel through the state, never through the blocks sent to the queue, so an operator
/// needs no `Sendable` values. Cancelling drops the closures and the state at once: a block
/// already on the queue then finds nothing to deliver.
///
/// Thread-safety: the upstream side calls ``update(_:)`` from its delivering thread; blocks on
/// `queue` call ``emit(_:)``; ``cancel()`` may come from anywhere. Closures are called outside
/// the lock, and only from `queue`, which must be serial.
final class QueueRelay<Output, Failure: Error, State>: @unchecked Sendable {
    // @unchecked: everything mutable is in `guarded`, under its lock.
    typealias Event = QueueEvent<Output, Failure>

    private struct Downstream {
        let receiveValue: (Output) -> Void
        let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
    }

    private struct Guarded {
        /// nil once cancelled or completed.
        var downstream: Downstream?
        var state: State
    }

    let queue: DispatchQueue
    private let guarded: Locked<Guarded>

    init(
        queue: DispatchQueue,
        state: State,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) {
        self.queue = queue
        let downstream = Downstream(receiveValue: receiveValue, receiveCompletion: receiveCompletion)
        guarded = Locked(Guarded(downstream: downstream, state: state))
    }

    /// Runs `body` on the state and returns true, unless the subscription has ended.
    func update(_ body: (inout State) -> Void) -> Bool {
        guarded.withLock { guarded in
            guard guarded.downstream != nil else { return false }
            body(&guarded.state)
            return true
        }
    }

    /// On `queue`: delivers the event that `pick` takes from the state, if any, unless the
    /// subscription has ended. A completion ends it.
    func emit(_ pick: (inout State) -> Event?) {
        dispatchPrecondition(condition: .onQueue(queue))
        let (event, downstream) = guarded.withLock { guarded -> (Event?, Downstream?) in
            guard let downstream = guarded.downstream, let event = pick(&guarded.state) else { return (nil, nil) }
            if case .completion = event { guarded.downstream = nil }
            return (event, downstream)
        }
        switch event {
        case .value(let value)?: downstream?.receiveValue(value)
        case .completion(let completion)?: downstream?.receiveCompletion(completion)
        case nil: break
        }
    }

    /// Ends the subscription: nothing more is delivered, and the closures are released.
    func cancel() {
        // The closures leave the lock to be released: releasing one may run a deinit.
        _ = guarded.withLock { $0.downstream.take() }
    }
}

/// What a ``QueueRelay`` delivers.
enum QueueEvent<Output, Failure: Error> {
    case value(Output)
    case completion(Subscribers.Completion<Failure>)
}
#endif
