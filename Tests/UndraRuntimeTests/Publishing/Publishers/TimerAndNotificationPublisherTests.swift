#if !canImport(Combine)
import Foundation
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct TimerAndNotificationPublisherTests {
        /// Spins the current run loop until `done` or 10 s.
        private func spin(until done: () -> Bool) {
            let deadline = Date().addingTimeInterval(10)
            while !done() && Date() < deadline { RunLoop.current.run(until: Date().addingTimeInterval(0.005)) }
        }

        @Test func aTimerTicksOnlyWhileConnectedAndWithinDemand() {
            let ticks = Timer.publish(every: 0.005, on: .current, in: .default)
            let unlimited = Recorder(ticks)
            let limited = Recorder(ticks, demand: .max(2))
            RunLoop.current.run(until: Date().addingTimeInterval(0.03))
            #expect(unlimited.values.isEmpty)  // not connected yet
            let connection = ticks.connect()
            _ = ticks.connect()  // connecting again: the same timer; dropping it stops nothing
            spin { unlimited.values.count >= 5 }
            connection.cancel()
            let atCancel = unlimited.values.count
            RunLoop.current.run(until: Date().addingTimeInterval(0.03))
            #expect(unlimited.values.count == atCancel)
            #expect(atCancel >= 5)
            #expect(limited.values.count == 2)
            #expect(unlimited.values == unlimited.values.sorted())
            #expect(ticks.interval == 0.005)
        }

        @Test func notificationsArriveFromTheFirstRequestUntilCancelledWithinDemand() {
            let center = NotificationCenter()
            let name = Notification.Name("undra.test")
            let sender = NSObject()
            let recorder = Recorder(center.publisher(for: name, object: sender), demand: .none)
            center.post(name: name, object: sender)  // not observing until the first request
            recorder.request(.max(2))
            center.post(name: name, object: sender, userInfo: ["n": 1])
            center.post(name: name, object: NSObject())  // another sender
            center.post(name: name, object: sender, userInfo: ["n": 2])
            center.post(name: name, object: sender, userInfo: ["n": 3])  // no demand left: dropped
            recorder.request(.max(5))
            center.post(name: name, object: sender, userInfo: ["n": 4])
            recorder.cancel()
            center.post(name: name, object: sender, userInfo: ["n": 5])
            #expect(recorder.values.map { $0.userInfo?["n"] as? Int } == [1, 2, 4])
            #expect(center.publisher(for: name, object: sender) == NotificationCenter.Publisher(
                center: center, name: name, object: sender))
        }

        @Test func notificationsPostedOnManyThreadsReachTheSubscriberOneAtATime() {
            let center = NotificationCenter()
            let name = Notification.Name("undra.concurrent")
            let inside = Locked(false)
            let overlaps = Locked(0)
            let recorder = Recorder<Notification, Never> { _ in
                if inside.withLock({ let was = $0; $0 = true; return was }) { overlaps.withLock { $0 += 1 } }
                inside.withLock { $0 = false }
                return .none
            }
            center.publisher(for: name).subscribe(recorder)
            concurrently(4) { _ in
                for _ in 0..<500 { center.post(name: name, object: nil) }
            }
            #expect(recorder.values.count == 2_000)
            #expect(overlaps.withLock { $0 } == 0)
            recorder.cancel()
        }
    }
}
#endif
