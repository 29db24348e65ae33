/// A field's value in a mirror, and what is staged for the frame being checked.
///
/// A frame is applied in two steps under the mirror's lock: each touched storage *prepares* its
/// ops (checks their type and their preconditions against its value, and keeps what the commit
/// needs), and only if all pass does each *commit*. A storage is handed the frame's entries for
/// its field in one call, so a field costs two dynamic calls per frame whatever its number of
/// ops. Storage is only ever touched under the mirror's lock (or by the drain that holds the
/// mirror), which is why the storages' properties skip dynamic exclusivity checks
/// (`@exclusivity(unchecked)`): the lock already makes every access exclusive.
///
/// A base class rather than a protocol: the drain holds its storages unretained
/// (`Unmanaged`) and calls them with `_withUnsafeGuaranteedRef`, with no reference counting;
/// a protocol existential was retained and released around every call.
@usableFromInline
class FieldStorage {
    @usableFromInline let id: FieldID
    @usableFromInline let name: String
    @usableFromInline let coalesces: Bool

    @usableFromInline
    init(id: FieldID, name: String, coalesces: Bool) {
        self.id = id
        self.name = name
        self.coalesces = coalesces
    }

    /// Checks the field's entries of a frame (after a return to the initial value, for a
    /// snapshot) against the current value, as if applied in order, and stages them. When they
    /// would change nothing, nothing stays staged.
    @usableFromInline
    func prepare(_ entries: FieldOps, isSnapshot: Bool) -> StagedValidation {
        preconditionFailure("FieldStorage.prepare is abstract")
    }

    /// Applies the staged ops (or, when stepping, only the first) and records the change in
    /// `changes`. `entries` are those `prepare` checked; called only after it answered `.changes`.
    @usableFromInline
    func commit(_ entries: FieldOps, stepping: Bool, into changes: inout ChangeSet) {
        preconditionFailure("FieldStorage.commit is abstract")
    }

    /// Whether a stepping commit has ops left to apply one at a time.
    @usableFromInline
    var hasStagedSteps: Bool { false }

    /// Applies the next staged op of a stepping commit and records it in `changes`.
    @usableFromInline
    func commitStep(into changes: inout ChangeSet) {}

    /// Forgets the staged ops.
    @usableFromInline
    func discardStaged() {}
}

/// The entries of a frame that address one field, in frame order: `first`, then `after(first)`,
/// and so on until -1 (-1 at once: the field has no entry, as in a snapshot that omits it).
///
/// Unsafe buffers, valid only during the `prepare` or `commit` call that receives them: the
/// drain lends the frame's entries and its link buffer, and passing them costs no reference
/// counting.
@usableFromInline
struct FieldOps {
    @usableFromInline let entries: UnsafeBufferPointer<FrameOp>
    @usableFromInline let next: UnsafeBufferPointer<Int>
    @usableFromInline let first: Int

    init(entries: UnsafeBufferPointer<FrameOp>, next: UnsafeBufferPointer<Int>, first: Int) {
        self.entries = entries
        self.next = next
        self.first = first
    }

    /// The payload object of entry `entry`, unretained (the frame holds it). O(1).
    @inlinable
    func payload(_ entry: Int) -> Unmanaged<AnyObject> {
        entries[entry].payloadObject
    }

    /// The field's entry after `entry`, or -1. O(1).
    @inlinable
    func after(_ entry: Int) -> Int {
        next[entry]
    }

    /// The frame-wide index (counting every single op) of op `offset` of entry `entry`.
    @inlinable
    func opIndex(entry: Int, offset: Int = 0) -> Int {
        Self.opIndex(entry: entry, offset: offset, in: entries)
    }

    /// The frame-wide index of op `offset` of `entries[entry]`. O(entry): only errors need it.
    @usableFromInline
    static func opIndex(entry: Int, offset: Int = 0, in entries: UnsafeBufferPointer<FrameOp>) -> Int {
        var index = offset
        for earlier in entries[..<entry] { index += earlier.count }
        return index
    }
}

/// What checking a field's entries found.
@usableFromInline
enum StagedValidation {
    /// Committing them changes the field.
    case changes
    /// They change nothing (a value equal to the one held): nothing is staged.
    case unchanged
    case failed(StagedOpFailure)
}

/// Why a field's entries failed: the reason, the op (frame-wide index) and the key.
///
/// A class: the happy path passes `StagedValidation` values around, and with a reference as its
/// only payload the enum is copied and destroyed inline; with this struct (strings, a
/// multi-payload reason) inside, every one went through value witnesses (measured: about 10% of a
/// one-update frame).
@usableFromInline
final class StagedOpFailure {
    let reason: MirrorError.Reason
    let opIndex: Int
    let key: String?

    @usableFromInline
    init(reason: MirrorError.Reason, opIndex: Int, key: String?) {
        self.reason = reason
        self.opIndex = opIndex
        self.key = key
    }
}
