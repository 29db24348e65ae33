@testable import UndraRuntime

/// The schema of the randomized drain test: a coalescing list and scalar, and a list and a
/// scalar that do not coalesce.
enum DrainSchema {
    static let items = ListField<Int, Int>(id: 0, name: "items")
    static let count = Field<Int>(id: 1, name: "count", initial: 0)
    static let event = Field<Int>(id: 2, name: "event", initial: 0, coalesces: false)
    static let feed = ListField<Int, Int>(id: 3, name: "feed", coalesces: false)
    static let fields: [any FieldDeclaration] = [items, count, event, feed]
    static let hash: UInt64 = 0xD4A1
    /// The field names, in schema order (the order a snapshot's fields are checked in).
    static let names = ["items", "count", "event", "feed"]
}

/// One op of a test frame, as the model reads it.
enum DrainOp {
    case items(KeyedList<Int, Int>.Op)
    case count(Int)
    case event(Int)
    case feed(KeyedList<Int, Int>.Op)

    var frameOp: FrameOp {
        switch self {
        case .items(let op): .list(DrainSchema.items, op)
        case .count(let value): .set(DrainSchema.count, value)
        case .event(let value): .set(DrainSchema.event, value)
        case .feed(let op): .list(DrainSchema.feed, op)
        }
    }

    var fieldName: String {
        switch self {
        case .items: "items"
        case .count: "count"
        case .event: "event"
        case .feed: "feed"
        }
    }
}

/// A frame of the test, kept in the model's terms too.
struct DrainFrame: CustomStringConvertible {
    var epoch: UInt64
    var sequence: UInt64
    var isSnapshot = false
    var schemaHash: UInt64? = nil
    var ops: [DrainOp]

    var frame: Frame {
        Frame(epoch: epoch, sequence: sequence, isSnapshot: isSnapshot, schemaHash: schemaHash, ops: ops.map(\.frameOp))
    }

    var description: String { "\(isSnapshot ? "snapshot" : "frame") \(epoch):\(sequence) \(ops)" }
}

/// The mirror's rules written out the obvious way, for frames applied one at a time: the
/// envelope, all or nothing, and what each field delivers. A drain of several frames must
/// deliver, field by field, what applying them one after another here delivers, except that
/// a coalescing field delivers its final value once, at the drain's end, if any frame changed it.
struct DrainModel {
    var epoch: UInt64?
    var sequence: UInt64 = 0
    var awaiting = false
    var items = KeyedListReferenceModel()
    var count = 0
    var event = 0
    var feed = KeyedListReferenceModel()

    var isAwaitingResync: Bool { awaiting || epoch == nil }

    /// What a drain did: the values each field delivered, in order; the rejections' reasons;
    /// the resync requests; how many frames applied; whether anything changed.
    struct Outcome: Equatable {
        var deliveries: [String: [String]] = [:]
        var rejected: [MirrorError.Reason] = []
        var resyncRequests = 0
        var applied = 0
        var changedAnything = false
    }

    static func render(_ list: KeyedListReferenceModel) -> String { "\(list.keys):\(list.rows)" }

