import Dispatch

/// The connection to an application core: owns a transport, the stores attached to it, and the
/// connection's state.
///
///     let core = Core(transport: ByteStreamTransport.childProcess(executable: "/usr/libexec/todos-core"))
///     let todos = Todos(core: core)      // attaches itself: core.attach(runtime, index: 0, schema: …)
///     try await core.connect()           // returns once every attached store has its snapshot
///     let id = try await todos.add(title: "tea")   // returns once the row is in todos.visible
///
/// What comes in (frames, errors) is queued by the transport and applied by one *drain* at a
/// time, in order: a store's frames received together are applied to its mirror as one drain,
/// so their changes merge. Commands go out with ids never reused; each awaiting call resumes
/// once the frame carrying its ack has been applied and announced, in both modes. If the
/// session ends first it fails as `CommandError.disconnected`, and nothing is sent again.
///
/// Where the drain runs: `Options.delivery`. By default on the main queue, so that UI code is
/// safe as Swift 6 writes it: a `@MainActor` screen's `store.$field.sink { … }`, a SwiftUI view
/// reading the store, a resumed `await todos.add(…)` and every state change all happen on the
/// main actor, one drain (one merged announcement) per turn of the main queue. A service picks
/// a queue of its own (`.queue(_:)`), or `.anyThread`: the thread that finds work waiting (the
/// thread that sent a command, as an in-process core usually answers during the send; a byte
/// stream's reader; a background queue), the fastest, for code that hops where it needs to.
///
/// - Thread safety: every method may be called from any thread.
public final class Core: Sendable {
    /// The connection's state, fine-grained: `core.connection.state` in `track` or `observe`.
    public let connection = Connection()
    /// Errors that concern no attached store: a core error naming no store, a message that did
    /// not decode far enough to name one.
    public let errors = ErrorChannel()

    let transport: any CoreTransport
    let options: Options
    /// `options.delivery`'s queue (nil: `.anyThread`).
    let drainQueue: DispatchQueue?
    let relay = ConnectionObjectRelay()
    /// Events waiting for the drain, and who drains.
    let inbox = Locked(Inbox())
    /// What senders need of the session: read on any thread.
    @usableFromInline let sessions = Locked(SessionTicket())
    /// Everything else the drain works with, touched only by the thread holding the drain.
    let drainState: DrainState
    /// The indices attached so far: `attach` checks them on the caller's thread.
    private let indices = Locked(Set<UInt32>())
    /// Where transports connect (it may block), one attempt at a time.
    let connectQueue = DispatchQueue(label: "UndraRuntime.Core.connect")

    /// Where a `Core` applies frames, announces them, resumes the calls they answer and changes
    /// its connection's state.
    ///
    /// - Thread safety: a value.
    public enum Delivery: Sendable {
        /// The main queue, the main actor's: what UI code needs, and the default.
        case main
        /// A serial queue of the caller's: a service's, or a test's.
        case queue(DispatchQueue)
        /// The thread that finds work waiting (see `Core`): no hop, and no particular thread.
        /// Observers that need a thread or an actor must hop there themselves; a `@MainActor`
        /// closure called here off the main thread stops the program (Swift 6 checks).
        case anyThread

        /// The queue drains run on; nil for `.anyThread`.
        var dispatchQueue: DispatchQueue? {
            switch self {
            case .main: DispatchQueue.main
            case .queue(let queue): queue
            case .anyThread: nil
            }
        }
    }

    /// How a `Core` runs: where it applies frames, and how it reconnects.
    public struct Options: Sendable {
        /// Where frames are applied, calls resume and the state changes: the main queue unless
        /// told otherwise (see `Core`).
        public var delivery: Delivery
        /// How long to wait between attempts to connect, and when to give up.
        public var reconnect: ReconnectPolicy
        /// Runs the delayed reconnection attempts.
        public var scheduler: any RetryScheduler
        /// A random number in 0..<1 for each retry's jitter.
        public var random: @Sendable () -> Double

