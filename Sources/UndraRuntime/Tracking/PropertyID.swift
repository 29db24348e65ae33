/// The identity of an observable property, as a small integer.
///
/// An observation is keyed by *(subject, property)*. A `PropertyID` is the property half: every
/// key path that names the same property (`\Settings.theme`, wherever it is written) interns to
/// the same id, and so does the `@Tracked` wrapper of that property. Dynamic models intern
/// property *names* the same way, in a namespace of their own.
///
/// Generated code creates each id once and keeps it (`static let theme = PropertyID(\Settings.theme)`),
/// so the hot path compares integers instead of building and hashing a key path.
///
/// - Complexity: interning is O(1) on average (one hash of the key path, under a global lock);
///   do it once per property, not per access.
/// - Thread safety: `PropertyID` is a value; creating one is safe from any thread.
public struct PropertyID: Hashable, Sendable, CustomStringConvertible {
    /// The interned number: dense, starting at 0, never reused within a process.
    public let rawValue: Int

    @usableFromInline
    init(rawValue: Int) { self.rawValue = rawValue }

    /// The id of the property that `keyPath` names. Equal key paths give equal ids.
    ///
    /// - Parameters:
    ///   - keyPath: the property.
    ///   - name: how `description` names the property. A key path to a stored property describes
    ///     itself (`\Settings.theme`); one to a computed property does not, so generated code
    ///     passes the name. The first name given for a property is kept.
    public init<Root, Value>(_ keyPath: KeyPath<Root, Value>, name: String? = nil) {
        self = PropertyRegistry.shared.id(for: keyPath, name: name)
    }

    /// The id of a property known only by its name, as a dynamic model's properties are.
    ///
    /// Names live in their own namespace: `PropertyID(named: "theme")` is not the id of any key path.
    public init(named name: String) {
        self = PropertyRegistry.shared.id(named: name)
    }

    /// How the property was named: a key path's description (`\Settings.theme`) or the dynamic name.
    public var description: String { PropertyRegistry.shared.name(of: self) }
}

/// The process-wide intern table behind `PropertyID`.
final class PropertyRegistry: Sendable {
    static let shared = PropertyRegistry()

    private struct State {
        var byKeyPath: [AnyKeyPath: Int] = [:]
        var byName: [String: Int] = [:]
        var names: [String] = []
    }

    private let state = Locked(State())

    /// - Parameter name: the name to describe it by, if the key path cannot describe itself.
    func id(for keyPath: AnyKeyPath, name: @autoclosure () -> String? = nil) -> PropertyID {
        state.withLock { state in
            if let id = state.byKeyPath[keyPath] {
                if Self.isAnonymous(state.names[id]), let name = name() { state.names[id] = name }
                return PropertyID(rawValue: id)
            }
            let id = state.names.count
            state.names.append(name() ?? Self.describe(keyPath))
            state.byKeyPath[keyPath] = id
            return PropertyID(rawValue: id)
        }
    }

    /// Whether a key path's description names no member (a computed property's does not, nor
    /// one made where the runtime cannot describe key paths).
    static func isAnonymous(_ description: String) -> Bool {
        description.contains("<computed") || description.hasSuffix(unnamed)
    }

    private static var unnamed: String { ".<unnamed>" }

    /// A key path's description (`\Settings.theme`). Key paths describe themselves from macOS 13.3
    /// and iOS 16.4 (`AnyKeyPath: CustomDebugStringConvertible`); below, the root type only.
    private static func describe(_ keyPath: AnyKeyPath) -> String {
        if #available(macOS 13.3, iOS 16.4, tvOS 16.4, watchOS 9.4, *) { return keyPath.debugDescription }
        return "\\\(type(of: keyPath).rootType)" + unnamed
    }

    /// How a `@Tracked` property is named, from its wrapper's storage key path: `\Person._name`
    /// gives `\Person.name`. Nil if the storage does not describe itself by name (a non-final
    /// class's key paths describe themselves by address).
    static func name(ofStorage storage: AnyKeyPath) -> String? {
        let description = describe(storage)
        guard !isAnonymous(description), let dot = description.lastIndex(of: "."),
            description[description.index(after: dot)...].first == "_"
        else { return nil }
        return String(description[...dot]) + description[description.index(dot, offsetBy: 2)...]
    }

    func id(named name: String) -> PropertyID {
        state.withLock { state in
            if let id = state.byName[name] { return PropertyID(rawValue: id) }
            let id = state.names.count
            state.names.append(name)
            state.byName[name] = id
            return PropertyID(rawValue: id)
        }
    }

    func name(of id: PropertyID) -> String {
        state.withLock { state in
            state.names.indices.contains(id.rawValue) ? state.names[id.rawValue] : "#\(id.rawValue)"
        }
    }
}
