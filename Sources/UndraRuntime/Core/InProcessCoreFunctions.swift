#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C functions through which a core runs in this process: what a Rust core exports (with
/// `#[no_mangle] extern "C"`), and the only way to run a core on iOS. In C:
///
///     typedef void (*undra_receive)(void *context, const uint8_t *bytes, size_t length);
///     void   *undra_core_create(const uint8_t *configuration, size_t length,
///                               undra_receive receive, void *context);
///     int32_t undra_core_send(void *core, const uint8_t *bytes, size_t length);
///     void    undra_core_destroy(void *core);
///
/// - `create` starts a core (the configuration bytes are the core's own business) and returns
///   it, or NULL. The core hands each message it sends to `receive`, with `context`.
/// - `send` hands the core one message (a `HostMessage`); 0 if it took it, anything else if it
///   has stopped. The core may call `receive` from inside `send`, on the same thread (usually
///   with the frame that answers a command), or from its own threads.
/// - `receive` copies the bytes and returns at once, and never calls back into the core; the
///   bytes are the core's again when it returns. `bytes == NULL` tells the host the core has
///   stopped (it died): no call follows.
/// - `destroy` stops the core; once it returns, `receive` is not called again.
///
/// Load them from a shared library (`load(library:)`, with dlopen: macOS, Linux) or pass the
/// functions of a core linked into the app (iOS):
/// `InProcessCoreFunctions(create: undra_core_create, send: undra_core_send, destroy: undra_core_destroy)`.
///
/// - Thread safety: immutable.
public struct InProcessCoreFunctions: Sendable {
    /// `undra_receive`: what the core calls with each message it sends (`bytes == NULL`: it stopped).
    public typealias Receive = @convention(c) (
        _ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<UInt8>?, _ length: Int
    ) -> Void
    /// `undra_core_create`: starts a core with its configuration bytes, its `receive` and `context`;
    /// NULL if it cannot.
    public typealias Create = @convention(c) (
        _ configuration: UnsafePointer<UInt8>?, _ length: Int, _ receive: Receive, _ context: UnsafeMutableRawPointer?
    ) -> OpaquePointer?
    /// `undra_core_send`: hands the core one message; 0 if it took it.
    public typealias Send = @convention(c) (_ core: OpaquePointer?, _ bytes: UnsafePointer<UInt8>?, _ length: Int) -> Int32
    /// `undra_core_destroy`: stops the core; `receive` is not called once it returns.
    public typealias Destroy = @convention(c) (_ core: OpaquePointer?) -> Void

    /// Starts a core instance, once per connection.
    public let create: Create
    /// Hands a started core one message.
    public let send: Send
    /// Stops a core instance, when its connection ends.
    public let destroy: Destroy

    /// The functions of a core linked into the app (on iOS, the only way): for example
    /// `InProcessCoreFunctions(create: undra_core_create, send: undra_core_send, destroy: undra_core_destroy)`.
    public init(create: Create, send: Send, destroy: Destroy) {
        self.create = create
        self.send = send
        self.destroy = destroy
    }

    /// The functions `<prefix>_create`, `<prefix>_send` and `<prefix>_destroy` of the shared
    /// library at `path`, loaded with dlopen (and never unloaded: a core's code must outlive
    /// every callback). Throws `TransportError.unavailable` naming what could not be loaded.
    public static func load(library path: String, prefix: String = "undra_core") throws(TransportError) -> InProcessCoreFunctions {
        guard let library = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw .unavailable("dlopen \(path): " + (dlerror().map { String(cString: $0) } ?? "unknown error"))
        }
        func symbol<Function>(_ name: String, as type: Function.Type) throws(TransportError) -> Function {
            guard let address = dlsym(library, name) else { throw .unavailable("\(path) has no function \(name)") }
            return unsafeBitCast(address, to: type)
        }
        return InProcessCoreFunctions(
            create: try symbol(prefix + "_create", as: Create.self), send: try symbol(prefix + "_send", as: Send.self),
            destroy: try symbol(prefix + "_destroy", as: Destroy.self))
    }
}
