#if canImport(SwiftUI)
import SwiftUI
import ReadingKit

/// The app's screen (iOS 15 and 16: the store is an ObservableObject, so `@StateObject` owns it
/// and `@ObservedObject` views redraw when any field changes).
public struct ReadingsScreen: View {
    @StateObject private var store = try! Readings()

    public init() {}

    public var body: some View {
        ReadingsList(store: store)
            .environmentObject(store)
    }
}

/// The list: observes the store, and redraws when any field changes.
struct ReadingsList: View {
    @ObservedObject var store: Readings
    @State private var title = ""

    var body: some View {
        let model = ReadingsModel(store: store)
        List {
            ForEach(store.items) { item in
                Button(item.title) { Task { await model.toggle(item.id) } }
            }
            TextField("New", text: $title).onSubmit { Task { await model.add(title: title) } }
            Text("\(store.remaining) left")
        }
    }
}
#endif
