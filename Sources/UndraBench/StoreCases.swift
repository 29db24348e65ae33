import UndraRuntime

// The store rows: a keyed patch applied through a store in each mode, against the straightforward
// coarse approach (a @Published array, copied, patched and assigned back).

/// The store rows of the table.
func storeCases() -> [BenchCase] {
    [1_000, 10_000, 100_000].flatMap { rows in
        [updateCase(rows: rows, mode: .fine), updateCase(rows: rows, mode: .coarse)]
    } + [updateCase(rows: 100_000, mode: .unobserved), frameBuildCase(), hundredOpsInOneFrameCase(), extraOpCase()]
}

struct Item: Sendable {
    var title: String
    var done: Bool
}

enum Schema {
    static let items = ListField<Int, Item>(id: 0, name: "items")
    static let count = Field<Int>(id: 1, name: "count", initial: 0)
    static let fields: [any FieldDeclaration] = [items, count]
}

/// A fine-grained store, as generated code writes one.
private final class FineStore: UndraStore, Trackable, @unchecked Sendable {  // @unchecked: see Todos in the tests.
    let runtime = StoreRuntime(name: "Bench", fields: Schema.fields)
    var registrar: Registrar { runtime.registrar }
    @Mirrored(Schema.items) var items
}

/// The same store in the coarse mode.
private final class CoarseStore: UndraStore, ObservableObject, @unchecked Sendable {  // @unchecked: as above.
    let runtime = StoreRuntime(name: "Bench", fields: Schema.fields)
    var objectWillChange: ObservableObjectPublisher { runtime.objectWillChange }
    @Mirrored(Schema.items) var items
}

/// The straightforward coarse approach: a @Published array of rows with a key → index table.
private final class CopyingStore: ObservableObject {
    @Published var items: [Item]
    let index: [Int: Int]

    init(rows: Int) {
        items = (0..<rows).map { _ in Item(title: "todo", done: false) }
        index = Dictionary(uniqueKeysWithValues: (0..<rows).map { ($0, $0) })
    }

    /// Copies the array, patches one row, assigns it back.
    func update(_ key: Int, _ item: Item) {
        guard let position = index[key] else { return }
        var copy = items
        copy[position] = item
        items = copy
    }
}

/// Numbers a store's frames.
final class Feed {
    let runtime: StoreRuntime
    var sequence: UInt64 = 1

    init(_ runtime: StoreRuntime, rows: Int) {
        self.runtime = runtime
        let all = (0..<rows).map { (key: $0, row: Item(title: "todo", done: false)) }
        let report = runtime.apply(Frame(
            epoch: 1, sequence: 1, isSnapshot: true, schemaHash: runtime.mirror.schemaHash,
            ops: [.reset(Schema.items, all)]))
        precondition(report.applied == 1, "UndraBench: the snapshot was rejected: \(report.rejected)")
    }

    /// Applies `count` frames, the ops of the `i`th made by `ops(i)` (what the core would send),
    /// and returns the nanoseconds the applying took. Frames are built untimed, 64 at a time
    /// just before they are applied (so they are in cache, as a decoder's fresh output would
    /// be); building one is the decoder's cost (`frame.build.1update`), not the store's. A
    /// rejected frame would measure the wrong thing, so it stops the run. `before(i)` runs, timed,
    /// just before the `i`th frame is applied (a row that re-arms an observer per frame).
    func timedApply(_ count: Int, before: (Int) -> Void = { _ in }, _ ops: (Int) -> [FrameOp]) -> Double {
        var nanoseconds = 0.0, applied = 0, start = 0
        var chunk: [Frame] = []
        chunk.reserveCapacity(64)
        while start < count {
            chunk.removeAll(keepingCapacity: true)
            for i in start..<min(start + 64, count) {
                sequence += 1
                chunk.append(Frame(epoch: 1, sequence: sequence, ops: ops(i)))
            }
            nanoseconds += elapsed {
                for (offset, frame) in chunk.enumerated() {
                    before(start + offset)
                    applied &+= runtime.apply(frame).applied
                }
            }
            start += chunk.count
        }
        precondition(applied == count, "UndraBench: \(count - applied) frames were rejected")
        return nanoseconds
    }
}

private enum Mode: String { case fine, coarse, unobserved }

/// A keyed update costs the same at every size (≤ 2× the 1,000-row row of its mode), and at
/// 1,000 rows already beats copying the list (≥ 10×; the copy grows with the rows, ours does not).
private func updateGoal(rows: Int, mode: Mode) -> Goal? {
    if mode == .unobserved { return nil }
    return rows == 1_000 ? .speedup(atLeast: 10) : .rowRatio(atMost: 2, of: "list.update.1k.\(mode.rawValue)")
}

/// Counts announcements, so that no observer is optimized away.
private final class Announcements: @unchecked Sendable {  // @unchecked: one thread.
    var count = 0
}

