import Foundation
import Testing
import UndraRuntime
import UndraTesting

/// Records values from any thread, in order.
final class Log<Value: Sendable>: @unchecked Sendable {  // @unchecked: `values` only under `lock`.
    private let lock = NSLock()
    private var values: [Value] = []
    var all: [Value] { lock.withLock { values } }
    func append(_ value: Value) { lock.withLock { values.append(value) } }
}

/// A second store, of a list, with no command: `Notes.lines`.
enum NotesSchema {
    static let lines = ListField<Int, String>(id: 0, name: "lines")
    static let fields: [any FieldDeclaration] = [lines]
    static let wire = WireSchema<WireUnit, WireUnit>(store: "Notes", fields: fields)
}

final class Notes: UndraStore, Trackable, @unchecked Sendable {  // @unchecked: only a `let` and a @Mirrored field.
    let runtime = StoreRuntime(name: "Notes", schema: NotesSchema.wire)
    init(core: Core, index: UInt32 = 1) { _ = core.attach(runtime, index: index, schema: NotesSchema.wire) }
    @Mirrored(NotesSchema.lines) var lines
}

/// What a test core does for a test, and every failure it reports: each at the step that found
/// it, with its exact message.
@Suite struct TestCoreTests {
    /// A counter connected over a test core, showing 41.
    static func connected() async throws -> (TestCore, StoreScript<CounterCommand, CounterOutcome>, Core, Counter) {
        let testCore = TestCore()
        let counterCore = testCore.store(0, schema: CounterSchema.wire, snapshot: [.set(CounterSchema.count, 41)])
        let core = Core(transport: testCore)
        let counter = Counter(core: core)
        try await core.connect()
        return (testCore, counterCore, core, counter)
    }

    @Test func bothModesSeeEveryScriptedFrameWhenItsStepReturns() async throws {
        let testCore = TestCore()
        let counterCore = testCore.store(0, schema: CounterSchema.wire, snapshot: [.set(CounterSchema.count, 41)])
        let core = Core(transport: testCore)
        let counter = Counter(core: core)
        let fine = Log<Int>(), coarse = Log<Int>()
        let token = observe { fine.append(counter.count) }
        let sink = counter.$count.sink { coarse.append($0) }
        try await core.connect()
        await counterCore.send([.set(CounterSchema.count, 7)])
        #expect(fine.all == [0, 41, 7])
        #expect(coarse.all == [0, 41, 7])
        await counterCore.sendSnapshot([])  // the whole state: the count back to its initial value
        #expect(counter.count == 0)
        #expect(counterCore.resyncRequests == [ResyncRequest(store: 0, epoch: nil, sequence: 0, reason: .attach, schema: CounterSchema.wire.description)])
        token.cancel()
        sink.cancel()
        await testCore.finish()
    }

    @Test func concurrentCommandsAreEachReceivedAndAnswered() async throws {
        let (testCore, counterCore, _, counter) = try await Self.connected()
        let calls = (1...20).map { amount in Task { try await counter.increment(by: amount) } }
        var received: [Int] = []
        for _ in 1...20 {
            guard case .increment(let amount)? = await counterCore.receive(where: { _ in true }) else { break }
            received.append(amount)
            await counterCore.answer(.increment(.success(100 + amount)))
        }
        #expect(received.sorted() == Array(1...20))
        for (index, call) in calls.enumerated() { #expect(try await call.value == 101 + index) }
        await testCore.finish()
    }

    @Test func endingTheSessionFailsTheCallsInFlightAndTheAppReconnects() async throws {
        let (testCore, counterCore, core, counter) = try await Self.connected()
        let call = Task { () -> String in
            do { return "\(try await counter.increment(by: 1))" } catch { return "\(error)" }
        }
        await counterCore.receive(.increment(by: 1))
        counterCore.snapshot = [.set(CounterSchema.count, 50)]
        await testCore.endSession()
        #expect(await call.value == "\(CommandError<CounterError>.disconnected)")
        try await core.connection.waitUntilLive(timeout: .seconds(20))
        #expect(counter.count == 50)
        #expect(testCore.connections == 2)
        #expect(counterCore.resyncRequests.map(\.reason) == [.attach, .attach])
        await testCore.finish()  // the unanswered command went with its session
    }

    @Test func aCommandOtherThanTheOneExpectedFailsTheReceive() async throws {
        let (testCore, counterCore, _, counter) = try await Self.connected()
        let call = Task { try? await counter.increment(by: 2) }
        let line = #line; await withKnownIssue { await counterCore.receive(.increment(by: 1)) } matching: { issue in
            issue.comments == ["store 0: expected the command increment(by: 1); the app sent increment(by: 2)"]
                && issue.sourceLocation?.line == line
        }
        await counterCore.answer(.increment(.success(43)), ops: [.set(CounterSchema.count, 43)])
        #expect(await call.value == 43)
        await testCore.finish()
    }

