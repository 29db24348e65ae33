#if canImport(Combine)
import Combine  // as on Apple platforms, where the coarse mode is Combine's
#endif
import Foundation
import Testing
@testable import UndraRuntime

/// `$field` publishers read their first value from the mirror: subscribers that join while
/// another thread applies frames must neither miss the latest value nor see values go backwards.
@Suite struct FieldPublisherTests {
    @Test func aNewSubscriberGetsTheCurrentValueThenEachChange() {
        let core = FakeTodoCore()
        let store = TodosObject(send: { _ in })
        store.runtime.apply(core.snapshot(["milk", "eggs"]))
        let values = ValueLog<Int>()
        let subscription = store.$count.sink { values.append($0) }
        #expect(values.all == [2])
        store.runtime.apply(Frame(epoch: core.epoch, sequence: core.sequence + 1, ops: [.set(TodosSchema.count, 5)]))
        #expect(values.all == [2, 5])
        subscription.cancel()
        store.runtime.apply(Frame(epoch: core.epoch, sequence: core.sequence + 2, ops: [.set(TodosSchema.count, 6)]))
        #expect(values.all == [2, 5])
    }

    @Test func subscribersJoiningDuringDrainsNeverMissTheLastValueNorGoBackwards() {
        let last = 2_000
        for _ in 0..<10 {
            let core = FakeTodoCore()
            let store = TodosObject(send: { _ in })
            store.runtime.apply(core.snapshot([]))
            let first = core.sequence
            let logs = (0..<3).map { _ in ValueLog<Int>() }
            let done = TestAtomic<Bool>(false)
            concurrently(4) { thread in
                if thread == 0 {
                    for value in 1...last {
                        let frame = Frame(
                            epoch: core.epoch, sequence: first + UInt64(value), ops: [.set(TodosSchema.count, value)])
                        precondition(store.runtime.apply(frame).applied == 1)
                    }
                    done.store(true, ordering: .releasing)
                } else {
                    usleep(UInt32.random(in: 0...300))
                    let log = logs[thread - 1]
                    let subscription = store.$count.sink { log.append($0) }
                    while !done.load(ordering: .acquiring) { usleep(50) }
                    subscription.cancel()
                }
            }
            for log in logs {
                let values = log.all
                #expect(!values.isEmpty)
                #expect(values == values.sorted())  // never backwards (a value may come twice)
                #expect(values.last == last)  // never misses the latest
            }
        }
    }
}
