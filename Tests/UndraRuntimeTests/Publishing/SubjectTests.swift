#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct PassthroughSubjectTests {
        @Test func deliversEachValueToEverySubscriberThenTheCompletion() {
            let subject = PassthroughSubject<Int, TestError>()
            let first = Recorder(subject)
            let second = Recorder(subject)
            subject.send(1)
            subject.send(2)
            subject.send(completion: .finished)
            #expect(first.events == [.value(1), .value(2), .finished])
            #expect(second.events == [.value(1), .value(2), .finished])
        }

        @Test func aLateSubscriberGetsOnlyLaterValues() {
            let subject = PassthroughSubject<Int, TestError>()
            subject.send(1)
            let recorder = Recorder(subject)
            subject.send(2)
            #expect(recorder.events == [.value(2)])
        }

        @Test func afterCompletionValuesAndFurtherCompletionsAreIgnoredAndLateSubscribersGetTheCompletion() {
            let subject = PassthroughSubject<Int, TestError>()
            let early = Recorder(subject)
            subject.send(completion: .failure(TestError(code: 7)))
            subject.send(1)
            subject.send(completion: .finished)
            let late = Recorder(subject)
            #expect(early.events == [.failure(TestError(code: 7))])
            #expect(late.events == [.failure(TestError(code: 7))])
        }

        @Test func subscribersAreCalledInSubscriptionOrder() {
            let subject = PassthroughSubject<Int, Never>()
            let journal = Journal()
            let subscriptions = ["A", "B", "C", "D"].map { name in subject.sink { journal.record("\(name)\($0)") } }
            subject.send(1)
            subscriptions[1].cancel()
            let late = subject.sink { journal.record("E\($0)") }
            subject.send(2)
            #expect(journal.all == ["A1", "B1", "C1", "D1", "A2", "C2", "D2", "E2"])
            withExtendedLifetime((subscriptions, late)) {}
        }

        @Test func aSubscriberThatCancelsItselfDuringDeliveryGetsNothingMore() {
            let subject = PassthroughSubject<Int, Never>()
            let journal = Journal()
            var selfCancelling: AnyCancellable?
            selfCancelling = subject.sink { value in
                journal.record("A\(value)")
                selfCancelling?.cancel()
            }
            let other = subject.sink { journal.record("B\($0)") }
            subject.send(1)
            subject.send(2)
            #expect(journal.all == ["A1", "B1", "B2"])
            withExtendedLifetime(other) {}
        }

        @Test func aSubscriberCancelledByAnEarlierOneDuringDeliveryIsNotReachedInThatDelivery() {
            let subject = PassthroughSubject<Int, Never>()
            let journal = Journal()
            var later: AnyCancellable?
            let earlier = subject.sink { value in
                journal.record("A\(value)")
                later?.cancel()
            }
            later = subject.sink { journal.record("B\($0)") }
            let last = subject.sink { journal.record("C\($0)") }
            subject.send(1)
            subject.send(2)
            #expect(journal.all == ["A1", "C1", "A2", "C2"])
            withExtendedLifetime((earlier, last)) {}
        }

        @Test func aSubscriberAddedDuringDeliveryGetsOnlyLaterValues() {
            let subject = PassthroughSubject<Int, Never>()
            let journal = Journal()
            var added: [AnyCancellable] = []
            let adder = subject.sink { value in
                journal.record("A\(value)")
                if value == 1 { added.append(subject.sink { journal.record("N\($0)") }) }
            }
            let other = subject.sink { journal.record("B\($0)") }
            subject.send(1)
            subject.send(2)
            #expect(journal.all == ["A1", "B1", "A2", "B2", "N2"])
            withExtendedLifetime((adder, other, added)) {}
        }

        @Test func aValueSentFromInsideASubscriberIsDeliveredToEveryoneAfterTheCurrentOne() {
            // Combine would deliver 2 to A nested inside A's handling of 1, then B would get 2
            // before 1: values going backwards. Here 2 waits until 1 has reached everyone.
            let subject = PassthroughSubject<Int, Never>()
            let journal = Journal()
            let a = subject.sink { value in
                journal.record("A\(value)")
                if value == 1 { subject.send(2) }
                journal.record("A\(value) done")
            }
            let b = subject.sink { journal.record("B\($0)") }
            subject.send(1)
            #expect(journal.all == ["A1", "A1 done", "B1", "A2", "A2 done", "B2"])
            withExtendedLifetime((a, b)) {}
        }

        @Test func aValueSentFromInsideASubscriberDoesNotReachOneThatJoinsAfterIt() {
            let subject = PassthroughSubject<Int, Never>()
            let journal = Journal()
            var joined: AnyCancellable?
            let a = subject.sink { value in
                guard value == 1 else { return }
                subject.send(2)  // queued: it was sent before N joined, so N must not get it
                joined = subject.sink { journal.record("N\($0)") }
                subject.send(3)
            }
            subject.send(1)
            #expect(journal.all == ["N3"])
            withExtendedLifetime((a, joined)) {}
        }

        @Test func aCompletionSentFromInsideASubscriberFollowsTheCurrentValue() {
            let subject = PassthroughSubject<Int, TestError>()
            let journal = Journal()
            let a = subject.sink(receiveCompletion: { journal.record("A \($0)") }) { value in
                journal.record("A\(value)")
                subject.send(completion: .finished)
                subject.send(9)
            }
            let b = subject.sink(receiveCompletion: { journal.record("B \($0)") }) { journal.record("B\($0)") }
            subject.send(1)
            #expect(journal.all == ["A1", "B1", "A finished", "B finished"])
            withExtendedLifetime((a, b)) {}
        }
    }
}

