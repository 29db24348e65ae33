#if canImport(Combine)
import Combine
#endif

/// A `Core`'s connection state in the coarse mode: an `ObservableObject` for SwiftUI on iOS
/// 15/16 (`@ObservedObject var connection = core.connectionObject`) and for UIKit and callback
/// code (`core.connectionObject.$state.sink { … }`). Written against Combine's public API, so it
/// is the same class over Apple's Combine and over this library's.
///
/// It lives on the main actor, as UI state does: the `Core` hands it every transition, in
/// order, and it publishes them there (a run of `live` positions that the main actor has not
/// taken yet is handed over as the latest one). Code that is not on the main actor subscribes
/// there, and keeps the subscription there:
///
///     await MainActor.run {
///         bar.subscription = core.connectionObject.$state.sink { [weak bar] in bar?.text = "\($0)" }
///     }
///
/// or observes `core.connection` instead (fine-grained), which any thread may read and observe:
/// `observe(on: actor) { _ in … core.connection.state … }`.
@MainActor
public final class ConnectionObject: ObservableObject {
    /// Where the connection stands; `$state` publishes each change.
    @Published public private(set) var state = ConnectionState.disconnected(.notStarted, nextRetry: nil)

    /// Made by a `Core`, before it connects.
    nonisolated init() {}

    fileprivate func publish(_ states: [ConnectionState]) {
        for next in states where next != state { state = next }
    }
}

/// Hands a `ConnectionObject` the states the drain sets, in order, on the main actor: at most one
/// main-actor task is pending at a time, and it takes everything set before it runs.
final class ConnectionObjectRelay: Sendable {
    let object: ConnectionObject
    /// States set and not yet published, and whether a task will publish them.
    private let pending = Locked((states: [ConnectionState](), scheduled: false))

    init() {
        object = ConnectionObject()
    }

    /// Queues `state` for the object. O(1) amortized, and a task when none is pending.
    func post(_ state: ConnectionState) {
        let schedule = pending.withLock { pending -> Bool in
            if case .live = state, case .live? = pending.states.last {
                pending.states[pending.states.count - 1] = state
            } else {
                pending.states.append(state)
            }
            defer { pending.scheduled = true }
            return !pending.scheduled
        }
        guard schedule else { return }
        Task { @MainActor [self] in
            let states = pending.withLock { pending -> [ConnectionState] in
                pending.scheduled = false
                defer { pending.states = [] }
                return pending.states
            }
            object.publish(states)
        }
    }
}
