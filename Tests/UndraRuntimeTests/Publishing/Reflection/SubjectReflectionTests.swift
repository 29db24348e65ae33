#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// Combine's reflection of the subscriptions subjects hand out, and of the subscriber behind
    /// `subscribe(subject)`.
    @Suite struct SubjectReflectionTests {
        private static let passthrough = "Optional(UndraRuntime.PassthroughSubject<Swift.Int, Swift.Never>)"
        private static let currentValue = "Optional(UndraRuntime.CurrentValueSubject<Swift.Int, Swift.Never>)"

        private static func children(subject: String, downstream: String, demand: String) -> [Reflection.Child] {
            [
                .init(label: "parent", value: subject), .init(label: "downstream", value: downstream),
                .init(label: "demand", value: demand), .init(label: "subject", value: subject),
            ]
        }

        @Test func aPassthroughSubjectsSubscriptionShowsItsSubjectSubscriberAndDemand() throws {
            let subject = PassthroughSubject<Int, Never>()
            let catcher = SubscriptionCatcher<Int, Never>()
            subject.subscribe(catcher)
            let subscription = try #require(catcher.subscription)
            #expect(Reflection(of: subscription) == Reflection(
                text: "PassthroughSubject",
                children: Self.children(subject: Self.passthrough, downstream: "Optional(Catcher)", demand: "max(0)"),
                playground: "PassthroughSubject"))
            subscription.request(.max(3))
            #expect(Reflection(of: subscription).value("demand") == "max(3)")
            subject.send(1)
            #expect(Reflection(of: subscription).value("demand") == "max(2)")
            subscription.request(.unlimited)
            #expect(Reflection(of: subscription).value("demand") == "unlimited")
            subscription.cancel()
            #expect(Reflection(of: subscription).children == Self.children(subject: "nil", downstream: "nil", demand: "max(0)"))
        }

        @Test func aCurrentValueSubjectsSubscriptionShowsItsSubjectSubscriberAndDemand() throws {
            let subject = CurrentValueSubject<Int, Never>(0)
            let catcher = SubscriptionCatcher<Int, Never>()
            subject.subscribe(catcher)
            let subscription = try #require(catcher.subscription)
            #expect(Reflection(of: subscription) == Reflection(
                text: "CurrentValueSubject",
                children: Self.children(subject: Self.currentValue, downstream: "Optional(Catcher)", demand: "max(0)"),
                playground: "CurrentValueSubject"))
            subscription.request(.max(2))  // the current value takes one
            #expect(Reflection(of: subscription).value("demand") == "max(1)")
            subject.send(completion: .finished)
            #expect(Reflection(of: subscription).children == Self.children(subject: "nil", downstream: "nil", demand: "max(0)"))
        }

        @Test func aSubscriptionShowsNoSubjectOnceTheSubjectIsGone() throws {
            var subject: PassthroughSubject<Int, Never>? = PassthroughSubject()
            let catcher = SubscriptionCatcher<Int, Never>()
            subject?.subscribe(catcher)
            let subscription = try #require(catcher.subscription)
            #expect(Reflection(of: subscription).value("parent") == Self.passthrough)
            subject = nil
            #expect(Reflection(of: subscription).children == Self.children(subject: "nil", downstream: "nil", demand: "max(0)"))
        }

        @Test func aSubjectSubscriberShowsItsSubjectAndUpstream() throws {
            let upstream = CapturingPublisher<Int, Never>()
            let subject = PassthroughSubject<Int, Never>()
            let cancellable = upstream.subscribe(subject)
            let subscriber = try #require(upstream.subscriber)
            #expect(Reflection(of: subscriber) == Reflection(text: "Subject", children: [
                .init(label: "downstreamSubject", value: Self.passthrough), .init(label: "upstreamSubscription", value: "Optional(Stub)"),
                .init(label: "subject", value: Self.passthrough),
            ], playground: "Subject"))
            cancellable.cancel()
            #expect(Reflection(of: subscriber).children.map(\.value) == ["nil", "nil", "nil"])
        }
    }
}
#endif
