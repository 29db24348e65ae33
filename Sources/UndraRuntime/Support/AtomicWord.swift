import CUndraAtomics

/// A machine word read and written only with atomic operations: a view of a word whose address
/// does not move, with the operations (and the names) of Synchronization's `Atomic`.
///
/// Why not `Synchronization.Atomic`: it needs iOS 18 and macOS 15, above this library's floors
/// (iOS 15, macOS 12, tvOS 15, watchOS 8). The operations are the compiler's builtins, reached
/// through the small C target `CUndraAtomics`; each inlines to the one instruction `Atomic`
/// would have used.
///
/// Where the word lives: in the object that uses it, as its **first stored property** (a plain
/// `Int`, or a tuple of them for several words), reached with `init(inFirstPropertyOf:word:)`.
/// That is swift-atomics' `ManagedAtomic` technique: a class's first stored property sits at
/// `_getUnsafePointerToStoredProperties(object)`, so the word costs no allocation of its own and
/// no indirection. Each such class checks the layout in debug builds
/// (`assertAtomicWordsComeFirst`). Swift code never touches those properties after `init`.
///
/// - Thread safety: every operation is atomic; `@unchecked Sendable` because the word is only
///   ever reached through these operations (never through Swift's own loads and stores), which
///   is the synchronization the compiler cannot see.
@frozen @usableFromInline
package struct AtomicWord<Value: AtomicValue>: @unchecked Sendable {
    @usableFromInline
    let address: UnsafeMutablePointer<Int>

    @inlinable @inline(__always)
    package init(at address: UnsafeMutablePointer<Int>) {
        self.address = address
    }

    /// Word `index` of the atomic words `object` keeps as its first stored property.
    @inlinable @inline(__always)
    package init(inFirstPropertyOf object: AnyObject, word index: Int = 0) {
        address = _getUnsafePointerToStoredProperties(object).assumingMemoryBound(to: Int.self) + index
    }

    @inlinable @inline(__always)
    package func load(ordering: AtomicOrdering) -> Value {
        Value(atomicWord: cundra_load(address, ordering.loadOrder))
    }

    @inlinable @inline(__always)
    package func store(_ value: Value, ordering: AtomicOrdering) {
        cundra_store(address, value.atomicWord, ordering.storeOrder)
    }

    /// Stores `value` and returns the value it replaced.
    @inlinable @inline(__always)
    package func exchange(_ value: Value, ordering: AtomicOrdering) -> Value {
        Value(atomicWord: cundra_exchange(address, value.atomicWord, ordering.order))
    }

    /// Stores `desired` if the word holds `expected`; returns whether it did, and the value found.
    @inlinable @inline(__always)
    package func compareExchange(
        expected: Value, desired: Value, ordering: AtomicOrdering
    ) -> (exchanged: Bool, original: Value) {
        var found = expected.atomicWord
        let exchanged = cundra_compare_exchange(
            address, &found, desired.atomicWord, ordering.order, ordering.loadOrder)
        return (exchanged, Value(atomicWord: found))
    }
}

extension AtomicWord where Value == Int {
    /// Adds `delta`, wrapping around on overflow; returns the values before and after.
    @inlinable @inline(__always) @discardableResult
    func wrappingAdd(_ delta: Int, ordering: AtomicOrdering) -> (oldValue: Int, newValue: Int) {
        let old = cundra_fetch_add(address, delta, ordering.order)
        return (old, old &+ delta)
    }

    /// Subtracts `delta`, wrapping around on overflow; returns the values before and after.
    @inlinable @inline(__always) @discardableResult
    func wrappingSubtract(_ delta: Int, ordering: AtomicOrdering) -> (oldValue: Int, newValue: Int) {
        wrappingAdd(0 &- delta, ordering: ordering)
    }
}

