#if !canImport(Combine) || UNDRA_COMBINE_MODULE
import Foundation

extension NotificationCenter {
    /// A publisher of the notifications named `name` (from `object`, or from anyone if nil)
    /// posted to this center, as in Combine.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> Publisher {
        Publisher(center: self, name: name, object: object)
    }

    /// A publisher of a center's notifications. Each subscription observes the center from its
    /// first request until it is cancelled; a notification posted while the subscriber has no
    /// demand left is dropped. It never completes.
    public struct Publisher: _PublisherProtocol, Equatable {
        public typealias Output = Notification
        public typealias Failure = Never

        /// The center observed.
        public let center: NotificationCenter
        /// The name of the notifications published.
        public let name: Notification.Name
        /// The object whose notifications are published; nil: anyone's.
        public let object: AnyObject?

        /// A publisher of `center`'s notifications named `name`, from `object` or from anyone.
        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        /// Subscribes `subscriber`: notifications posted on several threads at once still reach
        /// it one at a time. O(1) per notification.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
            subscriber.receive(subscription: NotificationSubscription(subscriber, publisher: self))
        }

        public static func == (lhs: Publisher, rhs: Publisher) -> Bool {
            lhs.center === rhs.center && lhs.name == rhs.name && lhs.object === rhs.object
        }
    }
}

/// What a notification center's observer block calls: not generic, so that the block captures
/// no subscriber type.
private protocol NotificationReceiver: AnyObject, Sendable {
    func offer(_ notification: Notification)
}

/// One subscriber's observation of a notification center.
private final class NotificationSubscription<Downstream: Subscriber>: Subscription, NotificationReceiver,
    CustomStringConvertible, @unchecked Sendable
where Downstream.Input == Notification, Downstream.Failure == Never {
    // @unchecked: `observer` is under its lock; delivery goes through `serial`, which has its own.
    private let serial: SerialDownstream<Downstream, Void>
    private let publisher: NotificationCenter.Publisher
    private let observer = Locked<ObserverState>(.notYet)

    private enum ObserverState {
        case notYet
        case observing(NSObjectProtocol)
        case cancelled
    }

    init(_ downstream: Downstream, publisher: NotificationCenter.Publisher) {
        serial = SerialDownstream(downstream, state: ())
        self.publisher = publisher
    }

    func request(_ demand: Subscribers.Demand) {
        _ = serial.request(demand)
        let start = observer.withLock { state -> Bool in
            guard case .notYet = state else { return false }
            state = .cancelled  // until the token is in: a cancel meanwhile is kept
            return true
        }
        guard start else { return }
        let receiver: any NotificationReceiver = self
        let token = publisher.center.addObserver(forName: publisher.name, object: publisher.object, queue: nil) {
            [weak receiver] notification in receiver?.offer(notification)
        }
        let kept = observer.withLock { state -> Bool in
            guard case .cancelled = state else { return false }
            state = .observing(token)
            return true
        }
        if !kept { publisher.center.removeObserver(token) }
    }

    func offer(_ notification: Notification) {
        serial.offer(notification)
    }

    func cancel() {
        serial.cancel()
        let token = observer.withLock { state -> NSObjectProtocol? in
            defer { state = .cancelled }
            guard case .observing(let token) = state else { return nil }
            return token
        }
        if let token { publisher.center.removeObserver(token) }
    }

    var description: String { "NotificationCenter Observer" }
}
#endif
