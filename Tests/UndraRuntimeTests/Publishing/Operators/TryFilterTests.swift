#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct TryFilterTests {
        @Test func deliversTheAcceptedValuesUntilThePredicateThrows() {
            let upstream = CountingPublisher(limit: 10)
            let recorder = Recorder(upstream.tryFilter { value in
                if value == 5 { throw TestError(code: 5) }
                return value.isMultiple(of: 2)
            })
            #expect(recorder.log == ["0", "2", "4", "failure(TestError(code: 5))"])
            #expect(upstream.requests == ["request unlimited", "cancel"])
        }

        @Test func aRejectedValueAsksTheUpstreamForAnotherInItsPlace() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.tryFilter { $0 > 0 }, demand: .max(1))
            #expect(upstream.send(-1) == .max(1))
            #expect(upstream.send(1) == .none)
            upstream.send(completion: .failure(TestError(code: 2)))
            #expect(recorder.log == ["1", "failure(TestError(code: 2))"])
            #expect(upstream.requests == ["request max(1)"])
        }

        @Test func stepsAndCancelsWithAUsersPublisher() {
            let upstream = CountingPublisher(limit: 20)
            let recorder = Recorder(upstream.tryFilter { $0 % 3 == 0 }, demand: .max(1))
            #expect(recorder.log == ["0"])
            recorder.request(.max(1))
            #expect(recorder.log == ["0", "3"])
            recorder.cancel()
            recorder.request(.max(1))
            #expect(recorder.log == ["0", "3"])
            #expect(upstream.requests == ["request max(1)", "request max(1)", "cancel"])
        }

        @Test func chainedFiltersAreOneFilterAsInCombine() {
            let subject = PassthroughSubject<Int, Never>()
            let plain: Publishers.Filter<PassthroughSubject<Int, Never>> = subject.filter { $0 > 1 }.filter { $0 < 5 }
            let tried: Publishers.TryFilter<PassthroughSubject<Int, Never>> = subject.filter { $0 > 1 }.tryFilter {
                if $0 == 6 { throw TestError(code: 6) }
                return $0 < 5
            }
            let both: Publishers.TryFilter<PassthroughSubject<Int, Never>> = subject.tryFilter { $0 > 1 }.filter { $0 < 5 }
            let twice: Publishers.TryFilter<PassthroughSubject<Int, Never>> = subject.tryFilter { $0 > 1 }.tryFilter { $0 < 5 }
            let recorders = (Recorder(plain), Recorder(tried), Recorder(both), Recorder(twice))
            for value in 0...6 { subject.send(value) }
            #expect(recorders.0.values == [2, 3, 4])
            #expect(recorders.1.log == ["2", "3", "4", "failure(TestError(code: 6))"])
            #expect(recorders.2.log == ["2", "3", "4"])
            #expect(recorders.3.log == ["2", "3", "4"])
        }
    }
}
#endif
