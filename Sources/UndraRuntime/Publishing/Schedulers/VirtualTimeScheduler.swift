// The one file of this layer that compiles everywhere: Apple's Combine has no scheduler for tests,
// so this one conforms to whichever `Scheduler` there is (Apple's, or this layer's).
#if canImport(Combine) && !UNDRA_COMBINE_MODULE
import Combine
#endif

/// A scheduler whose clock moves only when a test moves it: deterministic time for testing code
/// that uses `debounce`, `throttle`, `delay`, `receive(on:)` and the like.
///
///     let scheduler = VirtualTimeScheduler()
///     let recorder = subject.debounce(for: .seconds(1), scheduler: scheduler).sink { print($0) }
///     subject.send(1)
///     scheduler.advance(by: .milliseconds(999))   // nothing yet
///     scheduler.advance(by: .milliseconds(1))     // prints 1
///
/// Actions run on the thread that calls `advance`/`run`, one at a time, in order of their time,
/// and in the order they were scheduled for the same time. An action scheduled while `advance`
/// runs (for a time not past the target) runs in the same `advance`. Time starts at 0 and is
/// counted in nanoseconds.
///
/// Thread-safety: scheduling and cancelling from any thread; the queue is under a lock, released
/// while actions run. Complexity: scheduling O(log n); each action run O(log n).
public final class VirtualTimeScheduler: Scheduler, @unchecked Sendable {
    // @unchecked: all mutable state is in `state`, under its lock.

    /// A point in virtual time: nanoseconds since the scheduler started.
    public struct SchedulerTimeType: Strideable, Hashable, Codable, Sendable {
        /// Nanoseconds since the scheduler's start.
        public var nanoseconds: Int

        /// The instant `nanoseconds` after the scheduler's start.
        public init(nanoseconds: Int) {
            self.nanoseconds = nanoseconds
        }

        public func distance(to other: SchedulerTimeType) -> Stride {
            Stride(nanoseconds: other.nanoseconds - nanoseconds)
        }

        public func advanced(by stride: Stride) -> SchedulerTimeType {
            SchedulerTimeType(nanoseconds: nanoseconds + stride.magnitude)
        }

        /// A length of virtual time, in nanoseconds. A literal is in seconds.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
            Hashable, Codable, Sendable
        {
            public typealias FloatLiteralType = Double
            public typealias IntegerLiteralType = Int
            public typealias Magnitude = Int

            /// The length in nanoseconds.
            public var magnitude: Int

            /// A length of `nanoseconds`.
            public init(nanoseconds: Int) {
                magnitude = nanoseconds
            }

            /// `seconds` seconds.
            public init(integerLiteral seconds: Int) {
                magnitude = seconds * 1_000_000_000
            }

            /// `seconds` seconds, to the nearest nanosecond.
            public init(floatLiteral seconds: Double) {
                magnitude = Int((seconds * 1_000_000_000).rounded())
            }

            /// `source` seconds, if that many nanoseconds fit in an `Int`.
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let seconds = Int(exactly: source) else { return nil }
                let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
                guard !overflow else { return nil }
                magnitude = nanoseconds
            }

