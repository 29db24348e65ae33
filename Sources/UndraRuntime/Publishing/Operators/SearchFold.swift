#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The fold of `contains` and `allSatisfy` (and their `where`/`try` forms): a search that ends at
/// the first value whose test is `endsOn`, with `endsOn` as the answer, or answers `!endsOn` when
/// the upstream finishes first. (`contains` ends on `true`; `allSatisfy` on `false`.)
struct SearchFold<Input, Failure: Error>: Reducer {
    let name: String
    let endsOn: Bool
    /// The test, or the error it threw.
    let test: (Input) -> Result<Bool, Failure>
    var found = false

    /// `!endsOn`: `contains` starts from false, `allSatisfy` from true, as in Combine.
    var initial: Bool? { !endsOn }

    mutating func fold(_ input: Input) -> ReduceStep<Failure> {
        switch test(input) {
        case .success(let outcome):
            guard outcome == endsOn else { return .more }
            found = true
            return .done
        case .failure(let error):
            return .fail(error)
        }
    }

    func result() -> Bool? {
        found == endsOn
    }
}
#endif
