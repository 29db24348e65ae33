import Foundation
import Testing
@testable import UndraRuntime

/// Which writes are an observer's own: only those its `read` makes. A write that a callback makes
/// on the same thread (another observer's run, a `track`'s `onChange`) is a change like any other.
@Suite struct OwnWritesTests {
    final class Pair: Trackable, @unchecked Sendable {  // @unchecked: used on one thread.
        let registrar = Registrar()
        @Tracked var a = 0
        @Tracked var b = 0
    }

    @Test func anObserverReactingToAWriteOfARunReRunsIt() {
        // A reads `a` and writes `b`; B reacts to `b == 2` by writing `a = 10`, from inside A's run.
        let pair = Pair(), seenByA = ValueLog<Int>()
        let first = observe {
            let a = pair.a
            seenByA.append(a)
            pair.b = a + 1
        }
        let second = observe { if pair.b == 2 { pair.a = 10 } }
        pair.a = 1
        #expect(seenByA.all == [0, 1, 10])
        #expect(pair.a == 10)
        #expect(pair.b == 11)
        first.cancel()
        second.cancel()
    }

    @Test func aTrackReactingToAWriteOfARunReRunsIt() {
        let pair = Pair(), seenByA = ValueLog<Int>()
        let first = observe {
            let a = pair.a
            seenByA.append(a)
            pair.b = a + 1
        }
        track(read: { _ = pair.b }, onChange: { pair.a = 10 })  // fires at the next write of `b`
        pair.a = 1
        #expect(seenByA.all == [0, 1, 10])
        #expect(pair.b == 11)
        first.cancel()
    }

    @Test func aCallbacksReadsDoNotCountForTheRunThatFiredIt() {
        // B runs inside A's run (A's write fired it); what B reads is B's, not A's.
        let pair = Pair(), other = Pair(), runsOfA = CallCounter()
        let first = observe {
            runsOfA.bump()
            pair.b = pair.a + 1
        }
        let second = observe { _ = (pair.b, other.a) }
        pair.a = 1
        #expect(runsOfA.count == 2)
        other.a = 5  // read by B only
        #expect(runsOfA.count == 2)
        first.cancel()
        second.cancel()
    }

    @Test func writesFromATrackNestedInReadAreReadsOwn() {
        let pair = Pair(), runs = CallCounter()
        let token = observe {
            runs.bump()
            track(read: { pair.a += 1 }, onChange: {})
        }
        #expect(runs.count == 1)
        #expect(pair.a == 1)
        pair.a = 5
        #expect(runs.count == 2)
        #expect(pair.a == 6)
        token.cancel()
    }

    @Test func writesFromOnChangeAreChangesLikeAnyOther() {
        // `onChange` is not `read`: what it writes, `read` must see.
        let pair = Pair(), calls = ValueLog<Int>()
        let token = observe({ pair.a }, onChange: { _ in
            calls.append(pair.a)
            if pair.a < 3 { pair.a += 1 }
        })
        pair.a = 1
        #expect(calls.all == [1, 2, 3])
        token.cancel()
    }

    @Test func aOneShotTrackFiresForAWriteACallbackMakesWhileItReads() {
        let pair = Pair(), fired = CallCounter()
        track(read: { _ = pair.b }, onChange: { pair.a = 10 })
        track(read: {
            _ = pair.a
            pair.b = 1  // fires the other track, which writes `a`: read by this one
        }, onChange: { fired.bump() })
        #expect(fired.count == 1)
        #expect(pair.a == 10)
    }

    @Test func aOneShotTrackIgnoresWhatItsReadWrites() {
        let pair = Pair(), fired = CallCounter()
        track(read: {
            _ = pair.a
            pair.a = 1
            track(read: { pair.a = 2 }, onChange: {})
        }, onChange: { fired.bump() })
        #expect(fired.count == 0)
        pair.a = 3
        #expect(fired.count == 1)
    }
}

