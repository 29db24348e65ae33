#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher of a sequence's elements, as its subscribers ask for them, then `.finished`.
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        public typealias Output = Elements.Element

        /// The elements delivered, to each subscriber, from the start.
        public let sequence: Elements

        /// A publisher of `sequence`'s elements.
        @inlinable
        public init(sequence: Elements) {
            self.sequence = sequence
        }

        /// Delivers the elements to `subscriber` as it asks for them, then `.finished` right after
        /// the last one (at once for an empty sequence). O(1) per element, plus the iteration.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            SequenceSubscription.subscribe(subscriber, to: sequence, completion: .finished, of: .sequence)
        }
    }
}

extension Publishers.Sequence: Equatable where Elements: Equatable {}

extension Sequence {
    /// A publisher of this sequence's elements, as in Combine: `[1, 2, 3].publisher`.
    @inlinable
    public var publisher: Publishers.Sequence<Self, Never> {
        Publishers.Sequence(sequence: self)
    }
}
#endif
