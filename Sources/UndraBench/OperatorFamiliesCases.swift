import UndraRuntime

/// Rows for the operator families of issue 11 that work per value in ways the coarse rows do not
/// show: a `try` operator (its subscriber path, with a subscription of its own), `scan` (the sink
/// path, with state), `flatMap` (a subscription per value), and `collect` (a subscribe, a hundred
/// values and a result). The baseline is the same work done by hand with closures
/// (`LockedClosureArray`, shared with the publishing rows), so the ratio is what the operator
/// costs over the floor. The goals are those ratios: the issue's own goal, 5× faster than
/// OpenCombine, is a reference figure that the benchmark cannot measure.
func operatorFamiliesCases() -> [BenchCase] {
    #if canImport(Combine)
    []  // Where Combine exists these names are Combine's, not the coarse mode's.
    #else
    [tryMapSend(), scanSend(), flatMapSend(), collectHundred()]
    #endif
}

#if !canImport(Combine)

private struct Odd: Error {}

/// A row that sends `0..<n` through a subject into the pipeline `subscribe` puts on it, against
/// the same work done by hand in one closure (`byHand`'s) of a `LockedClosureArray`.
private func sendRow(
    _ name: String, goal: Goal,
    subscribe: (PassthroughSubject<Int, Never>, Tally) -> AnyCancellable,
    byHand: (Tally) -> (Int) -> Void
) -> BenchCase {
    let subject = PassthroughSubject<Int, Never>()
    let baseline = LockedClosureArray<Int>()
    let tally = Tally()
    let subscription = subscribe(subject, tally)
    baseline.append(byHand(tally))
    return BenchCase(
        name: name, baseline: "LockedClosureArray", goal: goal,
        ours: { n in
            for i in 0..<n { subject.send(i) }
            blackHole((tally.count, subscription))
        },
        theirs: { n in
            for i in 0..<n { baseline.send(i) }
            blackHole(tally.count)
        })
}

private func tryMapSend() -> BenchCase {
    sendRow(
        "operators.tryMap.send", goal: .baselineRatio(atMost: 3),
        subscribe: { subject, tally in
            subject.tryMap { value -> Int in
                if value < 0 { throw Odd() }
                return value &* 2
            }.sink(receiveCompletion: { _ in }, receiveValue: { tally.count &+= $0 })
        },
        byHand: { tally in
            { value in
                do {
                    if value < 0 { throw Odd() }
                    tally.count &+= value &* 2
                } catch {}
            }
        })
}

private func scanSend() -> BenchCase {
    sendRow(
        "operators.scan.send", goal: .baselineRatio(atMost: 1.5),
        subscribe: { subject, tally in subject.scan(0, &+).sink { tally.count &+= $0 } },
        byHand: { tally in
            var sum = 0
            return { value in
                sum &+= value
                tally.count &+= sum
            }
        })
}

private func flatMapSend() -> BenchCase {
    sendRow(
        "operators.flatMap.just.send", goal: .baselineRatio(atMost: 10),
        subscribe: { subject, tally in subject.flatMap { Just($0) }.sink { tally.count &+= $0 } },
        byHand: { tally in
            let inner: (Int) -> Void = { tally.count &+= $0 }
            return { inner($0) }
        })
}

private func collectHundred() -> BenchCase {
    let values = Array(0..<100)
    let tally = Tally()
    return BenchCase(
        name: "operators.collect.100", baseline: "LockedClosureArray", goal: .baselineRatio(atMost: 3),
        ours: { n in
            for _ in 0..<n {
                // The operator itself: a sequence publisher's own `collect()` hands over its array.
                let subscription = Publishers.Collect(upstream: values.publisher).sink { tally.count &+= $0.count }
                blackHole(subscription)
            }
        },
        theirs: { n in
            for _ in 0..<n {
                let baseline = LockedClosureArray<Int>()
                var collected: [Int] = []
                baseline.append { collected.append($0) }
                for value in values { baseline.send(value) }
                tally.count &+= collected.count
            }
        })
}
#endif
