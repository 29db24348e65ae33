#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct TryRemoveDuplicatesTests {
        @Test func skipsValuesEquivalentToTheLastDeliveredUntilThePredicateThrows() {
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.tryRemoveDuplicates { previous, next in
                if next < 0 { throw TestError(code: next) }
                return previous / 10 == next / 10
            })
            for value in [1, 5, 12, 19, 3, -4, 50] { subject.send(value) }
            #expect(recorder.log == ["1", "12", "3", "failure(TestError(code: -4))"])
        }

        @Test func theFirstValueIsNeverComparedAndEachSubscriptionHasItsOwnLast() {
            let subject = PassthroughSubject<Int, Never>()
            var calls = 0
            let deduplicated = subject.tryRemoveDuplicates { previous, next in
                calls += 1
                return previous == next
            }
            let first = Recorder(deduplicated)
            subject.send(1)
            subject.send(1)
            let second = Recorder(deduplicated)
            subject.send(1)
            subject.send(2)
            #expect(first.log == ["1", "2"])
            #expect(second.log == ["1", "2"])
            #expect(calls == 4)  // first: (1,1) (1,1) (1,2); second: (1,2)
        }

        @Test func aSkippedValueAsksForAnotherAndAThrowCancels() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.tryRemoveDuplicates { previous, next in
                if next == 0 { throw TestError(code: 0) }
                return previous == next
            }, demand: .max(1))
            #expect(upstream.send(7) == .none)
            #expect(upstream.send(7) == .max(1))
            upstream.send(0)
            #expect(recorder.log == ["7", "failure(TestError(code: 0))"])
            #expect(upstream.requests == ["request max(1)", "cancel"])
        }

        @Test func stepsWithAUsersPublisher() {
            let upstream = CountingPublisher(limit: 6)
            let recorder = Recorder(upstream.tryRemoveDuplicates { $0 / 2 == $1 / 2 }, demand: .max(1))
            recorder.request(.max(1))
            #expect(recorder.log == ["0", "2"])
            recorder.request(.max(1))
            #expect(recorder.log == ["0", "2", "4"])
            recorder.request(.max(1))  // 5 is skipped, and asks for the finish
            #expect(recorder.log == ["0", "2", "4", "finished"])
            #expect(upstream.requests == Array(repeating: "request max(1)", count: 4))
        }
    }
}
#endif