    mutating func drain(_ frames: [DrainFrame]) -> Outcome {
        var outcome = Outcome()
        var changedItems = false, changedCount = false
        for frame in frames {
            if let reason = rejection(of: frame) {
                outcome.rejected.append(reason)
                if !awaiting { outcome.resyncRequests += 1 }
                awaiting = true
                continue
            }
            outcome.applied += 1
            epoch = frame.epoch
            sequence = frame.sequence
            if frame.isSnapshot { awaiting = false }
            let fieldOps = Dictionary(grouping: frame.ops, by: \.fieldName)
            let itemOps = (fieldOps["items"] ?? []).compactMap { if case .items(let op) = $0 { op } else { nil } }
            let counts = (fieldOps["count"] ?? []).compactMap { if case .count(let value) = $0 { value } else { nil } }
            let events = (fieldOps["event"] ?? []).compactMap { if case .event(let value) = $0 { value } else { nil } }
            let feedOps = (fieldOps["feed"] ?? []).compactMap { if case .feed(let op) = $0 { op } else { nil } }
            var deliver: [(String, String)] = []
            if frame.isSnapshot {
                // The core's state: one value per field, its last (or the initial value).
                let wasEmpty = items.entries.isEmpty
                items = KeyedListReferenceModel()
                guard case .success = items.apply(itemOps) else { preconditionFailure("a snapshot's list ops are valid") }
                changedItems = changedItems || !wasEmpty || !items.entries.isEmpty
                let newCount = counts.last ?? 0
                changedCount = changedCount || newCount != count
                count = newCount
                let newEvent = events.last ?? 0
                if newEvent != event { deliver.append(("event", "\(newEvent)")) }
                event = newEvent
                let feedWasEmpty = feed.entries.isEmpty
                feed = KeyedListReferenceModel()
                guard case .success = feed.apply(feedOps) else { preconditionFailure("a snapshot's list ops are valid") }
                if !feedWasEmpty || !feed.entries.isEmpty { deliver.append(("feed", Self.render(feed))) }
            } else {
                if case .success(let changes) = items.apply(itemOps), !changes.isEmpty { changedItems = true }
                if let newCount = counts.last, newCount != count {
                    changedCount = true
                    count = newCount
                }
                for value in events {
                    event = value
                    deliver.append(("event", "\(value)"))
                }
                for op in feedOps {
                    _ = feed.apply([op])
                    deliver.append(("feed", Self.render(feed)))
                }
            }
            for (field, value) in deliver { outcome.deliveries[field, default: []].append(value) }
            outcome.changedAnything = outcome.changedAnything || !deliver.isEmpty
        }
        if changedItems { outcome.deliveries["items"] = [Self.render(items)] }
        if changedCount { outcome.deliveries["count"] = ["\(count)"] }
        outcome.changedAnything = outcome.changedAnything || changedItems || changedCount
        return outcome
    }

    /// Why the mirror rejects `frame` now, or nil: the envelope first, then the fields (a
    /// snapshot's in schema order, any other frame's in the order it first names them).
    func rejection(of frame: DrainFrame) -> MirrorError.Reason? {
        if let epoch, frame.epoch < epoch { return .staleEpoch(current: epoch) }
        if frame.isSnapshot {
            if frame.schemaHash != DrainSchema.hash { return .schemaMismatch(expected: DrainSchema.hash, received: frame.schemaHash) }
            if frame.epoch == epoch && frame.sequence <= sequence { return .duplicate(last: sequence) }
        } else {
            guard let epoch, frame.epoch == epoch else { return .unexpectedEpoch(expected: epoch) }
            if frame.sequence <= sequence { return .duplicate(last: sequence) }
            if awaiting { return .awaitingResync }
            if frame.sequence != sequence + 1 { return .gap(expected: sequence + 1) }
        }
        var order: [String] = frame.isSnapshot ? DrainSchema.names : []
        for op in frame.ops where !order.contains(op.fieldName) { order.append(op.fieldName) }
        for field in order where field == "items" || field == "feed" {
            var list = field == "items" ? items : feed
            if frame.isSnapshot { list = KeyedListReferenceModel() }
            var ops: [KeyedList<Int, Int>.Op] = [], frameIndices: [Int] = []
            for (index, op) in frame.ops.enumerated() {
                switch op {
                case .items(let listOp) where field == "items", .feed(let listOp) where field == "feed":
                    ops.append(listOp)
                    frameIndices.append(index)
                default: break
                }
            }
            if case .failure(var error) = list.apply(ops) {
                error.opIndex = frameIndices[error.opIndex]
                return .list(error)
            }
        }
        return nil
    }
}

/// A stand-in for a core: its own state, changed by the frames it sends; now and then a
/// snapshot (sometimes of a new instance, a greater epoch), and now and then a frame the mirror
/// must reject (a gap, a duplicate, a stale or unannounced epoch, a wrong schema, a bad op).
struct DrainCore {
    var epoch: UInt64 = 3
    var sequence: UInt64 = 0
    var items = KeyedListReferenceModel()
    var count = 0
    var event = 0
    var feed = KeyedListReferenceModel()

