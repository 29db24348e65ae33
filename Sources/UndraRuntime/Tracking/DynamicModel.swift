#if canImport(Observation)
import Observation
#endif

/// An observable object whose properties are created at run time, by name: for code that has no
/// generated store (the Rust crate's `observable::object`/`property`).
///
///     let user = DynamicModel()
///     let name = try user.property("name", "Ada")
///     track(read: { name.value }, onChange: { print("renamed") })
///     name.value = "Grace"                      // prints "renamed"
///
/// Each property name is its own identity, as a key path is for a class; two models that both
/// have a `name` property change independently. Works with `track`, `observe` and `TrackedValues`.
///
/// - Complexity: declaring a property is O(1) on average; `get`/`set` are O(1) plus the registrar.
/// - Thread safety: all of it may be used from any thread; values are guarded by the model's lock.
public final class DynamicModel: Trackable, Sendable {
    public let registrar = Registrar()

    /// Every slot's value, and the table of declared properties, live under this one lock.
    let storage = Locked<[String: any DynamicSlot]>([:])

    /// Creates a model with no properties.
    public init() {}

    /// Creates a model with one `Int` property named `"value"`.
    public convenience init(value: Int) {
        self.init()
        let slot = Slot(value: value, id: PropertyID(named: "value"))
        storage.withLock { $0["value"] = slot }
    }

    /// The property named `name`, declared with `initial` if the model does not have it yet.
    ///
    /// - Throws: `DynamicModelError.typeMismatch` if the model already has a property of that name
    ///   holding another type; the model is unchanged.
    public func property<Value: Sendable>(
        _ name: String, _ initial: Value
    ) throws(DynamicModelError) -> DynamicProperty<Value> {
        let found: (any DynamicSlot)? = storage.withLock { slots in
            if let existing = slots[name] { return existing }
            slots[name] = Slot(value: initial, id: PropertyID(named: name))
            return slots[name]
        }
        return try handle(name, found)
    }

    /// The existing property named `name`.
    ///
    /// - Throws: `DynamicModelError.noSuchProperty`, or `.typeMismatch` if it holds another type.
    public func property<Value: Sendable>(
        _ name: String, as type: Value.Type = Value.self
    ) throws(DynamicModelError) -> DynamicProperty<Value> {
        try handle(name, storage.withLock { $0[name] })
    }

    /// The names of the declared properties, sorted.
    public var propertyNames: [String] {
        storage.withLock { $0.keys.sorted() }
    }

    private func handle<Value>(
        _ name: String, _ slot: (any DynamicSlot)?
    ) throws(DynamicModelError) -> DynamicProperty<Value> {
        guard let slot else { throw .noSuchProperty(name) }
        guard let typed = slot as? Slot<Value> else {
            throw .typeMismatch(property: name, declared: slot.valueType, requested: "\(Value.self)")
        }
        return DynamicProperty(model: self, slot: typed)
    }
}

/// One property of a `DynamicModel`: read and write it with `value`, or `get()` and `set(_:)`.
public struct DynamicProperty<Value: Sendable>: Sendable {
    /// The model this property belongs to.
    public let model: DynamicModel
    let slot: Slot<Value>

    /// The property's identity (its name, interned).
    public var id: PropertyID { slot.id }

    /// The property's name.
    public var name: String { slot.id.description }

    /// The current value; reading it inside `track` records this property. O(1).
    public var value: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// Reads the value, recording the read for tracking. O(1).
    public func get() -> Value {
        model.registrar.access(model, property: slot.id)
        return model.storage.withLock { _ in slot.value }
    }

    /// Writes the value, announcing it to the model's observers. O(1) plus the observers.
    public func set(_ newValue: Value) {
        model.registrar.withMutation(of: model, property: slot.id) {
            model.storage.withLock { _ in slot.value = newValue }
        }
    }
}

/// Why a `DynamicModel` could not hand out a property.
public enum DynamicModelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The model has no property of this name.
    case noSuchProperty(String)
    /// The property exists with another value type.
    case typeMismatch(property: String, declared: String, requested: String)

    public var description: String {
        switch self {
        case .noSuchProperty(let name):
            "DynamicModel has no property \"\(name)\""
        case .typeMismatch(let name, let declared, let requested):
            "DynamicModel property \"\(name)\" holds \(declared), not \(requested)"
        }
    }
}

/// A property's storage. Its `value` is read and written only under the owning model's `storage` lock.
protocol DynamicSlot: AnyObject, Sendable {
    var valueType: String { get }
}

final class Slot<Value>: DynamicSlot, @unchecked Sendable {  // @unchecked: `value` only under DynamicModel.storage's lock.
    var value: Value
    let id: PropertyID

    init(value: Value, id: PropertyID) {
        self.value = value
        self.id = id
    }

    var valueType: String { "\(Value.self)" }
}

#if canImport(Observation)
/// A dynamic model's properties are seen by Apple's Observation too (`withObservationTracking`,
/// SwiftUI): see `ObservationBridge`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension DynamicModel: Observable {}
#endif
