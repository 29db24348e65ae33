// The rows of the OpenCombine reference comparison. This one file is compiled twice: as the module
// UndraRows against UndraRuntime, and (through the symlink in Sources/OpenCombineRows, with
// OPENCOMBINE defined) as the module OpenCombineRows against OpenCombine. So each row's body is the
// same text for both libraries: the same loop, the same sink work, the same values. The bodies are
// those of UndraBench's coarse rows (Sources/UndraBench/PublishingCases.swift,
// CombineModelCases.swift, CombiningCases.swift, OperatorFamiliesCases.swift), without the
// baselines.
#if OPENCOMBINE
import OpenCombine
#else
import UndraRuntime
#endif

/// One row: its UndraBench name, a body that performs `n` operations, and what the body's work
/// left to see (the sinks' tally, or the value set), which the harness compares between the two
/// libraries before timing them: both must do the same work.
public typealias Row = (name: String, body: (Int) -> Void, observe: () -> Int)

/// Every row, in UndraBench's order.
public func rows() -> [Row] {
    [
        subjectSend(sinks: 1),
        subjectSend(sinks: 10),
        publishedSet(),
        publishedSetWithObjectWillChange(),
        publishedGet(),
        subscribeCancel(),
        publishedSetThroughOperators(),
        sendUnderLimitedDemand(requesting: false),
        sendUnderLimitedDemand(requesting: true),
        futureSink(),
        publishedSetUnsubscribed(),
        zipPair(),
        shareSend(),
        subscribeCancelThroughThreeOperators(),
        tryMapSend(),
        scanSend(),
        flatMapSend(),
        collectHundred(),
    ]
}

/// What every sink here does: count, so that the work cannot be optimized away.
private final class Tally {
    var count = 0
}

/// Keeps a value alive and opaque to the optimizer: the call cannot be removed, nor its argument.
@inline(never) @_optimize(none)
private func keep<T>(_ value: T) {}

private final class Model: ObservableObject {
    @Published var value = 0
}

private func subjectSend(sinks: Int) -> Row {
    let subject = PassthroughSubject<Int, Never>()
    let tally = Tally()
    let subscriptions = (0..<sinks).map { _ in subject.sink { tally.count &+= $0 } }
    return ("subject.send.\(sinks)sink\(sinks == 1 ? "" : "s")", { n in
        for i in 0..<n { subject.send(i) }
        keep((tally.count, subscriptions))
    }, { tally.count })
}

private func publishedSet() -> Row {
    let model = Model()
    let tally = Tally()
    let subscription = model.$value.sink { tally.count &+= $0 }
    return ("published.set.1sink", { n in
        for i in 0..<n { model.value = i }
        keep((tally.count, subscription))
    }, { tally.count })
}

private func publishedSetWithObjectWillChange() -> Row {
    let model = Model()
    let tally = Tally()
    let subscription = model.objectWillChange.sink { tally.count &+= 1 }
    return ("published.set.objectWillChange1sink", { n in
        for i in 0..<n { model.value = i }
        keep((tally.count, subscription))
    }, { tally.count })
}

private func publishedGet() -> Row {
    let model = Model()
    return ("published.get", { n in
        for _ in 0..<n { keep(model.value) }
    }, { model.value })
}

private func subscribeCancel() -> Row {
    let subject = PassthroughSubject<Int, Never>()
    let tally = Tally()
    return ("subscribe.cancel", { n in
        for _ in 0..<n { subject.sink { tally.count &+= $0 }.cancel() }
    }, { tally.count })
}

private func publishedSetThroughOperators() -> Row {
    let model = Model()
    let tally = Tally()
    let subscription = model.$value.removeDuplicates().map { $0 &* 2 }.sink { tally.count &+= $0 }
    return ("published.set.removeDuplicates.map.sink", { n in
        for i in 0..<n { model.value = i }
        keep((tally.count, subscription))
    }, { tally.count })
}

/// A subscriber that takes one value at a time: it asks for one when subscribed, then one more per
/// value, either by returning `.max(1)` from `receive(_:)` or by calling `request(.max(1))` after
/// it (from the loop).
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

