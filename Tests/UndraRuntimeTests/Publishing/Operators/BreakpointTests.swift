#if !canImport(Combine)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct BreakpointTests {
        @Test func passesEverythingThroughWhileTheClosuresSayNo() {
            let journal = Journal()
            let upstream = CountingPublisher(limit: 3)
            let recorder = Recorder(upstream.breakpoint(
                receiveSubscription: { _ in journal.record("subscription"); return false },
                receiveOutput: { journal.record("value \($0)"); return false },
                receiveCompletion: { _ in journal.record("completion"); return false }), demand: .max(2))
            #expect(recorder.values == [0, 1])
            recorder.request(.max(5))
            #expect(recorder.events == [.value(0), .value(1), .value(2), .finished])
            #expect(journal.all == ["subscription", "value 0", "value 1", "value 2", "completion"])
            #expect(upstream.requests == ["request max(2)", "request max(5)"])
        }

        @Test func cancellingPassesToTheUpstream() {
            let upstream = CountingPublisher()
            let recorder = Recorder(upstream.breakpointOnError(), demand: .max(1))
            recorder.cancel()
            #expect(recorder.values == [0])
            #expect(upstream.requests == ["request max(1)", "cancel"])
        }

        @Test func aValueTheClosureStopsOnRaisesSIGTRAP() async {
            await #expect(processExitsWith: .signal(SIGTRAP)) {
                let subject = PassthroughSubject<Int, Never>()
                let subscription = subject.breakpoint(receiveOutput: { $0 == 2 }).sink { _ in }
                subject.send(1)
                subject.send(2)
                withExtendedLifetime(subscription) {}
            }
        }

        @Test func breakpointOnErrorStopsOnAFailureOnly() async {
            await #expect(processExitsWith: .signal(SIGTRAP)) {
                let subject = PassthroughSubject<Int, TestError>()
                let subscription = subject.breakpointOnError().sink(receiveCompletion: { _ in }, receiveValue: { _ in })
                subject.send(1)
                subject.send(completion: .failure(TestError()))
                withExtendedLifetime(subscription) {}
            }
            let finishing = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(finishing.breakpointOnError())
            finishing.send(completion: .finished)
            #expect(recorder.events == [.finished])
        }
    }
}
#endif
