import Testing
import UndraRuntime

/// `TrackedValues`: the values of a tracked expression as an `AsyncSequence`.
@Suite struct TrackedValuesTests {
    @Test func yieldsTheCurrentValueFirstThenEachNewValue() async {
        let person = Person()
        var iterator = TrackedValues { person.name }.makeAsyncIterator()
        #expect(await iterator.next() == "Ada")
        person.name = "Grace"
        #expect(await iterator.next() == "Grace")
        Task.detached { person.name = "Hopper" }
        #expect(await iterator.next() == "Hopper")
    }

    @Test func changesMadeWhileTheConsumerIsBusyCoalesceIntoTheLatest() async {
        let person = Person()
        var iterator = TrackedValues { "\(person.name) \(person.age)" }.makeAsyncIterator()
        #expect(await iterator.next() == "Ada 36")
        person.name = "Grace"
        person.age = 85
        person.name = "Hopper"
        #expect(await iterator.next() == "Hopper 85")
        person.age = 86
        #expect(await iterator.next() == "Hopper 86")
    }

    @Test func endsWhenTheTaskIsCancelled() async {
        let person = Person()
        let started = CallCounter()
        let consumer = Task {
            var seen: [String] = []
            for await name in TrackedValues({ person.name }) {
                seen.append(name)
                started.bump()
            }
            return seen
        }
        while started.count == 0 { await Task.yield() }
        consumer.cancel()
        #expect(await consumer.value == ["Ada"])
    }

    @Test func twoIteratorsEachSeeEveryValueOnce() async {
        let person = Person()
        let values = TrackedValues { person.age }
        var first = values.makeAsyncIterator(), second = values.makeAsyncIterator()
        #expect(await first.next() == 36)
        #expect(await second.next() == 36)
        person.age = 37
        #expect(await first.next() == 37)
        #expect(await second.next() == 37)
        person.age = 38
        #expect(await second.next() == 38)
        #expect(await first.next() == 38)
    }
}
