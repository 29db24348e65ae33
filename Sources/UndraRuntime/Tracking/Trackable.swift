import Synchronization

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

    public init(wrappedValue: Value) {
        value = wrappedValue
    }

    @available(*, unavailable, message: "@Tracked is only available on properties of a Trackable class")
    public var wrappedValue: Value {
        get { fatalError("unavailable") }
        set { fatalError("unavailable") }
    }

    // The registrar's gates, inlined here so that the storage key path can name the property
    // when the slow path interns it (a wrapped property is computed, so its own key path has
    // no name to show).
    @inlinable
    public static subscript<Subject: Trackable>(
        _enclosingInstance subject: Subject,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Subject, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Subject, Tracked<Value>>
    ) -> Value {
        get {
            access(subject, wrappedKeyPath, storageKeyPath)
            return subject[keyPath: storageKeyPath].value
        }
        set {
            announce(.willSet, subject, wrappedKeyPath, storageKeyPath)
            defer { announce(.didSet, subject, wrappedKeyPath, storageKeyPath) }
            subject[keyPath: storageKeyPath].value = newValue
        }
        _modify {
            access(subject, wrappedKeyPath, storageKeyPath)
            announce(.willSet, subject, wrappedKeyPath, storageKeyPath)
            defer { announce(.didSet, subject, wrappedKeyPath, storageKeyPath) }
            yield &subject[keyPath: storageKeyPath].value
        }
    }

    @inlinable
    static func access<Subject: Trackable>(
        _ subject: Subject, _ wrapped: KeyPath<Subject, Value>, _ storage: AnyKeyPath
    ) {
        if openScopeCount.load(ordering: .relaxed) != 0 {
            subject.registrar.accessTracked(ObjectIdentifier(subject), keyPath: { wrapped }, storage: storage)
        }
    }

    @inlinable
    static func announce<Subject: Trackable>(
        _ event: TrackingEvent, _ subject: Subject, _ wrapped: KeyPath<Subject, Value>, _ storage: AnyKeyPath
    ) {
        let registrar = subject.registrar
        if registrar.installedCount.load(ordering: .relaxed) != 0 {
            registrar.announce(event, ObjectIdentifier(subject), keyPath: { wrapped }, storage: storage)
        }
    }
}

extension Tracked: Sendable where Value: Sendable {}
