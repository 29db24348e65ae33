#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A property of a class that publishes its changes, as in Combine: `@Published var name = ""`.
///
/// - `$name` is a publisher of the property's values: a new subscriber gets the current value at
///   once, then every assignment, equal values included.
/// - An assignment sends the owning ``ObservableObject``'s `objectWillChange` first, then
///   delivers the new value to `$name`'s subscribers (in subscription order), then stores it: a
///   subscriber that reads the property still sees the old value.
/// - An assignment made while another is under way (from inside any subscriber) is queued, and
///   done in full right after it: announced, delivered, stored. So the last assignment is the
///   value that sticks, and no subscriber sees values go backwards. With `objectWillChange` in
///   use this holds across all the object's properties. A subscriber that joins during a
///   delivery gets the value being set.
///
/// Thread-safety: the value is a plain stored value, as fast to read as any stored property
/// and, like one, read and set on one thread at a time (the object's actor or queue); sets from
/// several threads are serialized, but a read racing a set is a data race. Subscribing and
/// cancelling are safe from any thread.
///
/// Complexity: a read is one load; a set is O(subscribers) and allocates nothing.
@propertyWrapper
public struct Published<Value> {
    /// The only stored field: in an object, a `Published` field is exactly a reference to its
    /// subject, which is how ``ObjectWillChangeDirectory`` finds it.
    @usableFromInline let subject: PublishedSubject<Value>

    /// A property whose value starts as `wrappedValue`.
    public init(wrappedValue: Value) {
        subject = PublishedSubject(wrappedValue)
    }

    /// A property whose value starts as `initialValue` (Combine's older spelling).
    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    /// Unavailable: a class reaches the value through its enclosing instance (the static
    /// subscript below). Declared, with a setter, because a property wrapper must have it and
    /// its mutability decides the property's.
    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError("unavailable") }
        set { fatalError("unavailable") }
    }

    /// `$property`: the publisher of this property's values.
    ///
    /// Settable, as in Combine, so that `publisher.assign(to: &$x)` can pass it `inout`; setting
    /// it changes nothing, as in Combine: after `a.$x = b.$x`, `a.x` keeps its own value and the
    /// two properties stay independent.
    public var projectedValue: Publisher {
        @inlinable get { Publisher(subject: subject) }
        nonmutating set {}
    }

    /// How a class reads and sets a `@Published` property: through its enclosing instance.
    @inlinable
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].subject.value }
        // The subject is borrowed, not retained around the set: `object` holds it for its
        // lifetime (a `let`), and the caller holds `object`.
        set { Unmanaged.passUnretained(object[keyPath: storageKeyPath].subject)._withUnsafeGuaranteedRef { $0.send(newValue) } }
    }
}

/// `Publisher`, the protocol, under a name that `Published.Publisher` does not hide (and that
/// names no module: this layer is also built as a module named `Combine`).
public typealias _PublisherProtocol = Publisher

extension Published {
    /// The publisher of a `@Published` property's values (`$property`). It never fails or
    /// finishes, and holds the property's state, not its object.
    public struct Publisher: _PublisherProtocol {
        public typealias Output = Value
        public typealias Failure = Never

        @usableFromInline let subject: PublishedSubject<Value>

        @inlinable
        init(subject: PublishedSubject<Value>) {
            self.subject = subject
        }

        /// Subscribes `subscriber`: once it asks, it gets the current value, then every
        /// assignment it asks for. O(subscribers).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            subject.broadcaster.core.subscribe(subscriber, handing: { PublishedSubscription(subject: subject, id: $0) })
        }

        /// `sink`'s subscription: the current value at once, then every assignment.
        /// O(subscribers); allocates the subscriber and its `AnyCancellable`.
        @inlinable
        public func _sink(
            receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
            receiveValue: @escaping (Value) -> Void
        ) -> AnyCancellable {
            subject.broadcaster.core.subscribeReadingCurrent(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }
    }
}
#endif
