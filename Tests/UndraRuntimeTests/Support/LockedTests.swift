import Dispatch
import Testing
@testable import UndraRuntime

@Suite struct LockedTests {
    @Test func concurrentIncrementsAreNotLost() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func withLockReturnsTheBodysResultAndRethrows() {
        struct Boom: Error {}
        let state = Locked([1, 2, 3])
        #expect(state.withLock { $0.removeLast() } == 3)
        #expect(throws: Boom.self) { try state.withLock { _ in throw Boom() } }
        #expect(state.withLock { $0 } == [1, 2])
    }
}
