#if !canImport(Combine) || UNDRA_COMBINE_MODULE
// Combine's specialized operators on `Publishers.Sequence`: its elements are at hand, so each
// operator is applied now, to the whole sequence, and returns the publisher of the answer
// (`[1, 2].publisher.map { $0 * 10 }` is a `Publishers.Sequence` of `[10, 20]`, with `.sequence`),
// with no operator in the chain and nothing buffered per element. A closure runs when the
// operator is called, over every element, whatever the subscribers later ask for.

extension Publishers.Sequence where Failure == Never {
    /// The least element by `areInIncreasingOrder`; nothing if there is none.
    @inlinable
    public func min(by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.min(by: areInIncreasingOrder))
    }

    /// The greatest element by `areInIncreasingOrder`; nothing if there is none.
    @inlinable
    public func max(by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.max(by: areInIncreasingOrder))
    }

    /// The first element that satisfies `predicate`; nothing if there is none.
    @inlinable
    public func first(where predicate: (Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.first(where: predicate))
    }
}

extension Publishers.Sequence {
    /// Whether every element satisfies `predicate`.
    @inlinable
    public func allSatisfy(_ predicate: (Elements.Element) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(sequence.allSatisfy(predicate))
    }

    /// Whether every element satisfies `predicate`, or the error it throws.
    @inlinable
    public func tryAllSatisfy(_ predicate: (Elements.Element) throws -> Bool) -> Result<Bool, any Error>.Publisher {
        Result<Bool, any Error>.Publisher(Result { try sequence.allSatisfy(predicate) })
    }

    /// All the elements in one array: no collect operator runs, nothing is buffered per element.
    ///
    /// Complexity: O(n) to make the array (none if `Elements` is an `Array`).
    @inlinable
    public func collect() -> Result<[Elements.Element], Failure>.Publisher {
        Result<[Elements.Element], Failure>.Publisher(.success(Array(sequence)))
    }

    /// The elements `transform` gives a value for, transformed.
    @inlinable
    public func compactMap<T>(_ transform: (Elements.Element) -> T?) -> Publishers.Sequence<[T], Failure> {
        Publishers.Sequence<[T], Failure>(sequence: sequence.compactMap(transform))
    }

    /// Whether an element satisfies `predicate`.
    @inlinable
    public func contains(where predicate: (Elements.Element) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(sequence.contains(where: predicate))
    }

    /// Whether an element satisfies `predicate`, or the error it throws.
    @inlinable
    public func tryContains(where predicate: (Elements.Element) throws -> Bool) -> Result<Bool, any Error>.Publisher {
        Result<Bool, any Error>.Publisher(Result { try sequence.contains(where: predicate) })
    }

    /// The elements from the first that does not satisfy `predicate` on.
    @inlinable
    public func drop(while predicate: (Elements.Element) -> Bool) -> Publishers.Sequence<DropWhileSequence<Elements>, Failure> {
        Publishers.Sequence<DropWhileSequence<Elements>, Failure>(sequence: sequence.drop(while: predicate))
    }

    /// The elements after the first `count`. Traps if `count` is negative, as Swift's
    /// `dropFirst` does.
    @inlinable
    public func dropFirst(_ count: Int = 1) -> Publishers.Sequence<DropFirstSequence<Elements>, Failure> {
        Publishers.Sequence<DropFirstSequence<Elements>, Failure>(sequence: sequence.dropFirst(count))
    }

    /// The elements that are included.
    @inlinable
    public func filter(_ isIncluded: (Elements.Element) -> Bool) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.filter(isIncluded))
    }

    /// No element: it finishes at once.
    @inlinable public func ignoreOutput() -> Empty<Elements.Element, Failure> { Empty<Elements.Element, Failure>() }

    /// The transformed elements.
    @inlinable
    public func map<T>(_ transform: (Elements.Element) -> T) -> Publishers.Sequence<[T], Failure> {
        Publishers.Sequence<[T], Failure>(sequence: sequence.map(transform))
    }

    /// The first `maxLength` elements. Traps if `maxLength` is negative, as Swift's `prefix` does.
    @inlinable
    public func prefix(_ maxLength: Int) -> Publishers.Sequence<PrefixSequence<Elements>, Failure> {
        Publishers.Sequence<PrefixSequence<Elements>, Failure>(sequence: sequence.prefix(maxLength))
    }

    /// The elements before the first that does not satisfy `predicate`.
    @inlinable
    public func prefix(while predicate: (Elements.Element) -> Bool) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.prefix(while: predicate))
    }

    /// The elements combined by `nextPartialResult`, from `initialResult`.
    @inlinable
    public func reduce<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Elements.Element) -> T
    ) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(.success(sequence.reduce(initialResult, nextPartialResult)))
    }

    /// The elements combined by `nextPartialResult`, from `initialResult`, or the error it throws.
    @inlinable
    public func tryReduce<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Elements.Element) throws -> T
    ) -> Result<T, any Error>.Publisher {
        Result<T, any Error>.Publisher(Result { try sequence.reduce(initialResult, nextPartialResult) })
    }

    /// The elements with `output` in place of each nil.
    @inlinable
    public func replaceNil<T>(with output: T) -> Publishers.Sequence<[Elements.Element], Failure> where Elements.Element == T? {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.map { $0 ?? output })
    }

    /// Each partial result of combining the elements by `nextPartialResult`, from `initialResult`.
    @inlinable
    public func scan<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Elements.Element) -> T
    ) -> Publishers.Sequence<[T], Failure> {
        var accumulated = initialResult
        return Publishers.Sequence<[T], Failure>(sequence: sequence.map { element in
            accumulated = nextPartialResult(accumulated, element)
            return accumulated
        })
    }

    /// The same elements, from a publisher that may fail with `failureType` (and never does).
    @inlinable
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.Sequence<Elements, E> {
        Publishers.Sequence<Elements, E>(sequence: sequence)
    }
}

