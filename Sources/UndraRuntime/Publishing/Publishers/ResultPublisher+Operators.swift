#if !canImport(Combine) || UNDRA_COMBINE_MODULE
// Combine's specialized operators on `Result.Publisher`: its result is at hand, so each operator
// is applied now and returns the publisher of the answer (`Result<Int, E>.Publisher(1).map
// { $0 + 1 }` is `Result<Int, E>.Publisher(2)`), with no operator in the chain. A closure runs at
// most once, when the operator is called, and not at all for a failure.

extension Result.Publisher where Output: Equatable {
    /// Whether the value equals `output`, or the failure.
    @inlinable
    public func contains(_ output: Output) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(result.map { $0 == output })
    }

    /// Itself: one value has no duplicates.
    @inlinable public func removeDuplicates() -> Result<Output, Failure>.Publisher { self }
}

extension Result.Publisher where Output: Comparable {
    /// Itself: the least of one value is that value.
    @inlinable public func min() -> Result<Output, Failure>.Publisher { self }

    /// Itself: the greatest of one value is that value.
    @inlinable public func max() -> Result<Output, Failure>.Publisher { self }
}

extension Result.Publisher {
    /// The result of `body` on the value, the error it throws, or the failure (as `any Error`).
    @inlinable
    func trying<T>(_ body: (Output) throws -> T) -> Result<T, any Error>.Publisher {
        switch result {
        case .success(let output): Result<T, any Error>.Publisher(Result<T, any Error> { try body(output) })
        case .failure(let failure): Result<T, any Error>.Publisher(.failure(failure))
        }
    }

    /// Whether the value satisfies `predicate`, or the failure.
    @inlinable
    public func allSatisfy(_ predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(result.map(predicate))
    }

    /// Whether the value satisfies `predicate`, the error it throws, or the failure.
    @inlinable
    public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
        trying(predicate)
    }

    /// Whether the value satisfies `predicate`, or the failure.
    @inlinable
    public func contains(where predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(result.map(predicate))
    }

    /// Whether the value satisfies `predicate`, the error it throws, or the failure.
    @inlinable
    public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
        trying(predicate)
    }

    /// The value in an array of one, or the failure.
    @inlinable
    public func collect() -> Result<[Output], Failure>.Publisher {
        Result<[Output], Failure>.Publisher(result.map { [$0] })
    }

    /// Itself: `areInIncreasingOrder` is never called for one value.
    @inlinable public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Result<Output, Failure>.Publisher { self }

    /// The value, or the error `areInIncreasingOrder` throws when it compares the value with
    /// itself (as Combine does), or the failure.
    @inlinable
    public func tryMin(by areInIncreasingOrder: (Output, Output) throws -> Bool) -> Result<Output, any Error>.Publisher {
        trying { _ = try areInIncreasingOrder($0, $0); return $0 }
    }

    /// Itself: `areInIncreasingOrder` is never called for one value.
    @inlinable public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Result<Output, Failure>.Publisher { self }

    /// The value, or the error `areInIncreasingOrder` throws when it compares the value with
    /// itself (as Combine does), or the failure.
    @inlinable
    public func tryMax(by areInIncreasingOrder: (Output, Output) throws -> Bool) -> Result<Output, any Error>.Publisher {
        trying { _ = try areInIncreasingOrder($0, $0); return $0 }
    }

    /// One, or the failure.
    @inlinable
    public func count() -> Result<Int, Failure>.Publisher {
        Result<Int, Failure>.Publisher(result.map { _ in 1 })
    }

    /// Itself.
    @inlinable public func first() -> Result<Output, Failure>.Publisher { self }

    /// Itself.
    @inlinable public func last() -> Result<Output, Failure>.Publisher { self }

    /// No value: it finishes at once (with no failure, even for a failed result, as Combine).
    @inlinable public func ignoreOutput() -> Empty<Output, Failure> { Empty<Output, Failure>() }

    /// The transformed value, or the failure.
    @inlinable
    public func map<T>(_ transform: (Output) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map(transform))
    }

    /// The transformed value, the error `transform` throws, or the failure.
    @inlinable
    public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, any Error>.Publisher {
        trying(transform)
    }

    /// The value, or the transformed failure.
    @inlinable
    public func mapError<E: Error>(_ transform: (Failure) -> E) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(result.mapError(transform))
    }

    /// Itself: one value has no duplicates.
    @inlinable public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Result<Output, Failure>.Publisher { self }

    /// The value, or the error `predicate` throws when it compares the value with itself (as
    /// Combine does), or the failure.
    @inlinable
    public func tryRemoveDuplicates(by predicate: (Output, Output) throws -> Bool) -> Result<Output, any Error>.Publisher {
        trying { _ = try predicate($0, $0); return $0 }
    }

    /// The value, or `output` in place of the failure.
    @inlinable
    public func replaceError(with output: Output) -> Result<Output, Never>.Publisher {
        switch result {
        case .success(let value): Result<Output, Never>.Publisher(value)
        case .failure: Result<Output, Never>.Publisher(output)
        }
    }

    /// Itself: it is never empty.
    @inlinable public func replaceEmpty(with output: Output) -> Result<Output, Failure>.Publisher { self }

    /// Itself: a retry would meet the same result.
    @inlinable public func retry(_ times: Int) -> Result<Output, Failure>.Publisher { self }

    /// `nextPartialResult` of `initialResult` and the value, or the failure.
    @inlinable
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
    }

    /// `nextPartialResult` of `initialResult` and the value, the error it throws, or the failure.
    @inlinable
    public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T) -> Result<T, any Error>.Publisher {
        trying { try nextPartialResult(initialResult, $0) }
    }

    /// `nextPartialResult` of `initialResult` and the value, or the failure.
    @inlinable
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
    }

    /// `nextPartialResult` of `initialResult` and the value, the error it throws, or the failure.
    @inlinable
    public func tryScan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T) -> Result<T, any Error>.Publisher {
        trying { try nextPartialResult(initialResult, $0) }
    }
}

extension Result.Publisher where Failure == Never {
    /// The value, as a publisher that may fail with `failureType` (and never does).
    @inlinable
    public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
        switch result {
        case .success(let output): Result<Output, E>.Publisher(output)
        }
    }
}
#endif
