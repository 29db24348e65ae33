import Testing
@testable import UndraRuntime

/// A store's schema description and hash, computed from its declarations, are what a Rust core on
/// undra-core computes from its types (Tests/WireVectors/schemas.golden, checked by the Rust tests
/// too), and the first difference of two descriptions is worded as undra-core words it
/// (Tests/WireVectors/schema.differences).
@Suite struct SchemaDescriptionTests {
    /// The golden file's entries: name → (hash, description).
    static let golden: [String: (hash: UInt64, description: String)] = {
        var entries: [String: (hash: UInt64, description: String)] = [:]
        for line in GoldenVectors.lines("schemas.golden") {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            entries[parts[0]] = (UInt64(parts[1].dropFirst(2), radix: 16)!, parts[2].replacingOccurrences(of: "\\n", with: "\n"))
        }
        return entries
    }()

    @Test func theTestStoresAreDescribedAsTheRustCoresAre() throws {
        #expect(Self.golden.count == 3)
        for (name, description, hash) in [
            ("todos", TodosSchema.wire.description, TodosSchema.wire.hash),
            ("chaos", ChaosSchema.wire.description, ChaosSchema.wire.hash),
            ("score", ScoreSchema.wire.description, ScoreSchema.wire.hash),
        ] {
            let golden = try #require(Self.golden[name])
            #expect(description == golden.description, "\(name)")
            #expect(hash == golden.hash, "\(name)")
        }
        #expect(TodosSchema.wire.hash == 0x6f56_1b50_addc_9a9e)
        #expect(TodosSchema.wire.store == "todos")
        #expect("\(ScoreSchema.wire)" == "undra-schema 2\nstore score\nfield 0 total scalar i64\ncommand enum{add:i64}\noutcome enum{add:enum{ok:i64|err:string}}")
    }

    @Test func fnv1aIsThe64BitFNV1a() {
        typealias Schema = WireSchema<WireUnit, WireUnit>
        #expect(Schema.fnv1a("") == 0xcbf2_9ce4_8422_2325)
        #expect(Schema.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(Schema.fnv1a("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test func aStoreWithNoFieldAndNoCommandIsItsNameAndUnits() {
        let schema = WireSchema<WireUnit, WireUnit>(store: "Quiet_Store", fields: [])
        #expect(schema.description == "undra-schema 2\nstore quietstore\ncommand unit\noutcome unit")
    }

    @Test func fieldsAreDescribedInIdOrderWhateverTheOrderGiven() {
        let count = Field<Int>(id: 1, name: "count", initial: 0)
        let items = ListField<Int, String>(id: 0, name: "items")
        let schema = WireSchema<WireUnit, WireUnit>(store: "Items", fields: [count, items])
        #expect(schema.description == "undra-schema 2\nstore items\nfield 0 items list i64 string\nfield 1 count scalar i64\ncommand unit\noutcome unit")
    }

    @Test func everyDifferenceOfTheGoldenFileIsWordedAsUndraCoreWordsIt() throws {
        let cases = GoldenVectors.lines("schema.differences")
        #expect(cases.count == 14)
        for line in cases {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map {
                $0.replacingOccurrences(of: "\\n", with: "\n")
            }
            try #require(columns.count == 4)
            #expect(SchemaMismatch.firstDifference(host: columns[1], core: columns[2]) == columns[3], "\(columns[0])")
        }
        #expect(SchemaMismatch.firstDifference(host: TodosSchema.wire.description, core: TodosSchema.wire.description) == nil)
    }

    /// The Todos store with `filter` and `count` declared under each other's ids.
    enum SwappedTodosSchema {
        static let visible = ListField<TodoID, Todo>(id: 0, name: "visible")
        static let count = Field<Int>(id: 1, name: "count", initial: 0)
        static let filter = Field<String>(id: 2, name: "filter", initial: "all")
        static let lastEvent = Field<String>(id: 3, name: "lastEvent", initial: "", coalesces: false)
        static let wire = WireSchema<TodoCommand, TodosOutcome>(store: "Todos", fields: [visible, count, filter, lastEvent])
    }

    @Test func aSwiftStoreWithTwoFieldsSwappedIsToldFromTheCoresByItsFirstField() {
        let mismatch = SchemaMismatch(store: 0, host: SwappedTodosSchema.wire.description, core: TodosSchema.wire.description)
        #expect(mismatch.difference == "field 1: the host has count scalar i64, the core has filter scalar string")
        #expect(mismatch.hostHash == SwappedTodosSchema.wire.hash)
        #expect(mismatch.coreHash == TodosSchema.wire.hash)
        #expect(mismatch.description == "store 0: the host's schema 0x\(String(SwappedTodosSchema.wire.hash, radix: 16)) is not the core's 0x6f561b50addc9a9e: field 1: the host has count scalar i64, the core has filter scalar string")
    }

    struct Book: Codable, WireCodable, Hashable, Sendable { var title: String; var author: String }
    struct SwappedBook: Codable, WireCodable, Hashable, Sendable { var author: String; var title: String }

    /// Two fields of one type swapped on one side write the same bytes; the description names
    /// them, so the schemas differ, and the difference names the field (version 1 saw none).
    @Test func aRowWhoseTwoStringFieldsAreSwappedIsAnotherSchemaNamingTheField() {
        let host = WireSchema<WireUnit, WireUnit>(store: "Books", fields: [ListField<Int, Book>(id: 0, name: "books")])
        let core = WireSchema<WireUnit, WireUnit>(store: "Books", fields: [ListField<Int, SwappedBook>(id: 0, name: "books")])
        #expect(Book(title: "Dune", author: "Herbert").wireBytes == SwappedBook(author: "Dune", title: "Herbert").wireBytes)
        #expect(host.hash != core.hash)
        #expect(SchemaMismatch.firstDifference(host: host.description, core: core.description)
            == "field 0 (books): the host has list i64 (title:string,author:string), the core has list i64 (author:string,title:string)")
    }

    /// The runtime's message types, declared by hand, against undra-core's shapes of them
    /// (Tests/WireVectors/messages.shapes, written by the Rust peer).
    @Test func theRuntimesOwnTypesHaveTheShapesOfTheirRustDefinitions() {
        let rust = Dictionary(uniqueKeysWithValues: GoldenVectors.lines("messages.shapes").map { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            return (String(parts[0]), String(parts[1]))
        })
        let swift: [String: String] = [
            "ListOp<i64,String>": "\(KeyedList<Int, String>.Op.wireShape)", "ResyncRequest": "\(ResyncRequest.wireShape)",
            "CoreError": "\(CoreError.wireShape)", "Ack<TodosOutcome>": "\(Ack<TodosOutcome>.wireShape)",
            "Command<TodosCommand>": "\(WireCommand<TodoCommand>.wireShape)",
        ]
        #expect(rust.count == 5)
        for (name, shape) in rust.sorted(by: { $0.key < $1.key }) {
            #expect(swift[name] == shape, "\(name)")
        }
        #expect("\(CoreError.wireShape)" == "(store:option<u32>,code:u32,message:string)")
        #expect("\(WireDecodingErrorTests.Tree.wireShape)" == "enum{leaf:unit|node:seq<rec0>}")
    }
}
