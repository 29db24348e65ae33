import ReadingApp
import Testing
import UndraRuntime

/// Edited after `undra init`: the notes' live query, on an in-memory database.
@Test func aNoteAddedIsInTheListInTextOrder() throws {
    let library = try NotesLibrary(path: ":memory:")
    var counts: [Int] = []
    var cancellables = Set<AnyCancellable>()
    library.notes.$all.map(\.count).sink { counts.append($0) }.store(in: &cancellables)
    try library.add("tea")
    try library.add("milk")
    #expect(library.feed.waitUntilCurrent())
    #expect(library.notes.all.map(\.text) == ["milk", "tea"])
    #expect(library.feed.path(of: Notes.all) == .incremental(table: "note"))
    #expect(counts.first == 0 && counts.last == 2)
    #expect(library.notes.runtime.errors.count == 0)
}
