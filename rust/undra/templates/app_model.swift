import __App__Kit
import UndraRuntime

/// What the __App__ screen shows and does, over the store: the code an app writes, and tests with
/// UndraTesting (Tests/__App__AppTests).
@MainActor
public final class __App__sModel {
    /// The store: its fields are read from any thread, its commands awaited.
    public let store: __App__s
    /// The last command's error, or "" when it succeeded.
    public private(set) var message = ""

    public init(store: __App__s) {
        self.store = store
    }

    /// The items' titles, in order.
    public var titles: [String] { store.items.map(\.title) }

    /// How many items are not done.
    public var remaining: UInt64 { store.remaining }

    /// Adds an item titled `title`; on the core's refusal, says why in `message`.
    public func add(title: String) async {
        do {
            _ = try await store.add(title: title)
            message = ""
        } catch {
            message = "\(error)"
        }
    }

    /// Marks the item `id` done, or not done.
    public func toggle(_ id: __App__Id) async {
        do {
            try await store.toggle(id)
            message = ""
        } catch {
            message = "\(error)"
        }
    }
}