    @Test func noCommandInTimeFailsTheReceive() async throws {
        let (testCore, counterCore, core, counter) = try await Self.connected()
        let line = #line; await withKnownIssue { await counterCore.receive(.increment(by: 1), timeout: .milliseconds(50)) } matching: { issue in
            issue.comments == ["store 0: expected the command increment(by: 1); the app sent none within 50ms"]
                && issue.sourceLocation?.line == line
        }
        await testCore.finish()
        _ = (core, counter)
    }

    @Test func anAnswerWithNoCommandWaitingFails() async throws {
        let (testCore, counterCore, core, counter) = try await Self.connected()
        let outcome = CounterOutcome.increment(.success(1))
        let expected = "store 0: answered \(outcome), but no command received waits for an answer"
        await withKnownIssue { await counterCore.answer(outcome) } matching: { issue in
            issue.comments.map(\.rawValue) == [expected]
        }
        await testCore.finish()
        _ = (core, counter)
    }

    @Test func finishReportsCommandsUnreceivedThenUnanswered() async throws {
        let (testCore, counterCore, core, counter) = try await Self.connected()
        let call = Task { try? await counter.increment(by: 1) }
        await counterCore.receive(.increment(by: 1))
        #expect(counter.commands.send(.increment(by: 2)) != nil)  // sent by the time it returns
        let reported = Log<String>()
        await withKnownIssue { await testCore.finish() } matching: { issue in
            reported.append(issue.comments.map(\.rawValue).joined())
            return true
        }
        #expect(reported.all == [
            "store 0: the app sent the command increment(by: 2), which the test did not receive",
            "store 0: the test received the command increment(by: 1) and did not answer it",
        ])
        core.disconnect()
        #expect(await call.value == nil)
    }

    @Test func aFrameTheStoreRejectsFailsWithTheStoresReason() async throws {
        let testCore = TestCore()
        let counterCore = testCore.store(0, schema: CounterSchema.wire)
        let notesCore = testCore.store(1, schema: NotesSchema.wire, snapshot: [.reset(NotesSchema.lines, [(1, "tea")])])
        let core = Core(transport: testCore)
        let counter = Counter(core: core), notes = Notes(core: core)
        try await core.connect()
        await withKnownIssue { await notesCore.send([.update(NotesSchema.lines, 9, "ghost")]) } matching: { issue in
            issue.comments == [
                "store 1 rejected frame 1:2 and asked for a snapshot: rejected(op: Optional(0), message: \"frame 1:2, field lines (#0): op 0: update of missing key 9\")"
            ]
        }
        #expect(notes.lines.map(\.self) == ["tea"])  // the resync snapshot, applied when the step returned
        #expect(notesCore.resyncRequests.map(\.reason) == [.attach, .rejected(op: 0, message: "frame 1:2, field lines (#0): op 0: update of missing key 9")])
        _ = (counter, counterCore)
        await testCore.finish()
    }

    @Test func aFrameThatCannotBeWrittenFails() async throws {
        let (testCore, counterCore, core, counter) = try await Self.connected()
        let stranger = Field<String>(id: 7, name: "stranger", initial: "")
        await withKnownIssue { await counterCore.send([.set(stranger, "?")]) } matching: { issue in
            issue.comments.map(\.rawValue) == ["store 0: the frame cannot be sent: entry 0, field #7: unknownField"]
        }
        await counterCore.send([.set(CounterSchema.count, 3)])  // numbered on: it took no sequence number
        #expect(counter.count == 3)
        await testCore.finish()
        _ = (core, counter)
    }

    @Test func aStoreWithNoScriptIsReportedAtTheNextStep() async throws {
        let testCore = TestCore()
        let counterCore = testCore.store(0, schema: CounterSchema.wire)
        let core = Core(transport: testCore)
        let counter = Counter(core: core), notes = Notes(core: core)
        // Never live: store 1 waits for a snapshot nobody sends.
        await #expect { try await core.connect(timeout: .milliseconds(100)) } throws: { error in
            if case .timedOut = error as? ConnectionError { true } else { false }
        }
        // Resyncing once the session is open, and each store has asked for its snapshot.
        for _ in 0..<20_000 where core.connection.state != .resyncing(.attach) { try await Task.sleep(nanoseconds: 1_000_000) }
        await withKnownIssue { await testCore.finish() } matching: { issue in
            issue.comments == ["the app sent a message to store 1, which has no script: call testCore.store(1, schema:) before connecting"]
        }
        _ = (counter, counterCore, notes)
    }

    @Test func aStepBeforeConnectingFails() async {
        let testCore = TestCore()
        let counterCore = testCore.store(0, schema: CounterSchema.wire)
        let counter = Counter(core: Core(transport: testCore))
        await withKnownIssue { await counterCore.send([.set(CounterSchema.count, 1)]) } matching: { issue in
            issue.comments == ["store 0: no session: connect the Core first (try await core.connect())"]
        }
        await testCore.finish()
        _ = counter
    }

    @Test func aScriptWhoseTestCoreIsGoneFailsItsSteps() async {
        let counterCore = TestCore().store(0, schema: CounterSchema.wire)
        await withKnownIssue { await counterCore.send([.set(CounterSchema.count, 1)]) } matching: { issue in
            issue.comments == ["store 0: the TestCore is gone: keep it, and the Core over it, for the whole test"]
        }
    }

    @Test func aTestCoreReleasedUnfinishedReportsWhatIsLeftWhereItWasMade() async throws {
        let reported = Log<String>()
        let line = Log<Int>()
        try await withKnownIssue {
            let testCore = TestCore(); line.append(#line)
            let counterCore = testCore.store(0, schema: CounterSchema.wire)
            let core = Core(transport: testCore)
            let counter = Counter(core: core)
            try await core.connect()
            _ = counter.commands.send(.increment(by: 5))
            core.disconnect()
            _ = counterCore
        } matching: { issue in
            reported.append("\(issue.comments.map(\.rawValue).joined()) at \(issue.sourceLocation?.line ?? 0)")
            return true
        }
        #expect(reported.all == [
            "store 0: the app sent the command increment(by: 5), which the test did not receive (and the test never called finish()) at \(line.all[0])"
        ])
    }
}
