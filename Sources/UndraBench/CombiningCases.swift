import UndraRuntime

/// The rows of the operator families that join and share streams: `zip`, `share`, and the
/// subscribe and cancel of a chain of three operators. Each is measured against the same work
/// written by hand with nothing around it: `LockedClosureArray`s (an array of closures behind a
/// pthread lock, as in PublishingCases.swift), and for `zip`, `LockedZip` (two queues behind a
/// pthread lock, paired by hand). OpenCombine, the reference, cannot be a dependency.
func combiningCases() -> [BenchCase] {
    #if canImport(Combine)
    []  // Where Combine exists these names are Combine's, not the coarse mode's.
    #else
    [zipPair(), shareSend(), subscribeCancelThroughThreeOperators()]
    #endif
}

#if !canImport(Combine)

/// The baseline of `zip`: two queues behind one pthread lock; a value that finds one waiting on
/// the other side pops it, and the pair goes out through a `LockedClosureArray`.
private final class LockedZip {
    private let queues = PthreadLocked<(a: [Int], b: [Int])>(([], []))
    let pairs = LockedClosureArray<(Int, Int)>()

    func sendA(_ value: Int) {
        let pair = queues.withLock { queues -> (Int, Int)? in
            guard !queues.b.isEmpty else {
                queues.a.append(value)
                return nil
            }
            return (value, queues.b.removeFirst())
        }
        if let pair { pairs.send(pair) }
    }

    func sendB(_ value: Int) {
        let pair = queues.withLock { queues -> (Int, Int)? in
            guard !queues.a.isEmpty else {
                queues.b.append(value)
                return nil
            }
            return (queues.a.removeFirst(), value)
        }
        if let pair { pairs.send(pair) }
    }
}

/// One pair through `zip`: a value sent into each of two subjects, paired, delivered to a sink.
private func zipPair() -> BenchCase {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let tally = Tally()
    let subscription = a.zip(b).sink { tally.count &+= $0.0 &+ $0.1 }
    let handA = LockedClosureArray<Int>()
    let handB = LockedClosureArray<Int>()
    let zip = LockedZip()
    handA.append(zip.sendA)
    handB.append(zip.sendB)
    zip.pairs.append { tally.count &+= $0.0 &+ $0.1 }
    return BenchCase(
        name: "zip.send.1pair", baseline: "LockedZip", goal: .baselineRatio(atMost: 2),
        ours: { n in
            for i in 0..<n {
                a.send(i)
                b.send(i)
            }
            blackHole((tally.count, subscription))
        },
        theirs: { n in
            for i in 0..<n {
                handA.send(i)
                handB.send(i)
            }
            blackHole(tally.count)
        })
}

/// One value through `share` to two sinks: the upstream subject, the share's subject, the sinks.
private func shareSend() -> BenchCase {
    let upstream = PassthroughSubject<Int, Never>()
    let shared = upstream.share()
    let tally = Tally()
    let subscriptions = [shared.sink { tally.count &+= $0 }, shared.sink { tally.count &+= $0 }]
    let handUpstream = LockedClosureArray<Int>()
    let handShared = LockedClosureArray<Int>()
    handUpstream.append(handShared.send)
    handShared.append { tally.count &+= $0 }
    handShared.append { tally.count &+= $0 }
    return BenchCase(
        name: "share.send.2sinks", baseline: "LockedClosureArray", goal: .baselineRatio(atMost: 1.5),
        ours: { n in
            for i in 0..<n { upstream.send(i) }
            blackHole((tally.count, subscriptions))
        },
        theirs: { n in
            for i in 0..<n { handUpstream.send(i) }
            blackHole(tally.count)
        })
}

/// Subscribing a sink through `map`, `filter` and `removeDuplicates` to a subject, and cancelling
/// it: the chain's subscribers and subscriptions made and let go. The baseline appends and
/// removes the three steps composed into one closure.
private func subscribeCancelThroughThreeOperators() -> BenchCase {
    let subject = PassthroughSubject<Int, Never>()
    let baseline = LockedClosureArray<Int>()
    let tally = Tally()
    return BenchCase(
        name: "subscribe.cancel.map.filter.removeDuplicates", baseline: "LockedClosureArray",
        goal: .baselineRatio(atMost: 8),
        ours: { n in
            for _ in 0..<n {
                subject.map { $0 &* 2 }.filter { $0 > 0 }.removeDuplicates().sink { tally.count &+= $0 }.cancel()
            }
        },
        theirs: { n in
            for _ in 0..<n {
                var last: Int?
                baseline.append { value in
                    let doubled = value &* 2
                    guard doubled > 0, doubled != last else { return }
                    last = doubled
                    tally.count &+= doubled
                }
                baseline.removeLast()
            }
        })
}
#endif