/// Observers that write each other's inputs, on several threads: once everything is quiet, each
/// has last run after the last write to what it read.
@Suite struct OwnWritesRandomizedTests {
    /// Cells of integers that only rise, each write stamped from one clock.
    final class Cells: @unchecked Sendable {  // @unchecked: `values` and `stamps` only under `lock`.
        let registrar = Registrar()
        let clock = TestAtomic<Int>(0)
        private let ids: [PropertyID]
        private let lock = NSLock()
        private var values: [Int]
        private var stamps: [Int]

        init(count: Int) {
            ids = (0..<count).map { PropertyID(named: "Cells.\($0)") }
            values = Array(repeating: 0, count: count)
            stamps = Array(repeating: 0, count: count)
        }

        func tick() -> Int { clock.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue }

        /// Reads cell `index`, recording the read.
        func get(_ index: Int) -> Int {
            registrar.access(self, property: ids[index])
            return lock.withLock { values[index] }
        }

        /// The cell and the stamp of its last write, unrecorded.
        func peek(_ index: Int) -> (value: Int, stamp: Int) {
            lock.withLock { (values[index], stamps[index]) }
        }

        /// Raises cell `index` to `value`; announces a change only if it rose.
        func raise(_ index: Int, to value: Int) {
            registrar.willSet(self, property: ids[index])
            let rose = lock.withLock {
                guard value > values[index] else { return false }
                values[index] = value
                stamps[index] = tick()
                return true
            }
            if rose { registrar.didSet(self, property: ids[index]) }
        }
    }

    /// What one observer's last run did.
    final class LastRun: @unchecked Sendable {  // @unchecked: only under `lock`.
        private let lock = NSLock()
        private var stamp = 0
        private var seen: [Int] = []

        func record(stamp: Int, seen: [Int]) { lock.withLock { (self.stamp, self.seen) = (stamp, seen) } }
        var value: (stamp: Int, seen: [Int]) { lock.withLock { (stamp, seen) } }
    }

    @Test(arguments: 0..<12)
    func everyObserverLastRanAfterTheLastWriteToWhatItRead(seed: UInt64) {
        var random = KeyedListSeededGenerator(seed: seed)
        let cellCount = 6, cap = 200
        let cells = Cells(count: cellCount)
        // Each observer reads two cells and raises a third past the larger: a graph with cycles,
        // around which values climb to `cap`, each step a write made inside another observer's run.
        let wiring: [(inputs: [Int], output: Int)] = (0..<8).map { _ in
            let picked = Array((0..<cellCount).shuffled(using: &random).prefix(3))
            return (Array(picked.prefix(2)), picked[2])
        }
        let lastRuns = wiring.map { _ in LastRun() }
        let tokens = wiring.indices.map { observer in
            let (inputs, output) = wiring[observer]
            return observe {
                let stamp = cells.tick()
                let seen = inputs.map { cells.get($0) }
                lastRuns[observer].record(stamp: stamp, seen: seen)
                cells.raise(output, to: min(cap, seen.max()! + 1))
            }
        }
        let plans = (0..<4).map { _ in
            (0..<60).map { _ in (Int.random(in: 0..<cellCount, using: &random), Int.random(in: 1...20, using: &random)) }
        }
        concurrently(4) { thread in
            for (cell, value) in plans[thread] { cells.raise(cell, to: value) }
        }
        for (observer, (inputs, _)) in wiring.enumerated() {
            let last = lastRuns[observer].value
            let now = inputs.map { cells.peek($0) }
            #expect(now.allSatisfy { last.stamp > $0.stamp }, "observer \(observer) last ran before a write to its inputs")
            #expect(last.seen == now.map(\.value), "observer \(observer) last saw stale inputs")
        }
        for (inputs, output) in wiring {
            let largest = inputs.map { cells.peek($0).value }.max()!
            #expect(cells.peek(output).value >= min(cap, largest + 1))
        }
        tokens.forEach { $0.cancel() }
    }
}
