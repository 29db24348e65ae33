#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import UndraRuntime

/// The publishing rows of the table: the coarse mode's publishers, side by side with the floor
/// they are measured against, `LockedClosureArray` (an array of closures behind a pthread lock:
/// a send copies the array out under the lock, then calls each closure), or for reads a plain
/// stored property.
func publishingCases() -> [BenchCase] {
    #if canImport(Combine)
    []  // Where Combine exists these names are Combine's, not the coarse mode's.
    #else
    [
        subjectSend(sinks: 1, goal: .speedup(atLeast: 1)),
        subjectSend(sinks: 10, goal: nil),
        publishedSet(),
        publishedSetWithObjectWillChange(),
        publishedGet(),
        objectWillChangeGet(),
        subscribeCancel(),
        publishedSetThroughOperators(),
    ]
    #endif
}

#if !canImport(Combine)

/// What every sink here does: count, so that the work cannot be optimized away.
final class Tally {
    var count = 0
}

/// The baseline: closures in an array behind a pthread lock.
final class LockedClosureArray<Value> {
    let closures = PthreadLocked<[(Value) -> Void]>([])

    func append(_ closure: @escaping (Value) -> Void) {
        closures.withLock { $0.append(closure) }
    }

    func removeLast() {
        _ = closures.withLock { $0.removeLast() }
    }

    func send(_ value: Value) {
        for closure in closures.withLock({ $0 }) { closure(value) }
    }
}

private final class Model: ObservableObject {
    @Published var value = 0
}

/// The baseline's model: a plain stored property, and its own publisher of changes.
private final class PlainModel {
    var value = 0
    let objectWillChange = LockedClosureArray<Void>()
    let valueChanges = LockedClosureArray<Int>()
}

private func subjectSend(sinks: Int, goal: Goal?) -> BenchCase {
    let subject = PassthroughSubject<Int, Never>()
    let baseline = LockedClosureArray<Int>()
    let tally = Tally()
    let subscriptions = (0..<sinks).map { _ in subject.sink { tally.count &+= $0 } }
    for _ in 0..<sinks { baseline.append { tally.count &+= $0 } }
    return BenchCase(
        name: "subject.send.\(sinks)sink\(sinks == 1 ? "" : "s")", baseline: "LockedClosureArray", goal: goal,
        ours: { n in
            for i in 0..<n { subject.send(i) }
            blackHole((tally.count, subscriptions))
        },
        theirs: { n in
            for i in 0..<n { baseline.send(i) }
            blackHole(tally.count)
        })
}

private func publishedSet() -> BenchCase {
    let model = Model()
    let plain = PlainModel()
    let tally = Tally()
    let subscription = model.$value.sink { tally.count &+= $0 }
    plain.valueChanges.append { tally.count &+= $0 }
    return BenchCase(
        name: "published.set.1sink", baseline: "LockedClosureArray", goal: .baselineRatio(atMost: 2),
        ours: { n in
            for i in 0..<n { model.value = i }
            blackHole((tally.count, subscription))
        },
        theirs: { n in
            for i in 0..<n {
                plain.valueChanges.send(i)
                plain.value = i
            }
            blackHole(tally.count)
        })
}

private func publishedSetWithObjectWillChange() -> BenchCase {
    let model = Model()
    let plain = PlainModel()
    let tally = Tally()
    let subscription = model.objectWillChange.sink { tally.count &+= 1 }
    plain.objectWillChange.append { tally.count &+= 1 }
    return BenchCase(
        name: "published.set.objectWillChange1sink", baseline: "LockedClosureArray", goal: nil,
        ours: { n in
            for i in 0..<n { model.value = i }
            blackHole((tally.count, subscription))
        },
        theirs: { n in
            for i in 0..<n {
                plain.objectWillChange.send(())
                plain.valueChanges.send(i)
                plain.value = i
            }
            blackHole(tally.count)
        })
}

private func publishedGet() -> BenchCase {
    let model = Model()
    let plain = PlainModel()
    return BenchCase(
        name: "published.get", baseline: "stored property", goal: .baselineRatio(atMost: 1.5),
        ours: { n in
            for _ in 0..<n { keep(model.value) }
        },
        theirs: { n in
            for _ in 0..<n { keep(plain.value) }
        })
}

private func objectWillChangeGet() -> BenchCase {
    let model = Model()
    let plain = PlainModel()
    return BenchCase(
        name: "objectWillChange.get", baseline: "stored property", goal: .baselineRatio(atMost: 2.5),
        ours: { n in
            for _ in 0..<n { keep(model.objectWillChange) }
        },
        theirs: { n in
            for _ in 0..<n { keep(plain.objectWillChange) }
        })
}

private func subscribeCancel() -> BenchCase {
    let subject = PassthroughSubject<Int, Never>()
    let baseline = LockedClosureArray<Int>()
    let tally = Tally()
    return BenchCase(
        name: "subscribe.cancel", baseline: "LockedClosureArray", goal: .baselineRatio(atMost: 4),
        ours: { n in
            for _ in 0..<n { subject.sink { tally.count &+= $0 }.cancel() }
        },
        theirs: { n in
            for _ in 0..<n {
                baseline.append { tally.count &+= $0 }
                baseline.removeLast()
            }
        })
}

private func publishedSetThroughOperators() -> BenchCase {
    let model = Model()
    let plain = PlainModel()
    let tally = Tally()
    let subscription = model.$value.removeDuplicates().map { $0 &* 2 }.sink { tally.count &+= $0 }
    var last: Int?
    plain.valueChanges.append { value in
        guard value != last else { return }
        last = value
        tally.count &+= value &* 2
    }
    return BenchCase(
        name: "published.set.removeDuplicates.map.sink", baseline: "LockedClosureArray", goal: nil,
        ours: { n in
            for i in 0..<n { model.value = i }
            blackHole((tally.count, subscription))
        },
        theirs: { n in
            for i in 0..<n {
                plain.valueChanges.send(i)
                plain.value = i
            }
            blackHole(tally.count)
        })
}

/// A value behind a pthread mutex, allocated with it: the construction of UndraRuntime's `Locked`
/// (which is internal), for the baseline.
final class PthreadLocked<State> {
    private let storage: ManagedBuffer<State, pthread_mutex_t>

    init(_ initial: State) {
        storage = ManagedBuffer.create(minimumCapacity: 1) { buffer in
            buffer.withUnsafeMutablePointerToElements { _ = pthread_mutex_init($0, nil) }
            return initial
        }
    }

    deinit {
        storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_destroy($0) }
    }

    func withLock<Result>(_ body: (inout State) -> Result) -> Result {
        storage.withUnsafeMutablePointers { state, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body(&state.pointee)
        }
    }
}

/// Consumes a value opaquely. The harness's `blackHole` is empty and lives in this module, so
/// the optimizer can see that it does nothing and delete a loop of reads around it; a function
/// it does not optimize keeps each read.
@inline(never) @_optimize(none)
func keep<T>(_ value: T) {}
#endif
