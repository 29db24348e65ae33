#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The fold of `first` and `last` and their `where`/`try` forms: the value that matched, the
/// first (the search ends there) or the latest (kept until the upstream finishes).
struct MatchFold<Input, Failure: Error>: Reducer {
    /// Which match is delivered.
    enum Keep {
        /// The first: the fold is done at once.
        case first
        /// The latest: each match replaces the one before.
        case last
    }

    let name: String
    let keeps: Keep
    /// Whether a value matches, or the error the test threw.
    let matches: (Input) -> Result<Bool, Failure>
    var match: Input?

    var initial: Input? { nil }

    mutating func fold(_ input: Input) -> ReduceStep<Failure> {
        switch matches(input) {
        case .success(true):
            match = input
            return keeps == .first ? .done : .more
        case .success(false):
            return .more
        case .failure(let error):
            return .fail(error)
        }
    }

    func result() -> Input? {
        match
    }
}
#endif
