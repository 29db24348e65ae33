#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// Something that can be stopped: a subscription, a scheduled delivery.
public protocol Cancellable {
    /// Stops the activity and frees what it holds. Calling it again does nothing.
    func cancel()
}

extension Cancellable {
    /// Keeps this in `collection`, wrapped in an ``AnyCancellable``, at its end. O(1) amortized
    /// for arrays.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }

    /// Keeps this in `set`, wrapped in an ``AnyCancellable``. O(1) on average.
    public func store(in set: inout Set<AnyCancellable>) {
        AnyCancellable(self).store(in: &set)
    }
}
#endif
