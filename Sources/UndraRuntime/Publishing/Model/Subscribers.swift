#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The namespace of subscriber-side types, as in Combine.
public enum Subscribers {
    /// How a publisher ends: normally, or with an error.
    @frozen
    public enum Completion<Failure: Error> {
        /// The publisher finished normally.
        case finished
        /// The publisher stopped because of an error.
        case failure(Failure)
    }
}

extension Subscribers.Completion: Sendable where Failure: Sendable {}
extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}

/// Encoded as a keyed container: `success` (true for `.finished`), and `error` for a failure.
extension Subscribers.Completion: Encodable where Failure: Encodable {
    /// Writes `success`, and the error if there is one.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CompletionCodingKeys.self)
        switch self {
        case .finished:
            try container.encode(true, forKey: .success)
        case .failure(let error):
            try container.encode(false, forKey: .success)
            try container.encode(error, forKey: .error)
        }
    }
}

extension Subscribers.Completion: Decodable where Failure: Decodable {
    /// Reads what `encode(to:)` writes; a missing `error` when `success` is false is a
    /// `DecodingError`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CompletionCodingKeys.self)
        if try container.decode(Bool.self, forKey: .success) {
            self = .finished
        } else {
            self = .failure(try container.decode(Failure.self, forKey: .error))
        }
    }
}

private enum CompletionCodingKeys: String, CodingKey {
    case success
    case error
}
#endif
