#if canImport(SwiftUI)
import SwiftUI

// Edited after `undra init`: the notes screen, in the iOS 15 shape (docs/BINDGEN.md's views table).

/// Owns the library: `@StateObject` for its store, handed down with `.environmentObject`.
public struct NotesScreen: View {
    private let library: NotesLibrary
    @StateObject private var notes: Notes

    public init(library: NotesLibrary) {
        self.library = library
        _notes = StateObject(wrappedValue: library.notes)
    }

    public var body: some View {
        NotesList(add: { try? library.add($0) })
            .environmentObject(notes)
    }
}

/// A child view: `@EnvironmentObject` from its parent (or `@ObservedObject` when handed the store).
struct NotesList: View {
    @EnvironmentObject var notes: Notes
    let add: (String) -> Void
    @State private var text = ""

    var body: some View {
        List {
            ForEach(notes.all) { note in Text(note.text) }
            TextField("Note", text: $text).onSubmit { add(text) }
        }
    }
}

/// The same list, handed the store.
struct NotesCount: View {
    @ObservedObject var notes: Notes

    var body: some View { Text("\(notes.all.count) notes") }
}
#endif