            public static func seconds(_ s: Int) -> Stride { Stride(nanoseconds: s * 1_000_000_000) }
            public static func seconds(_ s: Double) -> Stride { Stride(floatLiteral: s) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(nanoseconds: ms * 1_000_000) }
            public static func microseconds(_ us: Int) -> Stride { Stride(nanoseconds: us * 1_000) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude + rhs.magnitude) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude - rhs.magnitude) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude * rhs.magnitude) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
        }
    }

    /// It takes no options.
    public typealias SchedulerOptions = Never

    private let state: Locked<State>

    fileprivate struct State {
        var now: SchedulerTimeType
        /// Scheduled actions, a binary min-heap by (time, sequence).
        var heap: [Entry] = []
        /// Counts schedulings: the tie-break that keeps actions at one time in scheduling order.
        var sequence = 0
        /// Ids of cancelled repeating actions still in the heap.
        var cancelled: Set<Int> = []
    }

    fileprivate struct Entry {
        var time: SchedulerTimeType
        var sequence: Int
        /// Repeating actions: the interval, and the id that `cancel` names.
        var interval: Stride?
        var id: Int
        var action: () -> Void

        func runsBefore(_ other: Entry) -> Bool {
            (time.nanoseconds, sequence) < (other.time.nanoseconds, other.sequence)
        }
    }

    /// A length of virtual time, in nanoseconds.
    public typealias Stride = SchedulerTimeType.Stride

    /// A scheduler whose clock starts at `now` (0 by default).
    public init(now: SchedulerTimeType = SchedulerTimeType(nanoseconds: 0)) {
        state = Locked(State(now: now))
    }

    /// The virtual time now. O(1); safe from any thread.
    public var now: SchedulerTimeType { state.withLock { $0.now } }

    /// Virtual time honours no tolerance: zero.
    public var minimumTolerance: Stride { .zero }

    /// How many actions wait (a repeating action counts once). O(1).
    public var scheduledActionCount: Int {
        state.withLock { $0.heap.count - $0.cancelled.count }
    }

    /// Queues `action` for the current virtual time: it runs at the next `advance` or `run`.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        _ = enqueue(at: nil, interval: nil, action)
    }

    /// Queues `action` for `date` (a date in the past means now).
    public func schedule(
        after date: SchedulerTimeType, tolerance: Stride, options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        _ = enqueue(at: date, interval: nil, action)
    }

    /// Queues `action` for `date`, then every `interval` after (an interval under a nanosecond is
    /// taken as one), until the result is cancelled.
    public func schedule(
        after date: SchedulerTimeType, interval: Stride, tolerance: Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        let id = enqueue(at: date, interval: Swift.max(interval, .nanoseconds(1)), action)
        return AnyCancellable { [weak self] in
            self?.state.withLock { state in
                if state.heap.contains(where: { $0.id == id }) { state.cancelled.insert(id) }
            }
        }
    }

    /// Moves the clock forward by `stride`, running every action due by then, in order; the
    /// clock reads each action's time while it runs, and the target time at the end.
    public func advance(by stride: Stride = .zero) {
        advance(to: now.advanced(by: stride))
    }

    /// Moves the clock to `time` (a time in the past means now: the clock never goes back),
    /// running every action due by then, in order.
    public func advance(to time: SchedulerTimeType) {
        let time = Swift.max(time, now)
        while true {
            let (entry, dropped) = state.withLock { $0.takeNext(dueBy: time) }
            withExtendedLifetime(dropped) {}
            guard let entry else { break }
            entry.action()
        }
        state.withLock { state in
            if state.now < time { state.now = time }
        }
    }

    /// Runs every action, moving the clock as far as they need, until none is left; stops after
    /// `limit` actions (a repeating action never runs out). Returns how many ran.
    @discardableResult
    public func run(limit: Int = 100_000) -> Int {
        var ran = 0
        while ran < limit {
            let (entry, dropped) = state.withLock { $0.takeNext(dueBy: nil) }
            withExtendedLifetime(dropped) {}
            guard let entry else { break }
            entry.action()
            ran += 1
        }
        return ran
    }

    private func enqueue(at date: SchedulerTimeType?, interval: Stride?, _ action: @escaping () -> Void) -> Int {
        state.withLock { state in
            state.sequence += 1
            let time = Swift.max(date ?? state.now, state.now)
            state.push(Entry(time: time, sequence: state.sequence, interval: interval, id: state.sequence, action: action))
            return state.sequence
        }
    }
}

extension VirtualTimeScheduler.State {
    /// Takes the next action due by `limit` (any, if nil), moving the clock to its time, and
    /// requeues a repeating one; also returns what it dropped (cancelled actions), to be released
    /// after unlocking (a release may run user code).
    fileprivate mutating func takeNext(dueBy limit: VirtualTimeScheduler.SchedulerTimeType?)
        -> (entry: VirtualTimeScheduler.Entry?, dropped: [VirtualTimeScheduler.Entry])
    {
        var dropped: [VirtualTimeScheduler.Entry] = []
        while let first = heap.first {
            if let limit, limit < first.time { break }
            let entry = pop()
            if cancelled.remove(entry.id) != nil {
                dropped.append(entry)
                continue
            }
            if now < entry.time { now = entry.time }
            if let interval = entry.interval {
                sequence += 1
                var next = entry
                next.time = entry.time.advanced(by: interval)
                next.sequence = sequence
                push(next)
            }
            return (entry, dropped)
        }
        return (nil, dropped)
    }

    fileprivate mutating func push(_ entry: VirtualTimeScheduler.Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].runsBefore(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    fileprivate mutating func pop() -> VirtualTimeScheduler.Entry {
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].runsBefore(heap[smallest]) { smallest = left }
            if right < heap.count, heap[right].runsBefore(heap[smallest]) { smallest = right }
            guard smallest != parent else { return first }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
