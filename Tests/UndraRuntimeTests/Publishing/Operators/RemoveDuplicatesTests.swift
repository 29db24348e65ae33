#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct RemoveDuplicatesTests {
        @Test func skipsAValueEqualToTheLastDelivered() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.removeDuplicates())
            for value in [1, 1, 2, 2, 2, 1, 3, 3] { subject.send(value) }
            subject.send(completion: .finished)
            #expect(recorder.events == [.value(1), .value(2), .value(1), .value(3), .finished])
        }

        @Test func comparesWithTheLastDeliveredValueByAPredicate() {
            let subject = PassthroughSubject<Int, Never>()
            // "Equivalent" here: within 2 of the last value delivered (not of the last one sent).
            let recorder = Recorder(subject.removeDuplicates { abs($0 - $1) <= 2 })
            for value in [0, 1, 2, 3, 6, 7] { subject.send(value) }
            #expect(recorder.values == [0, 3, 6])
        }

        @Test func eachSubscriptionHasItsOwnLastValue() {
            let subject = PassthroughSubject<Int, Never>()
            let deduplicated = subject.removeDuplicates()
            let first = Recorder(deduplicated)
            subject.send(1)
            let second = Recorder(deduplicated)
            subject.send(1)
            subject.send(2)
            #expect(first.values == [1, 2])
            #expect(second.values == [1, 2])
        }

        @Test func onAPublishedPropertyDropsRepeatedAssignments() {
            final class Settings { @Published var theme = "light" }
            let settings = Settings()
            let recorder = Recorder(settings.$theme.removeDuplicates())
            settings.theme = "light"
            settings.theme = "dark"
            settings.theme = "dark"
            #expect(recorder.values == ["light", "dark"])
        }

        @Test func aSkippedDuplicateAsksTheUpstreamForAnotherInItsPlace() {
            let upstream = CountingPublisher(limit: 20)
            let recorder = Recorder(upstream.map { $0 / 3 }.removeDuplicates(), demand: .max(3))
            #expect(recorder.values == [0, 1, 2])
            #expect(upstream.requests == ["request max(3)"])
        }

        @Test func passesTheUpstreamsFailure() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.removeDuplicates())
            subject.send(1)
            subject.send(1)
            subject.send(completion: .failure(TestError(code: 4)))
            subject.send(2)
            #expect(recorder.events == [.value(1), .failure(TestError(code: 4))])
        }

        @Test func aCancelMidStreamStopsTheValuesAndCancelsTheUpstream() {
            let upstream = CountingPublisher(limit: 20)
            let recorder = Recorder(upstream.map { $0 / 2 }.removeDuplicates(), demand: .max(1))
            #expect(recorder.values == [0])
            recorder.request(.max(1))
            #expect(recorder.values == [0, 1])
            recorder.cancel()
            recorder.request(.max(5))
            #expect(recorder.events == [.value(0), .value(1)])
            // The subscription is the upstream's own, passed through: the request after the cancel
            // reaches it, and it ignores it.
            #expect(upstream.requests == ["request max(1)", "request max(1)", "cancel", "request max(5)"])
        }

        @Test func oneValueSentFromManyThreadsIsDeliveredOnce() {
            for _ in 0..<20 {
                let subject = PassthroughSubject<Int, Never>()
                let overlap = OverlapGuard()
                let recorder = Recorder(subject.removeDuplicates(), onValue: { _ in overlap.run { .none } })
                let sinkCount = TestAtomic<Int>(0)
                let subscription = subject.removeDuplicates().sink { _ in sinkCount.wrappingAdd(1, ordering: .relaxed) }
                concurrently(4) { _ in
                    for _ in 0..<250 { subject.send(7) }
                }
                #expect(recorder.values == [7])
                #expect(sinkCount.load(ordering: .acquiring) == 1)
                #expect(overlap.overlaps == 0)
                subscription.cancel()
            }
        }
    }
}
#endif
