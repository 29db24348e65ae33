import UndraRuntime

// The Todos store's wire, as generated code writes it: the conformances that match the Rust
// peer's types (Tests/RustPeer/src/todos.rs), and the schema that decodes its frames.

/// `struct TodoId(i64)`: a newtype is its value's bytes.
extension TodoID: WireCodable {
    init(from reader: inout WireReader) throws(WireError) { rawValue = try Int(from: &reader) }
    func encode(to writer: inout WireWriter) { rawValue.encode(to: &writer) }
    static var minimumWireSize: Int { 8 }
    static var wireShape: WireShape { .i64 }
}

/// `struct Todo { id: TodoId, title: String, done: bool }`
extension Todo: WireCodable {
    init(from reader: inout WireReader) throws(WireError) {
        id = try TodoID(from: &reader)
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
        .structure([WireField("id", TodoID.wireShape), WireField("title", .string), WireField("done", .bool)])
    }
}

/// `enum TodosCommand { Add { title: String }, Toggle(TodoId), SetFilter(String) }`
extension TodoCommand: WireCodable {
    init(from reader: inout WireReader) throws(WireError) {
        switch try reader.readVariant(of: "TodosCommand", count: 3) {
        case 0: self = .add(title: try reader.readString())
        case 1: self = .toggle(try TodoID(from: &reader))
        default: self = .setFilter(try reader.readString())
        }
    }
    func encode(to writer: inout WireWriter) {
        switch self {
        case .add(let title):
            writer.writeVariant(0)
            writer.write(title)
        case .toggle(let id):
            writer.writeVariant(1)
            id.encode(to: &writer)
        case .setFilter(let filter):
            writer.writeVariant(2)
            writer.write(filter)
        }
    }
    static var wireShape: WireShape {
        .enumeration([WireVariant("add", .string), WireVariant("toggle", TodoID.wireShape), WireVariant("setFilter", .string)])
    }
}

/// `enum TodoError { EmptyTitle, NotFound(TodoId), UnknownFilter(String) }`
enum TodoError: Error, Hashable, Sendable, WireCodable {
    case emptyTitle
    case notFound(TodoID)
    case unknownFilter(String)

    init(from reader: inout WireReader) throws(WireError) {
        switch try reader.readVariant(of: "TodoError", count: 3) {
        case 0: self = .emptyTitle
        case 1: self = .notFound(try TodoID(from: &reader))
        default: self = .unknownFilter(try reader.readString())
        }
    }
    func encode(to writer: inout WireWriter) {
        switch self {
        case .emptyTitle:
            writer.writeVariant(0)
        case .notFound(let id):
            writer.writeVariant(1)
            id.encode(to: &writer)
        case .unknownFilter(let filter):
            writer.writeVariant(2)
            writer.write(filter)
        }
    }
    static var wireShape: WireShape {
        .enumeration([WireVariant("emptyTitle", .unit), WireVariant("notFound", TodoID.wireShape), WireVariant("unknownFilter", .string)])
    }
}

/// `enum TodosOutcome { Add(Result<TodoId, TodoError>), Toggle(Result<(), TodoError>), SetFilter(Result<(), TodoError>) }`:
/// one variant per command, with the command's index.
enum TodosOutcome: Hashable, Sendable, WireCodable {
    case add(Result<TodoID, TodoError>)
    case toggle(Result<WireUnit, TodoError>)
    case setFilter(Result<WireUnit, TodoError>)

    init(from reader: inout WireReader) throws(WireError) {
        switch try reader.readVariant(of: "TodosOutcome", count: 3) {
        case 0: self = .add(try Result(from: &reader))
        case 1: self = .toggle(try Result(from: &reader))
        default: self = .setFilter(try Result(from: &reader))
        }
    }
    func encode(to writer: inout WireWriter) {
        switch self {
        case .add(let result):
            writer.writeVariant(0)
            result.encode(to: &writer)
        case .toggle(let result):
            writer.writeVariant(1)
            result.encode(to: &writer)
        case .setFilter(let result):
            writer.writeVariant(2)
            result.encode(to: &writer)
        }
    }
    static var wireShape: WireShape {
        .enumeration([
            WireVariant("add", Result<TodoID, TodoError>.wireShape), WireVariant("toggle", Result<WireUnit, TodoError>.wireShape),
            WireVariant("setFilter", Result<WireUnit, TodoError>.wireShape),
        ])
    }
}

extension TodosSchema {
    /// The store's wire: its fields' codecs, its commands and its outcomes.
    static let wire = WireSchema<TodoCommand, TodosOutcome>(store: "Todos", fields: fields)
}
