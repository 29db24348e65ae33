#if !canImport(Combine)
import Dispatch
import Foundation
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// Backpressure on the subjects: no value beyond the demand, the completion without it.
    @Suite struct SubjectDemandTests {
        @Test func aPassthroughSubjectDropsWhatNobodyAskedFor() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject, demand: .max(2))
            let everything = Recorder(subject)
            for value in 1...3 { subject.send(value) }
            recorder.request(.max(1))
            subject.send(4)
            subject.send(5)
            subject.send(completion: .finished)
            #expect(recorder.events == [.value(1), .value(2), .value(4), .finished])
            #expect(everything.values == [1, 2, 3, 4, 5])
        }

        @Test func theDemandAValueReturnsKeepsTheFlowGoing() {
            let subject = PassthroughSubject<Int, Never>()
            let recorder = Recorder(subject, demand: .max(1)) { $0 < 3 ? .max(1) : .none }
            for value in 1...5 { subject.send(value) }
            #expect(recorder.values == [1, 2, 3])
        }

        @Test func aSubscriberWithNoDemandStillGetsTheCompletion() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject, demand: .none)
            subject.send(1)
            subject.send(completion: .failure(TestError(code: 4)))
            #expect(recorder.events == [.failure(TestError(code: 4))])
        }

        @Test func aCurrentValueSubjectWaitsForDemandThenCatchesUpWithTheLatestValue() {
            let subject = CurrentValueSubject<Int, Never>(0)
            let recorder = Recorder(subject, demand: .none)
            #expect(recorder.values == [])
            recorder.request(.max(1))
            #expect(recorder.values == [0])
            subject.send(1)  // missed: no demand
            subject.send(2)  // missed too
            recorder.request(.max(2))
            #expect(recorder.values == [0, 2])  // the latest, not every missed one
            subject.send(3)
            subject.send(4)
            #expect(recorder.values == [0, 2, 3])
            #expect(subject.value == 4)
        }

        @Test func aCurrentValueSubjectsSubscriberAskingForEverythingGetsTheCurrentValueFirst() {
            let subject = CurrentValueSubject<String, TestError>("a")
            let recorder = Recorder(subject)
            subject.value = "b"
            subject.send(completion: .finished)
            #expect(recorder.events == [.value("a"), .value("b"), .finished])
        }

        @Test func aPublishedPropertyHonoursDemandTheSameWay() {
            final class Model {
                @Published var count = 0
            }
            let model = Model()
            let recorder = Recorder(model.$count, demand: .max(1))
            model.count = 1
            model.count = 2
            recorder.request(.max(1))
            model.count = 3
            #expect(recorder.values == [0, 2])
        }

        @Test func aRequestMadeFromInsideAValueIsHonouredAfterIt() {
            let subject = CurrentValueSubject<Int, Never>(0)
            var recorder: Recorder<Int, Never>!
            recorder = Recorder(demand: .max(1)) { value in
                if value < 2 { recorder.request(.max(1)) }
                return .none
            }
            subject.subscribe(recorder)
            subject.send(1)
            subject.send(2)
            subject.send(3)
            #expect(recorder.values == [0, 1, 2])
        }

        @Test func aCatchUpRequestedDuringADeliveryComesRightAfterIt() {
            // B, earlier in the order, asks on A's behalf while 2 is being delivered: A missed 1,
            // skips 2 as it arrives (it is owed the latest value), and gets 2 once 2 has reached
            // everyone, before 3.
            let subject = CurrentValueSubject<Int, Never>(0)
            let journal = Journal()
            var a: Recorder<Int, Never>!
            let b = subject.sink { value in
                journal.record("B\(value)")
                if value == 2 { a.request(.max(2)) }
            }
            a = Recorder(demand: .max(1)) { journal.record("A\($0)"); return .none }
            subject.subscribe(a)
            subject.send(1)
            subject.send(2)
            subject.send(3)
            #expect(journal.all == ["B0", "A0", "B1", "B2", "A2", "B3", "A3"])
            withExtendedLifetime(b) {}
        }

        @Test func aLateSubscriberGetsAnEmptySubscriptionAndTheCompletion() {
            let subject = PassthroughSubject<Int, TestError>()
            subject.send(completion: .failure(TestError(code: 2)))
            let recorder = Recorder(subject, demand: .none)
            #expect(recorder.subscriptions == 1)
            #expect(recorder.events == [.failure(TestError(code: 2))])
        }

        @Test func cancellingTheSubscriptionStopsValuesAndReleasesTheSubscriber() {
            let subject = PassthroughSubject<Int, Never>()
            var recorder: Recorder<Int, Never>? = Recorder(subject)
            weak let weakRecorder = recorder
            subject.send(1)
            recorder!.cancel()
            subject.send(2)
            #expect(recorder!.values == [1])
            recorder = nil
            #expect(weakRecorder == nil)  // the subject kept nothing, and the subscription holds no cycle
        }

        /// One thread asks for one value at a time and waits for it; two others send without
        /// pause. The subscriber gets exactly what it asked for, never two calls at once.
        @Test func oneValueAtATimeUnderConcurrentSendsIsExact() {
            for _ in 0..<20 {
                let subject = PassthroughSubject<Int, Never>()
                let arrived = DispatchSemaphore(value: 0)
                let overlaps = Locked(0)
                let inside = Locked(false)
                let recorder = Recorder<Int, Never>(demand: .none) { _ in
                    if inside.withLock({ $0 }) { overlaps.withLock { $0 += 1 } }
                    arrived.signal()
                    return .none
                }
                subject.subscribe(recorder)
                let done = Locked(false)
                let wanted = 200
                concurrently(3) { thread in
                    if thread == 0 {
                        for _ in 0..<wanted {
                            recorder.request(.max(1))
                            arrived.wait()
                        }
                        done.withLock { $0 = true }
                    } else {
                        var value = 0
                        while !done.withLock({ $0 }) {
                            subject.send(value)
                            value += 1
                        }
                    }
                }
                #expect(recorder.values.count == wanted)
                #expect(overlaps.withLock { $0 } == 0)
            }
        }

        /// Values sent on several threads while a current-value subscriber asks from yet another:
        /// it never gets more than it asked for, and ends on the latest value once it asks again.
        @Test func aCurrentValueSubscriberUnderConcurrentSendsNeverGetsMoreThanItAskedFor() {
            for _ in 0..<20 {
                let subject = CurrentValueSubject<Int, Never>(0)
                let recorder = Recorder(subject, demand: .none)
                concurrently(3) { thread in
                    if thread == 0 {
                        for _ in 0..<100 { recorder.request(.max(1)) }
                    } else {
                        for value in 1...500 { subject.send(thread * 1_000 + value) }
                    }
                }
                let received = recorder.values.count
                #expect(received <= 100)
                recorder.request(.max(1))
                let values = recorder.values
                #expect(values.count <= 101)
                // Each sending thread's values arrive in the order it sent them.
                for thread in 1...2 {
                    let own = values.filter { $0 / 1_000 == thread }
                    #expect(own == own.sorted())
                }
            }
        }
    }
}
#endif
