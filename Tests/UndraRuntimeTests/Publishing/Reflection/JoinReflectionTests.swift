#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// Combine's reflection of the subscriptions of `merge`, `combineLatest` and `zip`.
    @Suite struct JoinReflectionTests {
        @Test func aMergeShowsItsNameAndItsSidesTheirParent() throws {
            let a = CapturingPublisher<Int, Never>()
            let b = CapturingPublisher<Int, Never>()
            let catcher = SubscriptionCatcher<Int, Never>()
            a.merge(with: b).subscribe(catcher)
            let subscription = try #require(catcher.subscription)
            #expect(Reflection(of: subscription) == Reflection(text: "Merge", children: [], playground: "Merge"))
            let side = Reflection(of: try #require(a.subscriber))
            #expect(side == Reflection(text: "Merge", children: [
                .init(label: "parentSubscription", value: String(describing: subscription.combineIdentifier)),
            ], playground: "Merge"))
            let many = reflectOperator { Publishers.MergeMany($0, $0, $0) }
            #expect(many.subscription == Reflection(text: "Merge", children: [], playground: "Merge"))
        }

        @Test func aCombineLatestShowsItsDownstreamUpstreamsDemandAndLatestValues() throws {
            let a = CapturingPublisher<Int, Never>()
            let b = CapturingPublisher<Int, Never>()
            let catcher = SubscriptionCatcher<(Int, Int), Never>()
            a.combineLatest(b).subscribe(catcher)
            let subscription = try #require(catcher.subscription)
            #expect(Reflection(of: subscription) == Reflection(text: "CombineLatest", children: [
                .init(label: "downstream", value: "Catcher"),
                .init(label: "upstreamSubscriptions", value: "[Optional(Stub), Optional(Stub)]"),
                .init(label: "demand", value: "max(0)"), .init(label: "buffers", value: "[nil, nil]"),
            ], playground: "CombineLatest"))
            subscription.request(.max(2))
            _ = try #require(a.subscriber as? any Subscriber<Int, Never>).receive(7)
            let reflection = Reflection(of: subscription)
            #expect(reflection.value("demand") == "max(2)")
            #expect(reflection.value("buffers") == "[Optional(7), nil]")
            subscription.cancel()
            #expect(Reflection(of: subscription).value("upstreamSubscriptions") == "[nil, nil]")
            let three = reflectOperator { $0.combineLatest($0, $0) }.subscription
            #expect(three.text == "CombineLatest")
            #expect(three.value("buffers") == "[nil, nil, nil]")
        }

        @Test func aZipShowsItsNameOnly() throws {
            let zip = reflectOperator { $0.zip($0) }.subscription
            #expect(zip == Reflection(text: "Zip", children: [], playground: nil))
            let catcher = SubscriptionCatcher<(Int, Int), Never>()
            CapturingPublisher<Int, Never>().zip(CapturingPublisher<Int, Never>()).subscribe(catcher)
            #expect(!(try #require(catcher.subscription) is CustomReflectable))
        }
    }
}
#endif
