#if !canImport(Combine) || UNDRA_COMBINE_MODULE
import Foundation

extension Timer {
    /// A publisher of the time, every `interval` seconds, on `runLoop` in `mode`, once connected,
    /// as in Combine.
    ///
    ///     let ticks = Timer.publish(every: 1, on: .main, in: .default)
    ///     let subscription = ticks.sink { print($0) }
    ///     let connection = ticks.connect()   // starts the timer; cancel it to stop
    public static func publish(
        every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode,
        options: RunLoop.SchedulerOptions? = nil
    ) -> TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode, options: options)
    }

    /// The publisher `Timer.publish` makes: connectable; each connection runs a repeating timer on
    /// the run loop, and each tick delivers the date to every subscriber that asked for it (a
    /// subscriber with no demand misses the tick).
    ///
    /// Thread-safety: subscribe, connect and cancel from any thread; ticks come on the run loop's
    /// thread, which must be running. Cancel the connection from that thread, as with any timer.
    public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
        // @unchecked: `connection` is under its lock; the rest is immutable.
        public typealias Output = Date
        public typealias Failure = Never

        /// The time between ticks, in seconds.
        public let interval: TimeInterval
        /// How late a tick may come (nil: the run loop's default).
        public let tolerance: TimeInterval?
        /// The run loop the timer is scheduled on.
        public let runLoop: RunLoop
        /// The run loop mode it is scheduled in.
        public let mode: RunLoop.Mode
        /// The options it was made with (the run loop scheduler has none that change a timer).
        public let options: RunLoop.SchedulerOptions?

        private let ticks = PassthroughSubject<Date, Never>()
        private let connection = Locked<Timer?>(nil)

        /// A timer publisher; `Timer.publish` makes one.
        public init(
            interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode,
            options: RunLoop.SchedulerOptions? = nil
        ) {
            self.interval = interval
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
            self.options = options
        }

        /// Subscribes `subscriber` to the ticks from now on. O(subscribers).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
            ticks.receive(subscriber: subscriber)
        }

        /// Starts the timer (once: while connected, connecting again returns the same
        /// connection). Cancelling the result stops it; a later `connect` starts it again.
        public func connect() -> Cancellable {
            let ticks = ticks
            let (timer, started) = connection.withLock { connection -> (Timer, Bool) in
                if let timer = connection { return (timer, false) }
                let timer = Timer(timeInterval: interval, repeats: true) { _ in ticks.send(Date()) }
                if let tolerance { timer.tolerance = tolerance }
                connection = timer
                return (timer, true)
            }
            if started { runLoop.add(timer, forMode: mode) }
            return Connection(timer: timer, connection: connection)
        }

        /// A connection: cancelling it stops the timer. Unlike an `AnyCancellable`, releasing it
        /// does not (as in Combine, `connect()` returns a plain `Cancellable`).
        private struct Connection: Cancellable {
            let timer: Timer
            let connection: Locked<Timer?>

            func cancel() {
                let stopped = connection.withLock { current -> Timer? in
                    guard current === timer else { return nil }
                    current = nil
                    return timer
                }
                stopped?.invalidate()
            }
        }
    }
}
#endif
