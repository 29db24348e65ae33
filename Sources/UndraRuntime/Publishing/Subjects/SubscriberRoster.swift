#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The subscribers of a ``Broadcaster``, in subscription order: none, one, or a list.
///
/// One word, so that the broadcaster can publish it atomically: 0, or a retained reference to
/// the one ``Conduit`` (tagged in its lowest bit, which alignment leaves free) or to a
/// ``SubscriberList`` of two or more. One subscriber, the common case, costs no list.
///
/// Immutable, so that a delivering thread can walk it without a lock: subscribing or cancelling
/// makes a new roster (``adding(_:)``, ``removing(id:)``) that replaces this one, and the
/// broadcaster keeps a replaced roster alive until no delivery can still be walking it.
///
/// Generic, so that a delivery walks it as code specialized for the subject's types; but what
/// it holds (a conduit, a list of ``RosterEntry``) does not depend on them, so that a request,
/// which runs unspecialized, finds its subscriber from the bits alone (``entry(id:inRoster:)``).
@usableFromInline
struct SubscriberRoster<Output, Failure: Error>: Equatable {
    @usableFromInline typealias Element = Conduit<Output, Failure>
    @usableFromInline typealias List = SubscriberList

    @usableFromInline let bits: UInt

    @inlinable
    init(bits: UInt) {
        self.bits = bits
    }

    /// A roster of one, retained.
    @inlinable
    init(retaining subscriber: RosterEntry) {
        bits = UInt(bitPattern: Unmanaged.passRetained(subscriber).toOpaque()) | 1
    }

    /// A roster of a list, taking over the reference.
    @inlinable
    init(taking list: Unmanaged<List>) {
        bits = UInt(bitPattern: list.toOpaque())
    }

    @inlinable static var empty: SubscriberRoster { SubscriberRoster(bits: 0) }

    @inlinable
    var single: Unmanaged<Element>? {
        bits & 1 == 0 ? nil : Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits & ~1)!)
    }

    @inlinable
    var list: Unmanaged<List>? {
        bits & 1 == 0 ? UnsafeRawPointer(bitPattern: bits).map { Unmanaged.fromOpaque($0) } : nil
    }

    /// Calls `body` on each subscriber, in order. O(n).
    @inlinable
    func forEach(_ body: (Element) -> Void) {
        if let single {
            single._withUnsafeGuaranteedRef(body)
        } else if let list {
            // Every entry of a subject's roster is a conduit of the subject's types.
            list._withUnsafeGuaranteedRef { $0.forEach { body(unsafeDowncast($0, to: Element.self)) } }
        }
    }

    /// Whether the subscriber `id` is here. O(log n): ids increase along the roster.
    @inlinable
    func contains(id: Int) -> Bool {
        Self.entry(id: id, inRoster: bits) != nil
    }

    /// The subscriber `id`, unretained (the roster holds it), if it is here. O(log n).
    @inlinable
    func entry(id: Int) -> Unmanaged<Element>? {
        Self.entry(id: id, inRoster: bits).map { Unmanaged.fromOpaque($0.toOpaque()) }
    }

    /// The subscriber `id` of the roster whose bits are `bits`, unretained, if it is there; for
    /// code that must not depend on the subject's types (see ``RosterEntry``). O(log n).
    @inlinable
    static func entry(id: Int, inRoster bits: UInt) -> Unmanaged<RosterEntry>? {
        if bits & 1 != 0 {
            let single = Unmanaged<RosterEntry>.fromOpaque(UnsafeRawPointer(bitPattern: bits & ~1)!)
            return single._withUnsafeGuaranteedRef { $0.id } == id ? single : nil
        }
        guard let list = UnsafeRawPointer(bitPattern: bits).map(Unmanaged<List>.fromOpaque) else { return nil }
        return list._withUnsafeGuaranteedRef { list in list.index(of: id).map { list.element(at: $0) } }
    }

    /// This roster with `subscriber` at the end (retained). O(n).
    @inlinable
    func adding(_ subscriber: Element) -> SubscriberRoster {
        if let single {
            return SubscriberRoster(taking: .passRetained(List.make(count: 2) { target in
                target.initialize(to: .passRetained(single.takeUnretainedValue()))
                (target + 1).initialize(to: .passRetained(subscriber))
            }))
        }
        guard let list else { return SubscriberRoster(retaining: subscriber) }
        return SubscriberRoster(taking: .passRetained(list._withUnsafeGuaranteedRef { $0.appending(subscriber) }))
    }

    /// This roster without the subscriber `id` (retained). O(n).
    /// - Precondition: `contains(id:)`.
    @inlinable
    func removing(id: Int) -> SubscriberRoster {
        guard let list else { return .empty }
        return SubscriberRoster(bits: list._withUnsafeGuaranteedRef { $0.removing(id: id) })
    }

    /// Releases the reference this roster holds, if any.
    @inlinable
    func release() {
        if let single {
            single.release()
        } else {
            list?.release()
        }
    }
}

