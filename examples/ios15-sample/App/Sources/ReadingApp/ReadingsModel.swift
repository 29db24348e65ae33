import ReadingKit
import UndraRuntime

/// What the Reading screen shows and does, over the store: the code an app writes, and tests with
/// UndraTesting (Tests/ReadingAppTests).
@MainActor
public final class ReadingsModel {
    /// The store: its fields are read from any thread, its commands awaited.
    public let store: Readings
    /// The last command's error, or "" when it succeeded.
    public private(set) var message = ""

    public init(store: Readings) {
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
    public func toggle(_ id: ReadingId) async {
        do {
            try await store.toggle(id)
            message = ""
        } catch {
            message = "\(error)"
        }
    }
}
