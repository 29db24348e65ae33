#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct ConcatenateTests {
        @Test func appendDeliversTheSuffixAfterThePrefixFinishes() {
            let subject = PassthroughSubject<Int, TestError>()
            let values: Publishers.Concatenate<PassthroughSubject<Int, TestError>, Publishers.Sequence<[Int], TestError>> =
                subject.append(8, 9)
            let recorder = Recorder(values)
            subject.send(1)
            #expect(recorder.events == [.value(1)])
            subject.send(completion: .finished)
            #expect(recorder.events == [.value(1), .value(8), .value(9), .finished])
            let sequence = Recorder([1].publisher.append(stride(from: 2, through: 6, by: 2)))
            #expect(sequence.events == [.value(1), .value(2), .value(4), .value(6), .finished])
            let publisher = Recorder([1].publisher.append(Just(2)))
            #expect(publisher.events == [.value(1), .value(2), .finished])
        }

        @Test func prependDeliversItsValuesFirst() {
            let subject = PassthroughSubject<Int, TestError>()
            let values: Publishers.Concatenate<Publishers.Sequence<[Int], TestError>, PassthroughSubject<Int, TestError>> =
                subject.prepend(1, 2)
            let recorder = Recorder(values)
            subject.send(3)
            subject.send(completion: .finished)
            #expect(recorder.events == [.value(1), .value(2), .value(3), .finished])
            #expect(Recorder(Just(3).prepend([1, 2])).events == [.value(1), .value(2), .value(3), .finished])
            #expect(Recorder(Just(3).prepend(Just(0))).events == [.value(0), .value(3), .finished])
        }

        @Test func aFailingPrefixEndsItThereAndTheSuffixIsNeverSubscribed() {
            let suffix = ManualPublisher<Int, TestError>()
            let recorder = Recorder(Fail<Int, TestError>(error: TestError(code: 2)).append(suffix))
            #expect(recorder.events == [.failure(TestError(code: 2))])
            #expect(suffix.subscriptions == 0)
        }

        @Test func theSuffixIsAskedForWhatThePrefixDidNotDeliver() {
            let prefix = CountingPublisher(limit: 2)
            let suffix = CountingPublisher(limit: 100)
            let recorder = Recorder(prefix.append(suffix), demand: .max(3), onValue: { _ in .none })
            #expect(recorder.values == [0, 1, 0])
            #expect(prefix.requests == ["request max(3)"])
            #expect(suffix.requests == ["request max(1)"])
            recorder.request(.max(2))
            #expect(recorder.values == [0, 1, 0, 1, 2])
            #expect(suffix.requests == ["request max(1)", "request max(2)"])
        }

        @Test func demandTheSubscriberReturnedIsCarriedToTheSuffix() {
            let prefix = ManualPublisher<Int, TestError>()
            let suffix = ManualPublisher<Int, TestError>()
            let recorder = Recorder(prefix.append(suffix), demand: .max(1), onValue: { _ in .max(2) })
            #expect(prefix.send(1) == .max(2))
            prefix.send(completion: .finished)
            #expect(suffix.requests == ["request max(2)"])
            suffix.send(2)
            suffix.send(completion: .finished)
            #expect(recorder.events == [.value(1), .value(2), .finished])
        }

        @Test func anEmptyPrefixLeavesTheWholeDemandToTheSuffix() {
            let prefix = ManualPublisher<Int, TestError>()
            let suffix = ManualPublisher<Int, TestError>()
            let recorder = Recorder(prefix.append(suffix), demand: .max(1))
            prefix.send(completion: .finished)
            recorder.request(.max(2))
            #expect(prefix.requests == ["request max(1)"])
            #expect(suffix.requests == ["request max(1)", "request max(2)"])
        }

        @Test func cancellingCancelsThePublisherInUseOnly() {
            let prefix = ManualPublisher<Int, TestError>()
            let suffix = ManualPublisher<Int, TestError>()
            let first = Recorder(prefix.append(suffix), demand: .max(1))
            first.cancel()
            prefix.send(completion: .finished)
            #expect(prefix.requests == ["request max(1)", "cancel"])
            #expect(suffix.subscriptions == 0)
            #expect(first.events == [])

            let onSuffix = CountingPublisher(limit: 100)
            let second = Recorder(Publishers.Sequence<[Int], TestError>(sequence: [7]).append(onSuffix), demand: .max(2))
            second.cancel()
            #expect(second.values == [7, 0])
            #expect(onSuffix.requests == ["request max(1)", "cancel"])
        }
    }
}
#endif
