/// A class whose properties can be tracked: it keeps one `Registrar` and reports its reads and
/// writes through it. `@Tracked` properties do the reporting for you:
///
///     final class Settings: Trackable {
///         let registrar = Registrar()
///         @Tracked var theme = "dark"
///     }
public protocol Trackable: AnyObject {
    /// The registrar that this object's properties report to. Must be the same object every time.
    var registrar: Registrar { get }
}

/// A stored property of a `Trackable` class that reports its reads and writes under its own key
/// path: `@Tracked var theme` and `registrar.access(self, keyPath: \.theme)` are one identity.
///
/// - Complexity: a read or write costs a plain stored-property access plus the registrar's gate
///   (one relaxed atomic load) when nobody tracks or observes.
/// - Thread safety: as for any stored property; the value itself is not synchronized.
@propertyWrapper
public struct Tracked<Value> {
    @usableFromInline
    var value: Value

    /// A tracked property that starts as `wrappedValue`.
    public init(wrappedValue: Value) {
        value = wrappedValue
    }

    @available(*, unavailable, message: "@Tracked is only available on properties of a Trackable class")
    public var wrappedValue: Value {
        get { fatalError("unavailable") }
        set { fatalError("unavailable") }
    }

    @inlinable
    public static subscript<Subject: Trackable>(
        _enclosingInstance subject: Subject,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Subject, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Subject, Tracked<Value>>
    ) -> Value {
        // Only `storageKeyPath` is projected (the optimizer folds that into a field access, and
        // then drops the key path); both go to the registrar as autoclosures, built only past its
        // gate (the storage only names the property). Using either anywhere else would
        // materialize it on every access.
        get {
            subject.registrar.access(subject, keyPath: wrappedKeyPath, storage: storageKeyPath)
            return subject[keyPath: storageKeyPath].value
        }
        set {
            let registrar = subject.registrar
            registrar.willSet(subject, keyPath: wrappedKeyPath, storage: storageKeyPath)
            defer { registrar.didSet(subject, keyPath: wrappedKeyPath, storage: storageKeyPath) }
            subject[keyPath: storageKeyPath].value = newValue
        }
        _modify {
            let registrar = subject.registrar
            registrar.access(subject, keyPath: wrappedKeyPath, storage: storageKeyPath)
            registrar.willSet(subject, keyPath: wrappedKeyPath, storage: storageKeyPath)
            defer { registrar.didSet(subject, keyPath: wrappedKeyPath, storage: storageKeyPath) }
            yield &subject[keyPath: storageKeyPath].value
        }
    }
}

extension Tracked: Sendable where Value: Sendable {}
