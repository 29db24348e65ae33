import UndraRuntime

// The app of docs/TESTING.md's example, as the guide writes it: a store over the core, and a view
// model over the store, the code under test.

enum CounterSchema {
    static let count = Field<Int>(id: 0, name: "count", initial: 0)
    static let fields: [any FieldDeclaration] = [count]
    static let wire = WireSchema<CounterCommand, CounterOutcome>(store: "Counter", fields: fields)
}

/// Rust: `enum CounterCommand { Increment { by: i64 } }`
enum CounterCommand: WireCodable, Equatable, Sendable {
    case increment(by: Int)
    init(from reader: inout WireReader) throws(WireError) {
        _ = try reader.readVariant(of: "CounterCommand", count: 1)
        self = .increment(by: try Int(from: &reader))
    }
    func encode(to writer: inout WireWriter) {
        writer.writeVariant(0)
        if case .increment(let by) = self { by.encode(to: &writer) }
    }
    static var wireShape: WireShape { .enumeration([WireVariant("increment", .i64)]) }
}

/// Rust: `enum CounterError { Overflow }`
enum CounterError: Error, WireCodable {
    case overflow
    init(from reader: inout WireReader) throws(WireError) {
        _ = try reader.readVariant(of: "CounterError", count: 1)
        self = .overflow
    }
    func encode(to writer: inout WireWriter) { writer.writeVariant(0) }
    static var wireShape: WireShape { .enumeration([WireVariant("overflow", .unit)]) }
}

/// Rust: `enum CounterOutcome { Increment(Result<i64, CounterError>) }`
enum CounterOutcome: WireCodable, Sendable {
    case increment(Result<Int, CounterError>)
    init(from reader: inout WireReader) throws(WireError) {
        _ = try reader.readVariant(of: "CounterOutcome", count: 1)
        self = .increment(try Result(from: &reader))
    }
    func encode(to writer: inout WireWriter) {
        writer.writeVariant(0)
        if case .increment(let result) = self { result.encode(to: &writer) }
    }
    static var wireShape: WireShape { .enumeration([WireVariant("increment", Result<Int, CounterError>.wireShape)]) }
}

/// Store 0 of the app, in both modes.
final class Counter: UndraStore, Trackable, ObservableObject, @unchecked Sendable {
    let runtime = StoreRuntime(name: "Counter", schema: CounterSchema.wire)
    let commands: CommandChannel<CounterCommand, CounterOutcome>

    init(core: Core) {
        let runtime = runtime
        commands = core.attach(runtime, index: 0, schema: CounterSchema.wire)
    }

    @Mirrored(CounterSchema.count) var count

    func increment(by amount: Int) async throws(CommandError<CounterError>) -> Int {
        try await commands.call(.increment(by: amount)) { if case .increment(let result) = $0 { result } else { nil } }
    }
}

/// What the counter's screen shows, and what its button does.
@MainActor final class CounterModel {
    let counter: Counter
    private(set) var status = ""

    init(counter: Counter) { self.counter = counter }

    func incrementTapped() async {
        do {
            status = "now \(try await counter.increment(by: 1))"
        } catch {
            status = "\(error)"
        }
    }
}