private func sendUnderLimitedDemand(requesting: Bool) -> Row {
    let subject = PassthroughSubject<Int, Never>()
    let tally = Tally()
    let subscriber = OneAtATime(tally: tally, returnsDemand: !requesting)
    subject.subscribe(subscriber)
    let subscription = subscriber.subscription!
    return (requesting ? "subject.send.requestMax1PerValue" : "subject.send.returnMax1PerValue", { n in
        if requesting {
            for i in 0..<n {
                subject.send(i)
                subscription.request(.max(1))
            }
        } else {
            for i in 0..<n { subject.send(i) }
        }
        keep(tally.count)
    }, { tally.count })
}

private func futureSink() -> Row {
    let tally = Tally()
    return ("future.sink", { n in
        for i in 0..<n {
            let future = Future<Int, Never> { promise in promise(.success(i)) }
            _ = future.sink { tally.count &+= $0 }
        }
        keep(tally.count)
    }, { tally.count })
}

private func publishedSetUnsubscribed() -> Row {
    let model = Model()
    return ("published.set.unsubscribed", { n in
        for i in 0..<n { model.value = i }
        keep(model.value)
    }, { model.value })
}

private func zipPair() -> Row {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let tally = Tally()
    let subscription = a.zip(b).sink { tally.count &+= $0.0 &+ $0.1 }
    return ("zip.send.1pair", { n in
        for i in 0..<n {
            a.send(i)
            b.send(i)
        }
        keep((tally.count, subscription))
    }, { tally.count })
}

private func shareSend() -> Row {
    let upstream = PassthroughSubject<Int, Never>()
    let shared = upstream.share()
    let tally = Tally()
    let subscriptions = [shared.sink { tally.count &+= $0 }, shared.sink { tally.count &+= $0 }]
    return ("share.send.2sinks", { n in
        for i in 0..<n { upstream.send(i) }
        keep((tally.count, subscriptions))
    }, { tally.count })
}

private func subscribeCancelThroughThreeOperators() -> Row {
    let subject = PassthroughSubject<Int, Never>()
    let tally = Tally()
    return ("subscribe.cancel.map.filter.removeDuplicates", { n in
        for _ in 0..<n {
            subject.map { $0 &* 2 }.filter { $0 > 0 }.removeDuplicates().sink { tally.count &+= $0 }.cancel()
        }
    }, { tally.count })
}

private struct Odd: Error {}

/// A row that sends `0..<n` through a subject into the pipeline `subscribe` puts on it.
private func sendRow(_ name: String, subscribe: (PassthroughSubject<Int, Never>, Tally) -> AnyCancellable) -> Row {
    let subject = PassthroughSubject<Int, Never>()
    let tally = Tally()
    let subscription = subscribe(subject, tally)
    return (name, { n in
        for i in 0..<n { subject.send(i) }
        keep((tally.count, subscription))
    }, { tally.count })
}

private func tryMapSend() -> Row {
    sendRow("operators.tryMap.send") { subject, tally in
        subject.tryMap { value -> Int in
            if value < 0 { throw Odd() }
            return value &* 2
        }.sink(receiveCompletion: { _ in }, receiveValue: { tally.count &+= $0 })
    }
}

private func scanSend() -> Row {
    sendRow("operators.scan.send") { subject, tally in subject.scan(0, &+).sink { tally.count &+= $0 } }
}

private func flatMapSend() -> Row {
    sendRow("operators.flatMap.just.send") { subject, tally in
        subject.flatMap { Just($0) }.sink { tally.count &+= $0 }
    }
}

private func collectHundred() -> Row {
    let values = Array(0..<100)
    let tally = Tally()
    return ("operators.collect.100", { n in
        for _ in 0..<n {
            // The operator itself, named, as in UndraBench: a sequence publisher's own `collect()`
            // (both libraries have it, as Combine does) hands over its array without it.
            let subscription = Publishers.Collect(upstream: values.publisher).sink { tally.count &+= $0.count }
            keep(subscription)
        }
    }, { tally.count })
}
