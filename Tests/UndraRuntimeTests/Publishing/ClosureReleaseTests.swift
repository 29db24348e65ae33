#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// Whatever a subscription's closures capture is released as soon as the subscription ends:
    /// on cancel, on completion, on release of the subscription or of the publisher.
    @Suite struct ClosureReleaseTests {
        /// Subscribes to `publisher` with closures that capture a canary, runs `end`, and returns
        /// whether the canary was released by then. The subscription itself is kept until the end.
        private func releasesClosures<P: Publisher>(
            _ publisher: P, endingWith end: (AnyCancellable) -> Void
        ) -> Bool {
            var canary: Canary? = Canary()
            weak let weakCanary = canary
            let subscription = publisher.sink(
                receiveCompletion: { [canary] _ in _ = canary },
                receiveValue: { [canary] _ in _ = canary })
            canary = nil
            guard weakCanary != nil else { return false }  // the subscription must hold it until then
            end(subscription)
            defer { withExtendedLifetime(subscription) {} }
            return weakCanary == nil
        }

        @Test func onCancel() {
            #expect(releasesClosures(PassthroughSubject<Int, Never>()) { $0.cancel() })
            #expect(releasesClosures(CurrentValueSubject<Int, Never>(0)) { $0.cancel() })
            #expect(releasesClosures(ObservableObjectPublisher()) { $0.cancel() })
            let subject = PassthroughSubject<Int, TestError>()
            #expect(releasesClosures(subject.map { $0 + 1 }.filter { $0 > 0 }.removeDuplicates()) { $0.cancel() })
            #expect(releasesClosures(subject.receive(on: DispatchQueue(label: "release"))) { $0.cancel() })
            #expect(releasesClosures(subject.merge(with: subject)) { $0.cancel() })
            #expect(releasesClosures(subject.combineLatest(subject)) { $0.cancel() })
        }

        @Test func onCompletion() {
            let passthrough = PassthroughSubject<Int, TestError>()
            #expect(releasesClosures(passthrough) { _ in passthrough.send(completion: .finished) })
            let current = CurrentValueSubject<Int, TestError>(0)
            #expect(releasesClosures(current) { _ in current.send(completion: .failure(TestError())) })
            let upstream = PassthroughSubject<Int, TestError>()
            #expect(releasesClosures(upstream.map { $0 }.prefix(2)) { _ in upstream.send(1); upstream.send(2) })
            let a = PassthroughSubject<Int, TestError>()
            let b = PassthroughSubject<Int, TestError>()
            #expect(releasesClosures(a.merge(with: b)) { _ in a.send(completion: .failure(TestError())) })
        }

        @Test func onReleaseOfThePublisher() {
            final class Model { @Published var value = 0 }
            var subject: PassthroughSubject<Int, Never>? = PassthroughSubject()
            var model: Model? = Model()
            var canary: Canary? = Canary()
            weak let weakCanary = canary
            let subscriptions = [
                subject!.sink { [canary] _ in _ = canary },
                model!.$value.sink { [canary] _ in _ = canary },
            ]
            canary = nil
            subject = nil
            #expect(weakCanary != nil)  // the model's subscription still holds it
            model = nil
            #expect(weakCanary == nil)
            withExtendedLifetime(subscriptions) {}
        }

        @Test func aSubscriptionHoldsNeitherThePublisherNorTheObject() {
            final class Model: ObservableObject { @Published var value = 0 }
            var model: Model? = Model()
            var subject: PassthroughSubject<Int, Never>? = PassthroughSubject()
            weak let weakModel = model
            weak let weakSubject = subject
            let subscriptions = [
                model!.$value.sink { _ in },
                model!.objectWillChange.sink { _ in },
                subject!.sink { _ in },
            ]
            model = nil
            subject = nil
            #expect(weakModel == nil)
            #expect(weakSubject == nil)
            subscriptions.forEach { $0.cancel() }  // cancelling after the publisher is gone is harmless
        }

        @Test func aClosureCancelledDuringDeliveryIsReleasedWhenThatDeliveryEnds() {
            let subject = PassthroughSubject<Int, Never>()
            var canary: Canary? = Canary()
            weak let weakCanary = canary
            var victim: AnyCancellable? = subject.sink { [canary] _ in _ = canary }
            canary = nil
            var seenDuringDelivery: Bool?
            let canceller = subject.sink { _ in
                victim?.cancel()
                victim = nil
                seenDuringDelivery = weakCanary != nil
            }
            subject.send(1)
            // Another delivery may still be walking the old list, so it is kept until this one ends.
            #expect(seenDuringDelivery == true)
            #expect(weakCanary == nil)
            withExtendedLifetime(canceller) {}
        }
    }
}
#endif
