#if canImport(SwiftUI)
import SwiftUI
import __App__Kit

/// The app's screen (iOS 17 and later: the store is Observable, so `@State` owns it and plain
/// properties redraw on the fields a body read).
public struct __App__sScreen: View {
    @State private var store = try! __App__s()

    public init() {}

    public var body: some View {
        __App__sList(model: __App__sModel(store: store))
            .environment(store)
    }
}

/// The list: reads the store's fields, and redraws when those change.
struct __App__sList: View {
    let model: __App__sModel
    @State private var title = ""

    var body: some View {
        List {
            ForEach(model.store.items) { item in
                Button(item.title) { Task { await model.toggle(item.id) } }
            }
            TextField("New", text: $title).onSubmit { Task { await model.add(title: title) } }
            Text("\(model.remaining) left \(model.message)")
        }
    }
}
#endif
