#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that encodes each of its upstream's values with a ``TopLevelEncoder``, and
    /// fails with the first error it throws.
    public struct Encode<Upstream: Publisher, Coder: TopLevelEncoder>: Publisher where Upstream.Output: Encodable {
        public typealias Output = Coder.Output
        public typealias Failure = any Error

        /// The publisher whose values are encoded.
        public let upstream: Upstream
        private let encoder: Coder

        /// A publisher of `upstream`'s values encoded by `encoder`; `encode(encoder:)` makes one.
        public init(upstream: Upstream, encoder: Coder) {
            self.upstream = upstream
            self.encoder = encoder
        }

        /// Subscribes `subscriber` to `upstream` through the encoder. Demand passes straight
        /// through; an error thrown cancels the upstream and fails the subscriber. O(1) per
        /// value, plus the encoding.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let encoder = encoder
            upstream.receive(subscriber: TransformSubscription(
                downstream: subscriber, transform: TryMapTransform(name: "Encode", mirror: .coder) { try encoder.encode($0) },
                failure: { (error: Upstream.Failure) in error }))
        }
    }

    /// A publisher that decodes each of its upstream's values with a ``TopLevelDecoder``, and
    /// fails with the first error it throws.
    public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>: Publisher
    where Upstream.Output == Coder.Input {
        public typealias Failure = any Error

        /// The publisher whose values are decoded.
        public let upstream: Upstream
        private let decoder: Coder

        /// A publisher of `Output`s decoded by `decoder` from `upstream`'s values;
        /// `decode(type:decoder:)` makes one.
        public init(upstream: Upstream, decoder: Coder) {
            self.upstream = upstream
            self.decoder = decoder
        }

        /// Subscribes `subscriber` to `upstream` through the decoder. Demand passes straight
        /// through; an error thrown cancels the upstream and fails the subscriber. O(1) per
        /// value, plus the decoding.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let decoder = decoder
            upstream.receive(subscriber: TransformSubscription(
                downstream: subscriber,
                transform: TryMapTransform(name: "Decode", mirror: .coder) { try decoder.decode(Output.self, from: $0) },
                failure: { (error: Upstream.Failure) in error }))
        }
    }
}

extension Publisher where Output: Encodable {
    /// Encodes each value with `encoder` (a `JSONEncoder`, say); the first error thrown cancels
    /// this publisher and fails the subscriber.
    public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> Publishers.Encode<Self, Coder> {
        Publishers.Encode(upstream: self, encoder: encoder)
    }
}

extension Publisher {
    /// Decodes a `type` from each value with `decoder` (a `JSONDecoder`, say); the first error
    /// thrown cancels this publisher and fails the subscriber.
    public func decode<Item: Decodable, Coder: TopLevelDecoder>(type: Item.Type, decoder: Coder)
        -> Publishers.Decode<Self, Item, Coder> where Output == Coder.Input
    {
        Publishers.Decode(upstream: self, decoder: decoder)
    }
}
#endif
