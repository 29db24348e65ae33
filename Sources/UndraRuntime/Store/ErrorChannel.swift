#if canImport(Combine)
@preconcurrency import Combine
#endif

/// A store's error channel: the errors of the core and the frames the mirror rejected, as typed
/// values, observable in both modes while the data keeps flowing.
///
/// - Fine-grained: `latest` and `count` are tracked properties (`track`, `observe`, `TrackedValues`).
/// - Coarse: `publisher` delivers every error, in order.
///
/// - Complexity: `report` is O(1) plus its observers; reads are O(1).
/// - Thread safety: all of it may be used from any thread.
public final class ErrorChannel: Trackable, Sendable {
    public let registrar = Registrar()
    private let state = Locked(State())

    private struct State {
        var latest: StoreError?
        var count = 0
        var recent: [StoreError] = []
    }

    /// How many errors `recent` keeps.
    public static let recentLimit = 100

    private static let latestID = PropertyID(\ErrorChannel.latest, name: "latest")
    private static let countID = PropertyID(\ErrorChannel.count, name: "count")

    private let subject = PassthroughSubject<StoreError, Never>()

    /// Every error reported from now on, in order. Never completes.
    public var publisher: AnyPublisher<StoreError, Never> { subject.eraseToAnyPublisher() }

    /// A channel with no error reported yet.
    public init() {}

    /// The last error reported, or nil. Tracked.
    public var latest: StoreError? {
        registrar.access(self, property: Self.latestID)
        return state.withLock { $0.latest }
    }

    /// How many errors were reported. Tracked.
    public var count: Int {
        registrar.access(self, property: Self.countID)
        return state.withLock { $0.count }
    }

    /// The last `recentLimit` errors, oldest first. Tracked (as `count`).
    public var recent: [StoreError] {
        registrar.access(self, property: Self.countID)
        return state.withLock { $0.recent }
    }

    /// Reports an error to every observer of the channel. An observer of both `latest` and
    /// `count` (or `recent`) runs once per error, told of both.
    public func report(_ error: StoreError) {
        registrar.willSet(self, property: Self.latestID)
        registrar.willSet(self, property: Self.countID)
        state.withLock { state in
            state.latest = error
            state.count += 1
            state.recent.append(error)
            if state.recent.count > Self.recentLimit { state.recent.removeFirst() }
        }
        // One batch, as a store's drain announces its fields: the two changes are one event.
        ThreadContext.deferringObserverRuns {
            registrar.didSet(self, property: Self.latestID)
            registrar.didSet(self, property: Self.countID)
        }
        subject.send(error)
    }
}
