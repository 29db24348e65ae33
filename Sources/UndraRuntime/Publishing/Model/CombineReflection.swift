#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// Reflection as Combine gives its subscriptions and the subscribers its operators put on their
/// upstreams: `description` is the name Combine prints ("Map", "PassthroughSubject", …),
/// `playgroundDescription` is that name, and `customMirror` shows the children Combine's shows.
@usableFromInline
protocol CombineReflection: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {}

extension CombineReflection {
    /// The name, as Combine's playgrounds show it.
    @inlinable
    var playgroundDescription: Any { description }
}

/// ``CombineReflection`` with a mirror of no children, as Combine's `Map`, `Filter`,
/// `SetFailureType`, … have.
@usableFromInline
protocol ChildlessCombineReflection: CombineReflection {}

extension ChildlessCombineReflection {
    /// No children, as in Combine.
    @inlinable
    var customMirror: Mirror { Mirror(self, children: EmptyCollection<Mirror.Child>()) }
}
#endif
