#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct CollectByCountTests {
        @Test func deliversFullArraysThenTheRest() {
            let recorder = Recorder((0...10).publisher.collect(5))
            #expect(recorder.events == [.value([0, 1, 2, 3, 4]), .value([5, 6, 7, 8, 9]), .value([10]), .finished])
        }

        @Test func aFailureDropsThePartialArray() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.collect(2))
            for value in 1...3 { subject.send(value) }
            subject.send(completion: .failure(TestError(code: 1)))
            #expect(recorder.events == [.value([1, 2]), .failure(TestError(code: 1))])
        }

        @Test func aRequestForNArraysAsksForNTimesTheCount() {
            let upstream = CountingPublisher(limit: 100)
            let recorder = Recorder(upstream.collect(3), demand: .max(2))
            #expect(upstream.requests == ["request max(6)"])
            #expect(recorder.values == [[0, 1, 2], [3, 4, 5]])
            recorder.request(.max(1))
            #expect(upstream.requests == ["request max(6)", "request max(3)"])
            #expect(recorder.values == [[0, 1, 2], [3, 4, 5], [6, 7, 8]])
        }

        @Test func theDemandTheSubscriberReturnsIsMultipliedToo() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.collect(2), demand: .max(1), onValue: { _ in .max(2) })
            #expect(upstream.send(1) == .none)
            #expect(upstream.send(2) == .max(4))
            #expect(recorder.values == [[1, 2]])
        }

        @Test func cancellingMidStreamCancelsTheUpstream() {
            let upstream = CountingPublisher(limit: 100)
            let recorder = Recorder(upstream.collect(2), demand: .max(1))
            recorder.cancel()
            recorder.request(.max(1))
            #expect(recorder.values == [[0, 1]])
            #expect(upstream.requests == ["request max(2)", "cancel"])
        }
    }
}
#endif
