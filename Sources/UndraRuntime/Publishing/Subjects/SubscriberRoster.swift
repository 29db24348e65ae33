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
/// It holds its subscribers as ``RosterEntry``, not generic over the subject's types, so that a
/// request run unspecialized finds its subscriber with no type-metadata lookup; the core, which
/// knows the types, sees each entry as the ``Conduit`` it is (see `BroadcasterCore.conduit(_:)`).
@usableFromInline
struct SubscriberRoster: Equatable {
    @usableFromInline typealias Element = RosterEntry
    @usableFromInline typealias List = SubscriberList

    @usableFromInline let bits: UInt

    @inlinable
    init(bits: UInt) {
        self.bits = bits
    }

    /// A roster of one, retained.
    @inlinable
    init(retaining subscriber: Element) {
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
            list._withUnsafeGuaranteedRef { $0.forEach(body) }
        }
    }

    /// Whether the subscriber `id` is here. O(log n): ids increase along the roster.
    @inlinable
    func contains(id: Int) -> Bool {
        if let single { return single._withUnsafeGuaranteedRef { $0.id } == id }
        return list?._withUnsafeGuaranteedRef { $0.index(of: id) != nil } ?? false
    }

    /// The subscriber `id`, unretained (the roster holds it), if it is here. O(log n).
    @inlinable
    func entry(id: Int) -> Unmanaged<Element>? {
        if let single { return single._withUnsafeGuaranteedRef { $0.id } == id ? single : nil }
        return list?._withUnsafeGuaranteedRef { list in list.index(of: id).map { list.element(at: $0) } }
    }

    /// This roster with `subscriber` at the end (retained). O(n).
    @inlinable
    func adding(_ subscriber: Element) -> SubscriberRoster {
        if let single {
            return SubscriberRoster(taking: .passRetained(List.make(count: 2) { target in
                target.initialize(to: single.retain())
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
        return list._withUnsafeGuaranteedRef { $0.removing(id: id) }
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
    @inlinable
    func appending(_ subscriber: RosterEntry) -> SubscriberList {
        withUnsafeMutablePointers { count, subscribers in
            SubscriberList.make(count: count.pointee + 1) { target in
                for index in 0..<count.pointee { (target + index).initialize(to: subscribers[index].retain()) }
                (target + count.pointee).initialize(to: .passRetained(subscriber))
            }
        }
    }

    /// These subscribers but `id`, as a roster (retained). O(n).
    /// - Precondition: `index(of: id) != nil`.
    @inlinable
    func removing(id: Int) -> SubscriberRoster {
        withUnsafeMutablePointers { count, subscribers in
            let removed = index(of: id)!
            guard count.pointee > 2 else {
                return SubscriberRoster(retaining: subscribers[1 - removed].takeUnretainedValue())
            }
            return SubscriberRoster(taking: .passRetained(SubscriberList.make(count: count.pointee - 1) { target in
                for index in 0..<count.pointee where index != removed {
                    (target + (index < removed ? index : index - 1)).initialize(to: subscribers[index].retain())
                }
            }))
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
