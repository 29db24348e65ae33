#if !canImport(Combine)
/// A publisher that delivers one value, then finishes, to each subscriber, at once.
public struct Just<Output>: Publisher {
    public typealias Failure = Never

    /// The value delivered to every subscriber.
    public let output: Output

    /// A publisher of `output`.
    public init(_ output: Output) {
        self.output = output
    }

    /// Delivers the value and `.finished` before returning. O(1).
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        receiveValue(output)
        receiveCompletion(.finished)
        return AnyCancellable {}
    }
}

extension Just: Sendable where Output: Sendable {}
extension Just: Equatable where Output: Equatable {}
#endif
