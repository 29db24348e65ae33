/// An error of the core that answers no command: reported on the error channel, ending nothing.
/// The wire's `CoreError { store: Option<u32>, code: u32, message: String }`.
public struct CoreError: Error, Hashable, Sendable, WireCodable, CustomStringConvertible {
    /// The store it concerns (its index in the app's store enum), if one.
    public var store: UInt32?
    /// The core's own code for it.
    public var code: UInt32
    public var message: String

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

    public var description: String {
        "core error \(code)" + (store.map { " in store \($0)" } ?? "") + (message.isEmpty ? "" : ": \(message)")
    }
}
