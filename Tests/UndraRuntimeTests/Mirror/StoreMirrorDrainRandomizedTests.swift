import Testing
@testable import UndraRuntime

/// Random drains of 1–5 frames (snapshots among them, rejected frames among them) applied to a
/// store in each mode, checked after every drain against `DrainModel`, which applies the same
/// frames one at a time: every value each field delivered (an event field: each of its values,
/// in order, once; a coalescing field: its final value once, if the drain changed it), the
/// rejections and the resync requests, `objectWillChange`, the position and the values.
@Suite struct StoreMirrorDrainRandomizedTests {
    final class FineStore: UndraStore, Trackable, @unchecked Sendable {  // @unchecked: as `Todos`.
        let runtime = StoreRuntime(name: "Drains", schemaHash: DrainSchema.hash, fields: DrainSchema.fields)
        var registrar: Registrar { runtime.registrar }
        @Mirrored(DrainSchema.items) var items
        @Mirrored(DrainSchema.count) var count
        @Mirrored(DrainSchema.event) var event
        @Mirrored(DrainSchema.feed) var feed
    }

    final class CoarseStore: UndraStore, ObservableObject, @unchecked Sendable {  // @unchecked: as `Todos`.
        let runtime = StoreRuntime(name: "Drains", schemaHash: DrainSchema.hash, fields: DrainSchema.fields)
        var objectWillChange: ObservableObjectPublisher { runtime.objectWillChange }
        @Mirrored(DrainSchema.items) var items
        @Mirrored(DrainSchema.count) var count
        @Mirrored(DrainSchema.event) var event
        @Mirrored(DrainSchema.feed) var feed
    }

    static func render(_ list: KeyedList<Int, Int>) -> String { "\(Array(list.keys)):\(Array(list))" }

    /// A store of either mode, its deliveries ("field value", in order), its resync requests,
    /// and what it had delivered before the current drain.
    final class Subject: @unchecked Sendable {  // @unchecked: used from the test's thread.
        let name: String
        let runtime: StoreRuntime
        let deliveries = ValueLog<String>()
        let resyncRequests = CallCounter()
        let willChange = CallCounter()
        var keep: [Any] = []
        private var seen = 0

        init(name: String, runtime: StoreRuntime) {
            self.name = name
            self.runtime = runtime
            let requests = resyncRequests
            runtime.resyncRequestHandler = { _ in requests.bump() }
        }

        /// The deliveries since the last call, per field.
        func newDeliveries() -> [String: [String]] {
            let all = deliveries.all
            defer { seen = all.count }
            var byField: [String: [String]] = [:]
            for line in all[seen...] {
                let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
                byField[parts[0], default: []].append(parts[1])
            }
            return byField
        }
    }

    static func fineSubject() -> Subject {
        let store = FineStore()
        let subject = Subject(name: "fine", runtime: store.runtime)
        let log = subject.deliveries
        subject.keep = [
            store,
            observe { log.append("items \(Self.render(store.items))") },
            observe { log.append("count \(store.count)") },
            observe { log.append("event \(store.event)") },
            observe { log.append("feed \(Self.render(store.feed))") },
        ]
        return subject
    }

    static func coarseSubject() -> Subject {
        let store = CoarseStore()
        let subject = Subject(name: "coarse", runtime: store.runtime)
        let log = subject.deliveries, willChange = subject.willChange
        subject.keep = [
            store,
            store.objectWillChange.sink { willChange.bump() },
            store.$items.sink { log.append("items \(Self.render($0))") },
            store.$count.sink { log.append("count \($0)") },
            store.$event.sink { log.append("event \($0)") },
            store.$feed.sink { log.append("feed \(Self.render($0))") },
        ]
        return subject
    }

    @Test(arguments: [21, 22, 23, 24] as [UInt64])
    func drainsDeliverWhatApplyingTheirFramesOneAtATimeDelivers(seed: UInt64) {
        var random = KeyedListSeededGenerator(seed: seed)
        var core = DrainCore()
        var model = DrainModel()
        let subjects = [Self.fineSubject(), Self.coarseSubject()]
        for subject in subjects {
            #expect(subject.newDeliveries() == ["items": ["[]:[]"], "count": ["0"], "event": ["0"], "feed": ["[]:[]"]])
        }
        var totals = (frames: 0, snapshots: 0, rejected: 0, multiFrameDrains: 0, eventValues: 0)

        for drainNumber in 0..<700 {
            let frames = (0..<Int.random(in: 1...5, using: &random)).map { _ in core.next(using: &random) }
            let expected = model.drain(frames)
            totals.frames += frames.count
            totals.snapshots += frames.count { $0.isSnapshot }
            totals.rejected += expected.rejected.count
            totals.multiFrameDrains += frames.count > 1 ? 1 : 0
            totals.eventValues += expected.deliveries["event"]?.count ?? 0

            for subject in subjects {
                let errorsBefore = subject.runtime.errors.count
                let requestsBefore = subject.resyncRequests.count
                let willChangeBefore = subject.willChange.count
                let report = subject.runtime.apply(frames.map(\.frame))
                let context = "seed \(seed), drain \(drainNumber), \(subject.name): \(frames)"
                guard report.rejected.map(\.reason) == expected.rejected, report.applied == expected.applied else {
                    Issue.record("\(context): report \(report), expected \(expected)")
                    return
                }
                guard subject.newDeliveries() == expected.deliveries else {
                    Issue.record("\(context): delivered something else than \(expected.deliveries)")
                    return
                }
                // Every rejection is reported but a delta dropped while a resync is awaited.
                let reported = expected.rejected.count { if case .awaitingResync = $0 { false } else { true } }
                #expect(subject.runtime.errors.count - errorsBefore == reported, "\(context)")
                #expect(subject.resyncRequests.count - requestsBefore == expected.resyncRequests, "\(context)")
                if subject.name == "coarse" {
                    #expect(subject.willChange.count - willChangeBefore == (expected.changedAnything ? 1 : 0), "\(context)")
                }
                let mirror = subject.runtime.mirror
                #expect(mirror.isAwaitingResync == model.isAwaitingResync, "\(context)")
                #expect(mirror.position.map { [$0.epoch, $0.sequence] } == model.epoch.map { [$0, model.sequence] }, "\(context)")
                #expect(Self.render(mirror[DrainSchema.items]) == DrainModel.render(model.items), "\(context)")
                #expect(mirror[DrainSchema.count] == model.count, "\(context)")
                #expect(mirror[DrainSchema.event] == model.event, "\(context)")
                #expect(Self.render(mirror[DrainSchema.feed]) == DrainModel.render(model.feed), "\(context)")
            }
        }
        // For the run to mean anything, every shape must be common.
        #expect(totals.snapshots > 300 && totals.rejected > 300 && totals.multiFrameDrains > 400, "\(totals)")
        #expect(totals.eventValues > 500, "\(totals)")
    }
}
