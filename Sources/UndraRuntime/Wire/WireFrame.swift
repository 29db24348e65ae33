/// A frame as the wire carries it: the `Frame` its store's mirror applies, with each ack's typed
/// outcome (the wire's `Frame<Op, Outcome>`).
///
/// `frame.acks` lists the acks' command ids, in order: what the mirror's change sets report.
/// `acks` keeps the outcomes for whoever awaits the commands (a `Core` resumes each call with its
/// outcome once the frame has been applied).
public struct WireFrame<Outcome: WireCodable & Sendable>: Sendable {
    /// The frame, as the mirror applies it.
    public let frame: Frame
    /// The acks, with each command's outcome, in order.
    public let acks: [Ack<Outcome>]

    /// Pairs `frame` with `acks`; `frame.acks` becomes their command ids.
    @inlinable
    public init(_ frame: Frame, acks: [Ack<Outcome>] = []) {
        var frame = frame
        // A closure, not the key path `\.command.rawValue`: generic code builds a key path
        // anew at each call (measured: 14,000 instructions, three times a one-update frame).
        frame.acks = acks.isEmpty ? [] : acks.map { $0.command.rawValue }
        self.frame = frame
        self.acks = acks
    }
}

/// Why a frame built in Swift cannot be written with a schema (frames from the wire always can).
public struct FrameEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong with the frame.
    public enum Reason: Hashable, Sendable {
        /// The entry's field is not in the schema (or has no wire codec).
        case unknownField
        /// The entry's ops are not of the field's type.
        case typeMismatch
        /// A snapshot needs its schema hash (the wire's `snapshot: Some(hash)`).
        case snapshotWithoutSchemaHash
        /// Only a snapshot carries a schema hash.
        case schemaHashOnDelta
    }

    /// What was wrong.
    public let reason: Reason
    /// The entry of `frame.ops` at fault, when one is.
    public let entry: Int?
    /// The field that entry addresses, when one is at fault.
    public let field: FieldID?

    /// The error for `reason`, at the entry `entry` (of field `field`) if one is at fault.
    public init(reason: Reason, entry: Int? = nil, field: FieldID? = nil) {
        self.reason = reason
        self.entry = entry
        self.field = field
    }

    public var description: String {
        let location = entry.map { "entry \($0)" + (field.map { ", field \($0)" } ?? "") + ": " } ?? ""
        return location + "\(reason)"
    }
}
