#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct DropWhileTests {
        @Test func skipsWhileThePredicateHoldsThenDeliversEverything() {
            let subject = PassthroughSubject<Int, TestError>()
            var tested: [Int] = []
            let recorder = Recorder(subject.drop { value in
                tested.append(value)
                return value < 3
            })
            for value in [1, 2, 3, 1, 5] { subject.send(value) }
            subject.send(completion: .failure(TestError(code: 1)))
            #expect(recorder.events == [.value(3), .value(1), .value(5), .failure(TestError(code: 1))])
            #expect(tested == [1, 2, 3])
        }

        @Test func aSkippedValueAsksTheUpstreamForAnotherInItsPlace() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.drop { $0 < 0 }, demand: .max(1))
            #expect(upstream.send(-1) == .max(1))
            #expect(upstream.send(2) == .none)
            #expect(upstream.send(-3) == .none)
            #expect(recorder.values == [2, -3])
        }

        @Test func stepsAndCancelsWithAUsersPublisher() {
            let upstream = CountingPublisher(limit: 100)
            let recorder = Recorder(upstream.drop { $0 < 5 }, demand: .max(1))
            #expect(recorder.values == [5])
            recorder.request(.max(1))
            recorder.cancel()
            #expect(recorder.values == [5, 6])
            #expect(upstream.requests == ["request max(1)", "request max(1)", "cancel"])
        }

        @Test func tryDropFailsWithWhatThePredicateThrows() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.tryDrop { value in
                if value == 0 { throw TestError(code: 0) }
                return value < 3
            })
            upstream.send(1)
            upstream.send(0)
            upstream.send(5)
            #expect(recorder.log == ["failure(TestError(code: 0))"])
            #expect(upstream.requests == ["request unlimited", "cancel"])
            let passed = Recorder([1, 4, 2].publisher.tryDrop { $0 < 3 })
            #expect(passed.log == ["4", "2", "finished"])
        }
    }
}
#endif
