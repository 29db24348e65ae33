/// An error of the core that answers no command: reported on the error channel, ending nothing.
/// The wire's `CoreError { store: Option<u32>, code: u32, message: String }`.
public struct CoreError: Error, Hashable, Sendable, WireCodable, CustomStringConvertible {
    /// The store it concerns (its index in the app's store enum), if one.
    public var store: UInt32?
    /// The core's own code for it.
    public var code: UInt32
    /// What went wrong, in the core's words.
    public var message: String

    /// An error of the core, about `store` if it concerns one.
    public init(store: UInt32? = nil, code: UInt32, message: String) {
        self.store = store
        self.code = code
        self.message = message
    }

    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        store = try UInt32?(from: &reader)
        code = try reader.read()
        message = try reader.readString()
    }

    @inlinable public func encode(to writer: inout WireWriter) {
        store.encode(to: &writer)
        writer.write(code)
        writer.write(message)
    }

    /// `struct CoreError { store: Option<u32>, code: u32, message: String }`.
    public static var wireShape: WireShape {
        .structure([WireField("store", .option(.u32)), WireField("code", .u32), WireField("message", .string)])
    }

    // The protocol's own codes (a core's are any others).

    /// A host message that did not decode (no store named): the message says why.
    public static let undecodableMessageCode: UInt32 = 1
    /// A resync request for a store index the core does not have.
    public static let noSuchStoreCode: UInt32 = 2
    /// The host's schema of the store is not the core's: the message is the core's schema
    /// description, sent instead of the snapshot (the connection then fails, naming the first
    /// difference: `ConnectionFailure.schemaMismatch`).
    public static let schemaMismatchCode: UInt32 = 3
    /// A resync's snapshot could not carry every ack the host missed: the oldest had left the
    /// core's log, and the calls awaiting them wait until the connection ends.
    public static let acksLostCode: UInt32 = 4

    public var description: String {
        "core error \(code)" + (store.map { " in store \($0)" } ?? "") + (message.isEmpty ? "" : ": \(message)")
    }
}
