#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publisher {
    /// Delivers `output` in place of each nil value, and the others unwrapped: a `map`, as in
    /// Combine. O(1) per value.
    @inlinable
    public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
        Publishers.Map(upstream: self) { $0 ?? output }
    }
}
#endif
