#if !canImport(Combine)
/// One subscriber of a ``Broadcaster``: its two closures, and when it joined.
@usableFromInline
struct SubscriberEntry<Output, Failure: Error> {
    /// The broadcaster's clock when the subscriber joined: unique, and increasing in
    /// subscription order. A value sent at clock `t` reaches only subscribers with `id < t`.
    @usableFromInline let id: Int
    @usableFromInline let receiveValue: (Output) -> Void
    @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

    @inlinable
    init(
        id: Int,
        receiveValue: @escaping (Output) -> Void,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        self.id = id
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
    }
}

/// An immutable list of subscribers in subscription order, in one allocation (the header is
/// the count).
///
/// Immutable so that a delivering thread can walk it without a lock: subscribing or cancelling
/// builds a new list (``appending(_:)``, ``removing(id:)``) that replaces this one, and
/// ``Broadcaster`` keeps a replaced list alive until no delivery can still be walking it.
/// Releasing a list releases its closures.
@usableFromInline
final class SubscriberList<Output, Failure: Error>: ManagedBuffer<Int, SubscriberEntry<Output, Failure>> {
    @usableFromInline typealias Entry = SubscriberEntry<Output, Failure>

    /// A list of `count` entries, initialized by `fill`. O(count).
    @inlinable
    static func make(count: Int, fill: (UnsafeMutablePointer<Entry>) -> Void) -> SubscriberList {
        let list = unsafeDowncast(create(minimumCapacity: count) { _ in count }, to: SubscriberList.self)
        list.withUnsafeMutablePointerToElements(fill)
        return list
    }

    /// This list with `entry` at the end. O(n).
    @inlinable
    func appending(_ entry: Entry) -> SubscriberList {
        withUnsafeMutablePointers { count, entries in
            SubscriberList.make(count: count.pointee + 1) { target in
                target.initialize(from: entries, count: count.pointee)
                (target + count.pointee).initialize(to: entry)
            }
        }
    }

    /// This list without the entry `id`, or nil when nothing would be left. O(n).
    /// - Precondition: `contains(id:)`.
    @inlinable
    func removing(id: Int) -> SubscriberList? {
        withUnsafeMutablePointers { count, entries in
            let index = self.index(of: id, in: entries, count: count.pointee)!
            guard count.pointee > 1 else { return nil }
            return SubscriberList.make(count: count.pointee - 1) { target in
                target.initialize(from: entries, count: index)
                (target + index).initialize(from: entries + index + 1, count: count.pointee - index - 1)
            }
        }
    }

    /// Whether the subscriber `id` is in this list. O(log n): ids increase along the list.
    @inlinable
    func contains(id: Int) -> Bool {
        withUnsafeMutablePointers { count, entries in index(of: id, in: entries, count: count.pointee) != nil }
    }

    @inlinable
    func index(of id: Int, in entries: UnsafeMutablePointer<Entry>, count: Int) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < count && entries[low].id == id ? low : nil
    }

    deinit {
        _ = withUnsafeMutablePointers { count, entries in entries.deinitialize(count: count.pointee) }
    }
}
#endif
