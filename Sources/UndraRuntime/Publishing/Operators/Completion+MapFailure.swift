#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Subscribers.Completion {
    /// The same completion, with `transform` of the error if it is a failure: how an operator
    /// passes its upstream's completion on as its own (`mapError`, the `try` operators' `any
    /// Error`). O(1), plus `transform`.
    @inlinable
    func mapFailure<NewFailure: Error>(_ transform: (Failure) -> NewFailure) -> Subscribers.Completion<NewFailure> {
        switch self {
        case .finished: .finished
        case .failure(let error): .failure(transform(error))
        }
    }
}
#endif
