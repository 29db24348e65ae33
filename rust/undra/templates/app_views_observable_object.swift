#if canImport(SwiftUI)
import SwiftUI
import __App__Kit

/// The app's screen (iOS 15 and 16: the store is an ObservableObject, so `@StateObject` owns it
/// and `@ObservedObject` views redraw when any field changes).
public struct __App__sScreen: View {
    @StateObject private var store = try! __App__s()

    public init() {}

    public var body: some View {
        __App__sList(store: store)
            .environmentObject(store)
    }
}

/// The list: observes the store, and redraws when any field changes.
struct __App__sList: View {
    @ObservedObject var store: __App__s
    @State private var title = ""

    var body: some View {
        let model = __App__sModel(store: store)
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
