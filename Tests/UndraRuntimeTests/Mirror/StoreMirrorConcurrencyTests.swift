import Foundation
import Testing
@testable import UndraRuntime

/// Several threads applying frames to one mirror at once: whoever holds the drain applies the
/// frames the others queue, and a drain that ends just as a frame is queued must not strand it.
@Suite struct StoreMirrorConcurrencyTests {
    static let counter = Field<Int>(id: 0, name: "counter", initial: 0)

    /// The next snapshot a writing thread sends: numbered from `ticket`, setting the counter to
    /// its number, so the newest applied is the last value.
    static func nextSnapshot(_ ticket: TestAtomic<Int>) -> Frame {
        let sequence = ticket.wrappingAdd(1, ordering: .relaxed).newValue
        return Frame(
            epoch: 1, sequence: UInt64(sequence), isSnapshot: true, schemaHash: 1, ops: [.set(counter, Int(sequence))])
    }

    /// Counts announcements from the draining threads, and checks that they never overlap.
    final class Announcements: MirrorDelegate, @unchecked Sendable {  // @unchecked: state is atomic.
        let inside = TestAtomic<Int>(0)
        let overlaps = TestAtomic<Int>(0)
        let drains = TestAtomic<Int>(0)

        private func enter() {
            if inside.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue != 1 {
                overlaps.wrappingAdd(1, ordering: .relaxed)
            }
        }

        private func leave() { inside.wrappingSubtract(1, ordering: .acquiringAndReleasing) }

        func mirrorWillChange(_ fields: [FieldID]) { enter(); leave() }
        func mirrorDidChange(_ changes: ChangeSet) { enter(); leave() }
        func mirrorDidReject(_ error: MirrorError) { enter(); leave() }
        /// Lingers now and then, so that other threads queue frames while a drain is ending.
        func mirrorDidEndDrain() {
            enter()
            if drains.wrappingAdd(1, ordering: .relaxed).newValue % 4 == 0 { usleep(20) }
            leave()
        }
    }

    /// Snapshots with increasing sequence numbers from four threads: each is applied or (when a
    /// newer one got there first) rejected as a duplicate, by its own call or by the drain it
    /// was queued for. None is lost, and the mirror ends on the newest.
    @Test func everyFrameFromEveryThreadIsAppliedOrRejectedExactlyOnce() {
        var queuedInAllRounds = 0
        for _ in 0..<30 {
            let mirror = StoreMirror(schemaHash: 1, fields: [Self.counter])
            let announcements = Announcements()
            mirror.delegate = announcements
            let ticket = TestAtomic<Int>(0)
            let applied = TestAtomic<Int>(0), rejected = TestAtomic<Int>(0), queued = TestAtomic<Int>(0)
            let perThread = 200, threads = 4
            concurrently(threads) { _ in
                for _ in 0..<perThread {
                    let report = mirror.apply(Self.nextSnapshot(ticket))
                    applied.wrappingAdd(report.applied, ordering: .relaxed)
                    rejected.wrappingAdd(report.rejected.count, ordering: .relaxed)
                    queued.wrappingAdd(report.queued, ordering: .relaxed)
                    let duplicates = report.rejected.filter { if case .duplicate = $0.reason { true } else { false } }
                    #expect(duplicates.count == report.rejected.count)
                }
            }
            let total = perThread * threads
            #expect(applied.load(ordering: .relaxed) + rejected.load(ordering: .relaxed) == total)
            #expect(queued.load(ordering: .relaxed) <= total)
            #expect(mirror.state.withLock { $0.queue.isEmpty })  // no frame was left behind
            let stillDraining = mirror.draining.load(ordering: .relaxed)
            #expect(!stillDraining)
            #expect(mirror.position?.sequence == UInt64(total))
            #expect(mirror[Self.counter] == total)
            #expect(announcements.overlaps.load(ordering: .relaxed) == 0)
            queuedInAllRounds += queued.load(ordering: .relaxed)
        }
        #expect(queuedInAllRounds > 0)  // the rounds did make threads queue for each other's drains
    }

    /// A delegate that, as the drain ends, has another thread apply a frame (which is queued, the
    /// drain being still held) and waits for that call to return.
    final class QueuesAsTheDrainEnds: MirrorDelegate, @unchecked Sendable {  // @unchecked: see `frame`.
        weak var mirror: StoreMirror?
        /// Set before the drain starts; read by the draining thread only.
        var frame: Frame?
        let otherReport = ValueLog<DrainReport>()

