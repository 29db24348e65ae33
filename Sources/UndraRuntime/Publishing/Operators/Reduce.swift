#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that folds all of its upstream's values into one result, delivered when it
    /// finishes.
    public struct Reduce<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are folded.
        public let upstream: Upstream
        /// The result before the first value.
        public let initial: Output
        /// Makes the next result from the previous one and a value.
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        /// A publisher of the fold of `upstream`'s values; `reduce(_:_:)` makes one.
        public init(upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        /// Subscribes `subscriber` to `upstream`, asking it for every value once the subscriber
        /// asks for anything; delivers the result (`initial` if there were no values), then
        /// `.finished`. O(1) per value, plus the closure.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let next = nextPartialResult
            let fold = ReduceFold<Upstream.Output, Output, Failure>(name: "Reduce", initial: initial) {
                .success(next($0, $1))
            }
            upstream.receive(subscriber: ReduceSubscription(downstream: subscriber, reducer: fold, failure: { $0 }))
        }
    }

    /// A publisher that folds all of its upstream's values into one result with a closure that
    /// may throw; a throw fails it.
    public struct TryReduce<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = any Error

        /// The publisher whose values are folded.
        public let upstream: Upstream
        /// The result before the first value.
        public let initial: Output
        /// Makes the next result from the previous one and a value, or throws to fail.
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        /// A publisher of the fold of `upstream`'s values; `tryReduce(_:_:)` makes one.
        public init(
            upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
        ) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        /// As ``Reduce/receive(subscriber:)``; when the closure throws, the upstream subscription
        /// is cancelled and the subscriber fails with the error.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let next = nextPartialResult
            let fold = ReduceFold<Upstream.Output, Output, any Error>(name: "TryReduce", initial: initial) {
                partial, value in Result { try next(partial, value) }
            }
            upstream.receive(subscriber: ReduceSubscription(downstream: subscriber, reducer: fold, failure: { $0 }))
        }
    }
}

extension Publisher {
    /// Folds every value into a result, starting from `initialResult`, and delivers the result
    /// when this publisher finishes. A failure is delivered instead. O(1) per value, plus the
    /// closure.
    public func reduce<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
    ) -> Publishers.Reduce<Self, T> {
        Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }

    /// As `reduce(_:_:)`, with a closure that may throw: a throw cancels the upstream
    /// subscription and fails with the error.
    public func tryReduce<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
    ) -> Publishers.TryReduce<Self, T> {
        Publishers.TryReduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }
}

/// The fold of `reduce` and `tryReduce`: the result so far.
struct ReduceFold<Input, Partial, Failure: Error>: Reducer {
    let name: String
    let initial: Partial?
    var partial: Partial
    /// The next result, or the error the closure threw.
    let next: (Partial, Input) -> Result<Partial, Failure>

    init(name: String, initial: Partial, next: @escaping (Partial, Input) -> Result<Partial, Failure>) {
        self.name = name
        self.initial = initial
        partial = initial
        self.next = next
    }

    mutating func fold(_ input: Input) -> ReduceStep<Failure> {
        switch next(partial, input) {
        case .success(let result):
            partial = result
            return .more
        case .failure(let error):
            return .fail(error)
        }
    }

    func result() -> Partial? {
        partial
    }
}
#endif