extension Publishers.Sequence where Elements.Element: Equatable {
    /// The elements, without those equal to the one before.
    @inlinable
    public func removeDuplicates() -> Publishers.Sequence<[Elements.Element], Failure> {
        var kept: [Elements.Element] = []
        for element in sequence where kept.last != element { kept.append(element) }
        return Publishers.Sequence<[Elements.Element], Failure>(sequence: kept)
    }

    /// Whether an element equals `output`.
    @inlinable
    public func contains(_ output: Elements.Element) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(.success(sequence.contains(output)))
    }
}

extension Publishers.Sequence where Failure == Never, Elements.Element: Comparable {
    /// The least element; nothing if there is none.
    @inlinable
    public func min() -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.min())
    }

    /// The greatest element; nothing if there is none.
    @inlinable
    public func max() -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.max())
    }
}

extension Publishers.Sequence where Elements: Collection, Failure == Never {
    /// The first element; nothing if there is none.
    @inlinable
    public func first() -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.first)
    }

    /// The element at `index`; nothing if there is none.
    @inlinable
    public func output(at index: Elements.Index) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.indices.contains(index) ? sequence[index] : nil)
    }
}

extension Publishers.Sequence where Elements: Collection {
    /// The number of elements.
    @inlinable
    public func count() -> Result<Int, Failure>.Publisher {
        Result<Int, Failure>.Publisher(.success(sequence.count))
    }

    /// The elements in `range`, or in the part of it inside the collection (Combine traps for a
    /// range that leaves it; here, as for any publisher's `output(in:)`, positions past the end
    /// give no element).
    @inlinable
    public func output(in range: Range<Elements.Index>) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: Array(sequence[range.clamped(to: sequence.startIndex..<sequence.endIndex)]))
    }
}

extension Publishers.Sequence where Elements: BidirectionalCollection, Failure == Never {
    /// The last element; nothing if there is none.
    @inlinable
    public func last() -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.last)
    }

    /// The last element that satisfies `predicate`; nothing if there is none.
    @inlinable
    public func last(where predicate: (Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.last(where: predicate))
    }
}

extension Publishers.Sequence where Elements: RandomAccessCollection, Failure == Never {
    /// The element at `index`; nothing if there is none.
    @inlinable
    public func output(at index: Elements.Index) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.indices.contains(index) ? sequence[index] : nil)
    }

    /// The number of elements.
    @inlinable
    public func count() -> Just<Int> {
        Just<Int>(sequence.count)
    }
}

extension Publishers.Sequence where Elements: RandomAccessCollection {
    /// The elements in `range`, or in the part of it inside the collection (Combine traps for a
    /// range that leaves it; here, as for any publisher's `output(in:)`, positions past the end
    /// give no element).
    @inlinable
    public func output(in range: Range<Elements.Index>) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: Array(sequence[range.clamped(to: sequence.startIndex..<sequence.endIndex)]))
    }

    /// The number of elements.
    @inlinable
    public func count() -> Result<Int, Failure>.Publisher {
        Result<Int, Failure>.Publisher(.success(sequence.count))
    }
}

extension Publishers.Sequence where Elements: RangeReplaceableCollection {
    /// `elements`, then this sequence's.
    @inlinable
    public func prepend(_ elements: Elements.Element...) -> Publishers.Sequence<Elements, Failure> {
        prepend(elements)
    }

    /// `elements`, then this sequence's.
    @inlinable
    public func prepend<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure> where S.Element == Elements.Element {
        var joined = Elements()
        joined.reserveCapacity(sequence.count + elements.underestimatedCount)
        joined.append(contentsOf: elements)
        joined.append(contentsOf: sequence)
        return Publishers.Sequence<Elements, Failure>(sequence: joined)
    }

    /// `publisher`'s elements, then this sequence's.
    @inlinable
    public func prepend(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
        prepend(publisher.sequence)
    }

    /// This sequence's elements, then `elements`.
    @inlinable
    public func append(_ elements: Elements.Element...) -> Publishers.Sequence<Elements, Failure> {
        append(elements)
    }

    /// This sequence's elements, then `elements`.
    @inlinable
    public func append<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure> where S.Element == Elements.Element {
        var joined = sequence
        joined.append(contentsOf: elements)
        return Publishers.Sequence<Elements, Failure>(sequence: joined)
    }

    /// This sequence's elements, then `publisher`'s.
    @inlinable
    public func append(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
        append(publisher.sequence)
    }
}
#endif