        func mirrorWillChange(_ fields: [FieldID]) {}
        func mirrorDidChange(_ changes: ChangeSet) {}
        func mirrorDidReject(_ error: MirrorError) {}
        func mirrorDidEndDrain() {
            guard let frame = frame.take(), let mirror else { return }
            let otherReport = otherReport
            onAnotherThread { otherReport.append(mirror.apply(frame)) }
        }
    }

    @Test func aFrameQueuedAsTheDrainEndsIsAppliedByThatDrain() {
        let mirror = StoreMirror(schemaHash: 1, fields: [Self.counter])
        let delegate = QueuesAsTheDrainEnds()
        delegate.mirror = mirror
        mirror.delegate = delegate
        mirror.apply(Frame(epoch: 1, sequence: 1, isSnapshot: true, schemaHash: 1, ops: []))
        delegate.frame = Frame(epoch: 1, sequence: 3, ops: [.set(Self.counter, 3)])
        let report = mirror.apply(Frame(epoch: 1, sequence: 2, ops: [.set(Self.counter, 2)]))
        #expect(delegate.otherReport.all == [DrainReport(queued: 1)])
        #expect(report == DrainReport(applied: 2))
        #expect(mirror[Self.counter] == 3)
        #expect(mirror.position! == (1, 3))
    }

    /// Frames applied one call after another, each call from whichever of four threads has the
    /// turn, while drains linger as they end: a frame queued for a drain that is ending must still
    /// be applied before any frame of a later call, so that no frame is rejected for a gap.
    @Test func framesFromCallsMadeOneAfterAnotherAreAppliedInOrder() {
        for _ in 0..<10 {
            let mirror = StoreMirror(schemaHash: 1, fields: [Self.counter])
            let announcements = Announcements()
            mirror.delegate = announcements
            mirror.apply(Frame(epoch: 1, sequence: 1, isSnapshot: true, schemaHash: 1, ops: []))
            let turn = TestAtomic<Int>(0), total = 400, threads = 4
            let rejected = TestAtomic<Int>(0)
            concurrently(threads) { thread in
                var next = thread
                while next < total {
                    while turn.load(ordering: .acquiring) != next { usleep(1) }
                    let report = mirror.apply(Frame(
                        epoch: 1, sequence: UInt64(next + 2), ops: [.set(Self.counter, next + 1)]))
                    rejected.wrappingAdd(report.rejected.count, ordering: .relaxed)
                    turn.store(next + 1, ordering: .releasing)
                    next += threads
                }
            }
            #expect(rejected.load(ordering: .relaxed) == 0)
            #expect(mirror.state.withLock { $0.queue.isEmpty })
            #expect(mirror.position?.sequence == UInt64(total + 1))
            #expect(mirror[Self.counter] == total)
        }
    }

    /// A store's drains commit a frame under one lock while nobody hears its will-change, and in
    /// two steps while someone does: threads installing one-shot `track`s flip between the two
    /// while four threads apply frames. Every frame is applied or rejected once, the store ends
    /// on the newest, and its continuous observer's last run read that.
    @Test func aStoresDrainsSwitchBetweenOneLockAndTwoWithoutLosingAFrame() {
        for round in 0..<20 {
            let runtime = StoreRuntime(name: "Counter\(round)", schemaHash: 1, fields: [Self.counter])
            let lastRead = TestAtomic<Int>(-1), fired = TestAtomic<Int>(0)
            let token = observe { lastRead.store(runtime.read(Self.counter), ordering: .relaxed) }
            let ticket = TestAtomic<Int>(0), applied = TestAtomic<Int>(0), rejected = TestAtomic<Int>(0)
            let perThread = 150, writers = 4
            concurrently(writers + 1) { index in
                if index == writers {
                    // Arms one-shot observers (which hear will-change) now and then.
                    for _ in 0..<perThread {
                        _ = track(read: { runtime.read(Self.counter) }, onChange: { fired.wrappingAdd(1, ordering: .relaxed) })
                    }
                    return
                }
                for _ in 0..<perThread {
                    let report = runtime.apply(Self.nextSnapshot(ticket))
                    applied.wrappingAdd(report.applied, ordering: .relaxed)
                    rejected.wrappingAdd(report.rejected.count, ordering: .relaxed)
                }
            }
            let total = perThread * writers
            #expect(applied.load(ordering: .relaxed) + rejected.load(ordering: .relaxed) == total)
            #expect(runtime.mirror.position?.sequence == UInt64(total))
            #expect(runtime.read(Self.counter) == total)
            #expect(lastRead.load(ordering: .relaxed) == total)
            #expect(fired.load(ordering: .relaxed) <= perThread)
            token.cancel()
        }
    }
}
