#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct MeasureIntervalTests {
        @Test func deliversTheTimeSinceTheValueBeforeAndTheFirstSinceTheSubscription() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<String, TestError>()
            let recorder = Recorder(subject.measureInterval(using: scheduler).map { $0.magnitude / 1_000_000 })
            scheduler.advance(ms: 100)
            subject.send("a")
            scheduler.advance(ms: 50)
            subject.send("b")
            subject.send("c")
            scheduler.advance(ms: 250)
            subject.send("d")
            subject.send(completion: .failure(TestError(code: 8)))
            #expect(recorder.events == [.value(100), .value(50), .value(0), .value(250), .failure(TestError(code: 8))])
        }

        @Test func passesDemandAndTheFinishStraightThrough() {
            let scheduler = VirtualTimeScheduler()
            let upstream = CountingPublisher(limit: 3)
            let recorder = Recorder(upstream.measureInterval(using: scheduler), demand: .max(1))
            #expect(recorder.values == [.zero])
            scheduler.advance(ms: 20)
            recorder.request(.max(5))
            #expect(recorder.events == [.value(.zero), .value(.milliseconds(20)), .value(.zero), .finished])
            #expect(upstream.requests == ["request max(1)", "request max(5)"])
        }

        @Test func cancellingCancelsTheUpstream() {
            let upstream = CountingPublisher()
            let recorder = Recorder(upstream.measureInterval(using: ImmediateScheduler.shared), demand: .max(1))
            recorder.cancel()
            #expect(recorder.values == [.zero])
            #expect(upstream.requests == ["request max(1)", "cancel"])
        }
    }
}
#endif
