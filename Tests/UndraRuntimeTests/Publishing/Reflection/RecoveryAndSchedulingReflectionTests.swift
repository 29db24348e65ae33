#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// Combine's reflection of the subscriptions of `catch`, `tryCatch`, `retry`, and of the
    /// operators that work on a scheduler: `receive(on:)`, `subscribe(on:)`, `delay`, `timeout`,
    /// `debounce`, `throttle`.
    @Suite struct RecoveryAndSchedulingReflectionTests {
        @Test func catchAndTryCatchShowTheirDownstreamAndDemand() {
            let cases: [(String, (subscriber: Reflection, subscription: Reflection, catcher: SubscriptionCatcher<Int, any Error>))] = [
                ("Catch", reflectOperator(Int.self, TestError.self) {
                    $0.catch { _ in Fail<Int, any Error>(error: TestError()) }
                }),
                ("TryCatch", reflectOperator(Int.self, TestError.self) { $0.tryCatch { _ in Just(1) } }),
            ]
            for (name, reflected) in cases {
                #expect(reflected.subscription == Reflection(text: name, children: [
                    .init(label: "downstream", value: "Catcher"), .init(label: "demand", value: "max(0)"),
                ], playground: name))
                #expect(reflected.subscriber == reflected.subscription, "\(name)")
                reflected.catcher.subscription?.request(.max(3))
                #expect(Reflection(of: reflected.catcher.subscription ?? "missing").value("demand") == "max(3)", "\(name)")
                reflected.catcher.subscription?.cancel()
                #expect(Reflection(of: reflected.catcher.subscription ?? "missing").value("downstream") == "nil", "\(name)")
            }
        }

        @Test func retryShowsItsNameAndNoChildren() {
            let reflected = reflectOperator(Int.self, TestError.self) { $0.retry(2) }
            #expect(reflected.subscription == Reflection(text: "Retry", children: [], playground: "Retry"))
            #expect(reflected.subscriber == reflected.subscription)
        }

        @Test func schedulingOperatorsShowTheirNameAndNoChildren() {
            let scheduler = VirtualTimeScheduler()
            let cases: [(String, (subscriber: Reflection, subscription: Reflection, catcher: SubscriptionCatcher<Int, Never>))] = [
                ("ReceiveOn", reflectOperator { $0.receive(on: ImmediateScheduler.shared) }),
                ("Timeout", reflectOperator { $0.timeout(.seconds(5), scheduler: scheduler) }),
                ("Throttle", reflectOperator { $0.throttle(for: .seconds(5), scheduler: scheduler, latest: true) }),
            ]
            for (name, reflected) in cases {
                #expect(reflected.subscriber == Reflection(text: name, children: [], playground: name))
                #expect(reflected.subscription == reflected.subscriber, "\(name)")
            }
            let subscribeOn = reflectOperator { $0.subscribe(on: ImmediateScheduler.shared) }
            #expect(subscribeOn.subscription == Reflection(text: "SubscribeOn", children: [], playground: "SubscribeOn"))
        }

        /// Combine's `Delay` has no reflection of its own: neither has this one, beyond its name.
        @Test func delayHasNoMirrorOfItsOwn() throws {
            let upstream = CapturingPublisher<Int, Never>()
            let catcher = SubscriptionCatcher<Int, Never>()
            upstream.delay(for: .seconds(1), scheduler: ImmediateScheduler.shared).subscribe(catcher)
            let subscriber = try #require(upstream.subscriber)
            #expect(!(subscriber is CustomReflectable))
            #expect(!(subscriber is CustomPlaygroundDisplayConvertible))
        }

        @Test func debounceShowsItsDownstreamDemandAndWaitingValue() throws {
            let scheduler = VirtualTimeScheduler()
            let upstream = CapturingPublisher<Int, Never>()
            let catcher = SubscriptionCatcher<Int, Never>()
            upstream.debounce(for: .seconds(5), scheduler: scheduler).subscribe(catcher)
            let subscriber = try #require(upstream.subscriber as? any Subscriber<Int, Never>)
            #expect(Reflection(of: subscriber) == Reflection(text: "Debounce", children: [
                .init(label: "downstream", value: "Catcher"), .init(label: "downstreamDemand", value: "max(0)"),
                .init(label: "currentValue", value: "nil"),
            ], playground: "Debounce"))
            catcher.subscription?.request(.max(2))
            _ = subscriber.receive(8)
            #expect(Reflection(of: subscriber).children.dropFirst().map(\.value) == ["max(2)", "Optional(8)"])
        }
    }
}
#endif
