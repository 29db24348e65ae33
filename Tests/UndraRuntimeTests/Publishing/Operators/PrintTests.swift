#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct PrintTests {
        /// A class stream, so that the operator writes into this very instance.
        final class Lines: TextOutputStream, @unchecked Sendable {
            // @unchecked: `text` is under its lock.
            private let text = Locked("")
            var all: String { text.withLock { $0 } }
            func write(_ string: String) { text.withLock { $0 += string } }
        }

        @Test func writesEveryEventInCombinesFormat() {
            let lines = Lines()
            let upstream = CountingPublisher(limit: 2)
            let recorder = Recorder(upstream.print("👉", to: lines), demand: .max(1)) { $0 == 0 ? .max(1) : .none }
            recorder.request(.unlimited)
            #expect(recorder.events == [.value(0), .value(1), .finished])
            let written = lines.all.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(written.first?.hasPrefix("👉: receive subscription: (") == true)
            #expect(written.dropFirst() == [
                "👉: request max: (1)",
                "👉: receive value: (0)",
                "👉: request max: (1) (synchronous)",
                "👉: receive value: (1)",
                "👉: receive finished",
                "👉: request unlimited",
                "",
            ])
        }

        @Test func writesFailuresAndCancelsWithoutAPrefix() {
            let lines = Lines()
            let subject = PassthroughSubject<Int, TestError>()
            let failing = Recorder(subject.print(to: lines), demand: .none)
            subject.send(completion: .failure(TestError(code: 5)))
            let cancelling = Recorder(PassthroughSubject<Int, TestError>().print(to: lines), demand: .none)
            cancelling.cancel()
            let written = lines.all.split(separator: "\n").filter { !$0.hasPrefix("receive subscription") }
            #expect(written == ["receive error: (TestError(code: 5))", "receive cancel"])
            withExtendedLifetime(failing) {}
        }
    }
}
#endif
