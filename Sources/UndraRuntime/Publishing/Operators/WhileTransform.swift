#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The step of `drop(while:)` and `prefix(while:)` (and their `try` forms): test each value while
/// the test holds; at the first value it rejects, `drop` delivers it and stops testing, `prefix`
/// finishes without it.
@usableFromInline
struct WhileTransform<Input, Failure: Error>: ValueTransform {
    /// What is done with the values the test accepts.
    @usableFromInline
    enum Kind {
        /// They are skipped; the first rejected and all after it are delivered.
        case drop
        /// They are delivered; the first rejected finishes.
        case prefix
    }

    @usableFromInline typealias Output = Input
    @usableFromInline let name: String
    @usableFromInline let kind: Kind
    /// Whether the test holds for a value, or the error it threw.
    @usableFromInline let holds: (Input) -> Result<Bool, Failure>
    /// Until the test first rejects a value (for `drop`: after that, values just pass).
    @usableFromInline var testing = true

    @inlinable
    init(name: String, _ kind: Kind, holds: @escaping (Input) -> Result<Bool, Failure>) {
        self.name = name
        self.kind = kind
        self.holds = holds
    }

    /// As in Combine: `drop(while:)`'s subscription shows no children, `prefix(while:)`'s the
    /// downstream.
    @inlinable
    var mirror: TransformMirror { kind == .drop ? .empty : .downstream }

    @inlinable
    mutating func apply(_ input: Input) -> TransformResult<Input, Failure> {
        guard testing else { return .deliver(input) }
        switch holds(input) {
        case .success(true):
            return kind == .drop ? .skip : .deliver(input)
        case .success(false):
            guard kind == .drop else { return .finish }
            testing = false
            return .deliver(input)
        case .failure(let error):
            return .fail(error)
        }
    }
}
#endif
