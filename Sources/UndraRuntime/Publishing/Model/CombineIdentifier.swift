#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A unique identity for a subscriber or a subscription, as in Combine: made fresh (`init()`),
/// or from an object, whose identity it then is.
///
/// Complexity: O(1); `init()` is one atomic increment. Thread-safe.
public struct CombineIdentifier: Hashable, CustomStringConvertible, Sendable {
    /// A fresh identity has its top bit set; an object's is the object's address, which never
    /// reaches that bit, so the two kinds never collide.
    private let rawValue: UInt64

    /// A new identity, equal to no other.
    public init() {
        rawValue = 1 << 63 | UInt64(CombineIdentifierCounter.shared.next())
    }

    /// The identity of `object`: equal for the same object, as long as it lives.
    public init(_ object: AnyObject) {
        rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(object)))
    }

    /// The identity in hexadecimal.
    public var description: String {
        "0x" + String(rawValue, radix: 16)
    }
}

/// A type with a ``CombineIdentifier``: every subscriber and subscription, as in Combine.
public protocol CustomCombineIdentifierConvertible {
    /// This instance's identity.
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    /// A class's identity is the instance's.
    public var combineIdentifier: CombineIdentifier {
        CombineIdentifier(self)
    }
}

/// The source of fresh identities: one atomic word.
final class CombineIdentifierCounter: Sendable {
    static let shared = CombineIdentifierCounter()

    /// The word behind `counter`, first in the object (`AtomicWord`); touched only through it.
    private nonisolated(unsafe) var counterWord = 0
    private var counter: AtomicWord<Int> { AtomicWord(inFirstPropertyOf: self) }

    private init() {
        assertAtomicWordsComeFirst(self, &counterWord)
    }

    func next() -> Int {
        counter.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
#endif
