import Dispatch
import Foundation
import Reference15Kit
import ReferenceKit
import Testing
@testable import UndraRuntime
@testable import UndraSQLite

/// A UIKit screen as Swift 6 writes it: a `@MainActor` class whose `$visible.sink` closure is
/// inferred to be main-actor isolated. On Apple platforms, where the closure goes to Combine (a
/// `@preconcurrency` module), Swift checks at each call that it runs on the main queue, and a
/// call elsewhere stops the program (`dispatch_assert_queue_fail`, issue 30's crash); Linux
/// inserts no check, so the screen makes the same one itself.
@MainActor final class TodosScreen {
    private(set) var shown: [[String]] = []
    private var subscription: AnyCancellable?

    init(todos: Reference15Kit.Todos) {
        subscription = todos.$visible.sink { rows in
            dispatchPrecondition(condition: .onQueue(.main))
            self.shown.append(rows.map(\.title))
        }
    }
}

/// The same screen as the type system sees it: `receive(on: MainActor.shared)` hands the sink a
/// `@MainActor` closure and calls it on the main queue, whatever queue the core delivers on.
@MainActor final class TypedTodosScreen {
    private(set) var shown: [[String]] = []
    private var subscription: AnyCancellable?

    init(todos: Reference15Kit.Todos) {
        subscription = todos.$visible.receive(on: MainActor.shared).sink { [weak self] rows in
            dispatchPrecondition(condition: .onQueue(.main))
            self?.shown.append(rows.map(\.title))
        }
    }
}

/// The same screen over a live query's store.
@MainActor final class TasksScreen {
    private(set) var shown: [[String]] = []
    private var subscription: AnyCancellable?

    init(tasks: TaskStoreObject) {
        subscription = tasks.$open.sink { rows in
            dispatchPrecondition(condition: .onQueue(.main))
            self.shown.append(rows.map(\.title))
        }
    }
}