    mutating func next(using random: inout KeyedListSeededGenerator) -> DrainFrame {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<18: return snapshot(using: &random)
        case 18..<30: return fault(using: &random)
        default: return frame(using: &random)
        }
    }

    mutating func snapshot(using random: inout KeyedListSeededGenerator) -> DrainFrame {
        if Int.random(in: 0..<5, using: &random) == 0 {
            epoch += 1
            sequence = 0
        }
        sequence += UInt64.random(in: 1...2, using: &random)
        var ops: [DrainOp] = []
        if !items.entries.isEmpty || Bool.random(using: &random) { ops.append(.items(.reset(items.entries))) }
        if count != 0 || Bool.random(using: &random) { ops.append(.count(count)) }
        // Sometimes an event field the snapshot sends twice, sometimes one it omits (its
        // initial value, then).
        switch Int.random(in: 0..<4, using: &random) {
        case 0: event = 0
        case 1: ops += [.event(Int.random(in: 0..<3, using: &random)), .event(event)]
        default: ops.append(.event(event))
        }
        if !feed.entries.isEmpty || Bool.random(using: &random) { ops.append(.feed(.reset(feed.entries))) }
        return DrainFrame(epoch: epoch, sequence: sequence, isSnapshot: true, schemaHash: DrainSchema.hash, ops: ops.shuffled(using: &random))
    }

    mutating func frame(using random: inout KeyedListSeededGenerator) -> DrainFrame {
        sequence += 1
        var ops: [DrainOp] = []
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                count = Int.random(in: 0..<3, using: &random)
                ops.append(.count(count))
            case 1:
                event = Int.random(in: 0..<3, using: &random)
                ops.append(.event(event))
            case 2: if let op = Self.validOp(&items, using: &random) { ops.append(.items(op)) }
            default: if let op = Self.validOp(&feed, using: &random) { ops.append(.feed(op)) }
            }
        }
        return DrainFrame(epoch: epoch, sequence: sequence, ops: ops)
    }

    /// A frame the mirror rejects, which the core does not apply to its own state.
    mutating func fault(using random: inout KeyedListSeededGenerator) -> DrainFrame {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return DrainFrame(epoch: epoch, sequence: sequence + 2, ops: [.count(9)])
        case 1: return DrainFrame(epoch: epoch, sequence: sequence, ops: [.event(9)])
        case 2:
            return DrainFrame(
                epoch: epoch - 1, sequence: sequence + 1, isSnapshot: Bool.random(using: &random),
                schemaHash: DrainSchema.hash, ops: [.count(9)])
        case 3: return DrainFrame(epoch: epoch + 1, sequence: 1, ops: [.event(9)])
        case 4:
            return DrainFrame(
                epoch: epoch, sequence: sequence + 1, isSnapshot: true, schemaHash: DrainSchema.hash ^ 1, ops: [])
        default:
            // A frame whose ops are valid but one: the core counts it as sent.
            sequence += 1
            let present = Set(items.keys)
            let missing = KeyedListRandomizedTests.universe.first { !present.contains($0) } ?? 99
            var ops: [DrainOp] = [.event(Int.random(in: 0..<3, using: &random)), .items(.update(missing, 0))]
            if Bool.random(using: &random) { ops.append(.count(7)) }
            return DrainFrame(epoch: epoch, sequence: sequence, ops: ops.shuffled(using: &random))
        }
    }

    /// A list op valid against `list` (applied to it), or nil if none was drawn.
    static func validOp(_ list: inout KeyedListReferenceModel, using random: inout KeyedListSeededGenerator) -> KeyedList<Int, Int>.Op? {
        for _ in 0..<8 {
            let op = KeyedListRandomizedTests.randomOp(model: list, using: &random)
            var scratch = list
            if case .success = scratch.apply([op]) {
                list = scratch
                return op
            }
        }
        return nil
    }
}