extension PublishingTests {
    @Suite struct CurrentValueSubjectTests {
        @Test func aSubscriberGetsTheCurrentValueAtOnceThenEveryValue() {
            let subject = CurrentValueSubject<Int, TestError>(0)
            let recorder = Recorder(subject)
            subject.send(1)
            subject.value = 2
            subject.send(2)
            #expect(recorder.events == [.value(0), .value(1), .value(2), .value(2)])
            #expect(subject.value == 2)
        }

        @Test func afterCompletionTheValueStaysAndLateSubscribersGetOnlyTheCompletion() {
            let subject = CurrentValueSubject<Int, TestError>(0)
            let early = Recorder(subject)
            subject.send(1)
            subject.send(completion: .finished)
            subject.send(2)
            subject.send(completion: .failure(TestError()))
            let late = Recorder(subject)
            #expect(early.events == [.value(0), .value(1), .finished])
            #expect(late.events == [.finished])
            #expect(subject.value == 1)
        }

        @Test func valueIsTheLatestSentEvenWhileItIsStillBeingDelivered() {
            let subject = CurrentValueSubject<Int, Never>(0)
            let journal = Journal()
            let a = subject.sink { value in
                journal.record("A\(value) sees \(subject.value)")
                if value == 1 { subject.value = 2 }
                journal.record("A\(value) then sees \(subject.value)")
            }
            let b = subject.sink { journal.record("B\($0)") }
            subject.send(1)
            #expect(journal.all == [
                "A0 sees 0", "A0 then sees 0", "B0",
                "A1 sees 1", "A1 then sees 2", "B1",
                "A2 sees 2", "A2 then sees 2", "B2",
            ])
            withExtendedLifetime((a, b)) {}
        }

        @Test func aSubscriberAddedDuringDeliveryGetsTheValueBeingDeliveredOnce() {
            let subject = CurrentValueSubject<Int, Never>(0)
            let journal = Journal()
            var added: AnyCancellable?
            let a = subject.sink { value in
                journal.record("A\(value)")
                if value == 1 { added = subject.sink { journal.record("N\($0)") } }
            }
            let b = subject.sink { journal.record("B\($0)") }
            subject.send(1)
            subject.send(2)
            #expect(journal.all == ["A0", "B0", "A1", "N1", "B1", "A2", "B2", "N2"])
            withExtendedLifetime((a, b, added)) {}
        }

        @Test func aSubscriberAddedAfterAQueuedValueStartsFromThatValue() {
            let subject = CurrentValueSubject<Int, Never>(0)
            let journal = Journal()
            var added: AnyCancellable?
            let a = subject.sink { value in
                guard value == 1 else { return }
                subject.send(2)  // queued behind 1, but already the current value
                added = subject.sink { journal.record("N\($0)") }
            }
            subject.send(1)
            #expect(journal.all == ["N2"])
            withExtendedLifetime((a, added)) {}
        }

        @Test func aLargeCopyOnWriteValueReachesSubscribersWithoutACopy() {
            let rows = Array(0..<100_000)
            let subject = CurrentValueSubject<[Int], Never>(rows)
            var storages: [UnsafeRawPointer?] = []
            let subscription = subject.sink { received in
                storages.append(received.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) })
            }
            subject.send(rows)
            let original = rows.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            #expect(storages == [original, original])
            withExtendedLifetime(subscription) {}
        }

        @Test func settingTheValueAfterCompletionStoresItAsCombineDoes() {
            let subject = CurrentValueSubject<Int, TestError>(0)
            let recorder = Recorder(subject)
            subject.send(completion: .finished)
            subject.value = 5  // stored, not delivered
            #expect(subject.value == 5)
            subject.send(6)  // a send after completion is ignored, value and all
            #expect(subject.value == 5)
            #expect(recorder.events == [.value(0), .finished])
            #expect(Recorder(subject).events == [.finished])
        }
    }
}

#endif
