/// Reaches a core that runs in this process, through its C functions (`InProcessCoreFunctions`):
/// each connection creates a core instance, and destroys it when it ends.
///
///     let core = Core(transport: InProcessTransport(functions: try .load(library: "libtodos_core.so")))
///
/// A command costs a C call: the core usually answers inside it, and the `Core` applies the
/// answer on the same thread before the awaiting call even suspends.
public struct InProcessTransport: CoreTransport {
    /// The core's C functions, loaded or linked.
    public let functions: InProcessCoreFunctions
    /// Handed to `create` at each connection.
    public let configuration: [UInt8]

    /// A transport that starts a core with `functions` at each connection, handing it `configuration`.
    public init(functions: InProcessCoreFunctions, configuration: [UInt8] = []) {
        self.functions = functions
        self.configuration = configuration
    }

    /// Creates a core instance. Throws `connectFailed` if `create` returns NULL.
    public func connect(_ receiver: TransportReceiver) throws(TransportError) -> any TransportSession {
        let session = InProcessSession(functions: functions, receiver: receiver)
        // The core holds the session as its callback's context until `destroy` returns.
        let context = Unmanaged.passRetained(session).toOpaque()
        let handle = configuration.withUnsafeBufferPointer { bytes in
            functions.create(bytes.baseAddress, bytes.count, receiveFromCore, context)
        }
        guard let handle else {
            Unmanaged<InProcessSession>.fromOpaque(context).release()
            throw .connectFailed(operation: "create", errno: 0)
        }
        session.start(handle, context: context)
        return session
    }
}

/// The callback every in-process core is given: `context` is its session.
private let receiveFromCore: InProcessCoreFunctions.Receive = { context, bytes, length in
    guard let context else { return }
    let session = Unmanaged<InProcessSession>.fromOpaque(context).takeUnretainedValue()
    guard let bytes else { return session.receiver.end(.closed) }
    session.receiver.receive(UnsafeRawBufferPointer(start: bytes, count: length))
}

/// One core instance, from `create` to `destroy`.
///
/// - Thread safety: `core` is behind its lock, held during each send and taken by `close`, so
///   `destroy` never runs while a send is in the core.
final class InProcessSession: TransportSession {
    let functions: InProcessCoreFunctions
    let receiver: TransportReceiver
    /// The core (nil: not created yet, or destroyed) and the context it was given.
    private let core = Locked<(handle: OpaquePointer, context: UnsafeMutableRawPointer)?>(nil)

    init(functions: InProcessCoreFunctions, receiver: TransportReceiver) {
        self.functions = functions
        self.receiver = receiver
    }

    func start(_ handle: OpaquePointer, context: UnsafeMutableRawPointer) {
        core.withLock { $0 = (handle, context) }
    }

    func send(_ message: [UInt8]) throws(TransportError) {
        let status = core.withLock { core -> Int32? in
            guard let core else { return nil }
            return message.withUnsafeBufferPointer { functions.send(core.handle, $0.baseAddress, $0.count) }
        }
        guard let status else { throw .closed }
        if status != 0 { throw .refused(status: status) }
    }

    func close() {
        guard let core = core.withLock({ $0.take() }) else { return }
        functions.destroy(core.handle)
        Unmanaged<InProcessSession>.fromOpaque(core.context).release()
    }
}
