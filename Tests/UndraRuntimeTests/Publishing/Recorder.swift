#if !canImport(Combine)
import Dispatch
@testable import UndraRuntime

/// The one recording subscriber of the publishing tests: it records every event a publisher
/// delivers, in order, so that a test reads "send these, expect this log".
///
/// Thread-safe (events may arrive on any thread); `wait(forEvents:)` blocks until that many
/// events have arrived, for publishers that deliver on a queue.
final class Recorder<Output, Failure: Error>: @unchecked Sendable {
    // @unchecked: `log` and `subscription` are under Locked's lock; `arrivals` is a semaphore.
    enum Event {
        case value(Output)
        case finished
        case failure(Failure)
    }

    private let log = Locked<[Event]>([])
    private let subscription = Locked<AnyCancellable?>(nil)
    private let arrivals = DispatchSemaphore(value: 0)

    /// Subscribes to `publisher` at once.
    init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        let cancellable = publisher.sink(
            receiveCompletion: { [log, arrivals] completion in
                switch completion {
                case .finished: log.withLock { $0.append(.finished) }
                case .failure(let error): log.withLock { $0.append(.failure(error)) }
                }
                arrivals.signal()
            },
            receiveValue: { [log, arrivals] value in
                log.withLock { $0.append(.value(value)) }
                arrivals.signal()
            })
        subscription.withLock { $0 = cancellable }
    }

    var events: [Event] { log.withLock { $0 } }

    var values: [Output] {
        events.compactMap { if case .value(let value) = $0 { value } else { nil } }
    }

    func cancel() {
        subscription.withLock { $0 }?.cancel()
    }

    /// Waits until `count` more events have arrived; false if they did not within `seconds`.
    func wait(forEvents count: Int, seconds: Double = 10) -> Bool {
        (0..<count).allSatisfy { _ in arrivals.wait(timeout: .now() + seconds) == .success }
    }
}

extension Recorder.Event: Equatable where Output: Equatable, Failure: Equatable {}

/// A shared, ordered log of what several subscribers did, for stories about interleavings.
final class Journal: @unchecked Sendable {
    // @unchecked: `entries` is under Locked's lock.
    private let entries = Locked<[String]>([])

    func record(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    var all: [String] { entries.withLock { $0 } }
}

/// An object whose release a test can watch through a weak reference.
final class Canary: Sendable {}

struct TestError: Error, Equatable {
    var code = 1
}
#endif
