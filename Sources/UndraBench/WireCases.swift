import Foundation
import UndraRuntime

// The wire rows: decoding frames from bytes (what a core sends) against Foundation's JSONDecoder
// on the same frame as JSON, and decoding plus applying one update against applying the
// prebuilt frame. The 1,000-update frame is byte for byte the one the Rust peer times
// (`undra-peer bench`, `updates_frame(1000)`), so the two decoders compare on the same bytes.

/// The wire rows of the table.
func wireCases() -> [BenchCase] {
    decodeCase() + decodeCodableCases() + [decodeAndApplyCase()]
}

/// The Rust peer's `Todo { id: TodoId(i64), title: String, done: bool }`.
private struct WireTodo: WireCodable, Codable, Sendable {
    var id: Int
    var title: String
    var done: Bool

    init(id: Int, title: String, done: Bool) {
        self.id = id
        self.title = title
        self.done = done
    }

    init(from reader: inout WireReader) throws(WireError) {
        id = try Int(from: &reader)
        title = try reader.readString()
        done = try reader.readBool()
    }

    func encode(to writer: inout WireWriter) {
        id.encode(to: &writer)
        writer.write(title)
        writer.write(done)
    }

    static var minimumWireSize: Int { 17 }
    static var wireShape: WireShape { .structure([WireField("id", .i64), WireField("title", .string), WireField("done", .bool)]) }
}

private enum WireSchemaFields {
    static let visible = ListField<Int, WireTodo>(id: 0, name: "visible")
    static let count = Field<Int>(id: 1, name: "count", initial: 0)
    static let fields: [any FieldDeclaration] = [visible, count]
    static let wire = WireSchema<WireUnit, WireUnit>(store: "Wire", fields: fields)
}

/// A store of `WireSchemaFields`, fine-grained.
private final class WireStore: UndraStore, Trackable, @unchecked Sendable {  // @unchecked: see Todos in the tests.
    let runtime = StoreRuntime(name: "Wire", schema: WireSchemaFields.wire)
    var registrar: Registrar { runtime.registrar }
    @Mirrored(WireSchemaFields.visible) var visible
}

private func update(_ key: Int) -> FrameOp {
    .update(WireSchemaFields.visible, key, WireTodo(id: key, title: "buy milk", done: key % 2 == 0))
}

/// The frame of `count` updates, in the Rust peer's bytes: epoch 1, sequence 2.
private func updatesFrame(_ count: Int, sequence: UInt64 = 2) -> [UInt8] {
    try! WireSchemaFields.wire.encode(WireFrame(Frame(epoch: 1, sequence: sequence, ops: (0..<count).map(update))))
}

// The same frame as JSON, as Codable types decode it.
private struct JSONFrame: Codable {
    var epoch: UInt64
    var sequence: UInt64
    var snapshot: UInt64?
    var ops: [JSONOp]
    var acks: [UInt64]
}

private struct JSONOp: Codable {
    var field: Int
    var update: JSONUpdate
}

private struct JSONUpdate: Codable {
    var key: Int
    var row: WireTodo
}

/// Decoding a frame of 1,000 row updates (41,033 bytes) into the frame a mirror applies, against
/// JSONDecoder decoding the same frame as JSON into plain Codable structs. Per op: a frame's time
/// divided by its 1,000 ops (41 bytes each, so MB/s is 41,033 ÷ the figure), in the thread's CPU
/// time, as the Rust peer times its decoding (`threadCPUElapsed`).
private func decodeCase() -> [BenchCase] {
    let bytes = updatesFrame(1_000)
    let json = jsonFrame(1_000)
    let decoder = JSONDecoder()
    return [BenchCase(
        name: "wire.decode.1000updates", baseline: "JSONDecoder", goal: .speedup(atLeast: 20),
        timedOurs: { n in
            perOp(n) { frames in for _ in 0..<frames { blackHole(try! WireSchemaFields.wire.decodeFrame(bytes)) } }
        },
        timedTheirs: { n in
            perOp(n) { frames in for _ in 0..<frames { blackHole(try! decoder.decode(JSONFrame.self, from: json)) } }
        })]
}

/// The frame of `count` updates as JSON.
private func jsonFrame(_ count: Int) -> Data {
    try! JSONEncoder().encode(JSONFrame(
        epoch: 1, sequence: 2, snapshot: nil,
        ops: (0..<count).map { JSONOp(field: 0, update: JSONUpdate(key: $0, row: WireTodo(id: $0, title: "buy milk", done: $0 % 2 == 0))) },
        acks: []))
}

/// The same row with nothing written by hand: `Codable` and `WireCodable` by declaring both.
private struct CodableTodo: Codable, WireCodable, Sendable {
    var id: Int
    var title: String
    var done: Bool
}

private enum CodableSchemaFields {
    static let visible = ListField<Int, CodableTodo>(id: 0, name: "visible")
    static let count = Field<Int>(id: 1, name: "count", initial: 0)
    static let wire = WireSchema<WireUnit, WireUnit>(store: "Wire", fields: [visible, count])
}

