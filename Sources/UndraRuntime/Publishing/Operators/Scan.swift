#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers, for each value, the result of folding it into the previous
    /// result.
    public struct Scan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are folded.
        public let upstream: Upstream
        /// The result before the first value.
        public let initialResult: Output
        /// Makes the next result from the previous one and a value.
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        /// A publisher of the running results of `nextPartialResult`; `scan(_:_:)` makes one.
        @inlinable
        public init(
            upstream: Upstream, initialResult: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        /// Subscribes `subscriber` to `upstream`; each subscription starts from `initialResult`.
        /// Demand passes straight through. O(1) per value, plus `nextPartialResult`.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: TransformSubscription(
                downstream: subscriber,
                transform: ScanTransform<Upstream.Output, Output, Failure>(result: initialResult, next: nextPartialResult),
                failure: { $0 }))
        }

        /// `sink` through the fold: the upstream's own `sink` path, with a composed closure that
        /// keeps the running result (see docs/PUBLISHING.md, "The sink path").
        @inlinable
        public func _sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            var result = initialResult
            return upstream._sink(receiveCompletion: receiveCompletion) { [nextPartialResult] value in
                result = nextPartialResult(result, value)
                receiveValue(result)
            }
        }
    }

    /// A publisher that delivers, for each value, the result of folding it into the previous
    /// result with a closure that may throw; a throw fails it.
    public struct TryScan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = any Error

        /// The publisher whose values are folded.
        public let upstream: Upstream
        /// The result before the first value.
        public let initialResult: Output
        /// Makes the next result from the previous one and a value, or throws to fail.
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        /// A publisher of the running results of `nextPartialResult`; `tryScan(_:_:)` makes one.
        @inlinable
        public init(
            upstream: Upstream, initialResult: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        /// As ``Scan/receive(subscriber:)``; when the closure throws, the upstream subscription is
        /// cancelled and the subscriber fails with the error.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: TransformSubscription(
                downstream: subscriber,
                transform: TryScanTransform(result: initialResult, next: nextPartialResult),
                failure: { (error: Upstream.Failure) in error }))
        }
    }
}

extension Publisher {
    /// Delivers, for each value, `nextPartialResult(previous, value)`, where `previous` is the
    /// result delivered before it (`initialResult` for the first value). O(1) per value, plus the
    /// closure.
    @inlinable
    public func scan<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
    ) -> Publishers.Scan<Self, T> {
        Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }

    /// As `scan(_:_:)`, with a closure that may throw: a throw cancels the upstream subscription
    /// and fails with the error.
    @inlinable
    public func tryScan<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
    ) -> Publishers.TryScan<Self, T> {
        Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

/// `scan`'s step: the running result.
@usableFromInline
struct ScanTransform<Input, Output, Failure: Error>: ValueTransform {
    @usableFromInline var result: Output
    @usableFromInline let next: (Output, Input) -> Output

    @inlinable
    init(result: Output, next: @escaping (Output, Input) -> Output) {
        self.result = result
        self.next = next
    }

    @inlinable
    var name: String { "Scan" }

    @inlinable
    var mirror: TransformMirror { .scan(result: result) }

    @inlinable
    mutating func apply(_ input: Input) -> TransformResult<Output, Failure> {
        result = next(result, input)
        return .deliver(result)
    }
}

/// `tryScan`'s step: the running result, or the error the closure threw.
@usableFromInline
struct TryScanTransform<Input, Output>: ValueTransform {
    @usableFromInline typealias Failure = any Error
    @usableFromInline var result: Output
    @usableFromInline let next: (Output, Input) throws -> Output

    @inlinable
    init(result: Output, next: @escaping (Output, Input) throws -> Output) {
        self.result = result
        self.next = next
    }

    @inlinable
    var name: String { "TryScan" }

    @inlinable
    var mirror: TransformMirror { .tryScan(result: result) }

    @inlinable
    mutating func apply(_ input: Input) -> TransformResult<Output, Failure> {
        TransformResult {
            result = try next(result, input)
            return .deliver(result)
        }
    }
}
#endif
