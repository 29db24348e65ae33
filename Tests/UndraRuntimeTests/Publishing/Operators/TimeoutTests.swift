#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct TimeoutTests {
        @Test func finishesWhenNoValueComesWithinTheIntervalOfTheSubscription() {
            let scheduler = VirtualTimeScheduler()
            let upstream = CountingPublisher()
            let timeline = Timeline(upstream.timeout(.milliseconds(100), scheduler: scheduler), on: scheduler, demand: .none)
            scheduler.advance(ms: 99)
            #expect(timeline.log == ["subscribed@0"])
            scheduler.advance(ms: 1)
            #expect(timeline.log == ["subscribed@0", "finished@100"])
            #expect(upstream.requests == ["cancel"])
        }

        @Test func eachValueRestartsTheClock() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, TestError>()
            let timeline = Timeline(subject.timeout(.milliseconds(100), scheduler: scheduler), on: scheduler)
            scheduler.advance(ms: 60)
            subject.send(1)
            scheduler.advance(ms: 90)
            subject.send(2)
            scheduler.advance(ms: 99)
            #expect(timeline.log == ["subscribed@0", "1@60", "2@150"])
            scheduler.advance(ms: 1)
            #expect(timeline.log == ["subscribed@0", "1@60", "2@150", "finished@250"])
            subject.send(3)
            scheduler.advance(ms: 100)
            #expect(timeline.log == ["subscribed@0", "1@60", "2@150", "finished@250"])
        }

        @Test func failsWithTheCustomError() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, TestError>()
            var made = 0
            let timeline = Timeline(subject.timeout(.seconds(1), scheduler: scheduler) {
                made += 1
                return TestError(code: 42)
            }, on: scheduler)
            subject.send(1)
            scheduler.advance(ms: 3_000)
            #expect(timeline.log == ["subscribed@0", "1@0", "failure 42@1000"])
            #expect(made == 1)
        }

        @Test func theUpstreamsCompletionEndsTheClock() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, TestError>()
            let timeline = Timeline(subject.timeout(.seconds(1), scheduler: scheduler) { TestError(code: 1) }, on: scheduler)
            subject.send(1)
            subject.send(completion: .failure(TestError(code: 2)))
            scheduler.advance(ms: 5_000)
            #expect(timeline.log == ["subscribed@0", "1@0", "failure 2@0"])
        }

        @Test func passesDemandStraightThroughAndTimesOutAnUpstreamHeldBackByIt() {
            let scheduler = VirtualTimeScheduler()
            let upstream = CountingPublisher()
            let timeline = Timeline(upstream.timeout(.milliseconds(10), scheduler: scheduler), on: scheduler, demand: .max(2))
            scheduler.advance(ms: 100)
            #expect(timeline.log == ["subscribed@0", "0@0", "1@0", "finished@10"])
            #expect(upstream.requests == ["request max(2)", "cancel"])
        }

        @Test func aValueJustBeforeTheDeadlinePostponesIt() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, Never>()
            let timeline = Timeline(subject.timeout(.milliseconds(10), scheduler: scheduler), on: scheduler)
            scheduler.advance(ms: 9)
            subject.send(1)
            subject.send(2)
            scheduler.advance(ms: 100)
            #expect(timeline.log == ["subscribed@0", "1@9", "2@9", "finished@19"])
        }

        @Test func oneClosureWaitsForTheClockHoweverManyValuesCome() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, Never>()
            let recorder = Recorder(subject.timeout(.seconds(1), scheduler: scheduler))
            for value in 0..<1_000 {
                subject.send(value)
                scheduler.advance(ms: 10)
            }
            #expect(scheduler.scheduledActionCount == 1)
            #expect(recorder.values == Array(0..<1_000))
        }

        @Test func cancellingMidStreamStopsTheClockAndTheUpstream() {
            let scheduler = VirtualTimeScheduler()
            let upstream = CountingPublisher()
            let timeline = Timeline(upstream.timeout(.milliseconds(10), scheduler: scheduler), on: scheduler, demand: .max(1))
            timeline.cancel()
            scheduler.advance(ms: 100)
            #expect(timeline.log == ["subscribed@0"])
            #expect(upstream.requests == ["request max(1)", "cancel"])
        }

        @Test func valuesFromFourThreadsAllArriveBeforeTheTimeout() {
            for _ in 0..<20 {
                let scheduler = VirtualTimeScheduler()
                let subject = PassthroughSubject<Int, Never>()
                let recorder = Recorder(subject.timeout(.seconds(1), scheduler: scheduler))
                DispatchQueue.concurrentPerform(iterations: 4) { thread in
                    for value in 0..<250 { subject.send(thread * 1_000 + value) }
                }
                scheduler.advance(ms: 2_000)
                #expect(recorder.events.count == 1_001)
                #expect(recorder.events.last == .finished)
                for thread in 0..<4 {
                    #expect(recorder.values.filter { $0 / 1_000 == thread } == Array(thread * 1_000..<thread * 1_000 + 250))
                }
            }
        }
    }
}
#endif