/// The same 1,000-update frame, its rows `CodableTodo`s read through `WireDecoder`: against the
/// floor of Swift's `Decoder` API (the same rows built by their synthesized `init(from:)` from a
/// decoder that reads nothing: its keyed container per row, the calls through its box), and
/// against JSONDecoder. The hand-written `WireTodo` (wire.decode.1000updates) is about a sixth of
/// that floor: a goal below the floor (the "3× hand-written") cannot be met.
private func decodeCodableCases() -> [BenchCase] {
    let bytes = updatesFrame(1_000)
    precondition(CodableSchemaFields.wire.hash == WireSchemaFields.wire.hash, "UndraBench: the Codable row's traced shape is not the hand-written one")
    let json = jsonFrame(1_000)
    let decoder = JSONDecoder()
    let codable: (Int) -> Double = { n in
        perOp(n) { frames in for _ in 0..<frames { blackHole(try! CodableSchemaFields.wire.decodeFrame(bytes)) } }
    }
    let floor = FloorDecoder()
    return [
        BenchCase(
            name: "wire.decode.1000updates.codable", baseline: "Decoder API floor", goal: .baselineRatio(atMost: 3),
            timedOurs: codable,
            timedTheirs: { n in
                perOp(n) { frames in
                    for _ in 0..<frames {
                        var rows: [CodableTodo] = []
                        rows.reserveCapacity(1_000)
                        for _ in 0..<1_000 { rows.append(try! CodableTodo(from: floor)) }
                        blackHole(rows)
                    }
                }
            }),
        BenchCase(
            name: "wire.decode.1000updates.codable.json", baseline: "JSONDecoder", goal: .speedup(atLeast: 15),
            timedOurs: codable,
            timedTheirs: { n in
                perOp(n) { frames in for _ in 0..<frames { blackHole(try! decoder.decode(JSONFrame.self, from: json)) } }
            }),
    ]
}

/// The time of `n` ops of 1,000-op frames: `decode` decodes whole frames (at least one), and the
/// time is scaled to `n` ops, so that the harness calibrates on real time.
private func perOp(_ n: Int, _ decode: (Int) -> Void) -> Double {
    let frames = max(1, n / 1_000)
    return threadCPUElapsed { decode(frames) } * Double(n) / Double(frames * 1_000)
}

/// One update from bytes to the observer (decode, then apply through a fine-grained store of
/// 1,000 rows with one continuous observation of the list), against applying the same frame
/// prebuilt. Both sides prepare 64 frames at a time untimed (bytes numbered in sequence, or
/// `Frame` values), as the store rows do, and release each (the bytes, or the frame) once it is
/// applied, so that only decoding differs. Timed in the thread's
/// CPU time: the two sides differ by a fraction of a microsecond, less than what being descheduled
/// on a shared machine adds to a wall-clock sample.
private func decodeAndApplyCase() -> BenchCase {
    let store = WireStore()
    var sequence: UInt64 = 1
    let rows = (0..<1_000).map { (key: $0, row: WireTodo(id: $0, title: "todo", done: false)) }
    store.runtime.apply(Frame(
        epoch: 1, sequence: 1, isSnapshot: true, schemaHash: WireSchemaFields.wire.hash, ops: [.reset(WireSchemaFields.visible, rows)]))
    let seen = Counter()
    let token = observe({ store.visible }, onChange: { _ in seen.bump() })
    // Each frame's bytes are the template's, renumbered (sequence at byte 8) and rekeyed.
    let template = updatesFrame(1)
    precondition(template.count == 74, "UndraBench: the one-update frame is not the peer's 74 bytes")
    func timed<Prepared>(_ n: Int, prepare: (UInt64, Int) -> Prepared, apply: (Prepared) -> Int) -> Double {
        var nanoseconds = 0.0, applied = 0, start = 0
        var chunk: [Prepared] = []
        chunk.reserveCapacity(64)
        while start < n {
            chunk.removeAll(keepingCapacity: true)
            for i in start..<min(start + 64, n) {
                sequence += 1
                chunk.append(prepare(sequence, i % 1_000))
            }
            let count = chunk.count
            chunk.reverse()
            // Each frame (or its bytes) is released once applied, inside the timed loop: applying
            // a frame ends with dropping it, and a decoded frame is dropped there too.
            nanoseconds += threadCPUElapsed { while let prepared = chunk.popLast() { applied &+= apply(prepared) } }
            start += count
        }
        precondition(applied == n, "UndraBench: \(n - applied) frames were rejected")
        blackHole((token, seen.count))
        return nanoseconds
    }
    return BenchCase(
        name: "wire.decodeApply.1update.fine", baseline: "apply prebuilt frame", goal: .baselineRatio(atMost: 2),
        timedOurs: { n in
            timed(n, prepare: { sequence, key -> [UInt8] in
                var bytes = template
                withUnsafeBytes(of: sequence.littleEndian) { bytes.replaceSubrange(8..<16, with: $0) }
                // The update's key, then its row's id, then (after the title) its done flag.
                withUnsafeBytes(of: Int64(key).littleEndian) { key in
                    bytes.replaceSubrange(33..<41, with: key)
                    bytes.replaceSubrange(41..<49, with: key)
                }
                bytes[65] = key % 2 == 0 ? 1 : 0
                return bytes
            }, apply: { bytes in store.runtime.apply(try! WireSchemaFields.wire.decodeFrame(bytes).frame).applied })
        },
        timedTheirs: { n in
            timed(n, prepare: { sequence, key in Frame(epoch: 1, sequence: sequence, ops: [update(key)]) },
                  apply: { frame in store.runtime.apply(frame).applied })
        })
}

/// Nanoseconds of this thread's CPU time that `body` takes (time spent descheduled is not counted).
private func threadCPUElapsed(_ body: () -> Void) -> Double {
    var start = timespec(), end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) * 1e9 + Double(end.tv_nsec - start.tv_nsec)
}
