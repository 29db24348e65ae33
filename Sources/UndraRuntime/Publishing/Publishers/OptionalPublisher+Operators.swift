#if !canImport(Combine) || UNDRA_COMBINE_MODULE
// Combine's specialized operators on `Optional.Publisher`: its value, if any, is at hand, so each
// operator is applied now and returns the publisher of the answer (`Optional(1).publisher.map
// { $0 + 1 }` is `Optional(2).publisher`), with no operator in the chain. A closure runs at most
// once, when the operator is called, and not at all with no value.

extension Optional.Publisher where Wrapped: Equatable {
    /// Whether the value equals `output`; nothing with no value.
    @inlinable
    public func contains(_ output: Output) -> Optional<Bool>.Publisher {
        Optional<Bool>.Publisher(self.output.map { $0 == output })
    }

    /// Itself: one value has no duplicates.
    @inlinable public func removeDuplicates() -> Optional<Wrapped>.Publisher { self }
}

extension Optional.Publisher where Wrapped: Comparable {
    /// Itself: the least of one value is that value.
    @inlinable public func min() -> Optional<Wrapped>.Publisher { self }

    /// Itself: the greatest of one value is that value.
    @inlinable public func max() -> Optional<Wrapped>.Publisher { self }
}

extension Optional.Publisher {
    /// Whether the value satisfies `predicate`; nothing with no value.
    @inlinable
    public func allSatisfy(_ predicate: (Output) -> Bool) -> Optional<Bool>.Publisher {
        Optional<Bool>.Publisher(output.map(predicate))
    }

    /// The value in an array of one; nothing with no value.
    @inlinable
    public func collect() -> Optional<[Output]>.Publisher {
        Optional<[Output]>.Publisher(output.map { [$0] })
    }

    /// The transformed value, if there is one and `transform` gives one.
    @inlinable
    public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.flatMap(transform))
    }

    /// Itself: `areInIncreasingOrder` is never called for one value.
    @inlinable public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Optional<Output>.Publisher { self }

    /// Itself: `areInIncreasingOrder` is never called for one value.
    @inlinable public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Optional<Output>.Publisher { self }

    /// Whether the value satisfies `predicate`; nothing with no value.
    @inlinable
    public func contains(where predicate: (Output) -> Bool) -> Optional<Bool>.Publisher {
        Optional<Bool>.Publisher(output.map(predicate))
    }

    /// One; nothing with no value (as Combine: not zero).
    @inlinable
    public func count() -> Optional<Int>.Publisher {
        Optional<Int>.Publisher(output.map { _ in 1 })
    }

    /// The value if `count` is 0, else nothing. Traps if `count` is negative, as Combine does.
    @inlinable
    public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
        precondition(count >= 0, "count must not be negative")
        return Optional<Output>.Publisher(count == 0 ? output : nil)
    }

    /// Nothing if the value satisfies `predicate`, else the value.
    @inlinable
    public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(output.flatMap { predicate($0) ? nil : $0 })
    }

    /// Itself.
    @inlinable public func first() -> Optional<Output>.Publisher { self }

    /// The value if it satisfies `predicate`, else nothing.
    @inlinable
    public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        filter(predicate)
    }

    /// Itself.
    @inlinable public func last() -> Optional<Output>.Publisher { self }

    /// The value if it satisfies `predicate`, else nothing.
    @inlinable
    public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        filter(predicate)
    }

    /// The value if it is included, else nothing.
    @inlinable
    public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(output.flatMap { isIncluded($0) ? $0 : nil })
    }

    /// No value: it finishes at once.
    @inlinable public func ignoreOutput() -> Empty<Output, Failure> { Empty<Output, Failure>() }

    /// The transformed value, if any.
    @inlinable
    public func map<T>(_ transform: (Output) -> T) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.map(transform))
    }

    /// The value if `index` is 0, else nothing. Traps if `index` is negative, as Combine does.
    @inlinable
    public func output(at index: Int) -> Optional<Output>.Publisher {
        precondition(index >= 0, "index must not be negative")
        return Optional<Output>.Publisher(index == 0 ? output : nil)
    }

    /// The value if `range` contains 0, else nothing. Traps, as Combine does, if the range starts
    /// below 0 or reaches `Int.max - 1` (so an unbounded range traps too).
    @inlinable
    public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher where R.Bound == Int {
        let range = range.relative(to: 0..<Int.max)
        precondition(range.lowerBound >= 0, "lowerBound must not be negative")
        precondition(range.upperBound < .max - 1, "upperBound must be below Int.max - 1")
        return Optional<Output>.Publisher(range.contains(0) ? output : nil)
    }

    /// The value if `maxLength` is above 0, else nothing. Traps if `maxLength` is negative, as
    /// Combine does.
    @inlinable
    public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
        precondition(maxLength >= 0, "maxLength must not be negative")
        return Optional<Output>.Publisher(maxLength > 0 ? output : nil)
    }

    /// The value if it satisfies `predicate`, else nothing.
    @inlinable
    public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        filter(predicate)
    }

    /// `nextPartialResult` of `initialResult` and the value; nothing with no value.
    @inlinable
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
    }

    /// `nextPartialResult` of `initialResult` and the value; nothing with no value.
    @inlinable
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
    }

    /// Itself: one value has no duplicates.
    @inlinable public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Optional<Output>.Publisher { self }

    /// Itself: it never fails.
    @inlinable public func replaceError(with output: Output) -> Optional<Output>.Publisher { self }

    /// The value, or `output` if there is none.
    @inlinable
    public func replaceEmpty(with output: Output) -> Just<Output> {
        Just<Output>(self.output ?? output)
    }

    /// Itself: it never fails.
    @inlinable public func retry(_ times: Int) -> Optional<Output>.Publisher { self }
}
#endif
