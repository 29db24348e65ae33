import Foundation
import Reference15Kit
import Testing
import UndraRuntime
import UndraTesting

/// A view model's steps against the real core, recorded once and replayed where no core is
/// built: `Fixtures/todos.session` is a session with the Rust reference core (Tests/RustPeer,
/// in process), and its replay answers the generated Todos store as that core did.
@Suite struct SessionReplayTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/todos.session").path
    static let rustLibrary = ProcessInfo.processInfo.environment["UNDRA_RUST_CORE_LIBRARY"]

    /// The steps: two todos added, one toggled, a filter the core refuses; after each, the whole
    /// state of the store.
    @MainActor static func steps(_ transport: any CoreTransport) async throws {
        let core = Reference15Core(transport: transport)
        defer { core.core.disconnect() }
        let todos = Reference15Kit.Todos(core: core)
        try await core.core.connect()
        let expectation = StoreExpectation(todos.runtime, fields: TodosSchema.fields)
        #expect(expectation.expect())
        let tea = try await todos.add(title: "tea")
        expectation.expect {
            $0[TodosSchema.visible] = try! KeyedList(uniqueRows: [Todo(id: tea, title: "tea", done: false)])
            $0[TodosSchema.count] = 1
            $0[TodosSchema.lastEvent] = "added tea"
        }
        let milk = try await todos.add(title: "milk")
        expectation.expect {
            $0[TodosSchema.visible] = try! KeyedList(uniqueRows: [Todo(id: tea, title: "tea", done: false), Todo(id: milk, title: "milk", done: false)])
            $0[TodosSchema.count] = 2
            $0[TodosSchema.lastEvent] = "added milk"
        }
        try await todos.toggle(tea)
        expectation.expect {
            $0[TodosSchema.visible] = try! KeyedList(uniqueRows: [Todo(id: tea, title: "tea", done: true), Todo(id: milk, title: "milk", done: false)])
            $0[TodosSchema.lastEvent] = "toggled \(tea.rawValue)"
        }
        await #expect(throws: CommandError<TodoError>.failed(.unknownFilter("someday"))) { try await todos.setFilter("someday") }
        expectation.expect()
    }

    @Test @MainActor func aRecordedSessionOfTheRealCoreIsReplayed() async throws {
        let replay = SessionReplay(try SessionRecording(contentsOf: Self.fixture))
        try await Self.steps(replay)
        replay.finish()
        #expect(replay.played == (try SessionRecording(contentsOf: Self.fixture)).messages.count)
    }

    /// With the Rust core built (CI), the same steps are recorded again: the app sends the same
    /// messages as in the fixture, and the new recording replays as well. `UNDRA_RECORD_FIXTURES`
    /// writes it as the fixture.
    @Test(.enabled(if: rustLibrary != nil)) @MainActor func recordingTheRealCoreAgainGivesTheSameSession() async throws {
        let recorder = SessionRecorder(InProcessTransport(functions: try InProcessCoreFunctions.load(library: Self.rustLibrary!)))
        try await Self.steps(recorder)
        let recording = recorder.recording
        if ProcessInfo.processInfo.environment["UNDRA_RECORD_FIXTURES"] != nil { try recording.write(to: Self.fixture) }
        let fixture = try SessionRecording(contentsOf: Self.fixture)
        func sent(_ recording: SessionRecording) -> [SessionRecording.Message] {
            recording.messages.filter { if case .host = $0 { true } else { false } }
        }
        #expect(sent(recording) == sent(fixture))
        #expect(recording.messages.count == fixture.messages.count)
        let replay = SessionReplay(recording)
        try await Self.steps(replay)
        replay.finish()
    }
}

/// A replay that the app no longer follows, and a fixture that is not a recording.
@Suite struct SessionReplayFailureTests {
    @Test @MainActor func anAppThatSendsAnotherMessageFailsThereAndTheSessionEnds() async throws {
        let replay = SessionReplay(try SessionRecording(contentsOf: SessionReplayTests.fixture))
        let core = Reference15Core(transport: replay)
        defer { core.core.disconnect() }
        let todos = Reference15Kit.Todos(core: core)
        try await core.core.connect()
        await withKnownIssue {
            await #expect(throws: CommandError<TodoError>.disconnected) { try await todos.add(title: "coffee") }
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix("message 3 of the recording is not what the app sent:\n    recorded host ") == true
        }
        #expect(replay.played == 2)
        withKnownIssue {
            replay.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["the replay ended with 8 of 10 recorded messages not played: the app did less than was recorded"]
        }
    }

    @Test func aRecordingsTextRoundTripsAndABadLineIsNamed() throws {
        let recording = SessionRecording(messages: [.host([0, 1, 0xAB]), .core([]), .core([0xFF])])
        #expect(recording.text == "host 0001ab\ncore \ncore ff\n")
        #expect(try SessionRecording(text: recording.text) == recording)
        for (text, line, content) in [("host 00\ncore 0g\n", 2, "core 0g"), ("sent 00", 1, "sent 00"), ("host 001", 1, "host 001")] {
            let error = #expect(throws: SessionRecording.Malformed.self) { try SessionRecording(text: text) }
            #expect(error?.line == line && error?.text == content, "\(text)")
        }
    }
}
