#if !canImport(Combine)
import Testing
@testable import UndraRuntime

private final class Counter: ObservableObject {
    @Published var count = 0
    @Published var label = "zero"
}

extension PublishingTests {
    @Suite struct PublishedTests {
        @Test func theProjectedPublisherDeliversTheCurrentValueAtOnceThenEveryAssignment() {
            let counter = Counter()
            counter.count = 5
            let recorder = Recorder(counter.$count)
            counter.count = 6
            counter.count = 6
            counter.count = 7
            #expect(recorder.events == [.value(5), .value(6), .value(6), .value(7)])
            #expect(counter.count == 7)
        }

        @Test func anAssignmentSendsObjectWillChangeThenTheNewValueThenStoresIt() {
            let counter = Counter()
            let journal = Journal()
            let willChange = counter.objectWillChange.sink { journal.record("will change, count is \(counter.count)") }
            let values = counter.$count.dropFirst().sink {
                journal.record("$count got \($0), count is \(counter.count)")
            }
            counter.count = 1
            journal.record("after the set, count is \(counter.count)")
            #expect(journal.all == [
                "will change, count is 0",
                "$count got 1, count is 0",
                "after the set, count is 1",
            ])
            withExtendedLifetime((willChange, values)) {}
        }

        @Test func anAssignmentFromInsideASinkSticksAndNobodySeesValuesGoBackwards() {
            // The first sink clamps the value; the later sinks must see 100 then 10, never 10 then 100,
            // and the property must end at 10. (OpenCombine ends at 100 and shows 10 before 100.)
            // The clamping assignment waits until the one under way has been delivered and stored,
            // then is announced, delivered and stored in its turn.
            let counter = Counter()
            let journal = Journal()
            let clamp = counter.$count.sink { value in
                journal.record("clamp got \(value)")
                if value > 10 { counter.count = 10 }
            }
            let later = counter.$count.sink { journal.record("later got \($0), count is \(counter.count)") }
            let willChange = counter.objectWillChange.sink { journal.record("will change") }
            counter.count = 100
            #expect(counter.count == 10)
            #expect(journal.all == [
                "clamp got 0", "later got 0, count is 0",
                "will change", "clamp got 100", "later got 100, count is 0",
                "will change", "clamp got 10", "later got 10, count is 100",
            ])
            withExtendedLifetime((clamp, later, willChange)) {}
        }

        @Test func aSubscriberThatJoinsDuringDeliveryGetsTheValueBeingSet() {
            let counter = Counter()
            let journal = Journal()
            var joined: AnyCancellable?
            let first = counter.$count.sink { value in
                if value == 1 { joined = counter.$count.sink { journal.record("joined got \($0)") } }
            }
            counter.count = 1
            counter.count = 2
            #expect(journal.all == ["joined got 1", "joined got 2"])
            withExtendedLifetime((first, joined)) {}
        }

        @Test func eachPropertyHasItsOwnPublisher() {
            let counter = Counter()
            let counts = Recorder(counter.$count)
            let labels = Recorder(counter.$label)
            counter.label = "one"
            counter.count = 1
            #expect(counts.events == [.value(0), .value(1)])
            #expect(labels.events == [.value("zero"), .value("one")])
        }

        @Test func aPublisherCanBeRepublishedIntoAPublishedProperty() {
            let counter = Counter()
            let source = PassthroughSubject<Int, Never>()
            let journal = Journal()
            let willChange = counter.objectWillChange.sink { journal.record("will change") }
            let counts = counter.$count.sink { journal.record("count \($0)") }
            source.assign(to: &counter.$count)
            source.send(3)
            source.send(4)
            #expect(counter.count == 4)
            #expect(journal.all == ["count 0", "will change", "count 3", "will change", "count 4"])
            withExtendedLifetime((willChange, counts)) {}
        }

        @Test func aRepublishingSubscriptionEndsWithTheObject() {
            let source = PassthroughSubject<Int, Never>()
            var counter: Counter? = Counter()
            weak let released = counter
            source.assign(to: &counter!.$count)
            source.send(1)
            #expect(counter?.count == 1)
            counter = nil
            #expect(released == nil)
            // The subscription is gone: sending reaches nobody, and nothing is kept alive.
            source.send(2)
            let probe = Recorder(source)
            source.send(3)
            #expect(probe.events == [.value(3)])
        }

        @Test func valuesYieldsTheLatestValueAtEachNext() async {
            let counter = Counter()
            var values = counter.$count.values.makeAsyncIterator()
            #expect(await values.next() == 0)
            counter.count = 1
            #expect(await values.next() == 1)
            counter.count = 2
            counter.count = 3
            #expect(await values.next() == 3)
        }

        @Test func assigningAnotherPropertysPublisherChangesNeitherPropertyAsInCombine() {
            let first = Counter()
            let second = Counter()
            first.count = 1
            second.count = 2
            let journal = Journal()
            let willChange = first.objectWillChange.sink { journal.record("first will change") }
            let counts = first.$count.sink { journal.record("first $count \($0)") }
            first.$count = second.$count  // Combine accepts this, and keeps each value
            #expect(first.count == 1)
            #expect(second.count == 2)
            first.$count = second.$count
            second.count = 4  // not followed
            #expect(first.count == 1)
            first.count = 9
            #expect(second.count == 4)
            #expect(journal.all == ["first $count 1", "first will change", "first $count 9"])
            withExtendedLifetime((willChange, counts)) {}
        }

        @Test func aSetWithNobodySubscribedIsStoredAndTheNextSubscriberStartsFromIt() {
            let counter = Counter()
            for value in 1...100 { counter.count = value }
            #expect(counter.count == 100)
            let recorder = Recorder(counter.$count)
            counter.count = 101
            #expect(recorder.values == [100, 101])
            recorder.cancel()
            counter.count = 102  // nobody again: the fast path
            #expect(Recorder(counter.$count).values == [102])
        }

        @Test func aSubscriberWithLimitedDemandCatchesUpWithTheStoredValue() {
            let counter = Counter()
            let recorder = Recorder(counter.$count, demand: .max(1))
            counter.count = 1  // missed
            counter.count = 2  // missed
            recorder.request(.max(1))
            #expect(recorder.values == [0, 2])
        }
    }
}

#endif