/// One `update` frame through a store with one observer of the list (a continuous observation
/// in the fine-grained mode; an objectWillChange sink and a $items sink in the coarse mode), or
/// with none.
private func updateCase(rows: Int, mode: Mode) -> BenchCase {
    let seen = Announcements()
    let feed: Feed
    var keep: [Any] = []
    switch mode {
    case .fine:
        let store = FineStore()
        feed = Feed(store.runtime, rows: rows)
        keep.append(observe({ store.items }, onChange: { _ in seen.count += 1 }))
    case .coarse:
        let store = CoarseStore()
        feed = Feed(store.runtime, rows: rows)
        keep.append(store.objectWillChange.sink { seen.count += 1 })
        keep.append(store.$items.sink { seen.count += $0.isEmpty ? 0 : 1 })
    case .unobserved:
        // What keeping a store up to date costs while nobody observes it (either mode).
        let store = FineStore()
        feed = Feed(store.runtime, rows: rows)
    }
    let copying = CopyingStore(rows: rows)
    keep.append(copying.objectWillChange.sink { seen.count += 1 })
    keep.append(copying.$items.sink { seen.count += $0.isEmpty ? 0 : 1 })
    let label = rows >= 1000 ? "\(rows / 1000)k" : "\(rows)"
    let variants = (0..<8).map { Item(title: "todo \($0)", done: $0 & 1 == 0) }
    return BenchCase(
        name: "list.update.\(label).\(mode.rawValue)", baseline: "CopyingPublished", goal: updateGoal(rows: rows, mode: mode),
        timedOurs: { n in
            let nanoseconds = feed.timedApply(n) { i in [.update(Schema.items, i % rows, variants[i & 7])] }
            blackHole((keep.count, seen.count))
            return nanoseconds
        },
        timedTheirs: { n in
            let nanoseconds = elapsed {
                for i in 0..<n {
                    copying.update(i % rows, variants[i & 7])
                }
            }
            blackHole((keep.count, seen.count))
            return nanoseconds
        })
}

/// What building (and releasing) a one-update frame costs, apart from applying it: the part
/// of a frame's cost that the `list.update` rows leave to the decoder.
private func frameBuildCase() -> BenchCase {
    let variants = (0..<8).map { Item(title: "todo \($0)", done: $0 & 1 == 0) }
    return BenchCase(
        name: "frame.build.1update", baseline: "Item copy", goal: nil,
        ours: { n in
            for i in 0..<n {
                blackHole(Frame(epoch: 1, sequence: UInt64(i), ops: [.update(Schema.items, i, variants[i & 7])]))
            }
        },
        theirs: { n in
            for i in 0..<n { blackHole(variants[i & 7]) }
        })
}

/// The same 100 updates of one list as one frame and as 100 frames of one op, through a
/// fine-grained store of 1,000 rows with one observer of the list: what merging a frame's ops
/// into one apply and one announcement saves.
private func hundredOpsInOneFrameCase() -> BenchCase {
    let store = FineStore(), seen = Announcements()
    let feed = Feed(store.runtime, rows: 1_000)
    let token = observe({ store.items }, onChange: { _ in seen.count += 1 })
    func update(_ i: Int) -> FrameOp { .update(Schema.items, i % 1_000, Item(title: "todo", done: i & 1 == 0)) }
    return BenchCase(
        name: "frame.100ops.vs.100frames", baseline: "100 frames of 1 op", goal: .speedup(atLeast: 5),
        timedOurs: { n in
            let nanoseconds = feed.timedApply(n) { i in (0..<100).map { update(i * 100 + $0) } }
            blackHole((token, seen.count))
            return nanoseconds
        },
        timedTheirs: { n in
            let nanoseconds = feed.timedApply(n * 100) { i in [update(i)] }
            blackHole((token, seen.count))
            return nanoseconds
        })
}

/// What each op after the first adds to a frame: (a frame of 100 updates − a frame of 1) ÷ 99,
/// against a frame of 1, through the store of `hundredOpsInOneFrameCase`. A frame's fixed cost
/// (the drain, its locks, the announcement, the observer's run) is paid once; an extra op costs
/// about what finding its row and writing it does. (The retired `frame.100ops.vs.1op` asked a
/// 100-op frame for at most 2× a one-op frame: 2 ns per op, less than hashing its key.)
private func extraOpCase() -> BenchCase {
    let store = FineStore(), seen = Announcements()
    let feed = Feed(store.runtime, rows: 1_000)
    let token = observe({ store.items }, onChange: { _ in seen.count += 1 })
    func update(_ i: Int) -> FrameOp { .update(Schema.items, i % 1_000, Item(title: "todo", done: i & 1 == 0)) }
    return BenchCase(
        name: "frame.extraOp", baseline: "frame of 1 op", goal: .baselineRatio(atMost: 0.15),
        timedOurs: { n in
            // `n` extra ops: as many 100-op frames as hold them, less as many one-op frames.
            let frames = (n + 98) / 99
            let hundred = feed.timedApply(frames) { i in (0..<100).map { update(i * 100 + $0) } }
            let one = feed.timedApply(frames) { i in [update(i)] }
            blackHole((token, seen.count))
            return max(0, hundred - one) * Double(n) / Double(frames * 99)
        },
        timedTheirs: { n in
            let nanoseconds = feed.timedApply(n) { i in [update(i)] }
            blackHole((token, seen.count))
            return nanoseconds
        })
}
