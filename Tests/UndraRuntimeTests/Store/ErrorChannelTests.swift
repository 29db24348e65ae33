#if canImport(Combine)
import Combine  // as on Apple platforms, where the coarse mode is Combine's
#endif
import Testing
import UndraRuntime

/// The error channel: typed errors in both modes, and the data keeps flowing.
@Suite struct ErrorChannelTests {
    @Test func gapsDuplicatesAndEpochsAreReportedAndTheDataKeepsFlowing() {
        let core = FakeTodoCore(), todos = Todos(send: { _ in })
        todos.runtime.apply(core.snapshot(["milk"]))
        let reasons = ValueLog<String>()
        let subscription = todos.runtime.errors.publisher.sink { error in
            guard case .rejectedFrame(let rejected) = error else { return }
            reasons.append("\(rejected.reason)")
        }
        let latest = ValueLog<String>()
        let token = observe({ todos.runtime.errors.latest }, onChange: { _ in
            latest.append(todos.runtime.errors.latest.map { "\($0)" } ?? "none")
        })

        todos.runtime.apply(Frame(epoch: 1, sequence: 5, ops: [.set(TodosSchema.count, 9)]))  // a gap
        todos.runtime.apply(Frame(epoch: 1, sequence: 1, ops: []))  // a duplicate
        todos.runtime.apply(Frame(epoch: 2, sequence: 1, ops: []))  // another core instance
        #expect(reasons.all == [
            "gap(expected: 2)", "duplicate(last: 1)", "unexpectedEpoch(expected: Optional(1))",
        ])
        #expect(latest.all.count == 3)
        #expect(latest.all.first == "rejected frame 1:5: gap, expected sequence 2")
        #expect(todos.count == 1)
        #expect(todos.runtime.errors.count == 3)
        #expect(todos.runtime.mirror.isAwaitingResync)

        // The resync snapshot arrives: the data flows again on the same store.
        todos.runtime.apply(Frame(
            epoch: 2, sequence: 1, isSnapshot: true, schemaHash: TodosSchema.hash, ops: [.set(TodosSchema.count, 3)]))
        todos.runtime.apply(Frame(epoch: 2, sequence: 2, ops: [.set(TodosSchema.count, 4)]))
        #expect(todos.count == 4)
        #expect(todos.runtime.errors.count == 3)
        subscription.cancel()
        token.cancel()
    }

    /// The deltas that come with a rejected frame, in the same batch or after it, are dropped
    /// while the mirror waits for its snapshot, and the channel shows the one rejection; the
    /// drain's report lists every frame it did not apply. Many rounds, the gap at each place.
    @Test func theDeltasAfterARejectedFrameAddNoRejection() {
        for round in 0..<100 {
            let core = FakeTodoCore(), todos = Todos(send: { _ in })
            todos.runtime.apply(core.snapshot(["milk"]))
            let reported = ValueLog<StoreError>()
            let subscription = todos.runtime.errors.publisher.sink { reported.append($0) }
            let before = round % 5, after = 1 + round % 7
            // `before` good deltas, a gap (a frame numbered one too far), then `after` deltas that
            // follow the gap's number: one batch, as a stream's read or an in-process call brings it.
            var frames = (0..<before).map { Frame(epoch: 1, sequence: 2 + UInt64($0), ops: [.set(TodosSchema.count, $0)]) }
            let gap = 2 + UInt64(before) + 1
            frames += (0...after).map { Frame(epoch: 1, sequence: gap + UInt64($0), ops: [.set(TodosSchema.count, 100 + $0)]) }
            let report = todos.runtime.apply(frames)
            #expect(report.applied == before, "round \(round)")
            #expect(report.rejected.count == after + 1, "round \(round)")
            #expect(reported.all.count == 1, "round \(round): \(reported.all)")
            guard case .rejectedFrame(let rejection)? = reported.all.first, case .gap = rejection.reason else {
                Issue.record("round \(round): \(reported.all)")
                continue
            }
            // And the deltas of later batches, until the snapshot.
            _ = todos.runtime.apply(Frame(epoch: 1, sequence: gap + UInt64(after) + 1, ops: []))
            #expect(todos.runtime.errors.count == 1, "round \(round)")
            #expect(todos.count == (before == 0 ? 1 : before - 1), "round \(round)")
            subscription.cancel()
        }
    }

    @Test func coreErrorsArriveOnTheSameChannel() {
        let todos = TodosObject(send: { _ in })
        var received: [StoreError] = []
        let subscription = todos.runtime.errors.publisher.sink { received.append($0) }
        todos.runtime.errors.report(.core(code: "E_DISK", message: "disk full"))
        #expect(received == [.core(code: "E_DISK", message: "disk full")])
        #expect(todos.runtime.errors.recent.map(\.description) == ["core error E_DISK: disk full"])
        subscription.cancel()
    }

    @Test func anObserverOfCountAndLatestRunsOncePerError() {
        let channel = ErrorChannel()
        let runs = ValueLog<String>(), named = ValueLog<[String]>()
        let token = observe { runs.append("\(channel.count): \(channel.latest.map { "\($0)" } ?? "none")") }
        let namer = observe({ (channel.count, channel.latest) }, onChange: { named.append($0.map(\.description)) })
        channel.report(.core(code: "E1", message: "first"))
        channel.report(.core(code: "E2", message: "second"))
        #expect(runs.all == ["0: none", "1: core error E1: first", "2: core error E2: second"])
        #expect(named.all == [["latest", "count"], ["latest", "count"]])
        token.cancel()
        namer.cancel()
    }

    @Test func recentKeepsTheLastHundred() {
        let channel = ErrorChannel()
        for index in 0..<150 { channel.report(.core(code: "\(index)", message: "")) }
        #expect(channel.count == 150)
        #expect(channel.recent.count == ErrorChannel.recentLimit)
        #expect(channel.recent.first == .core(code: "50", message: ""))
    }
}
