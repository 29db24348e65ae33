import Dispatch
import Foundation
import Testing
import UndraRuntime

/// `track` across threads: exactly once, no lost updates, per-thread recording.
@Suite struct TrackConcurrencyTests {
    @Test func twoThreadsWritingTwoTrackedPropertiesFireExactlyOnce() {
        for _ in 0..<300 {
            let person = Person(), fired = CallCounter()
            track(read: { _ = (person.name, person.age) }, onChange: { fired.bump() })
            concurrently(2) { index in
                if index == 0 { person.name = "Grace" } else { person.age = 90 }
            }
            #expect(fired.count == 1)
        }
    }

    @Test func manyWritersOfOnePropertyFireExactlyOnce() {
        for _ in 0..<100 {
            let model = DynamicModel(value: 0), fired = CallCounter()
            let value = try! model.property("value", as: Int.self)
            track(read: { _ = value.get() }, onChange: { fired.bump() })
            concurrently(4) { index in value.set(index) }
            #expect(fired.count == 1)
        }
    }

    @Test func aWriteByAnotherThreadDuringReadIsNotLost() {
        for _ in 0..<100 {
            let person = Person(), fired = CallCounter()
            let name = track(read: { () -> String in
                let name = person.name
                onAnotherThread { person.name = "written during read" }
                return name
            }, onChange: { fired.bump() })
            #expect(name == "Ada")
            #expect(fired.count == 1)
        }
    }

    @Test func onlyReadsOnTheTrackingThreadAreRecorded() {
        let person = Person(), fired = CallCounter()
        track(read: {
            _ = person.name
            onAnotherThread { _ = person.age }
        }, onChange: { fired.bump() })
        person.age = 90
        #expect(fired.count == 0)
        person.name = "Grace"
        #expect(fired.count == 1)
    }

    @Test func aScopeOnAnotherThreadDoesNotRecordThisThreadsReads() {
        let person = Person(), fired = CallCounter()
        let inside = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread {
            track(read: {
                inside.signal()
                release.wait()
            }, onChange: { fired.bump() })
            done.signal()
        }.start()
        inside.wait()
        _ = person.name  // read here while the other thread's scope is open
        release.signal()
        done.wait()
        person.name = "Grace"
        #expect(fired.count == 0)
    }

    @Test func manyThreadsTrackTheirOwnModels() {
        let rounds = 500
        let counts = ValueLog<Int>()
        concurrently(4) { _ in
            let person = Person(), fired = CallCounter()
            for round in 0..<rounds {
                track(read: { _ = person.age }, onChange: { fired.bump() })
                person.age = round
            }
            counts.append(fired.count)
        }
        #expect(counts.all == [rounds, rounds, rounds, rounds])
    }

    @Test func manyThreadsTrackOneSharedObjectAndOneWriteFiresAll() {
        let person = Person(), fired = CallCounter()
        concurrently(4) { _ in
            for _ in 0..<250 {
                track(read: { _ = person.name }, onChange: { fired.bump() })
            }
        }
        person.name = "Grace"
        #expect(fired.count == 1000)
    }
}
