/// The publishing rows of the table.
func publishingCases() -> [BenchCase] {
    []
}
