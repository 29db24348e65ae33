/// One property of one subject that changed: what continuous observers are told.
///
/// `property` names the property (`change.property.description` is `\Settings.theme` for a key
/// path, or a dynamic model's property name).
public struct TrackedChange: Hashable, Sendable, CustomStringConvertible {
    /// The object whose property changed.
    public let subject: ObjectIdentifier
    /// The property that changed.
    public let property: PropertyID

    /// The change of `property` of the object `subject`.
    public init(subject: ObjectIdentifier, property: PropertyID) {
        self.subject = subject
        self.property = property
    }

    public var description: String { property.description }
}

/// The key of one observation inside a registrar: (subject, property).
@usableFromInline
struct ObservationKey: Hashable, Sendable {
    @usableFromInline let subject: ObjectIdentifier
    @usableFromInline let property: PropertyID

    @usableFromInline
    init(subject: ObjectIdentifier, property: PropertyID) {
        self.subject = subject
        self.property = property
    }

    var change: TrackedChange { TrackedChange(subject: subject, property: property) }
}

/// Which half of a write reached a registrar.
@usableFromInline
enum TrackingEvent: Sendable {
    /// Before the value changes: the subject still holds the old value.
    case willSet
    /// After the value changed.
    case didSet
}
