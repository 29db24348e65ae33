/// Why bytes did not decode: where (the byte offset from the start of the input) and what was
/// expected there. Decoding never traps on bad input; it throws one of these and builds nothing.
public struct WireError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was expected and not found.
    public enum Reason: Hashable, Sendable {
        /// The input ended: `needed` more bytes were expected, `available` were left.
        case unexpectedEnd(needed: Int, available: Int)
        /// A length prefix announces more elements than the bytes left could hold.
        case lengthExceedsInput(length: UInt64, available: Int)
        /// A bool is one byte, 0 or 1.
        case invalidBool(UInt8)
        /// An `Option` tag is one byte, 0 (`None`) or 1 (`Some`).
        case invalidOptionTag(UInt8)
        /// An enum's variant index names no variant of `type`.
        case invalidVariant(type: String, index: UInt32)
        /// A string is not UTF-8.
        case invalidUTF8
        /// A `char` is not the UTF-8 encoding of one Unicode scalar.
        case invalidChar
        /// A duration's nanoseconds are 10⁹ or more.
        case nanosecondsOutOfRange(UInt32)
        /// An integer does not fit the Swift type that receives it (`Int` on a 32-bit platform).
        case integerOutOfRange(type: String)
        /// A map holds the same key twice.
        case duplicateMapKey
        /// A map holds two string keys that Swift's `String` calls equal (canonically
        /// equivalent) but whose bytes differ: two keys to Rust, one to a `[String: V]`.
        case equivalentMapKeys(earlier: ExactString, later: ExactString)
        /// A set (`HashSet`, `BTreeSet`) holds the same element twice.
        case repeatedElement
        /// A set holds two string elements that Swift's `String` calls equal (canonically
        /// equivalent) but whose bytes differ: two elements to Rust, one to a `Set<String>`.
        case equivalentSetElements(earlier: ExactString, later: ExactString)
        /// A `Decodable` type's `init(from:)` refused what it read, or asked for what the wire
        /// cannot give (`message` says which).
        case undecodable(type: String, message: String)
        /// Containers nest deeper than `limit` (`WireReader.maximumDepth`).
        case nestedTooDeeply(limit: Int)
        /// The value ended before the input did.
        case trailingBytes(count: Int)
    }

    /// The offset, from the start of the input, of the first byte that could not be read.
    public let offset: Int
    /// What was wrong there.
    public let reason: Reason

    /// The error for `reason` at byte `offset`.
    public init(offset: Int, reason: Reason) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String {
        let what: String = switch reason {
        case .unexpectedEnd(let needed, let available): "expected \(needed) more bytes, found \(available)"
        case .lengthExceedsInput(let length, let available):
            "expected at most \(available) elements (the bytes left), found a length of \(length)"
        case .invalidBool(let byte): "expected a bool (0 or 1), found \(byte)"
        case .invalidOptionTag(let byte): "expected an option tag (0 or 1), found \(byte)"
        case .invalidVariant(let type, let index): "expected a variant index of \(type), found \(index)"
        case .invalidUTF8: "expected UTF-8"
        case .invalidChar: "expected a char (one Unicode scalar in UTF-8)"
        case .nanosecondsOutOfRange(let nanos): "expected nanoseconds below 1000000000, found \(nanos)"
        case .integerOutOfRange(let type): "expected an integer that fits \(type)"
        case .duplicateMapKey: "expected a map key not seen before"
        case .equivalentMapKeys(let earlier, let later):
            "expected map keys a [String: V] can tell apart, found \(Self.escaped(later.value)) after \(Self.escaped(earlier.value)) (canonically equivalent, distinct bytes): key the map by ExactString to keep both"
        case .repeatedElement: "expected a set element not seen before"
        case .equivalentSetElements(let earlier, let later):
            "expected set elements a Set<String> can tell apart, found \(Self.escaped(later.value)) after \(Self.escaped(earlier.value)) (canonically equivalent, distinct bytes): make the elements ExactString to keep both"
        case .undecodable(let type, let message): "expected a value \(type) decodes: \(message)"
        case .nestedTooDeeply(let limit): "expected containers nested at most \(limit) deep"
        case .trailingBytes(let count): "expected the end of the input, found \(count) more bytes"
        }
        return "byte \(offset): \(what)"
    }

    /// A string as a Swift literal with every non-ASCII scalar escaped, so that two canonically
    /// equivalent strings read differently ("\u{E9}" and "e\u{301}").
    static func escaped(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined() + "\""
    }
}
