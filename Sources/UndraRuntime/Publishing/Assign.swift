#if !canImport(Combine)
extension Publisher where Failure == Never {
    /// Assigns every value to `object[keyPath:]`. The subscription holds `object` strongly (as
    /// Combine's does) until it ends.
    ///
    /// - Returns: The subscription: it lasts until it is cancelled or released.
    @inlinable
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        sink { object[keyPath: keyPath] = $0 }
    }

    /// Republishes every value into a `@Published` property: `publisher.assign(to: &$name)`.
    ///
    /// Each value is set as an assignment to the property would be (`objectWillChange`, then
    /// `$name`'s subscribers, then the store). The subscription lasts as long as the property,
    /// so it ends when the object is released; it keeps neither the object nor the property
    /// alive.
    public func assign(to published: inout Published<Output>.Publisher) {
        let subject = published.subject
        subject.keep(sink { [weak subject] in subject?.send($0) })
    }
}
#endif
