#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct HandleEventsTests {
        private func watched<P: Publisher>(_ publisher: P, _ journal: Journal) -> Publishers.HandleEvents<P> {
            publisher.handleEvents(
                receiveSubscription: { _ in journal.record("subscription") },
                receiveOutput: { journal.record("value \($0)") },
                receiveCompletion: { completion in
                    switch completion {
                    case .finished: journal.record("completion finished")
                    case .failure(let error): journal.record("completion failure \(error)")
                    }
                },
                receiveCancel: { journal.record("cancel") },
                receiveRequest: { journal.record("request \($0)") })
        }

        @Test func callsEachClosureBeforeTheEventPassesThrough() {
            let journal = Journal()
            let upstream = CountingPublisher(limit: 2)
            let recorder = Recorder(watched(upstream, journal), demand: .max(1)) { _ in .max(1) }
            #expect(recorder.events == [.value(0), .value(1), .finished])
            // As in Combine, the subscriber asks before the upstream's subscription arrives; its
            // demand is asked of the upstream then.
            #expect(journal.all == [
                "request max(1)", "subscription", "value 0", "request max(1)", "value 1", "request max(1)",
                "completion finished",
            ])
            #expect(upstream.requests == ["request max(1)"])
        }

        @Test func aCancelIsReportedOnceAndTheClosuresAreLetGo() {
            let journal = Journal()
            let subject = PassthroughSubject<Int, TestError>()
            var canary: Canary? = Canary()
            weak let weakCanary = canary
            let recorder = Recorder(subject.handleEvents(receiveCancel: { [canary] in
                _ = canary
                journal.record("cancel")
            }))
            canary = nil
            subject.send(1)
            recorder.cancel()
            recorder.cancel()
            subject.send(2)
            #expect(journal.all == ["cancel"])
            #expect(weakCanary == nil)
            #expect(recorder.values == [1])
        }

        @Test func aFailurePassesThroughAfterItsClosure() {
            let journal = Journal()
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(watched(subject, journal))
            subject.send(completion: .failure(TestError(code: 2)))
            #expect(recorder.events == [.failure(TestError(code: 2))])
            #expect(journal.all == ["request unlimited", "subscription", "completion failure TestError(code: 2)"])
        }

        @Test func passesDemandStepByStep() {
            let journal = Journal()
            let upstream = CountingPublisher()
            let recorder = Recorder(watched(upstream, journal), demand: .max(1))
            recorder.request(.max(2))
            recorder.cancel()
            #expect(recorder.values == [0, 1, 2])
            #expect(upstream.requests == ["request max(1)", "request max(2)", "cancel"])
            #expect(journal.all == [
                "request max(1)", "subscription", "value 0", "request max(2)", "value 1", "value 2", "cancel",
            ])
        }
    }
}
#endif
