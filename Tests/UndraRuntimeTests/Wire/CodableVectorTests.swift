import Testing
import UndraRuntime

/// Types with synthesized `Codable` conformances, declared `WireCodable` by that alone, against
/// the bytes and shapes of their Rust twins (Tests/RustPeer/src/codable.rs, written to
/// Tests/WireVectors/codable.vectors and codable.shapes by the real serde + bincode and undra-core).
@Suite struct CodableVectorTests {
    struct Task: Codable, WireCodable, Equatable, Sendable {
        var id: Int64
        var title: String
        var done = false
        var tags: [String] = []
        var due: UndraDuration?
        var note: String??
    }

    enum Filter: Codable, WireCodable, Equatable, Sendable {
        case all, active, done
        enum CodingKeys: Int, CodingKey { case all, active, done }
    }

    enum TaskCommand: Codable, WireCodable, Equatable, Sendable {
        case add(title: String), toggle(Int64), rename(Int64, String), clear, setFilter(Filter)
        enum CodingKeys: Int, CodingKey { case add, toggle, rename, clear, setFilter }
    }

    enum TaskError: Error, Codable, WireCodable, Equatable, Sendable {
        case emptyTitle, notFound(Int64)
        enum CodingKeys: Int, CodingKey { case emptyTitle, notFound }
    }

    enum TaskOutcome: Codable, WireCodable, Equatable, Sendable {
        case add(WireResult<Int64, TaskError>), clear(WireResult<WireUnit, TaskError>)
        enum CodingKeys: Int, CodingKey { case add, clear }
    }

    struct Page<Item: Codable & Equatable & Sendable>: Codable, WireCodable, Equatable, Sendable {
        var items: [Item]
        var next: UInt32?
    }

    struct Index: Codable, WireCodable, Equatable, Sendable {
        var byTag: [String: [Int64]]
        var counts: [UInt8: UInt64]
        var pages: [Page<Int16?>]
    }

    indirect enum Tree: Codable, WireCodable, Equatable, Sendable {
        case node([Tree], Tree?), leaf(Int32)
        enum CodingKeys: Int, CodingKey { case node, leaf }
    }

    struct Scalars: Codable, WireCodable, Equatable, Sendable {
        var a: UInt8, b: UInt16, c: UInt32, d: UInt64
        var e: Int8, f: Int16, g: Int32, h: Int64
        var i: Float, j: Double, k: Bool
        var unit: WireUnit
        var bytes: [UInt8]
    }

    static let expectations: [VectorExpectation] = [
        .value("task.plain", Task(id: 1, title: "milk")),
        .value("task.full", Task(id: -2, title: "œufs 🥚", done: true, tags: ["a", ""], due: try! UndraDuration(seconds: 90, nanoseconds: 5), note: .some(nil))),
        .value("task.noteSome", Task(id: 3, title: "", note: "n")),
        .value("command.add", TaskCommand.add(title: "tea")),
        .value("command.toggle", TaskCommand.toggle(7)),
        .value("command.rename", TaskCommand.rename(7, "green tea")),
        .value("command.clear", TaskCommand.clear),
        .value("command.setFilter", TaskCommand.setFilter(.done)),
        .value("outcome.add.ok", TaskOutcome.add(.ok(4))),
        .value("outcome.add.err", TaskOutcome.add(.err(.notFound(9)))),
        .value("outcome.clear.ok", TaskOutcome.clear(.ok(WireUnit()))),
        .value("outcome.clear.err", TaskOutcome.clear(.err(.emptyTitle))),
        .value("page.tasks", Page(items: [Task(id: 1, title: "milk"), Task(id: 2, title: "eggs")], next: 3)),
        .value("page.empty", Page<Task>(items: [], next: nil)),
        .value("index", Index(
            byTag: ["e\u{301}": [1], "f": [], "home": [2, 3]], counts: [0: 1, 255: .max],
            pages: [Page(items: [-1, nil], next: nil)])),
        .value("tree", Tree.node([.leaf(1), .node([], nil)], .leaf(-1))),
        .value("scalars", Scalars(
            a: .max, b: 258, c: .max, d: 1 << 40, e: .min, f: -2, g: .min, h: .max, i: 1.5, j: -0.1, k: true,
            unit: WireUnit(), bytes: [0, 255])),
    ]

    static let vectors = GoldenVectors.load("codable.vectors")

    @Test func everyVectorHasAnExpectationAndEveryExpectationAVector() {
        #expect(Self.vectors.count == 17)
        #expect(Self.vectors.map(\.name).sorted() == Self.expectations.map(\.name).sorted())
    }

    /// Through `WireCodable` (what a store's codecs call), which reads and writes through
    /// `WireDecoder` and `WireEncoder`: the value, and the bytes again.
    @Test(arguments: vectors.map(\.name))
    func decodesToItsValueAndReencodesByteForByte(_ name: String) throws {
        let bytes = Self.vectors.first { $0.name == name }!.bytes
        let expectation = Self.expectations.first { $0.name == name }!
        try expectation.check(bytes)
        #expect(try expectation.swiftBytes() == bytes)
    }

    /// Every cut of every vector is an error, and so is a byte more.
    @Test(arguments: vectors.map(\.name))
    func everyCutAndAnExtraByteAreErrors(_ name: String) throws {
        let bytes = Self.vectors.first { $0.name == name }!.bytes
        let expectation = Self.expectations.first { $0.name == name }!
        for end in 0..<bytes.count {
            #expect(throws: WireError.self, "cut at \(end)") { try expectation.check(Array(bytes[..<end])) }
        }
        #expect(throws: WireError(offset: bytes.count, reason: .trailingBytes(count: 1))) { try expectation.check(bytes + [0]) }
    }

    @Test func wireEncoderAndWireDecoderAreThePublicWayIn() throws {
        let command = TaskCommand.rename(7, "green tea")
        let bytes = try WireEncoder().encode(command)
        #expect(bytes == Self.vectors.first { $0.name == "command.rename" }!.bytes)
        #expect(try WireDecoder().decode(TaskCommand.self, from: bytes) == command)
        // A standard container at the top: an array of optional structs.
        let pages: [Page<Int16?>?] = [nil, Page(items: [7], next: 1)]
        #expect(try WireDecoder().decode([Page<Int16?>?].self, from: WireEncoder().encode(pages)) == pages)
        #expect(try WireEncoder().encode(pages) == [2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 7, 0, 1, 1, 0, 0, 0])
    }

    /// The shapes traced from the synthesized conformances are undra-core's, so the schema hash
    /// agrees with a Rust core's.
    @Test func tracedShapesAreTheRustCratesShapes() {
        let rust = Dictionary(uniqueKeysWithValues: GoldenVectors.lines("codable.shapes").map { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            return (String(parts[0]), String(parts[1]))
        })
        let swift: [String: String] = [
            "Task": Task.wireShape.description, "Filter": Filter.wireShape.description,
            "TaskCommand": TaskCommand.wireShape.description, "TaskOutcome": TaskOutcome.wireShape.description,
            "Page<Task>": Page<Task>.wireShape.description, "Index": Index.wireShape.description,
            "Tree": Tree.wireShape.description, "Scalars": Scalars.wireShape.description,
        ]
        #expect(rust.count == 8)
        for (name, shape) in rust.sorted(by: { $0.key < $1.key }) {
            #expect(swift[name] == shape, "\(name)")
        }
    }
}
