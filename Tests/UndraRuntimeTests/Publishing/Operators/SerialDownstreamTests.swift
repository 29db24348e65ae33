#if !canImport(Combine)
import Dispatch
import Foundation
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

        /// A value sent while others wait for demand waits behind them, though there is demand
        /// for it by then: the direct path (no queue) is only for a value with nothing before it.
        @Test func aValueWithDemandStillWaitsBehindTheQueuedOnes() {
            let recorder = Recorder<Int, Never>(demand: .none)
            let serial = SerialDownstream(recorder, state: ())
            serial.send { _ in 1 }
            serial.send { _ in 2 }
            #expect(serial.request(.max(1)) == .none)  // both values were already asked for
            #expect(recorder.values == [1])
            serial.send { _ in 3 }  // 2 waits: no demand
            #expect(recorder.values == [1])
            #expect(serial.request(.max(3)) == .max(1))  // covers 2 and 3, and one value more
            serial.send { _ in 4 }  // nothing queued, demand left: delivered now
            #expect(recorder.values == [1, 2, 3, 4])
            serial.send { _ in 5 }  // no demand left: queued
            #expect(recorder.values == [1, 2, 3, 4])
        }

        /// Many rounds of four threads sending at once, half of them with the demand given one
        /// value at a time by a fifth thread: every value arrives once, each thread's in the order
        /// sent, never two deliveries at once, never beyond the demand given so far.
        @Test(arguments: [Subscribers.Demand.unlimited, .max(1)])
        func valuesFromSeveralThreadsComeOutOneAtATimeInEachThreadsOrder(demand: Subscribers.Demand) {
            let threads = 4
            let sendsPerThread = 2_000
            let total = threads * sendsPerThread
            for _ in 0..<20 {
                struct Tally {
                    var inDelivery = 0
                    var overlaps = 0
                    var delivered = 0
                    var beyondDemand = 0
                    var requested = 0
                }
                let tally = Locked(Tally())
                let recorder = Recorder<Int, Never>(demand: .none, onValue: { _ in
                    tally.withLock { tally in
                        tally.inDelivery += 1
                        if tally.inDelivery != 1 { tally.overlaps += 1 }
                        tally.delivered += 1
                        if demand != .unlimited, tally.delivered > tally.requested { tally.beyondDemand += 1 }
                    }
                    tally.withLock { $0.inDelivery -= 1 }
                    return .none
                })
                let serial = SerialDownstream(recorder, state: 0)
                let requester = Thread {
                    guard demand != .unlimited else { return }
                    for _ in 0..<total {
                        tally.withLock { $0.requested += 1 }  // counted before it is given
                        _ = serial.request(.max(1))
                    }
                }
                if demand == .unlimited { _ = serial.request(.unlimited) }
                requester.start()
                DispatchQueue.concurrentPerform(iterations: threads) { thread in
                    for sequence in 0..<sendsPerThread {
                        serial.send { sent in
                            sent += 1
                            return thread * sendsPerThread + sequence
                        }
                    }
                }
                while recorder.values.count < total || !requester.isFinished { sched_yield() }
                let values = recorder.values
                let final = tally.withLock { $0 }
                #expect(values.count == total)
                #expect(serial.withState { $0 } == total)
                #expect(final.overlaps == 0)
                #expect(final.beyondDemand == 0)
                for thread in 0..<threads {
                    let own = values.filter { $0 / sendsPerThread == thread }
                    #expect(own == Array(thread * sendsPerThread..<(thread + 1) * sendsPerThread))
                }
            }
        }
    }
}
#endif
