import Testing
@testable import UndraRuntime

/// Thousands of random batches, valid and invalid, applied to a `KeyedList` and to the plain-array
/// reference model: after every batch both must agree on the keys, the rows, the change report
/// or the error, and a rejected batch must leave the list exactly as it was.
@Suite struct KeyedListRandomizedTests {
    typealias List = KeyedList<Int, Int>
    typealias Op = List.Op

    /// Keys are drawn from a small universe so that collisions, missing keys and bad anchors
    /// are frequent.
    static let universe = 0..<28

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomBatchesAgreeWithTheReferenceModel(seed: UInt64) {
        var random = KeyedListSeededGenerator(seed: seed)
        var list = List()
        var model = KeyedListReferenceModel()
        var outcomes = (applied: 0, rejected: 0, compactingRemoves: 0, largest: 0)
        for batchNumber in 0..<2_000 {
            let ops = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                Self.randomOp(model: model, using: &random)
            }
            let before = list
            let expected = model.apply(ops)
            let expectedError: KeyedListError? = if case .failure(let error) = expected { error } else { nil }
            #expect(Result { () throws(KeyedListError) in try list.validate(ops) }.error == expectedError)
            let actual: Result<KeyedListChanges<Int>, KeyedListError>
            // Half the batches go through the mirror's path: validate first, apply the result.
            if batchNumber.isMultiple(of: 2) {
                actual = Result { () throws(KeyedListError) in try list.apply(ops) }
            } else {
                actual = Result { () throws(KeyedListError) in try list.validatedBatch(ops) }.map { list.apply($0) }
            }
            #expect(actual == expected, "seed \(seed), batch \(batchNumber): \(ops)")
            if case .failure = actual {
                outcomes.rejected += 1
                // Exactly as it was: the same rows, and the same storage down to the free slots.
                #expect(list == before, "seed \(seed), batch \(batchNumber)")
                #expect(list._order == before._order && list._freeSlots == before._freeSlots)
            } else {
                outcomes.applied += 1
                outcomes.compactingRemoves += ops.count { op in
                    if case .remove(let keys) = op { keys.count > List._scanningRemoveLimit } else { false }
                }
            }
            list._checkInvariants()
            outcomes.largest = max(outcomes.largest, list.count)
            guard Array(list.keys) == model.keys, Array(list) == model.rows else {
                Issue.record("seed \(seed), batch \(batchNumber): list \(list) but model \(model.entries)")
                return
            }
        }
        // For the run to mean anything, both kinds of batch must be common, removes must take
        // both paths, and scans must cross a whole 16-slot block.
        #expect(outcomes.applied > 500 && outcomes.rejected > 500, "\(outcomes)")
        #expect(outcomes.compactingRemoves >= 5, "\(outcomes)")
        #expect(outcomes.largest > 20, "\(outcomes)")
    }

    /// Batches of 10 to 40 ops, most of them moves and inserts before anchors, so that most are
    /// applied in one pass over the order (`_applyInOnePass`): each must leave the list as the
    /// model says, the same as applying the ops one by one, with the same change report.
    @Test(arguments: [5, 6, 7] as [UInt64])
    func largeBatchesAppliedInOnePassAgreeWithTheReferenceModel(seed: UInt64) {
        var random = KeyedListSeededGenerator(seed: seed)
        var list = List()
        var model = KeyedListReferenceModel()
        var outcomes = (onePass: 0, withReset: 0, rejected: 0)
        for batchNumber in 0..<400 {
            // Drawn against the state the batch has reached, so that most batches are valid; one
            // in five keeps an op that fails, wherever it was drawn. One in six may reset.
            var scratch = model
            var ops: [Op] = []
            let keepsAFailure = Int.random(in: 0..<5, using: &random) == 0
            let mayReset = Int.random(in: 0..<6, using: &random) == 0
            for _ in 0..<Int.random(in: 10...40, using: &random) {
                func draw() -> Op {
                    while true {
                        let op = Self.randomOp(model: scratch, using: &random)
                        if case .reset = op, !mayReset { continue }
                        return op
                    }
                }
                var op = draw()
                for _ in 0..<8 {
                    var attempt = scratch
                    if case .success = attempt.apply([op]) { break }
                    if keepsAFailure { break }
                    op = draw()
                }
                _ = scratch.apply([op])
                ops.append(op)
            }
            if ops.contains(where: { if case .reset = $0 { true } else { false } }) { outcomes.withReset += 1 }
            let before = list
            let expected = model.apply(ops)
            let actual = Result { () throws(KeyedListError) in try list.validatedBatch(ops) }.map { batch in
                if List._plan(of: ops).inOnePass { outcomes.onePass += 1 }
                return list.apply(batch)
            }
            #expect(actual == expected, "seed \(seed), batch \(batchNumber): \(ops)")
            if case .failure = actual {
                outcomes.rejected += 1
                #expect(list == before && list._order == before._order && list._freeSlots == before._freeSlots)
            }
            list._checkInvariants()
            guard Array(list.keys) == model.keys, Array(list) == model.rows else {
                Issue.record("seed \(seed), batch \(batchNumber): list \(list) but model \(model.entries)")
                return
            }
        }
        // Measured: 166–197 of the 400 batches in one pass, 37–48 with a reset, 99–125 rejected.
        #expect(outcomes.onePass > 150 && outcomes.withReset > 20 && outcomes.rejected > 60, "\(outcomes)")
    }

    /// Batches of resets alone, all but the last empty (a snapshot's list, a query's whole
    /// result): the path that builds the new key table while validating
    /// (`_validatedReplacement`). Each must agree with the model (rows, change report, error);
    /// a copy made before must keep the old rows; and the list must go on taking other ops.
    @Test(arguments: [8, 9] as [UInt64])
    func replacingBatchesAgreeWithTheReferenceModel(seed: UInt64) {
        var random = KeyedListSeededGenerator(seed: seed)
        var list = List()
        var model = KeyedListReferenceModel()
        var outcomes = (replaced: 0, rejected: 0, kept: 0, dropped: 0)
        for batchNumber in 0..<600 {
            // A reset of up to 20 keys (sometimes one repeated), after 0 to 2 empty ones.
            let count = Int.random(in: 0...20, using: &random)
            var rows = Array(Self.universe.shuffled(using: &random).prefix(count)).map { ($0, Int.random(in: 0..<1_000, using: &random)) }
            if !rows.isEmpty && Int.random(in: 0..<8, using: &random) == 0 {
                rows.insert((rows.randomElement(using: &random)!.0, 0), at: Int.random(in: 0...rows.count, using: &random))
            }
            let ops: [Op] = Array(repeating: .reset([]), count: Int.random(in: 0...2, using: &random)) + [.reset(rows.map { (key: $0.0, row: $0.1) })]
            let copy = list
            let copyKeys = Array(copy.keys), copyRows = Array(copy)
            let expected = model.apply(ops)
            let replacement = Result { () throws(KeyedListError) in try list._validatedReplacement(ops)! }
            #expect(replacement.map(\.changes) == expected, "seed \(seed), batch \(batchNumber): \(ops)")
            switch replacement {
            case .success(let batch):
                outcomes.replaced += 1
                outcomes.kept += batch.changes.updated.count
                outcomes.dropped += batch.changes.removed.count
                #expect(list.apply(batch) == batch.changes)
            case .failure:
                outcomes.rejected += 1
            }
            list._checkInvariants()
            #expect(Array(copy.keys) == copyKeys && Array(copy) == copyRows, "a copy changed with the list")
            guard Array(list.keys) == model.keys, Array(list) == model.rows else {
                Issue.record("seed \(seed), batch \(batchNumber): list \(list) but model \(model.entries)")
                return
            }
            // An op of another kind, so that the next replacement meets a list the other paths left.
            let op = Self.randomOp(model: model, using: &random)
            #expect(Result { () throws(KeyedListError) in try list.apply([op]) } == model.apply([op]))
            list._checkInvariants()
        }
        // Both outcomes, and resets that keep some keys and drop others, must be common.
        #expect(outcomes.replaced > 400 && outcomes.rejected > 30, "\(outcomes)")
        #expect(outcomes.kept > 1_000 && outcomes.dropped > 1_000, "\(outcomes)")
    }

    /// Any other batch takes the general path.
    @Test func onlyResetsAloneAreReplacements() throws {
        let list = try List(uniqueKeysWithRows: [(1, 10), (2, 20)])
        #expect(try list._validatedReplacement([]) == nil)
        #expect(try list._validatedReplacement([.reset([(3, 30)]), .reset([(4, 40)])]) == nil)
        #expect(try list._validatedReplacement([.reset([(3, 30)]), .update(3, 31)]) == nil)
        #expect(try list._validatedReplacement([.update(1, 11), .reset([(3, 30)])]) == nil)
        let batch = try #require(try list._validatedReplacement([.reset([]), .reset([(2, 21), (3, 30)])]))
        #expect(batch.slotOfKey == [2: 0, 3: 1])
        #expect(batch.changes == KeyedListChanges(inserted: [3], removed: [1], updated: [2], moved: [2]))
    }

    static func randomOp(model: KeyedListReferenceModel, using random: inout KeyedListSeededGenerator) -> Op {
        let present = model.keys
        let absent = universe.filter { !present.contains($0) }
        /// Mostly a key of `preferred`, sometimes any key of the universe.
        func key(from preferred: [Int], odds: Double) -> Int {
            if let key = preferred.randomElement(using: &random), Double.random(in: 0..<1, using: &random) < odds {
                return key
            }
            return universe.randomElement(using: &random)!
        }
        func anchor() -> Int? {
            Double.random(in: 0..<1, using: &random) < 0.3 ? nil : key(from: present, odds: 0.9)
        }
        func rows(_ count: Int) -> [(key: Int, row: Int)] {
            (0..<count).map { _ in (key(from: absent, odds: 0.92), Int.random(in: 0..<1_000, using: &random)) }
        }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<4:
            return .reset(rows(Int.random(in: 0...10, using: &random)))
        case 4..<36:
            return .insert(rows(Int.random(in: 0...3, using: &random)), before: anchor())
        case 36..<60:
            return .update(key(from: present, odds: 0.9), Int.random(in: 0..<1_000, using: &random))
        case 60..<80:
            // Now and then more keys than the scanning limit, to exercise the compacting path.
            let many = present.count > 13 && Int.random(in: 0..<4, using: &random) == 0
            let count = many
                ? Int.random(in: 13...present.count, using: &random) : Int.random(in: 0...3, using: &random)
            let shuffled = present.shuffled(using: &random)
            return .remove((0..<count).map { i in
                i < shuffled.count && Double.random(in: 0..<1, using: &random) < 0.98
                    ? shuffled[i] : universe.randomElement(using: &random)!
            })
        default:
            return .move(key(from: present, odds: 0.92), before: anchor())
        }
    }
}

fileprivate extension Result {
    /// The error of a failure, `nil` for a success.
    var error: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
