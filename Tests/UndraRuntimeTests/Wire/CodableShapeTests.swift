import Foundation
import Testing
import UndraRuntime

/// Shapes traced from synthesized `Decodable` conformances, with their fields' names: what
/// docs/WIRE.md's grammar says of each kind of type (the Rust crate's agreement is checked in CodableVectorTests).
@Suite struct CodableShapeTests {
    struct Outer: Codable { var inners: [Inner]; var name: String }
    struct Inner: Codable { var outer: Outer?; var tag: Int8 }

    final class Node: Codable {
        let value: UInt16
        let children: [Node]
        let labels: [String: Node]
    }

    struct Empty: Codable {}
    struct Wrapper: Codable { var id: UInt64 }

    enum Only: Codable {
        case one
        enum CodingKeys: Int, CodingKey { case one }
    }

    /// Every case holds the enum itself (through a struct): no value of it can be built.
    indirect enum Endless: Codable {
        case more(Link), again([Int8], Link)
        enum CodingKeys: Int, CodingKey { case more, again }
    }

    struct Link: Codable { var next: Endless }

    struct Holder<Item: Codable>: Codable {
        var items: [Item]
        var next: UInt32?
    }

    @Test func aTypeInsideItsOwnDefinitionIsItsDepthAmongTheEnclosingNamedTypes() throws {
        #expect(try WireShape.traced(Outer.self).description == "(inners:seq<(outer:option<rec1>,tag:i8)>,name:string)")
        #expect(try WireShape.traced(Inner.self).description == "(outer:option<(inners:seq<rec1>,name:string)>,tag:i8)")
        #expect(try WireShape.traced(Node.self).description == "(value:u16,children:seq<rec0>,labels:map<string,rec0>)")
    }

    /// A case's unlabelled values (`_0`, `_1` to `Codable`) are a tuple; labelled ones are named.
    enum Payloads: Codable {
        case labelled(from: Int8, to: Int8), unlabelled(Int8, Int8)
        enum CodingKeys: Int, CodingKey { case labelled, unlabelled }
    }

    @Test func labelledCaseValuesAreNamedAndUnlabelledOnesAreATuple() throws {
        #expect(try WireShape.traced(Payloads.self).description == "enum{labelled:(from:i8,to:i8)|unlabelled:(i8,i8)}")
    }

    @Test func noFieldsIsUnitAndOneFieldIsTheFieldItself() throws {
        #expect(try WireShape.traced(Empty.self) == .unit)
        #expect(try WireShape.traced(Wrapper.self) == .u64)
        #expect(try WireShape.traced(Only.self).description == "enum{one:unit}")
        #expect(try WireShape.traced([Wrapper?].self).description == "seq<option<u64>>")
        #expect(try WireShape.traced([ExactString: UndraDuration].self).description == "map<string,(secs:u64,nanos:u32)>")
    }

    @Test func anEnumWhoseEveryCaseHoldsItselfCannotBeTraced() {
        #expect(throws: WireShapeError(type: "Endless", message: "every case holds the enum itself: no value of it can be built")) {
            try WireShape.traced(Endless.self)
        }
    }

    /// Eight threads trace 64 distinct types at once, each several times: every answer is the
    /// type's shape, and the cache keeps one per type.
    @Test func tracingFromManyThreadsAtOnceGivesEachTypeItsShape() {
        let types = Self.types()
        let answers = AnswerLog()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            let types = Self.types()
            for round in 0..<64 {
                let (type, _) = types[(thread + round) % types.count]
                answers.append((round + thread) % types.count, Self.trace(type))
            }
        }
        let byType = answers.all
        #expect(byType.count == types.count)
        for (index, (_, expected)) in types.enumerated() {
            #expect(byType[index] == Array(repeating: expected, count: 64), "\(types[index].0)")
        }
    }

    static func types() -> [(any Decodable.Type, String)] {
        [
            (Holder<Int8>.self, "(items:seq<i8>,next:option<u32>)"),
            (Holder<Int16>.self, "(items:seq<i16>,next:option<u32>)"),
            (Holder<UInt32?>.self, "(items:seq<option<u32>>,next:option<u32>)"),
            (Holder<[String]>.self, "(items:seq<seq<string>>,next:option<u32>)"),
            (Holder<Wrapper>.self, "(items:seq<u64>,next:option<u32>)"),
            (Holder<Outer>.self, "(items:seq<(inners:seq<(outer:option<rec1>,tag:i8)>,name:string)>,next:option<u32>)"),
            (Holder<Node>.self, "(items:seq<(value:u16,children:seq<rec0>,labels:map<string,rec0>)>,next:option<u32>)"),
            (Holder<Only>.self, "(items:seq<enum{one:unit}>,next:option<u32>)"),
        ]
    }

    static func trace<T: Decodable>(_ type: T.Type) -> String {
        (try? WireShape.traced(T.self).description) ?? "untraceable"
    }

    /// What the threads answered, by type index (a lock around a dictionary).
    final class AnswerLog: @unchecked Sendable {  // @unchecked: `answers` is reached only under `lock`.
        private let lock = NSLock()
        private var answers: [Int: [String]] = [:]
        func append(_ index: Int, _ answer: String) { lock.withLock { answers[index, default: []].append(answer) } }
        var all: [Int: [String]] { lock.withLock { answers } }
    }
}