        /// Options with the defaults: delivery on the main queue, `ReconnectPolicy()`'s backoff, retries
        /// scheduled with Dispatch, and the system's random numbers for their jitter.
        public init(
            delivery: Delivery = .main, reconnect: ReconnectPolicy = ReconnectPolicy(),
            scheduler: any RetryScheduler = DispatchRetryScheduler(),
            random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
        ) {
            self.delivery = delivery
            self.reconnect = reconnect
            self.scheduler = scheduler
            self.random = random
        }
    }

    /// A core reached through `transport`; nothing happens until `connect()`.
    public init(transport: any CoreTransport, options: Options = Options()) {
        self.transport = transport
        self.options = options
        drainQueue = options.delivery.dispatchQueue
        drainState = DrainState(policy: options.reconnect)
        connection.owner.withLock { $0.core = self }
    }

    deinit {
        drainState.session?.close()
    }

    /// The connection's state, coarse: an `ObservableObject` on the main actor (`$state`). Any
    /// thread may get it; its `state` and `$state` are the main actor's (see `ConnectionObject`
    /// for code elsewhere). O(1).
    public var connectionObject: ConnectionObject { relay.object }

    /// Attaches a store: its frames are those of the app's store enum at `index`, decoded with
    /// `schema`, and its commands go out under that index. Returns what the store sends its
    /// commands through. Attaching while connected asks the core for the store's snapshot.
    ///
    /// Attaching a store index twice, or a runtime whose schema hash is not `schema`'s, is a
    /// programming error, and traps.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func attach<Command, Outcome>(
        _ runtime: StoreRuntime, index: UInt32, schema: WireSchema<Command, Outcome>
    ) -> CommandChannel<Command, Outcome> {
        let link = StoreLink(index: index, runtime: runtime, schema: schema)
        add(AttachedStore(index: index, runtime: runtime, schema: schema.description, operations: link.operations), schemaHash: schema.hash)
        return CommandChannel(core: self, link: link)
    }

    /// Checks and queues a store that `attach` made.
    @usableFromInline
    func add(_ store: AttachedStore, schemaHash: UInt64) {
        precondition(store.runtime.mirror.schemaHash == schemaHash, "Core.attach: the runtime and the wire schema disagree on the schema hash")
        precondition(indices.withLock { $0.insert(store.index).inserted }, "Core.attach: store index \(store.index) is already attached")
        enqueue(.attach(store), wake: false)
        drainHere()
    }

    /// Starts connecting (from a disconnected or failed state; otherwise does nothing), and
    /// returns at once: for code that cannot wait (`try await connect()` waits until live). The
    /// connection then keeps itself up: it reconnects after each failure, with backoff.
    ///
    /// - Complexity: O(1) here; the transport connects on a queue of its own.
    public func startConnecting() {
        sessions.withLock { $0.stopped = false }
        enqueue(.connect, wake: false)
        drainHere()
    }

    /// Closes the connection and stops reconnecting, until `connect()`. Calls awaiting their
    /// acks fail as `CommandError.disconnected`; a command sent once this returns is not sent
    /// (`CommandError.notConnected`), even before the drain, on its queue, closes the session.
    public func disconnect() {
        sessions.withLock { ticket in
            ticket.stopped = true
            ticket.session = nil
            ticket.id = 0
        }
        enqueue(.disconnect, wake: false)
        drainHere()
    }
}

/// What a sender needs of the open session, under `Core.sessions`.
@usableFromInline
struct SessionTicket {
    @usableFromInline var session: (any TransportSession)?
    /// The session's number (0: none open).
    @usableFromInline var id: UInt64 = 0
    /// The next command's id: only ever incremented, so an id is never reused, even across
    /// reconnections.
    @usableFromInline var nextCommandID: UInt64 = 1
    /// Set by `disconnect()` and cleared by a connect, as they are called: while set, a session
    /// the drain opens is not shown to senders (the drain is about to close it).
    var stopped = false

    init() {}
}
