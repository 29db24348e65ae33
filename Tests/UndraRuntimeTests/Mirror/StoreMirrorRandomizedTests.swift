import Testing
@testable import UndraRuntime

/// Thousands of random frames (valid and invalid, list ops mixed with scalar sets) applied to a
/// mirror, checked after each against the reference model: a valid frame changes both fields as
/// the model says; an invalid one is rejected with the model's op index and key, and leaves the
/// mirror exactly as it was (then a snapshot resyncs it).
@Suite struct StoreMirrorRandomizedTests {
    static let items = ListField<Int, Int>(id: 0, name: "items")
    static let counter = Field<Int>(id: 1, name: "counter", initial: 0)

    @Test(arguments: [11, 12, 13] as [UInt64])
    func randomFramesAgreeWithTheReferenceModel(seed: UInt64) {
        var random = KeyedListSeededGenerator(seed: seed)
        let mirror = StoreMirror(schemaHash: 1, fields: [Self.items, Self.counter])
        var model = KeyedListReferenceModel()
        var counter = 0
        var sequence: UInt64 = 1
        mirror.apply(Frame(epoch: 1, sequence: 1, isSnapshot: true, schemaHash: 1, ops: []))
        var (applied, rejected) = (0, 0)

        for _ in 0..<1_500 {
            // A frame: up to four list ops and scalar sets, in a random order.
            var ops: [FrameOp] = []
            var listOps: [(frameIndex: Int, op: KeyedList<Int, Int>.Op)] = []
            var lastSet: Int?
            var scratch = model
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                if Bool.random(using: &random) {
                    let value = Int.random(in: 0..<1000, using: &random)
                    ops.append(.set(Self.counter, value))
                    lastSet = value
                } else {
                    let op = KeyedListRandomizedTests.randomOp(model: scratch, using: &random)
                    _ = scratch.apply([op])  // later ops are drawn against the state so far
                    listOps.append((ops.count, op))
                    ops.append(.list(Self.items, op))
                }
            }
            sequence += 1
            let report = mirror.apply(Frame(epoch: 1, sequence: sequence, ops: ops))

            var expected = model
            switch expected.apply(listOps.map(\.op)) {
            case .success:
                #expect(report.applied == 1)
                model = expected
                counter = lastSet ?? counter
                applied += 1
            case .failure(let error):
                #expect(report.applied == 0)
                #expect(report.rejected.first?.opIndex == listOps[error.opIndex].frameIndex)
                #expect(report.rejected.first?.key == error.key)
                #expect(report.rejected.first?.fieldName == "items")
                rejected += 1
                // Resync: the core sends its state again.
                sequence += 1
                mirror.apply(Frame(
                    epoch: 1, sequence: sequence, isSnapshot: true, schemaHash: 1,
                    ops: [.reset(Self.items, model.entries), .set(Self.counter, counter)]))
            }
            let list = mirror[Self.items]
            #expect(Array(list.keys) == model.keys)
            #expect(Array(list) == model.rows)
            #expect(mirror[Self.counter] == counter)
        }
        #expect(applied > 300)
        #expect(rejected > 300)
    }
}
