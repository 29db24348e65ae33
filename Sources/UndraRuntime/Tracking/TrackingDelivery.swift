import Dispatch

/// When, and on which thread, a continuous observer is told of a change.
public enum TrackingDelivery: Sendable {
    /// Synchronously on the writing thread, before the value changes (the subject still holds the
    /// old value); one call per write. The observer re-tracks after the write, so a read that
    /// branches on the changing value follows the branch it takes next.
    case willSet
    /// Synchronously on the writing thread, after the value changed; one call per write.
    case didSet
    /// On `queue`, after the change: writes that come before the queue runs the callback are
    /// coalesced into one call that names every changed property.
    case coalesced(on: DispatchQueue)
}
