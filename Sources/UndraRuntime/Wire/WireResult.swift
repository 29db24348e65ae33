/// Rust's `Result<T, E>` as a `Codable` enum: what a `Codable` type holds where its Rust twin
/// holds a `Result` (Swift's `Result` is not `Codable`). Its bytes and shape are `Result`'s:
/// `Ok(T)` = 0, `Err(E)` = 1.
///
///     enum ScoreOutcome: Codable, WireCodable, Sendable {   // Rust: enum ScoreOutcome { Add(Result<i64, ScoreRefused>) }
///         case add(WireResult<Int, ScoreRefused>)
///         enum CodingKeys: Int, CodingKey { case add }
///     }
///
/// - Thread safety: `Sendable` when its payloads are.
public enum WireResult<Success, Failure: Error> {
    /// Rust's `Ok(T)`: variant 0.
    case ok(Success)
    /// Rust's `Err(E)`: variant 1.
    case err(Failure)

    enum CodingKeys: Int, CodingKey {
        case ok, err
    }

    /// The wire's form of `result`.
    public init(_ result: Result<Success, Failure>) {
        switch result {
        case .success(let value): self = .ok(value)
        case .failure(let error): self = .err(error)
        }
    }

    /// `.ok(value)`, spelled as `Result` spells it.
    public static func success(_ value: Success) -> Self { .ok(value) }

    /// `.err(error)`, spelled as `Result` spells it.
    public static func failure(_ error: Failure) -> Self { .err(error) }

    /// The same outcome as a `Result`.
    public var result: Result<Success, Failure> {
        switch self {
        case .ok(let value): .success(value)
        case .err(let error): .failure(error)
        }
    }
}

extension WireResult: Codable where Success: Codable, Failure: Codable {}
extension WireResult: Sendable where Success: Sendable, Failure: Sendable {}
extension WireResult: Equatable where Success: Equatable, Failure: Equatable {}
extension WireResult: Hashable where Success: Hashable, Failure: Hashable {}

/// Read and written as `Result` is.
extension WireResult: WireCodable where Success: WireCodable, Failure: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        self.init(try Result<Success, Failure>(from: &reader))
    }
    @inlinable public func encode(to writer: inout WireWriter) { result.encode(to: &writer) }
    public static var minimumWireSize: Int { 4 }
}

extension WireResult: WireShaped where Success: WireShaped, Failure: WireShaped {
    public static var wireShape: WireShape { Result<Success, Failure>.wireShape }
}
