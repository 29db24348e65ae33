#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct CombineIdentifierTests {
        @Test func freshIdentitiesAreAllDifferentEvenMadeOnManyThreadsAtOnce() {
            let made = Locked<[CombineIdentifier]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                let mine = (0..<1_000).map { _ in CombineIdentifier() }
                made.withLock { $0 += mine }
            }
            #expect(Set(made.withLock { $0 }).count == 4_000)
        }

        @Test func anObjectsIdentityIsTheObjects() {
            let first = Canary()
            let second = Canary()
            #expect(CombineIdentifier(first) == CombineIdentifier(first))
            #expect(CombineIdentifier(first) != CombineIdentifier(second))
            #expect(CombineIdentifier(first) != CombineIdentifier())
            #expect(CombineIdentifier(first).description.hasPrefix("0x"))
        }

        @Test func classesGetTheirInstancesIdentityByDefault() {
            let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
            #expect(sink.combineIdentifier == CombineIdentifier(sink))
        }
    }
}
#endif
