#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct TryMapTests {
        @Test func transformsUntilTheClosureThrowsThenCancelsTheUpstreamAndFails() {
            let upstream = CountingPublisher(limit: 10)
            let recorder = Recorder(upstream.tryMap { value -> Int in
                if value == 2 { throw TestError(code: 2) }
                return value * 10
            })
            #expect(recorder.log == ["0", "10", "failure(TestError(code: 2))"])
            #expect(upstream.requests == ["request unlimited", "cancel"])
        }

        @Test func theUpstreamsFailureArrivesAsAnyError() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.tryMap { $0 + 1 })
            subject.send(1)
            subject.send(completion: .failure(TestError(code: 7)))
            #expect(recorder.log == ["2", "failure(TestError(code: 7))"])
        }

        @Test func stepsThroughAUsersPublisherOneRequestAtATime() {
            let upstream = CountingPublisher(limit: 3)
            let recorder = Recorder(upstream.tryMap { $0 + 1 }, demand: .max(1))
            #expect(recorder.log == ["1"])
            recorder.request(.max(1))
            #expect(recorder.log == ["1", "2"])
            recorder.request(.max(1))
            #expect(recorder.log == ["1", "2", "3", "finished"])
            #expect(upstream.requests == ["request max(1)", "request max(1)", "request max(1)"])
        }

        @Test func cancellingMidStreamStopsTheValues() {
            let upstream = CountingPublisher(limit: 10)
            let recorder = Recorder(upstream.tryMap { $0 }, demand: .max(2))
            recorder.cancel()
            recorder.request(.max(5))
            #expect(recorder.log == ["0", "1"])
            #expect(upstream.requests == ["request max(2)", "cancel"])
        }

        @Test func eventsAfterTheThrowAreIgnored() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.tryMap { value -> Int in
                if value < 0 { throw TestError(code: value) }
                return value
            })
            upstream.send(1)
            upstream.send(-3)
            // A publisher that goes on after the cancel is not heard.
            #expect(upstream.send(4) == .none)
            upstream.send(completion: .finished)
            #expect(recorder.log == ["1", "failure(TestError(code: -3))"])
            #expect(upstream.requests == ["request unlimited", "cancel"])
        }

        @Test func chainedWithMapItIsOneTryMapAsInCombine() {
            let subject = PassthroughSubject<Int, Never>()
            let afterMap: Publishers.TryMap<PassthroughSubject<Int, Never>, String> = subject.map { $0 + 1 }.tryMap {
                if $0 == 3 { throw TestError(code: 3) }
                return "#\($0)"
            }
            let mapAfter: Publishers.TryMap<PassthroughSubject<Int, Never>, Int> = subject.tryMap { $0 * 2 }.map { $0 + 1 }
            let twice: Publishers.TryMap<PassthroughSubject<Int, Never>, Int> = subject.tryMap { $0 * 2 }.tryMap {
                if $0 > 4 { throw TestError(code: $0) }
                return $0
            }
            let a = Recorder(afterMap)
            let b = Recorder(mapAfter)
            let c = Recorder(twice)
            for value in 1...3 { subject.send(value) }
            #expect(a.log == ["#2", "failure(TestError(code: 3))"])
            #expect(b.log == ["3", "5", "7"])
            #expect(c.log == ["2", "4", "failure(TestError(code: 6))"])
        }
    }
}
#endif
