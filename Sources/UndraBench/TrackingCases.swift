/// The fine-grained rows of the table.
func trackingCases() -> [BenchCase] {
    []
}
