#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CUndraAtomics
import UndraRuntime

/// The rows of Combine's subscriber model (issue 11, item 8): a send under limited demand, a
/// `Future`, and a `@Published` set with nobody subscribed; each against a floor measured in the
/// same run. The operator rows (flatMap, zip, share, collect, a three-operator chain) live with
/// the operators.
func combineModelCases() -> [BenchCase] {
    #if canImport(Combine)
    []  // Where Combine exists these names are Combine's, not the coarse mode's.
    #else
    [
        sendUnderLimitedDemand(requesting: false),
        sendUnderLimitedDemand(requesting: true),
        futureSink(),
    ] + publishedSetUnsubscribed()
    #endif
}

#if !canImport(Combine)

/// A subscriber that takes one value at a time: it asks for one when subscribed, then one more per
/// value, either by returning `.max(1)` from `receive(_:)` or by calling `request(.max(1))` after
/// it (from the bench loop, as code that hands each value on and then asks for the next does).
private final class OneAtATime: Subscriber {
    let tally: Tally
    let returnsDemand: Bool
    var subscription: Subscription?

    init(tally: Tally, returnsDemand: Bool) {
        self.tally = tally
        self.returnsDemand = returnsDemand
    }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.max(1))
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        tally.count &+= input
        return returnsDemand ? .max(1) : .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}
}

/// A `PassthroughSubject` send to one subscriber that asks for one value at a time. The floor is
/// the send of the other publishing rows, with the demand a subscriber keeps counted alongside.
private func sendUnderLimitedDemand(requesting: Bool) -> BenchCase {
    let subject = PassthroughSubject<Int, Never>()
    let tally = Tally()
    let subscriber = OneAtATime(tally: tally, returnsDemand: !requesting)
    subject.subscribe(subscriber)
    let subscription = subscriber.subscription!
    let baseline = LockedClosureArray<Int>()
    let demand = PthreadLocked(1)
    baseline.append { value in
        let granted = demand.withLock { demand -> Bool in
            guard demand > 0 else { return false }
            demand -= 1
            return true
        }
        if granted { tally.count &+= value }
    }
    return BenchCase(
        name: requesting ? "subject.send.requestMax1PerValue" : "subject.send.returnMax1PerValue",
        // Asking from outside runs the subscription's request unspecialized (through the
        // `Subscription` existential); it touches no type generic over the subject's, so it looks
        // up no metadata: 0.6-0.9x its floor in interleaved runs, so at most 2x leaves headroom.
        baseline: "LockedClosureArray + demand", goal: .baselineRatio(atMost: requesting ? 2 : 1),
        ours: { n in
            if requesting {
                for i in 0..<n {
                    subject.send(i)
                    subscription.request(.max(1))
                }
            } else {
                for i in 0..<n { subject.send(i) }
            }
            blackHole(tally.count)
        },
        theirs: { n in
            for i in 0..<n {
                baseline.send(i)
                demand.withLock { $0 += 1 }
            }
            blackHole(tally.count)
        })
}

/// A promise fulfilled at once, then one subscriber given its result: `Future { $0(.success(i)) }
/// .sink { ... }`, the future and its subscription made and released each time.
private func futureSink() -> BenchCase {
    let tally = Tally()
    return BenchCase(
        name: "future.sink", baseline: "LockedPromise", goal: .baselineRatio(atMost: 6),
        ours: { n in
            for i in 0..<n {
                let future = Future<Int, Never> { promise in promise(.success(i)) }
                _ = future.sink { tally.count &+= $0 }
            }
            blackHole(tally.count)
        },
        theirs: { n in
            for i in 0..<n {
                let promise = LockedPromise<Int>()
                promise.fulfill(i)
                promise.whenFulfilled { tally.count &+= $0 }
            }
            blackHole(tally.count)
        })
}

/// The floor for a one-shot result: a class with the result and the callbacks waiting for it behind
/// a pthread lock (a callback added after the result runs at once).
private final class LockedPromise<Value> {
    private let state = PthreadLocked<(result: Value?, waiting: [(Value) -> Void])>((nil, []))

    func fulfill(_ value: Value) {
        let waiting = state.withLock { state -> [(Value) -> Void] in
            guard state.result == nil else { return [] }
            state.result = value
            defer { state.waiting = [] }
            return state.waiting
        }
        for callback in waiting { callback(value) }
    }

    func whenFulfilled(_ callback: @escaping (Value) -> Void) {
        let result = state.withLock { state -> Value? in
            if state.result == nil { state.waiting.append(callback) }
            return state.result
        }
        if let result { callback(result) }
    }
}

private final class Model: ObservableObject {
    @Published var value = 0
}

/// A `@Published` set with nobody subscribed (item 5: the subject's fast path, no lock), against
/// a plain stored property set, and against the floor of a set that a subscriber joining on
/// another thread may race: the same store, claimed with one compare-and-swap and released with a
/// plain store (issue 21: the first ratio cannot go below the second's floor).
private func publishedSetUnsubscribed() -> [BenchCase] {
    final class Plain {
        var value = 0

        /// Not inlined, so that the loop keeps every store.
        @inline(never) func set(_ newValue: Int) {
            value = newValue
        }
    }
    final class Claimed {
        let claim = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        var value = 0

        init() { claim.initialize(to: 0) }
        deinit { claim.deallocate() }

        /// The store between a sequentially consistent compare-and-swap that claims it and a
        /// releasing store that gives the claim back. Not inlined, as `Plain.set`.
        @inline(never) func set(_ newValue: Int) {
            var idle = 0
            guard cundra_compare_exchange(claim, &idle, 3, CUNDRA_SEQ_CST, CUNDRA_SEQ_CST) else { return }
            value = newValue
            cundra_store(claim, 0, CUNDRA_RELEASE)
        }
    }
    let model = Model(), plain = Plain(), claimed = Claimed()
    let set: (Int) -> Void = { n in
        for i in 0..<n { model.value = i }
        keep(model.value)
    }
    return [
        BenchCase(
            name: "published.set.unsubscribed", baseline: "stored property set", goal: .baselineRatio(atMost: 6),
            ours: set,
            theirs: { n in
                for i in 0..<n { plain.set(i) }
                keep(plain.value)
            }),
        BenchCase(
            name: "published.set.unsubscribed.vsClaim", baseline: "claimed stored property set",
            goal: .baselineRatio(atMost: 1.3),
            ours: set,
            theirs: { n in
                for i in 0..<n { claimed.set(i) }
                keep(claimed.value)
            }),
    ]
}
#endif
