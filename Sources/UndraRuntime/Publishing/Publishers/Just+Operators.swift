#if !canImport(Combine) || UNDRA_COMBINE_MODULE
// Combine's specialized operators on `Just`: its one value is at hand, so each operator is
// applied now, to that value, and returns the publisher of the answer (`Just(1).map { $0 + 1 }`
// is `Just(2)`), with no operator in the chain. A closure runs once, when the operator is called.

extension Just where Output: Comparable {
    /// Itself: the least of one value is that value.
    @inlinable public func min() -> Just<Output> { self }

    /// Itself: the greatest of one value is that value.
    @inlinable public func max() -> Just<Output> { self }
}

extension Just where Output: Equatable {
    /// Whether the value equals `output`.
    @inlinable public func contains(_ output: Output) -> Just<Bool> { Just<Bool>(self.output == output) }

    /// Itself: one value has no duplicates.
    @inlinable public func removeDuplicates() -> Just<Output> { self }
}

extension Just {
    /// Whether the value satisfies `predicate`.
    @inlinable
    public func allSatisfy(_ predicate: (Output) -> Bool) -> Just<Bool> {
        Just<Bool>(predicate(output))
    }

    /// Whether the value satisfies `predicate`, or the error it throws.
    @inlinable
    public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
        Result<Bool, any Error>.Publisher(Result { try predicate(output) })
    }

    /// Whether the value satisfies `predicate`.
    @inlinable
    public func contains(where predicate: (Output) -> Bool) -> Just<Bool> {
        Just<Bool>(predicate(output))
    }

    /// Whether the value satisfies `predicate`, or the error it throws.
    @inlinable
    public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
        Result<Bool, any Error>.Publisher(Result { try predicate(output) })
    }

    /// The value in an array of one.
    @inlinable public func collect() -> Just<[Output]> { Just<[Output]>([output]) }

    /// Itself: `areInIncreasingOrder` is never called for one value.
    @inlinable public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> { self }

    /// Itself: `areInIncreasingOrder` is never called for one value.
    @inlinable public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> { self }

    /// One.
    @inlinable public func count() -> Just<Int> { Just<Int>(1) }

    /// The value if `count` is 0, else nothing. Traps if `count` is negative, as Combine does.
    @inlinable
    public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
        precondition(count >= 0, "count must not be negative")
        return Optional<Output>.Publisher(count > 0 ? nil : output)
    }

    /// Nothing if the value satisfies `predicate`, else the value.
    @inlinable
    public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? nil : output)
    }

    /// Itself.
    @inlinable public func first() -> Just<Output> { self }

    /// The value if it satisfies `predicate`, else nothing.
    @inlinable
    public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// Itself.
    @inlinable public func last() -> Just<Output> { self }

    /// The value if it satisfies `predicate`, else nothing.
    @inlinable
    public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// The value if it is included, else nothing.
    @inlinable
    public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(isIncluded(output) ? output : nil)
    }

    /// No value: it finishes at once.
    @inlinable public func ignoreOutput() -> Empty<Output, Never> { Empty<Output, Never>() }

    /// The transformed value.
    @inlinable
    public func map<T>(_ transform: (Output) -> T) -> Just<T> {
        Just<T>(transform(output))
    }

    /// The transformed value, or the error `transform` throws.
    @inlinable
    public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, any Error>.Publisher {
        Result<T, any Error>.Publisher(Result { try transform(output) })
    }

    /// The transformed value, if `transform` gives one.
    @inlinable
    public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
        Optional<T>.Publisher(transform(output))
    }

    /// The value if `index` is 0, else nothing. Traps if `index` is negative, as Combine does.
    @inlinable
    public func output(at index: Int) -> Optional<Output>.Publisher {
        precondition(index >= 0, "index must not be negative")
        return Optional<Output>.Publisher(index == 0 ? output : nil)
    }

    /// The value if `range` starts at 0, else nothing: Combine's answer, which gives the value
    /// for an empty range at 0 too.
    @inlinable
    public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher where R.Bound == Int {
        Optional<Output>.Publisher(range.relative(to: 0..<Int.max).lowerBound == 0 ? output : nil)
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
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// The value, as a publisher that may fail with `failureType` (and never does).
    @inlinable
    public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(output)
    }

    /// The value, as a publisher that may fail with what `transform` gives (and never does).
    @inlinable
    public func mapError<E: Error>(_ transform: (Never) -> E) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(output)
    }

    /// Itself: one value has no duplicates.
    @inlinable public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Just<Output> { self }

    /// The value, or the error `predicate` throws when it compares the value with itself (as
    /// Combine does).
    @inlinable
    public func tryRemoveDuplicates(by predicate: (Output, Output) throws -> Bool) -> Result<Output, any Error>.Publisher {
        Result<Output, any Error>.Publisher(Result { _ = try predicate(output, output); return output })
    }

    /// Itself: it never fails.
    @inlinable public func replaceError(with output: Output) -> Just<Output> { self }

    /// Itself: it is never empty.
    @inlinable public func replaceEmpty(with output: Output) -> Just<Output> { self }

    /// Itself: it never fails.
    @inlinable public func retry(_ times: Int) -> Just<Output> { self }

    /// `nextPartialResult` of `initialResult` and the value.
    @inlinable
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Never>.Publisher {
        Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
    }

    /// `nextPartialResult` of `initialResult` and the value, or the error it throws.
    @inlinable
    public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T) -> Result<T, any Error>.Publisher {
        Result<T, any Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
    }

    /// `nextPartialResult` of `initialResult` and the value.
    @inlinable
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Never>.Publisher {
        Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
    }

    /// `nextPartialResult` of `initialResult` and the value, or the error it throws.
    @inlinable
    public func tryScan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T) -> Result<T, any Error>.Publisher {
        Result<T, any Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
    }
}
#endif
