/// A `Core`'s connection state in the fine-grained mode: `core.connection.state` is a tracked
/// property, read in `track`, `observe` or a SwiftUI view (iOS 17+) like a store's fields.
///
///     let banner = observe { label.text = "\(core.connection.state)" }
///
/// - Complexity: a read is a lock and, inside a tracking scope, the registrar's access.
/// - Thread safety: read from any thread. The `Core`'s drain changes it, and announces the
///   change there (observers run on that thread, as a store's do).
public final class Connection: Trackable, Sendable {
    public let registrar = Registrar()
    private let current = Locked(ConnectionState.disconnected(.notStarted, nextRetry: nil))
    /// The core whose drain settles `waitUntilLive`: set once, by its init. Weak: the core owns
    /// this object.
    let owner = Locked(Owner())

    struct Owner {
        weak var core: Core?
    }

    private static let stateID = PropertyID(\Connection.state, name: "state")

    init() {}

    /// Where the connection stands. Tracked.
    public var state: ConnectionState {
        registrar.access(self, property: Self.stateID)
        return current.withLock { $0 }
    }

    /// Sets the state and announces it. Called by the `Core`'s drain only, when the state changed
    /// (`Core.publish` compares it with the one last published).
    func update(_ state: ConnectionState) {
        registrar.willSet(self, property: Self.stateID)
        current.withLock { $0 = state }
        registrar.didSet(self, property: Self.stateID)
    }
}