/// Memory orderings, named as Synchronization names them.
@frozen @usableFromInline
package enum AtomicOrdering {
    case relaxed, acquiring, releasing, acquiringAndReleasing, sequentiallyConsistent

    /// The C11 order of a read-modify-write.
    @inlinable @inline(__always)
    var order: Int32 {
        switch self {
        case .relaxed: CUNDRA_RELAXED
        case .acquiring: CUNDRA_ACQUIRE
        case .releasing: CUNDRA_RELEASE
        case .acquiringAndReleasing: CUNDRA_ACQ_REL
        case .sequentiallyConsistent: CUNDRA_SEQ_CST
        }
    }

    /// The order of a load, or of a failed compare-exchange: the read half of `order`.
    @inlinable @inline(__always)
    var loadOrder: Int32 {
        switch self {
        case .relaxed, .releasing: CUNDRA_RELAXED
        case .acquiring, .acquiringAndReleasing: CUNDRA_ACQUIRE
        case .sequentiallyConsistent: CUNDRA_SEQ_CST
        }
    }

    /// The order of a store: the write half of `order`.
    @inlinable @inline(__always)
    var storeOrder: Int32 {
        switch self {
        case .relaxed, .acquiring: CUNDRA_RELAXED
        case .releasing, .acquiringAndReleasing: CUNDRA_RELEASE
        case .sequentiallyConsistent: CUNDRA_SEQ_CST
        }
    }
}

/// Checks, in debug builds, that `words` (passed as `&self.atomicWords`) is `object`'s first
/// stored property, where `AtomicWord(inFirstPropertyOf:)` finds it. Call it from `init`.
@inlinable @inline(__always)
package func assertAtomicWordsComeFirst<Words>(_ object: AnyObject, _ words: UnsafeMutablePointer<Words>) {
    assert(
        MemoryLayout<Words>.size > 0 && MemoryLayout<Words>.size % MemoryLayout<Int>.size == 0,
        "UndraRuntime: atomic words are an Int or a tuple of Ints")
    assert(
        UnsafeMutableRawPointer(words) == _getUnsafePointerToStoredProperties(object),
        "UndraRuntime: a class's atomic words must be its first stored property")
}

/// A value that fits in one atomic word.
@usableFromInline
package protocol AtomicValue {
    init(atomicWord: Int)
    var atomicWord: Int { get }
}

extension Int: AtomicValue {
    @inlinable @inline(__always) package init(atomicWord: Int) { self = atomicWord }
    @inlinable @inline(__always) package var atomicWord: Int { self }
}

extension UInt: AtomicValue {
    @inlinable @inline(__always) package init(atomicWord: Int) { self = UInt(bitPattern: atomicWord) }
    @inlinable @inline(__always) package var atomicWord: Int { Int(bitPattern: self) }
}

extension Bool: AtomicValue {
    @inlinable @inline(__always) package init(atomicWord: Int) { self = atomicWord != 0 }
    @inlinable @inline(__always) package var atomicWord: Int { self ? 1 : 0 }
}

/// An object reference, not retained by the word, or none (zero).
extension Optional: AtomicValue where Wrapped: UnmanagedReference {
    @inlinable @inline(__always)
    package init(atomicWord: Int) {
        self = UnsafeRawPointer(bitPattern: atomicWord).map(Wrapped.init(opaque:))
    }

    @inlinable @inline(__always)
    package var atomicWord: Int { self.map { Int(bitPattern: $0.opaque) } ?? 0 }
}

/// `Unmanaged`, seen as the pointer it is (so that `Unmanaged<T>?` fits in a word).
@usableFromInline
package protocol UnmanagedReference {
    init(opaque: UnsafeRawPointer)
    var opaque: UnsafeRawPointer { get }
}

extension Unmanaged: UnmanagedReference {
    @inlinable @inline(__always) package init(opaque: UnsafeRawPointer) { self = Unmanaged.fromOpaque(opaque) }
    @inlinable @inline(__always) package var opaque: UnsafeRawPointer { UnsafeRawPointer(toOpaque()) }
}
