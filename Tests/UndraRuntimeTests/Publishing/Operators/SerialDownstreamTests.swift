#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// The demand arithmetic of the plumbing that `merge`, `combineLatest`, `flatMap`,
    /// `switchToLatest` and `prefix(untilOutputFrom:)` deliver through.
    @Suite struct SerialDownstreamTests {
        @Test func demandTheSubscriberReturnsIsAskedOfTheUpstreams() {
            let a = CountingPublisher(limit: 3)
            let b = CountingPublisher(limit: 3)
            let recorder = Recorder(a.merge(with: b), demand: .max(1), onValue: { _ in .max(1) })
            #expect(recorder.events == [.value(0), .value(1), .value(2), .value(0), .value(1), .value(2), .finished])
            #expect(a.requests == Array(repeating: "request max(1)", count: 4))
        }

        @Test func aQueuedValueCoveredByEarlierDemandDoesNotCoverANewRequest() {
            final class Box: @unchecked Sendable {  // @unchecked: one thread.
                var serial: SerialDownstream<Recorder<Int, Never>, Void>?
                var uncovered: [Subscribers.Demand] = []
            }
            let box = Box()
            let recorder = Recorder<Int, Never>(onValue: { value in
                guard value == 1, let serial = box.serial else { return .none }
                serial.send { _ in 2 }  // queued: this thread is delivering
                // Demand is 1 (for 2, queued); one more is one more to ask the upstream for.
                box.uncovered.append(serial.request(.max(1)))
                return .none
            })
            let serial = SerialDownstream(recorder, state: ())
            box.serial = serial
            #expect(serial.request(.max(2)) == .max(2))
            serial.send { _ in 1 }
            #expect(box.uncovered == [.max(1)])
            #expect(recorder.values == [1, 2])
        }

        @Test func aSendReturnsTheDemandTheSubscriberAddedWhileThisThreadDelivered() {
            let recorder = Recorder<Int, Never>(onValue: { $0 == 1 ? .max(3) : .none })
            let serial = SerialDownstream(recorder, state: ())
            _ = serial.request(.max(1))
            #expect(serial.send { _ in 1 } == .max(3))
            #expect(serial.send { _ in 2 } == .none)
            #expect(serial.request(.unlimited) == .unlimited)
        }
    }
}
#endif
