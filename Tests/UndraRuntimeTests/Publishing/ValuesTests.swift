#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct ValuesTests {
        @Test func yieldsTheCurrentValueThenEverySentValueUntilTheEnd() async {
            let subject = CurrentValueSubject<Int, Never>(0)
            let values = subject.values
            subject.send(1)
            subject.send(2)
            subject.send(completion: .finished)
            var received: [Int] = []
            for await value in values { received.append(value) }
            #expect(received == [0, 1, 2])
        }

        @Test func throwsThePublishersFailure() async {
            let subject = PassthroughSubject<Int, TestError>()
            let values = subject.values
            subject.send(1)
            subject.send(completion: .failure(TestError(code: 9)))
            var received: [Int] = []
            await #expect(throws: TestError(code: 9)) {
                for try await value in values { received.append(value) }
            }
            #expect(received == [1])
        }

        @Test func stoppingTheIterationEndsTheSubscription() async {
            let subject = PassthroughSubject<Int, Never>()
            var canary: Canary? = Canary()
            weak let weakCanary = canary
            do {
                let values = subject.map { [canary] value in
                    _ = canary
                    return value
                }.values
                canary = nil
                subject.send(1)
                for await _ in values { break }
            }
            #expect(weakCanary == nil)
        }
    }
}
#endif
