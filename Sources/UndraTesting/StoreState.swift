import Foundation
import UndraRuntime

/// A store's whole state, field by field, as a test states it: what `StoreExpectation` compares
/// with the store after each step.
///
///     expectation.expect { state in
///         state[TodosSchema.count] = 2
///         state[TodosSchema.visible] = [1: Todo(id: 1, title: "tea", done: false), …]
///     }
///
/// Every field whose values are `Equatable` (a scalar of an `Equatable` type; a keyed list of
/// `Equatable` rows) is in it; reading a field that is not is a programming error.
///
/// - Thread safety: a value.
public struct StoreState: Sendable, CustomStringConvertible {
    /// The fields' values, by id.
    fileprivate(set) var values: [FieldID: FieldValue]
    /// The fields set since the state was made or last compared: what a step stated.
    var stated: Set<FieldID> = []

    /// A scalar field's value.
    public subscript<Value: Equatable & Sendable>(field: Field<Value>) -> Value {
        get { value(of: field.id, named: field.name) }
        set {
            values[field.id] = FieldValue(name: field.name, newValue)
            stated.insert(field.id)
        }
    }

    /// A keyed list's rows.
    public subscript<Key, Row: Equatable & Sendable>(field: ListField<Key, Row>) -> KeyedList<Key, Row> {
        get { value(of: field.id, named: field.name) }
        set {
            values[field.id] = FieldValue(name: field.name, newValue)
            stated.insert(field.id)
        }
    }

    private func value<Value>(of id: FieldID, named name: String) -> Value {
        guard let held = values[id]?.value as? Value else {
            preconditionFailure("StoreState has no field \(name) of \(Value.self): only fields of Equatable values are compared")
        }
        return held
    }

    /// Each field as `name: value`, in id order.
    public var description: String {
        values.keys.sorted().map { "\(values[$0]!.name): \(values[$0]!.rendered)" }.joined(separator: "\n")
    }
}

/// One field's value, compared and printed without knowing its type.
struct FieldValue: Sendable {
    let name: String
    let value: any Sendable
    let isEqual: @Sendable (any Sendable) -> Bool
    /// The value as the failure shows it (see `render`).
    let rendered: String
    /// What differs from another value of the field, line by line (a list: by key).
    let difference: @Sendable (FieldValue) -> [String]
    /// Whether it is a keyed list's rows.
    let isList: Bool

    init<Value: Equatable & Sendable>(name: String, _ value: Value) {
        self.name = name
        self.value = value
        isEqual = { ($0 as? Value) == value }
        rendered = render(value)
        let rendered = self.rendered
        difference = { other in ["was \(other.rendered)", "is  \(rendered)"] }
        isList = false
    }

    init<Key: Hashable & Sendable, Row: Equatable & Sendable>(name: String, _ list: KeyedList<Key, Row>) {
        self.name = name
        self.value = list
        isEqual = { ($0 as? KeyedList<Key, Row>) == list }
        rendered = render(list)
        difference = { other in
            guard let before = other.value as? KeyedList<Key, Row> else { return ["is \(render(list))"] }
            return listDifference(from: before, to: list)
        }
        isList = true
    }
}

/// `value` as a failure prints it: an optional as its value or `nil` (never `Optional(0)`), a
/// string quoted, a keyed list as `[key: row, …]`.
func render(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return "nil" }
        return render(wrapped)
    }
    if let string = value as? String { return String(reflecting: string) }
    if let list = value as? any KeyedListRendering { return list.rendered }
    return String(describing: value)
}

/// A keyed list, printed by key.
protocol KeyedListRendering {
    var rendered: String { get }
}

extension KeyedList: KeyedListRendering {
    var rendered: String {
        isEmpty ? "[]" : "[" + indices.map { "\(render(key(at: $0))): \(render(self[$0]))" }.joined(separator: ", ") + "]"
    }
}

/// The rows removed, added and changed from `before` to `after`, by key, then the order if only
/// it changed.
func listDifference<Key: Hashable & Sendable, Row: Equatable & Sendable>(from before: KeyedList<Key, Row>, to after: KeyedList<Key, Row>) -> [String] {
    var lines: [String] = []
    for position in before.indices where after[id: before.key(at: position)] == nil {
        lines.append("- \(render(before.key(at: position))): \(render(before[position]))")
    }
    for position in after.indices {
        let key = after.key(at: position)
        guard let old = before[id: key] else {
            lines.append("+ \(render(key)): \(render(after[position]))")
            continue
        }
        if old != after[position] { lines.append("~ \(render(key)): \(render(old)) → \(render(after[position]))") }
    }
    if lines.isEmpty {
        let order = { (list: KeyedList<Key, Row>) in "[" + list.keys.map { render($0) }.joined(separator: ", ") + "]" }
        lines.append("order \(order(before)) → \(order(after))")
    }
    return lines
}

/// A field that a `StoreState` holds: a scalar of `Equatable` values, a list of `Equatable` rows.
protocol ComparedField {
    func value(in mirror: StoreMirror) -> FieldValue
}

extension Field: ComparedField where Value: Equatable {
    func value(in mirror: StoreMirror) -> FieldValue { FieldValue(name: name, mirror[self]) }
}

extension ListField: ComparedField where Row: Equatable {
    func value(in mirror: StoreMirror) -> FieldValue { FieldValue(name: name, mirror[self]) }
}

extension StoreState {
    /// The state `runtime`'s mirror holds now, of the fields of `fields` that can be compared.
    init(of runtime: StoreRuntime, fields: [any FieldDeclaration]) {
        values = [:]
        for field in fields {
            if let compared = field as? any ComparedField { values[field.id] = compared.value(in: runtime.mirror) }
        }
    }
}
