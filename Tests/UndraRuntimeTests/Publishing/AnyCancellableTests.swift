#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct AnyCancellableTests {
        @Test func cancelRunsTheCancelOnceAndReleasesIt() {
            var calls = 0
            let canary = Canary()
            weak let weakCanary = canary
            let cancellable = AnyCancellable { [canary] in
                calls += 1
                _ = canary
            }
            _ = consume canary
            #expect(weakCanary != nil)
            cancellable.cancel()
            cancellable.cancel()
            #expect(calls == 1)
            #expect(weakCanary == nil)
        }

        @Test func releasingCancels() {
            var calls = 0
            var cancellable: AnyCancellable? = AnyCancellable { calls += 1 }
            #expect(calls == 0)
            cancellable = nil
            #expect(calls == 1)
            _ = cancellable
        }

        @Test func releasingEndsASubscription() {
            let subject = PassthroughSubject<Int, Never>()
            var received: [Int] = []
            var subscription: AnyCancellable? = subject.sink { received.append($0) }
            subject.send(1)
            subscription = nil
            subject.send(2)
            #expect(received == [1])
            _ = subscription
        }

        @Test func storeKeepsTheSubscriptionInASetOrAnArray() {
            let subject = PassthroughSubject<Int, Never>()
            var received: [String] = []
            var set = Set<AnyCancellable>()
            var array: [AnyCancellable] = []
            subject.sink { received.append("set \($0)") }.store(in: &set)
            subject.sink { received.append("array \($0)") }.store(in: &array)
            subject.send(1)
            set.removeAll()
            subject.send(2)
            array.removeAll()
            subject.send(3)
            #expect(received == ["set 1", "array 1", "array 2"])
        }

        @Test func equalityAndHashingAreByIdentity() {
            let first = AnyCancellable {}
            let second = AnyCancellable {}
            #expect(first == first)
            #expect(first != second)
            #expect(Set([first, second, first]).count == 2)
        }

        @Test func wrapsAnotherCancellable() {
            final class Flag: Cancellable {
                var cancelled = 0
                func cancel() { cancelled += 1 }
            }
            let flag = Flag()
            let cancellable = AnyCancellable(flag)
            cancellable.cancel()
            cancellable.cancel()
            #expect(flag.cancelled == 1)
        }
    }
}
#endif
