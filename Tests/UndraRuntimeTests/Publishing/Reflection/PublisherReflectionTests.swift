#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// Combine's reflection of the subscriptions of `Publishers.Sequence`, `Record`, `Just`,
    /// `Optional.Publisher`, `Result.Publisher`, `Empty` and `Future`.
    @Suite struct PublisherReflectionTests {
        /// The subscription `publisher` hands a ``SubscriptionCatcher``.
        private func subscription<P: Publisher>(of publisher: P) throws -> Subscription {
            let catcher = SubscriptionCatcher<P.Output, P.Failure>()
            publisher.subscribe(catcher)
            return try #require(catcher.subscription)
        }

        @Test func aSequencesSubscriptionShowsItsElementsUntilItEnds() throws {
            let subscription = try subscription(of: [1, 2].publisher)
            #expect(Reflection(of: subscription) == Reflection(
                text: "[1, 2]", children: [.init(label: "sequence", value: "[1, 2]")], playground: "[1, 2]"))
            subscription.request(.max(1))
            #expect(Reflection(of: subscription).text == "[1, 2]")
            subscription.request(.max(1))
            #expect(Reflection(of: subscription) == Reflection(
                text: "Sequence", children: [.init(label: "sequence", value: "[]")], playground: "Sequence"))
            let range = try self.subscription(of: (1...3).publisher)
            #expect(Reflection(of: range).text == "1...3")
            range.cancel()
            #expect(Reflection(of: range).text == "Sequence")
        }

        @Test func aRecordsSubscriptionShowsItsOutputAndCompletion() throws {
            let subscription = try subscription(of: Record<Int, TestError>(output: [3], completion: .failure(TestError())))
            #expect(Reflection(of: subscription) == Reflection(text: "[3]", children: [
                .init(label: "sequence", value: "[3]"), .init(label: "completion", value: "failure(UndraRuntimeTests.TestError(code: 1))"),
            ], playground: "[3]"))
            subscription.cancel()
            #expect(Reflection(of: subscription) == Reflection(text: "Cancelled Events", children: [
                .init(label: "sequence", value: "[]"), .init(label: "completion", value: "failure(UndraRuntimeTests.TestError(code: 1))"),
            ], playground: "Cancelled Events"))
        }

        @Test func oneValuePublishersSubscriptionsShowTheirOwnNames() throws {
            let cases: [(String, Subscription)] = try [
                ("Just", subscription(of: Just(1))),
                ("Optional", subscription(of: Optional(1).publisher)),
                ("Once", subscription(of: Result<Int, TestError>.success(1).publisher)),
            ]
            for (name, subscription) in cases {
                #expect(Reflection(of: subscription) == Reflection(text: name, children: [], playground: name))
            }
        }

        @Test func anEmptySubscriptionIsNamedEmpty() throws {
            let reflection = try Reflection(of: subscription(of: Empty<Int, Never>()))
            #expect(reflection == Reflection(text: "Empty", children: [], playground: nil))
        }

        @Test func aFuturesSubscriptionShowsItsFutureDownstreamAndDemand() throws {
            nonisolated(unsafe) var promise: Future<Int, Never>.Promise?
            let future = Future<Int, Never> { promise = $0 }
            let subscription = try subscription(of: future)
            let name = "Optional(UndraRuntime.Future<Swift.Int, Swift.Never>)"
            #expect(Reflection(of: subscription) == Reflection(text: "Future", children: [
                .init(label: "parent", value: name), .init(label: "downstream", value: "Optional(Catcher)"),
                .init(label: "hasAnyDemand", value: "false"), .init(label: "subject", value: name),
            ], playground: "Future"))
            subscription.request(.max(1))
            #expect(Reflection(of: subscription).value("hasAnyDemand") == "true")
            promise?(.success(1))
            #expect(Reflection(of: subscription).children.map(\.value) == ["nil", "nil", "true", "nil"])
        }
    }
}
#endif
