#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// An object that announces its changes before they happen, as in Combine.
///
/// A class that adopts it and declares `@Published` properties gets a default
/// `objectWillChange`, an ``ObservableObjectPublisher`` that every one of those properties
/// (its superclasses' included) sends before it changes. A class that declares its own
/// `objectWillChange` keeps it, and its `@Published` properties do not send to it.
public protocol ObservableObject: AnyObject {
    /// The type of `objectWillChange`.
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never

    /// Sends before the object changes.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The object's publisher of changes: the same instance at every read, sent by each of the
    /// object's `@Published` properties before it changes.
    ///
    /// Complexity: O(1); a few loads, once the class has been seen (the first read on an object
    /// of a new class walks the class's stored fields once). Safe from any thread.
    @inlinable
    public var objectWillChange: ObservableObjectPublisher {
        // Lent rather than returned: the object keeps its publisher for at least as long as this
        // access lasts, so it needs no retain (which costs more than the lookup). A caller that
        // keeps the publisher retains it then.
        _read {
            let publisher = ObjectWillChangeDirectory.publisher(for: self)
            yield unsafeBitCast(publisher.toOpaque(), to: ObservableObjectPublisher.self)
        }
    }
}
#endif