/// Two or more subscribers in subscription order, in one allocation (the header is the count;
/// the elements are retained references). Immutable; releasing it releases its subscribers.
///
/// Of ``RosterEntry``, not generic, so that finding a subscriber in it needs nothing of the
/// subject's types (see ``SubscriberRoster/entry(id:inRoster:)``).
@usableFromInline
final class SubscriberList: ManagedBuffer<Int, Unmanaged<RosterEntry>> {
    @usableFromInline typealias Element = Unmanaged<RosterEntry>

    /// A list of `count` subscribers, which `fill` initializes already retained. O(count).
    @inlinable
    static func make(count: Int, fill: (UnsafeMutablePointer<Element>) -> Void) -> SubscriberList {
        let list = unsafeDowncast(create(minimumCapacity: count) { _ in count }, to: SubscriberList.self)
        list.withUnsafeMutablePointerToElements(fill)
        return list
    }

    @inlinable
    func forEach(_ body: (RosterEntry) -> Void) {
        withUnsafeMutablePointers { count, subscribers in
            for index in 0..<count.pointee { subscribers[index]._withUnsafeGuaranteedRef(body) }
        }
    }

    /// This list with `subscriber` at the end. O(n).
    ///
    /// Not inlinable, nor `removing(id:)`: not generic, they need no specializing, and inlined
    /// into a cancel's critical section they kept it from being inlined (25 more instructions
    /// per `subscribe.cancel`, measured with callgrind).
    @usableFromInline
    func appending(_ subscriber: RosterEntry) -> SubscriberList {
        withUnsafeMutablePointers { count, subscribers in
            SubscriberList.make(count: count.pointee + 1) { target in
                for index in 0..<count.pointee { (target + index).initialize(to: subscribers[index].retain()) }
                (target + count.pointee).initialize(to: .passRetained(subscriber))
            }
        }
    }

    /// The bits of a ``SubscriberRoster`` of these subscribers but `id` (retained). O(n).
    /// - Precondition: `index(of: id) != nil`.
    @usableFromInline
    func removing(id: Int) -> UInt {
        withUnsafeMutablePointers { count, subscribers in
            let removed = index(of: id)!
            guard count.pointee > 2 else {
                return UInt(bitPattern: subscribers[1 - removed].retain().toOpaque()) | 1
            }
            return UInt(bitPattern: Unmanaged.passRetained(SubscriberList.make(count: count.pointee - 1) { target in
                for index in 0..<count.pointee where index != removed {
                    (target + (index < removed ? index : index - 1)).initialize(to: subscribers[index].retain())
                }
            }).toOpaque())
        }
    }

    /// The subscriber at `index`, unretained. O(1).
    @inlinable
    func element(at index: Int) -> Element {
        withUnsafeMutablePointerToElements { $0[index] }
    }

    /// The position of the subscriber `id`, if it is here. O(log n): ids increase along the list.
    @inlinable
    func index(of id: Int) -> Int? {
        withUnsafeMutablePointers { count, subscribers in
            var low = 0
            var high = count.pointee
            while low < high {
                let middle = (low + high) / 2
                if subscribers[middle]._withUnsafeGuaranteedRef({ $0.id }) < id {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return low < count.pointee && subscribers[low]._withUnsafeGuaranteedRef({ $0.id }) == id ? low : nil
        }
    }

    deinit {
        withUnsafeMutablePointers { count, subscribers in
            for index in 0..<count.pointee { subscribers[index].release() }
        }
    }
}
#endif
