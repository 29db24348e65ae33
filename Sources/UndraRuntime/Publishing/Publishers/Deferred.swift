#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A publisher that makes the publisher to subscribe to only when someone subscribes, a new one
/// each time, as in Combine.
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
    public typealias Output = DeferredPublisher.Output
    public typealias Failure = DeferredPublisher.Failure

    /// Makes the publisher for each subscriber.
    public let createPublisher: () -> DeferredPublisher

    /// A publisher that calls `createPublisher` at each subscription.
    public init(createPublisher: @escaping () -> DeferredPublisher) {
        self.createPublisher = createPublisher
    }

    /// Makes a publisher and subscribes `subscriber` to it. O(1) plus `createPublisher`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        createPublisher().receive(subscriber: subscriber)
    }
}
#endif
