#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct SwitchToLatestTests {
        @Test func deliversOnlyTheLatestPublishersValues() {
            let outer = PassthroughSubject<PassthroughSubject<Int, TestError>, TestError>()
            let a = PassthroughSubject<Int, TestError>()
            let b = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(outer.switchToLatest())
            outer.send(a)
            a.send(1)
            outer.send(b)
            a.send(2)
            b.send(3)
            a.send(completion: .finished)
            outer.send(completion: .finished)
            #expect(recorder.events == [.value(1), .value(3)])
            b.send(completion: .finished)
            #expect(recorder.events == [.value(1), .value(3), .finished])
        }

        @Test func finishesWhenTheOuterFinishesAfterTheLatest() {
            let outer = PassthroughSubject<Just<Int>, Never>()
            let recorder = Recorder(outer.switchToLatest())
            outer.send(Just(1))
            outer.send(Just(2))
            #expect(recorder.events == [.value(1), .value(2)])
            outer.send(completion: .finished)
            #expect(recorder.events == [.value(1), .value(2), .finished])
        }

        @Test func theNextPublisherCancelsThePreviousAndIsAskedForWhatIsOwed() {
            let outer = PassthroughSubject<CountingPublisher, TestError>()
            let a = CountingPublisher(limit: 100)
            let b = CountingPublisher(limit: 100)
            let recorder = Recorder(outer.switchToLatest(), demand: .max(3))
            outer.send(a)
            #expect(recorder.values == [0, 1, 2])
            recorder.request(.max(2))
            outer.send(b)
            // a had delivered 3 + 2 of the 5 asked for; b owes nothing, until asked.
            #expect(a.requests == ["request max(3)", "request max(2)", "cancel"])
            #expect(b.requests == [])
            recorder.request(.max(1))
            #expect(b.requests == ["request max(1)"])
            #expect(recorder.values == [0, 1, 2, 3, 4, 0])
        }

        @Test func aNewPublisherIsAskedForTheDemandThePreviousLeft() {
            let outer = PassthroughSubject<CountingPublisher, TestError>()
            let short = CountingPublisher(limit: 1)
            let long = CountingPublisher(limit: 100)
            let recorder = Recorder(outer.switchToLatest(), demand: .max(3), onValue: { $0 == 0 ? .none : .max(1) })
            outer.send(short)
            outer.send(long)
            #expect(long.requests.first == "request max(2)")
            // The returned demand goes on asking the latest for one more each time.
            #expect(recorder.values.prefix(4) == [0, 0, 1, 2])
        }

        @Test func anInnerFailureFailsAndCancelsTheOuter() {
            let outer = ManualPublisher<PassthroughSubject<Int, TestError>, TestError>()
            let inner = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(outer.switchToLatest())
            outer.send(inner)
            inner.send(1)
            inner.send(completion: .failure(TestError(code: 6)))
            #expect(recorder.events == [.value(1), .failure(TestError(code: 6))])
            #expect(outer.requests == ["request unlimited", "cancel"])
        }

        @Test func theOuterFailureFailsAndCancelsTheLatest() {
            let outer = PassthroughSubject<CountingPublisher, TestError>()
            let inner = CountingPublisher(limit: 100)
            let recorder = Recorder(outer.switchToLatest(), demand: .max(1))
            outer.send(inner)
            outer.send(completion: .failure(TestError(code: 2)))
            #expect(recorder.events == [.value(0), .failure(TestError(code: 2))])
            #expect(inner.requests == ["request max(1)", "cancel"])
        }

        @Test func cancellingCancelsTheOuterAndTheLatest() {
            let outer = ManualPublisher<CountingPublisher, TestError>()
            let inner = CountingPublisher(limit: 100)
            let recorder = Recorder(outer.switchToLatest(), demand: .max(1))
            outer.send(inner)
            recorder.cancel()
            recorder.request(.max(1))
            #expect(recorder.values == [0])
            #expect(outer.requests == ["request unlimited", "cancel"])
            #expect(inner.requests == ["request max(1)", "cancel"])
        }

        @Test func theOverloadsTypeTheFailuresAsCombineDoes() {
            let never = PassthroughSubject<Just<Int>, Never>()
            let neverBoth: Publishers.SwitchToLatest<Just<Int>, PassthroughSubject<Just<Int>, Never>> = never.switchToLatest()
            let failingInners = PassthroughSubject<Fail<Int, TestError>, Never>()
            let neverOuter: Publishers.SwitchToLatest<
                Fail<Int, TestError>, Publishers.SetFailureType<PassthroughSubject<Fail<Int, TestError>, Never>, TestError>
            > = failingInners.switchToLatest()
            let failingOuter = PassthroughSubject<Just<Int>, TestError>()
            let neverInner: Publishers.SwitchToLatest<
                Publishers.SetFailureType<Just<Int>, TestError>,
                Publishers.Map<PassthroughSubject<Just<Int>, TestError>, Publishers.SetFailureType<Just<Int>, TestError>>
            > = failingOuter.switchToLatest()
            let a = Recorder(neverBoth)
            let b = Recorder(neverOuter)
            let c = Recorder(neverInner)
            never.send(Just(1))
            failingInners.send(Fail(error: TestError(code: 3)))
            failingOuter.send(Just(2))
            failingOuter.send(completion: .failure(TestError(code: 4)))
            #expect(a.events == [.value(1)])
            #expect(b.events == [.failure(TestError(code: 3))])
            #expect(c.events == [.value(2), .failure(TestError(code: 4))])
        }

        @Test func aPreviousPublisherStillSendingOnAnotherThreadIsCutOffCleanly() {
            for _ in 0..<20 {
                let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
                let inners = (0..<20).map { _ in PassthroughSubject<Int, Never>() }
                let overlap = OverlapGuard()
                let recorder = Recorder(outer.switchToLatest(), onValue: { _ in overlap.run { .none } })
                let shared = Shared(inners)
                concurrently(2) { thread in
                    for index in 0..<20 {
                        if thread == 0 {
                            outer.send(shared.value[index])
                        } else {
                            for sequence in 0..<50 { shared.value[index].send(index * 1000 + sequence) }
                        }
                    }
                }
                // Once a publisher's value is delivered, no older publisher's value follows, and each
                // publisher's values come in order.
                let values = recorder.values
                #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
                #expect(overlap.overlaps == 0)
            }
        }
    }
}
#endif
