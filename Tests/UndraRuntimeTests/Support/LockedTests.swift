import Dispatch
import Foundation
import Testing
@testable import UndraRuntime

@Suite struct LockedTests {
    /// Both locks (the library's pthread mutex, a registrar's word lock): many threads, short
    /// sections, exact count.
    @Test func concurrentIncrementsAreNotLost() {
        let locked = Locked(0), wordLocked = WordLocked(0)
        Self.fromEightThreads { locked.withLock { $0 += 1 } }
        Self.fromEightThreads { wordLocked.withLock { $0 += 1 } }
        #expect(locked.withLock { $0 } == 80_000)
        #expect(wordLocked.withLock { $0 } == 80_000)
    }

    /// Calls `increment` 10,000 times on each of eight threads at once.
    private static func fromEightThreads(_ increment: @Sendable () -> Void) {
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { increment() }
        }
    }

    @Test func withLockReturnsTheBodysResultAndRethrows() {
        struct Boom: Error {}
        let state = Locked([1, 2, 3])
        #expect(state.withLock { $0.removeLast() } == 3)
        #expect(throws: Boom.self) { try state.withLock { _ in throw Boom() } }
        #expect(state.withLock { $0 } == [1, 2])
    }

    /// Sections long enough that waiters stop spinning and sleep in the kernel: every one of
    /// them is woken, and the state is never seen half-written.
    @Test func wordLockedWaitersThatSleepAreWokenAndSeeWholeWrites() {
        let state = WordLocked((entries: [Int](), sum: 0))
        let torn = Locked(0)
        concurrently(4) { thread in
            for round in 0..<200 {
                state.withLock { state in
                    if state.entries.reduce(0, +) != state.sum { torn.withLock { $0 += 1 } }
                    state.entries.append(round)
                    if round % 50 == 0 { usleep(2_000) }  // long enough for the others to sleep
                    state.sum += round
                }
            }
        }
        #expect(torn.withLock { $0 } == 0)
        #expect(state.withLock { $0.entries.count } == 800)
        #expect(state.withLock { $0.sum } == 4 * (0..<200).reduce(0, +))
    }

    /// A thread that finds the lock held for a long time sleeps, and is woken by the unlock.
    @Test func aWaiterIsWokenWhenTheHolderUnlocks() {
        let lock = WordLocked(0)
        let held = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Thread {
            lock.withLock { value in
                held.signal()
                usleep(30_000)
                value = 1
            }
        }.start()
        held.wait()
        Thread {
            lock.withLock { $0 += 10 }  // waits for the holder, past its spins
            done.signal()
        }.start()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(lock.withLock { $0 } == 11)
    }
}
