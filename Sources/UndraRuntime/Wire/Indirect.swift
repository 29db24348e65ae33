/// A stored property kept in a box of its own, so that a struct can hold a value of its own type
/// (Rust's `parent: Option<Box<Folder>>` in `struct Folder`): generated code writes
/// `@Indirect public var parent: Folder?`, and the struct has a size. Value semantics: a value is
/// never changed in place; a write makes a new box.
///
/// - Complexity: a read is one load; a write allocates the new box.
/// - Thread safety: `Sendable` when the value is (the box is immutable).
@propertyWrapper
public struct Indirect<Value: Sendable>: Sendable {
    /// Immutable: a write replaces the box, so copies of the wrapper never see each other's writes.
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    /// A box holding `wrappedValue`.
    public init(wrappedValue: Value) {
        box = Box(wrappedValue)
    }

    /// The value.
    public var wrappedValue: Value {
        get { box.value }
        set { box = Box(newValue) }
    }
}

extension Indirect: Equatable where Value: Equatable {
    public static func == (lhs: Indirect, rhs: Indirect) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension Indirect: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) { wrappedValue.hash(into: &hasher) }
}
