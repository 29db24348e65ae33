/// The mirror rows of the table.
func mirrorCases() -> [BenchCase] {
    []
}
