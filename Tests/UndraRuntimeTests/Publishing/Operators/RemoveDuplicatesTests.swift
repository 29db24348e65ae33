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
    }
}
#endif
