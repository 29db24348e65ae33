import Foundation
@testable import ShapesKit
import Testing
@testable import UndraRuntime

/// A store of every wire shape, as `undra bindgen` writes it (Tests/Generated/Shapes, from
/// rust/undra-core/examples/shapes_core.rs): the generated types read and write exactly the bytes
/// serde and bincode give (Tests/WireVectors/shapes.vectors), and, when CI builds the core, make
/// the round trip through it.
@Suite struct GeneratedShapesTests {
    static let libraryPath = ProcessInfo.processInfo.environment["UNDRA_SHAPES_CORE_LIBRARY"]

    /// The core's `sample()`, in Swift.
    static let sample = ShapesKit.Everything(
        flag: true,
        small: WireTuple4(255, 65_535, 4_000_000_000, .max),
        signed: WireTuple4(-128, -32_768, .min, .min),
        wide: WireUInt128(low: .max - 1, high: .max),
        wideSigned: WireInt128(low: 1, high: .min),
        real: 1.5,
        double: -0.25,
        letter: "é",
        text: "tea 🍵",
        blob: Data([0, 1, 254, 255]),
        raw: [7, 8],
        nothing: WireUnit(),
        marker: ShapesKit.`Type`(),
        meters: ShapesKit.Meters(2.5),
        pair: ShapesKit.Pair(3, "three"),
        maybe: .some(nil),
        list: [-1, 0, 1],
        set: ["only"],
        map: ["key": [1, 2]],
        figure: .rect(w: 4, h: 5),
        outcome: .err(WireFailure("no")),
        wait: try! UndraDuration(seconds: 90, nanoseconds: 500),
        when: Date(timeIntervalSince1970: 1_796_616_291.5),
        tree: ShapesKit.Folder(
            name: "root", children: [ShapesKit.Folder(name: "a", children: [], parent: nil)],
            parent: ShapesKit.Folder(name: "up", children: [], parent: nil)),
        expr: .add(.num(1), .neg(.num(2))),
        default: 9)

    @Test func everyShapeReadsAndWritesTheRustBytes() throws {
        let vectors = GoldenVectors.load("shapes.vectors")
        func bytes(_ name: String) -> [UInt8] { vectors.first { $0.name == name }!.bytes }
        #expect(try ShapesKit.Everything(wireBytes: bytes("shapes.sample")) == Self.sample)
        #expect(Self.sample.wireBytes == bytes("shapes.sample"))
        #expect(ShapesKit.ShapesCommand.replace(Self.sample).wireBytes == bytes("shapes.command.replace"))
        #expect(try ShapesKit.ShapesCommand(wireBytes: bytes("shapes.command.replace")) == .replace(Self.sample))
        // Every prefix is too short, and says so: never a trap, never a value.
        let sample = bytes("shapes.sample")
        for length in stride(from: 0, to: sample.count, by: 7) {
            #expect(throws: WireError.self) { try ShapesKit.Everything(wireBytes: Array(sample.prefix(length))) }
        }
    }

    @Test func theStoreDescribesTheCoresSchemaAndItsNamesFollowTheRules() {
        // The description's field names are Rust's, normalized; a struct's fields are named.
        #expect(ShapesKit.ShapesSchema.wire.description.contains("field 3 core scalar u8"))
        #expect(ShapesKit.ShapesSchema.wire.description.contains("(name:string,children:seq<rec0>,parent:option<rec0>)"))
        #expect(ShapesKit.Folder.wireShape.description == "(name:string,children:seq<rec0>,parent:option<rec0>)")
        #expect(ShapesKit.Expr.wireShape.description == "enum{num:i64|neg:rec0|add:(rec0,rec0)}")
        #expect(!ShapesKit.ShapesSchema.log.coalesces)
        #expect(ShapesKit.ShapesSchema.all.initial == ShapesKit.Everything.placeholder)
        #expect(ShapesKit.Expr.placeholder == .num(0))
    }

    @Test func deeplyNestedInputIsAnErrorNotACrash() throws {
        // `Neg(Neg(…))` nested past the reader's depth limit.
        var writer = WireWriter()
        for _ in 0..<(WireReader.maximumDepth + 8) { writer.writeVariant(1) }
        writer.writeVariant(0)
        writer.write(Int64(7))
        #expect(throws: WireError.self) { try ShapesKit.Expr(wireBytes: writer.bytes) }
    }

    @Test(.enabled(if: libraryPath != nil)) func theValuesMakeTheRoundTripThroughTheRustCore() async throws {
        let core = try ShapesCore(library: Self.libraryPath!)
        defer { core.core.disconnect() }
        let shapes = ShapesKit.Shapes(core: core)
        #expect(await eventually { shapes.runtime.mirror.position != nil })
        #expect(shapes.all == Self.sample)
        #expect(shapes.coreField == 1)
        var changed = Self.sample
        changed.text = "changed"
        changed.set = ["one"]
        changed.expr = .neg(.add(.num(3), .num(4)))
        changed.tree.parent = nil
        let echoed = try await shapes.replace(changed)
        #expect(echoed == changed)
        #expect(shapes.all == changed)
        #expect(shapes.log == "replaced")
        await #expect(throws: CommandError<WireFailure<String>>.failed(WireFailure("why"))) { try await shapes.refuse(reason: "why") }
        #expect(try await shapes.runtimeCommand() == 42)
    }
}
