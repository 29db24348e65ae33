#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A connectable publisher that delivers its upstream's events through one subject to all
    /// its subscribers, once connected, as in Combine.
    ///
    /// The subject is made once, at the first subscribe or connect, and kept for the multicast's
    /// life: subscribers attach to it, and each `connect()` subscribes it to the upstream.
    /// A class, as in Combine: copies share the subject.
    ///
    /// Thread-safety: subscribe and connect from any thread. Complexity: what the subject costs.
    public final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher
    where Upstream.Output == SubjectType.Output, Upstream.Failure == SubjectType.Failure {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher the subject is subscribed to on `connect()`.
        public let upstream: Upstream
        /// Makes the subject, once.
        public let createSubject: () -> SubjectType

        @usableFromInline let subject = Locked<SubjectType?>(nil)

        /// A multicast of `upstream` through the subject `createSubject` makes;
        /// `multicast(_:)` and `multicast(subject:)` make one.
        @inlinable
        public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
            self.upstream = upstream
            self.createSubject = createSubject
        }

        /// The subject, made at the first call. `createSubject` runs outside the lock: if two
        /// threads make one at once, the first stored wins and the other is let go.
        @inlinable
        var lazySubject: SubjectType {
            if let subject = subject.withLock({ $0 }) { return subject }
            let made = createSubject()
            return subject.withLock { stored in
                if stored == nil { stored = made }
                return stored!
            }
        }

        /// Subscribes `subscriber` to the subject: it gets what the upstream sends once
        /// connected, within its demand.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            lazySubject.subscribe(subscriber)
        }

        /// `sink` on the subject, keeping its direct path.
        @inlinable
        public func _sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            lazySubject._sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }

        /// Subscribes the subject to the upstream (which the subject asks for every value).
        /// Cancelling the result ends that subscription; the subject, and its subscribers, stay.
        @inlinable
        public func connect() -> Cancellable {
            upstream.subscribe(lazySubject)
        }
    }
}

// @unchecked: the subject is made and read under its lock; the rest never changes. The closure
// that makes the subject runs on whichever thread subscribes or connects first, as in Combine.
extension Publishers.Multicast: @unchecked Sendable where Upstream: Sendable, SubjectType: Sendable {}

extension Publisher {
    /// A connectable publisher that shares this publisher's events with all its subscribers
    /// through the subject `createSubject` makes (once, at the first subscribe or connect):
    /// nothing flows until `connect()`.
    @inlinable
    public func multicast<S: Subject>(_ createSubject: @escaping () -> S) -> Publishers.Multicast<Self, S>
    where S.Output == Output, S.Failure == Failure {
        Publishers.Multicast(upstream: self, createSubject: createSubject)
    }

    /// As `multicast(_:)`, through `subject`.
    @inlinable
    public func multicast<S: Subject>(subject: S) -> Publishers.Multicast<Self, S>
    where S.Output == Output, S.Failure == Failure {
        Publishers.Multicast(upstream: self, createSubject: { subject })
    }
}
#endif
