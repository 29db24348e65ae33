import ReferenceKit
import UndraRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A generated store's decode-and-apply against its hand-written twin: the reference core's Todos
/// store as `undra bindgen` writes it (Tests/Generated/Reference, ReferenceKit), and the same
/// schema written by hand in the fast form (docs/STORES.md), each decoding and applying the same
/// bytes: frames of one row update, into 1,000 rows with one continuous observation of the list.
/// Per frame, in the thread's CPU time, both sides prepared 64 frames at a time untimed.
func generatedStoreCases() -> [BenchCase] {
    let generated = StoreRuntime(name: "Todos", schema: ReferenceKit.TodosSchema.wire)
    let written = StoreRuntime(name: "Todos", schema: HandWrittenTodos.wire)
    let rows = (0..<1_000).map { Int64($0) }
    generated.apply(Frame(
        epoch: 1, sequence: 1, isSnapshot: true, schemaHash: ReferenceKit.TodosSchema.wire.hash,
        ops: [.reset(ReferenceKit.TodosSchema.visible, rows.map { (ReferenceKit.TodoId($0), ReferenceKit.Todo(id: ReferenceKit.TodoId($0), title: "todo", done: false)) })]))
    written.apply(Frame(
        epoch: 1, sequence: 1, isSnapshot: true, schemaHash: HandWrittenTodos.wire.hash,
        ops: [.reset(HandWrittenTodos.visible, rows.map { (HandWrittenTodoID($0), HandWrittenTodo(id: HandWrittenTodoID($0), title: "todo", done: false)) })]))
    precondition(generated.mirror.schemaHash == written.mirror.schemaHash, "UndraBench: the twins' schemas differ")
    let seen = Counter()
    let tokens = [
        observe({ generated.read(ReferenceKit.TodosSchema.visible) }, onChange: { _ in seen.bump() }),
        observe({ written.read(HandWrittenTodos.visible) }, onChange: { _ in seen.bump() }),
    ]
    // One update's frame, as the core writes it; renumbered and rekeyed per frame.
    let template = try! HandWrittenTodos.wire.encode(WireFrame(Frame(epoch: 1, sequence: 2, ops: [
        .update(HandWrittenTodos.visible, HandWrittenTodoID(0), HandWrittenTodo(id: HandWrittenTodoID(0), title: "buy milk", done: true)),
    ])))
    var sequence: (generated: UInt64, written: UInt64) = (1, 1)
    func frame(_ sequence: UInt64, _ key: Int) -> [UInt8] {
        var bytes = template
        withUnsafeBytes(of: sequence.littleEndian) { bytes.replaceSubrange(8..<16, with: $0) }
        withUnsafeBytes(of: Int64(key).littleEndian) { key in
            bytes.replaceSubrange(33..<41, with: key)
            bytes.replaceSubrange(41..<49, with: key)
        }
        bytes[65] = key % 2 == 0 ? 1 : 0
        return bytes
    }
    func timed(_ n: Int, next: () -> UInt64, apply: ([UInt8]) -> Int) -> Double {
        var nanoseconds = 0.0, applied = 0, start = 0
        var chunk: [[UInt8]] = []
        chunk.reserveCapacity(64)
        while start < n {
            chunk.removeAll(keepingCapacity: true)
            for i in start..<min(start + 64, n) { chunk.append(frame(next(), i % 1_000)) }
            let count = chunk.count
            chunk.reverse()
            nanoseconds += threadCPUTime { while let bytes = chunk.popLast() { applied &+= apply(bytes) } }
            start += count
        }
        precondition(applied == n, "UndraBench: \(n - applied) frames were rejected")
        blackHole((tokens, seen.count))
        return nanoseconds
    }
    return [BenchCase(
        name: "store.generated.decodeApply.1update", baseline: "hand-written store", goal: .baselineRatio(atMost: 1.1),
        timedOurs: { n in
            timed(n, next: { sequence.generated += 1; return sequence.generated }) { bytes in
                generated.apply(try! ReferenceKit.TodosSchema.wire.decodeFrame(bytes).frame).applied
            }
        },
        timedTheirs: { n in
            timed(n, next: { sequence.written += 1; return sequence.written }) { bytes in
                written.apply(try! HandWrittenTodos.wire.decodeFrame(bytes).frame).applied
            }
        })]
}

/// Nanoseconds of this thread's CPU time that `body` takes.
private func threadCPUTime(_ body: () -> Void) -> Double {
    var start = timespec(), end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) * 1e9 + Double(end.tv_nsec - start.tv_nsec)
}

// The Todos store's schema written by hand, as docs/STORES.md writes a store's types.

private struct HandWrittenTodoID: Hashable, Sendable, WireCodable {
    var rawValue: Int64
    init(_ rawValue: Int64) { self.rawValue = rawValue }
    init(from reader: inout WireReader) throws(WireError) { rawValue = try reader.read() }
    func encode(to writer: inout WireWriter) { writer.write(rawValue) }
    static var minimumWireSize: Int { 8 }
    static var wireShape: WireShape { .i64 }
}

private struct HandWrittenTodo: Hashable, Sendable, WireCodable {
    var id: HandWrittenTodoID, title: String, done: Bool
    init(id: HandWrittenTodoID, title: String, done: Bool) {
        self.id = id
        self.title = title
        self.done = done
    }
    init(from reader: inout WireReader) throws(WireError) {
        id = try HandWrittenTodoID(from: &reader)
        title = try reader.readString()
        done = try reader.readBool()
    }
    func encode(to writer: inout WireWriter) {
        id.encode(to: &writer)
        writer.write(title)
        writer.write(done)
    }
    static var minimumWireSize: Int { 17 }
    static var wireShape: WireShape {
        .structure([WireField("id", .i64), WireField("title", .string), WireField("done", .bool)])
    }
}

private enum HandWrittenTodos {
    static let visible = ListField<HandWrittenTodoID, HandWrittenTodo>(id: 0, name: "visible")
    static let filter = Field<String>(id: 1, name: "filter", initial: "")
    static let count = Field<Int64>(id: 2, name: "count", initial: 0)
    static let lastEvent = Field<String>(id: 3, name: "lastEvent", initial: "", coalesces: false)
    static let wire = WireSchema<ReferenceKit.TodosCommand, ReferenceKit.TodosOutcome>(
        store: "Todos", fields: [visible, filter, count, lastEvent])
}
