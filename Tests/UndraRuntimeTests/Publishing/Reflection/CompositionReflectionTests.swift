#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// Combine's reflection of `flatMap`, `append`/`prepend`, `buffer`, `handleEvents`,
    /// `drop(untilOutputFrom:)`, `prefix(untilOutputFrom:)`, `replaceError`, `replaceEmpty`.
    @Suite struct CompositionReflectionTests {
        @Test func operatorsWithNoChildrenShowTheirName() {
            let other = CapturingPublisher<Int, Never>()
            let cases: [(String, Reflection)] = [
                ("FlatMap", reflectOperator { $0.flatMap { Just($0) } }.subscriber),
                ("Concatenate", reflectOperator { $0.append(1, 2) }.subscriber),
                ("Concatenate", reflectOperator { Empty<Int, Never>().append($0) }.subscriber),
                ("HandleEvents", reflectOperator { $0.handleEvents() }.subscriber),
                ("DropUntilOutput", reflectOperator { $0.drop(untilOutputFrom: other) }.subscriber),
                ("ReplaceError", reflectOperator(Int.self, TestError.self) { $0.replaceError(with: 0) }.subscriber),
                ("ReplaceEmpty", reflectOperator { $0.replaceEmpty(with: 0) }.subscriber),
            ]
            for (name, reflection) in cases {
                #expect(reflection == Reflection(text: name, children: [], playground: name))
            }
        }

        @Test func aFlatMapsInnerSubscriberShowsItsParentSubscription() throws {
            let upstream = CapturingPublisher<Int, Never>()
            let inner = CapturingPublisher<Int, Never>()
            let catcher = SubscriptionCatcher<Int, Never>()
            upstream.flatMap { _ in inner }.subscribe(catcher)
            let outer = try #require(upstream.subscriber as? any Subscriber<Int, Never>)
            _ = outer.receive(1)
            let reflection = Reflection(of: try #require(inner.subscriber))
            #expect(reflection == Reflection(text: "FlatMap", children: [
                .init(label: "parentSubscription", value: String(describing: outer.combineIdentifier)),
            ], playground: "FlatMap"))
        }

        @Test func dropUntilOutputsOtherSubscriberShowsTheSameName() throws {
            let other = CapturingPublisher<Int, Never>()
            _ = reflectOperator { $0.drop(untilOutputFrom: other) }
            let reflection = Reflection(of: try #require(other.subscriber))
            #expect(reflection == Reflection(text: "DropUntilOutput", children: [], playground: "DropUntilOutput"))
        }

        /// Combine's `PrefixUntilOutput` has no reflection of its own.
        @Test func prefixUntilOutputHasNoMirror() throws {
            let other = CapturingPublisher<Int, Never>()
            let upstream = CapturingPublisher<Int, Never>()
            upstream.prefix(untilOutputFrom: other).subscribe(SubscriptionCatcher<Int, Never>())
            #expect(!(try #require(upstream.subscriber) is CustomReflectable))
            #expect(!(try #require(other.subscriber) is CustomReflectable))
        }

        @Test func aBufferShowsItsValuesStateDemandAndTerminal() throws {
            let upstream = CapturingPublisher<Int, Never>()
            let catcher = SubscriptionCatcher<Int, Never>()
            upstream.buffer(size: 3, prefetch: .keepFull, whenFull: .dropNewest).subscribe(catcher)
            let subscriber = try #require(upstream.subscriber as? any Subscriber<Int, Never>)
            #expect(Reflection(of: subscriber) == Reflection(text: "Buffer", children: [
                .init(label: "values", value: "[]"), .init(label: "state", value: "ready(Stub)"),
                .init(label: "downstreamDemand", value: "max(0)"), .init(label: "terminal", value: "nil"),
            ], playground: "Buffer"))
            _ = subscriber.receive(5)
            _ = subscriber.receive(6)
            subscriber.receive(completion: .finished)
            #expect(Reflection(of: subscriber).children.map(\.value) == [
                "[5, 6]", "terminal", "max(0)", "Optional(UndraRuntime.Subscribers.Completion<Swift.Never>.finished)",
            ])
        }
    }
}
#endif
