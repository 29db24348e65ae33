/// The host's schema of a store is not the core's: which store, both hashes, and the first field
/// or variant that differs, when the core said what its schema is.
///
///     store 0: the host's schema 0x6f561b50addc9a9e is not the core's 0x80f9400e987db77a:
///     field 2 (count): the host has scalar i64, the core has scalar string
///
/// A core on undra-core answers a resync request whose schema is not its own with its
/// description (a `CoreError` of code `CoreError.schemaMismatchCode`); both sides then name the
/// same difference (`firstDifference(host:core:)`). A core that only sends a snapshot of another
/// hash is known by its hash alone (`difference` nil).
///
/// - Thread safety: a value.
public struct SchemaMismatch: Hashable, Sendable, CustomStringConvertible {
    /// The store's index in the app's store enum.
    public var store: UInt32
    /// The host's schema hash (the store's `WireSchema.hash`).
    public var hostHash: UInt64
    /// The core's (nil: a snapshot that carried none).
    public var coreHash: UInt64?
    /// The first difference, as `firstDifference(host:core:)` words it (nil: the core sent its
    /// hash only).
    public var difference: String?

    /// The mismatch of `store`'s schema: the host's hash, the core's, and their first difference if known.
    public init(store: UInt32, hostHash: UInt64, coreHash: UInt64?, difference: String? = nil) {
        self.store = store
        self.hostHash = hostHash
        self.coreHash = coreHash
        self.difference = difference
    }

    /// The mismatch of store `store`, from the host's description and the one the core sent.
    public init(store: UInt32, host: String, core: String) {
        self.init(
            store: store, hostHash: WireSchema<WireUnit, WireUnit>.fnv1a(host),
            coreHash: WireSchema<WireUnit, WireUnit>.fnv1a(core), difference: Self.firstDifference(host: host, core: core))
    }

    public var description: String {
        "store \(store): the host's schema 0x\(String(hostHash, radix: 16)) is not the core's "
            + (coreHash.map { "0x\(String($0, radix: 16))" } ?? "(none)") + (difference.map { ": \($0)" } ?? "")
    }
}
