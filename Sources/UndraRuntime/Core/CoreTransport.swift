/// A way to reach a core: `ByteStreamTransport` (a Unix socket, or a child process's stdin and
/// stdout) and `InProcessTransport` (a core in this process, through its C functions) are the
/// two this library provides. A `Core` connects through one, and again after each disconnection.
///
/// A transport moves whole messages, the bytes of a `CoreMessage` one way and of a
/// `HostMessage` the other; how it delimits them is its own business.
public protocol CoreTransport: Sendable {
    /// Opens a session whose incoming messages and end go to `receiver`. May block (spawning a
    /// process, loading a library): a `Core` calls it on a background queue. Throws if the core
    /// cannot be reached now.
    func connect(_ receiver: TransportReceiver) throws(TransportError) -> any TransportSession
}

/// One connection to a core, from `CoreTransport.connect` until it ends: the peer closes it, it
/// fails, or `close()` is called.
///
/// A session reports its end to its receiver (`TransportReceiver.end`) when the peer ends it or
/// it fails, not when `close()` ends it.
public protocol TransportSession: AnyObject, Sendable {
    /// Sends one message. Thread-safe; messages sent from one thread arrive in order. Throws if
    /// the session has ended (the message may then have reached the core, or part of it).
    func send(_ message: [UInt8]) throws(TransportError)
    /// Ends the session. Returns without waiting for the peer; idempotent.
    func close()
}