/// With no options, a `Core` and a `LiveQueryFeed` apply frames and announce on the main actor:
/// the two crashes of issue 30 (a `@MainActor` sink on a core in another process, and on a feed
/// written to from another connection), run for many frames with the defaults.
@Suite struct MainActorDeliveryTests {
    /// Each reachable core (the fake one in process, threaded and over a socket, whose reader
    /// thread is where a child process's frames arrive; the Rust core in process and as a
    /// process when CI builds it), with no options but a quick reconnection.
    @Test(arguments: ReferenceCore.available)
    @MainActor func aMainActorSinkOnTheDefaultCoreSeesEveryFrameOnTheMainActor(_ reference: ReferenceCore) async throws {
        let (transport, cleanup) = try reference.transport(persistent: false)
        defer { cleanup() }
        let core = Reference15Core(transport: transport)
        defer { core.core.disconnect() }
        let todos = Reference15Kit.Todos(core: core)
        let screen = TodosScreen(todos: todos)
        try await core.core.connect()
        var titles: [String] = []
        for index in 0..<300 {
            let title = "t\(index)"
            _ = try await todos.add(title: title)
            titles.append(title)
            // Each call returns once its frame is applied and announced: on this actor, so the
            // screen has been called already.
            #expect(screen.shown.last == titles)
        }
        // One announcement per frame, in order: every prefix once, after the empty list.
        #expect(Array(screen.shown.drop { $0.isEmpty }) == (1...300).map { Array(titles.prefix($0)) })

        // Commands from four other tasks at once: their frames still arrive on the main actor.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for index in 0..<100 { _ = try await todos.add(title: "\(task).\(index)") }
                }
            }
            try await group.waitForAll()
        }
        #expect(screen.shown.last?.count == 700)
        #expect(todos.visible.count == 700)
        let counts = screen.shown.map(\.count)
        #expect(counts == counts.sorted())  // frames in order, none announced twice out of turn
    }

    /// What the default prevents: the same screen over a core drained on the thread that finds
    /// work (`.anyThread`) is called on the socket's reader thread, and the check stops the
    /// process; with the default delivery the same program ends normally, and so does the typed
    /// screen (`receive(on: MainActor.shared)`) with any delivery. (Each runs apart, as an exit
    /// test.)
    @Test func withAnyThreadTheSameScreenIsCalledOffTheMainActorAndStopsTheProgram() async {
        await #expect(processExitsWith: .signal(SIGILL)) { try await Self.showHundredTodos(.anyThread, typed: false) }
        await #expect(processExitsWith: .success) { try await Self.showHundredTodos(.main, typed: false) }
        await #expect(processExitsWith: .success) { try await Self.showHundredTodos(.anyThread, typed: true) }
    }

    /// A screen over a fresh fake core on a socket, and a hundred commands.
    @MainActor static func showHundredTodos(_ delivery: Core.Delivery, typed: Bool) async throws {
        let (transport, cleanup) = try ReferenceCore.fakeUnixSocket.transport(persistent: false)
        defer { cleanup() }
        let core = Reference15Core(transport: transport, options: Core.Options(delivery: delivery))
        let todos = Reference15Kit.Todos(core: core)
        let shown: () -> [[String]]
        if typed {
            let screen = TypedTodosScreen(todos: todos)
            shown = { screen.shown }
        } else {
            let screen = TodosScreen(todos: todos)
            shown = { screen.shown }
        }
        try await core.core.connect()
        for index in 0..<100 { _ = try await todos.add(title: "t\(index)") }
        #expect(await eventually { shown().last?.count == 100 })
        core.core.disconnect()
    }

    /// The typed screen over each reachable core drained on the thread that finds work: every
    /// frame reaches it on the main actor, once, in order.
    @Test(arguments: ReferenceCore.available)
    @MainActor func theTypedScreenSeesEveryFrameOnTheMainActorWhateverTheDelivery(_ reference: ReferenceCore) async throws {
        let (transport, cleanup) = try reference.transport(persistent: false)
        defer { cleanup() }
        let core = Reference15Core(transport: transport, options: Core.Options(delivery: .anyThread))
        defer { core.core.disconnect() }
        let todos = Reference15Kit.Todos(core: core)
        let screen = TypedTodosScreen(todos: todos)
        try await core.core.connect()
        var titles: [String] = []
        for index in 0..<200 {
            let title = "t\(index)"
            _ = try await todos.add(title: title)
            titles.append(title)
        }
        #expect(await eventually { screen.shown.last == titles })
        #expect(Array(screen.shown.drop { $0.isEmpty }) == (1...200).map { Array(titles.prefix($0)) })
    }

    @Test func theDefaultCoreResumesCallsAndChangesItsStateOnTheMainQueue() async throws {
        let (transport, cleanup) = try ReferenceCore.fakeUnixSocket.transport(persistent: false)
        defer { cleanup() }
        let core = ReferenceKit.ReferenceCore(transport: transport)
        defer { core.core.disconnect() }
        let todos = ReferenceKit.Todos(core: core)
        let threads = ValueLog<Bool>()
        let main = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: main, value: true)
        let token = observe({ _ = todos.visible.count }, onChange: { _ in threads.append(DispatchQueue.getSpecific(key: main) == true) })
        defer { token.cancel() }
        try await core.core.connect()
        for index in 0..<50 { _ = try await todos.add(title: "t\(index)") }
        #expect(threads.all.count >= 50)
        #expect(threads.all.allSatisfy { $0 }, "\(threads.all)")
        #expect(Core.Options().delivery.dispatchQueue?.label == DispatchQueue.main.label)
    }

    /// Another connection writes on a background thread; the feed, made with no queue, finds each
    /// commit (a poll, and `waitUntilCurrent` from the main actor, which runs there at once).
    @Test @MainActor func aMainActorSinkOnTheDefaultFeedSeesEveryOutsideCommitOnTheMainActor() async throws {
        let folder = try TemporaryFolder()
        let db = try SQLiteDbAdapter.tasks(in: folder)
        let other = try folder.database()
        let tasks = TaskStoreObject()
        let feed = LiveQueryFeed(database: db, runtime: tasks.runtime, pollInterval: .milliseconds(2))
        #expect(feed.queue.label == DispatchQueue.main.label)
        try feed.add(TaskSchema.open, query: "SELECT id, title, done, priority FROM task WHERE done = 0 ORDER BY id", key: "id")
        let screen = TasksScreen(tasks: tasks)
        var titles: [String] = []
        for round in 0..<200 {
            let title = "t\(round)"
            _ = try await Task.detached { try other.insertTask(title) }.value
            titles.append(title)
            if round % 2 == 0 {
                #expect(feed.waitUntilCurrent(timeout: .seconds(10)))
            } else {
                // The poll finds it while the main actor waits here.
                #expect(await eventually { screen.shown.last == titles })
            }
            #expect(screen.shown.last == titles, "round \(round)")
        }
        #expect(tasks.runtime.errors.count == 0)
        let counts = screen.shown.map(\.count)
        #expect(counts == counts.sorted())
        #expect(Set(counts) == Set(0...200))
        feed.cancel()
        withExtendedLifetime(db) {}
    }
}
