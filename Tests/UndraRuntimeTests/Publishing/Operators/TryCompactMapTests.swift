#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct TryCompactMapTests {
        @Test func deliversTheNonNilResultsUntilTheClosureThrows() {
            let subject = PassthroughSubject<String, TestError>()
            let recorder = Recorder(subject.tryCompactMap { text -> Int? in
                if text == "stop" { throw TestError(code: 9) }
                return Int(text)
            })
            for text in ["1", "x", "3", "stop", "5"] { subject.send(text) }
            #expect(recorder.log == ["1", "3", "failure(TestError(code: 9))"])
        }

        @Test func aNilResultAsksForAnotherValueAndAThrowCancels() {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder(upstream.tryCompactMap { value -> Int? in
                if value < 0 { throw TestError(code: value) }
                return value == 0 ? nil : value
            }, demand: .max(2))
            #expect(upstream.send(0) == .max(1))
            #expect(upstream.send(4) == .none)
            upstream.send(-1)
            #expect(upstream.send(5) == .none)
            #expect(recorder.log == ["4", "failure(TestError(code: -1))"])
            #expect(upstream.requests == ["request max(2)", "cancel"])
        }

        @Test func theUpstreamsFinishAndFailurePassThrough() {
            let finished = Recorder([1, 2].publisher.tryCompactMap { $0 == 1 ? nil : $0 * 10 })
            #expect(finished.log == ["20", "finished"])
            let subject = PassthroughSubject<Int, TestError>()
            let failed = Recorder(subject.tryCompactMap { $0 })
            subject.send(completion: .failure(TestError(code: 3)))
            #expect(failed.log == ["failure(TestError(code: 3))"])
        }

        @Test func chainedCompactMapsAreOneAsInCombine() {
            let subject = PassthroughSubject<String, Never>()
            let plain: Publishers.CompactMap<PassthroughSubject<String, Never>, Int> =
                subject.compactMap { Int($0) }.compactMap { $0 > 1 ? $0 * 2 : nil }
            let mapped: Publishers.CompactMap<PassthroughSubject<String, Never>, String> =
                subject.compactMap { Int($0) }.map { "#\($0)" }
            let tried: Publishers.TryCompactMap<PassthroughSubject<String, Never>, Int> =
                subject.tryCompactMap { Int($0) }.compactMap { value -> Int? in
                    if value == 3 { throw TestError(code: 3) }
                    return value
                }
            let recorders = (Recorder(plain), Recorder(mapped), Recorder(tried))
            for text in ["1", "a", "2", "3"] { subject.send(text) }
            #expect(recorders.0.values == [4, 6])
            #expect(recorders.1.values == ["#1", "#2", "#3"])
            #expect(recorders.2.log == ["1", "2", "failure(TestError(code: 3))"])
        }
    }
}
#endif
