#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers the value of a key path of each of its upstream's values.
    public struct MapKeyPath<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are read.
        public let upstream: Upstream
        /// The key path read from each value.
        public let keyPath: KeyPath<Upstream.Output, Output>

        /// A publisher of `keyPath` of each of `upstream`'s values; `map(_:)` makes one.
        @inlinable
        public init(upstream: Upstream, keyPath: KeyPath<Upstream.Output, Output>) {
            self.upstream = upstream
            self.keyPath = keyPath
        }

        /// Subscribes `subscriber` to `upstream` through the key path; demand, cancel and the
        /// completion pass straight through. O(1) per value, plus the key path's read.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: MapSubscriber(downstream: subscriber) { [keyPath] in $0[keyPath: keyPath] })
        }

        /// `sink` through the key path: the upstream's own `sink` path, with a composed closure
        /// (see docs/PUBLISHING.md, "The sink path").
        @inlinable
        public func _sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            upstream._sink(receiveCompletion: receiveCompletion) { [keyPath] in receiveValue($0[keyPath: keyPath]) }
        }
    }

    /// A publisher that delivers the values of two key paths of each of its upstream's values.
    public struct MapKeyPath2<Upstream: Publisher, Output0, Output1>: Publisher {
        public typealias Output = (Output0, Output1)
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are read.
        public let upstream: Upstream
        /// The first key path read from each value.
        public let keyPath0: KeyPath<Upstream.Output, Output0>
        /// The second key path read from each value.
        public let keyPath1: KeyPath<Upstream.Output, Output1>

        /// A publisher of pairs of key paths of `upstream`'s values; `map(_:_:)` makes one.
        @inlinable
        public init(
            upstream: Upstream, keyPath0: KeyPath<Upstream.Output, Output0>, keyPath1: KeyPath<Upstream.Output, Output1>
        ) {
            self.upstream = upstream
            self.keyPath0 = keyPath0
            self.keyPath1 = keyPath1
        }

        /// As ``MapKeyPath/receive(subscriber:)``, delivering a pair per value.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: MapSubscriber(downstream: subscriber) { [keyPath0, keyPath1] in
                ($0[keyPath: keyPath0], $0[keyPath: keyPath1])
            })
        }

        /// `sink` through the key paths, with a composed closure.
        @inlinable
        public func _sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            upstream._sink(receiveCompletion: receiveCompletion) { [keyPath0, keyPath1] in
                receiveValue(($0[keyPath: keyPath0], $0[keyPath: keyPath1]))
            }
        }
    }

    /// A publisher that delivers the values of three key paths of each of its upstream's values.
    public struct MapKeyPath3<Upstream: Publisher, Output0, Output1, Output2>: Publisher {
        public typealias Output = (Output0, Output1, Output2)
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are read.
        public let upstream: Upstream
        /// The first key path read from each value.
        public let keyPath0: KeyPath<Upstream.Output, Output0>
        /// The second key path read from each value.
        public let keyPath1: KeyPath<Upstream.Output, Output1>
        /// The third key path read from each value.
        public let keyPath2: KeyPath<Upstream.Output, Output2>

        /// A publisher of triples of key paths of `upstream`'s values; `map(_:_:_:)` makes one.
        @inlinable
        public init(
            upstream: Upstream, keyPath0: KeyPath<Upstream.Output, Output0>, keyPath1: KeyPath<Upstream.Output, Output1>,
            keyPath2: KeyPath<Upstream.Output, Output2>
        ) {
            self.upstream = upstream
            self.keyPath0 = keyPath0
            self.keyPath1 = keyPath1
            self.keyPath2 = keyPath2
        }

        /// As ``MapKeyPath/receive(subscriber:)``, delivering a triple per value.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: MapSubscriber(downstream: subscriber) { [keyPath0, keyPath1, keyPath2] in
                ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2])
            })
        }

        /// `sink` through the key paths, with a composed closure.
        @inlinable
        public func _sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            upstream._sink(receiveCompletion: receiveCompletion) { [keyPath0, keyPath1, keyPath2] in
                receiveValue(($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2]))
            }
        }
    }
}

extension Publisher {
    /// Delivers the value at `keyPath` of each value. O(1) per value, plus the read.
    @inlinable
    public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.MapKeyPath<Self, T> {
        Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
    }

    /// Delivers the values at two key paths of each value, as a pair. O(1) per value, plus the
    /// reads.
    @inlinable
    public func map<T0, T1>(
        _ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>
    ) -> Publishers.MapKeyPath2<Self, T0, T1> {
        Publishers.MapKeyPath2(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1)
    }

    /// Delivers the values at three key paths of each value, as a triple. O(1) per value, plus
    /// the reads.
    @inlinable
    public func map<T0, T1, T2>(
        _ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>, _ keyPath2: KeyPath<Output, T2>
    ) -> Publishers.MapKeyPath3<Self, T0, T1, T2> {
        Publishers.MapKeyPath3(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1, keyPath2: keyPath2)
    }
}
#endif
