#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// Combine's reflection of `collect(_:)`, `autoconnect`, `switchToLatest`, `print`,
    /// `measureInterval`, `breakpoint`, `assertNoFailure`.
    @Suite struct UtilityReflectionTests {
        @Test func operatorsWithNoChildrenShowTheirName() {
            let cases: [(String, Reflection)] = [
                ("Print", reflectOperator { $0.print() }.subscriber),
                ("MeasureInterval", reflectOperator { $0.measureInterval(using: ImmediateScheduler.shared) }.subscriber),
                ("Breakpoint", reflectOperator { $0.breakpoint() }.subscriber),
                ("SwitchToLatest", reflectOperator(Just<Int>.self, Never.self) { $0.switchToLatest() }.subscriber),
            ]
            for (name, reflection) in cases {
                #expect(reflection == Reflection(text: name, children: [], playground: name))
            }
        }

        @Test func collectByCountShowsItsBufferAndCount() throws {
            let upstream = CapturingPublisher<Int, Never>()
            let catcher = SubscriptionCatcher<[Int], Never>()
            upstream.collect(3).subscribe(catcher)
            let subscriber = try #require(upstream.subscriber as? any Subscriber<Int, Never>)
            _ = subscriber.receive(4)
            #expect(Reflection(of: subscriber) == Reflection(text: "CollectByCount", children: [
                .init(label: "downstream", value: "Catcher"), .init(label: "upstreamSubscription", value: "Optional(Stub)"),
                .init(label: "buffer", value: "[4]"), .init(label: "count", value: "3"),
            ], playground: "CollectByCount"))
        }

        @Test func assertNoFailureShowsItsFileLineAndPrefix() {
            let reflection = reflectOperator(Int.self, TestError.self) {
                $0.assertNoFailure("PREFIX", file: "SomeFile.swift", line: 1987)
            }.subscriber
            #expect(reflection == Reflection(text: "AssertNoFailure", children: [
                .init(label: "file", value: "SomeFile.swift"), .init(label: "line", value: "1987"),
                .init(label: "prefix", value: "PREFIX"),
            ], playground: "AssertNoFailure"))
        }

        @Test func autoconnectShowsItsParentAndDownstream() throws {
            let upstream = CapturingConnectable()
            let autoconnect = upstream.autoconnect()
            let catcher = SubscriptionCatcher<Int, Never>()
            autoconnect.subscribe(catcher)
            let subscriber = try #require(upstream.subscriber)
            let reflection = Reflection(of: subscriber)
            #expect(reflection.text == "Autoconnect")
            #expect(reflection.playground == "Autoconnect")
            #expect(reflection.labels == ["parent", "downstream"])
            #expect(reflection.value("parent") == String(describing: autoconnect))
            let subscription = try #require(catcher.subscription)
            #expect(Reflection(of: subscription).text == "Stub")
        }

        /// A connectable ``CapturingPublisher``.
        private final class CapturingConnectable: ConnectablePublisher, @unchecked Sendable {
            typealias Output = Int
            typealias Failure = Never
            private let capturing = CapturingPublisher<Int, Never>()
            var subscriber: Any? { capturing.subscriber }

            func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
                capturing.receive(subscriber: subscriber)
            }

            func connect() -> Cancellable { AnyCancellable {} }
        }

        @Test func switchToLatestsInnerSubscriberShowsItsParentSubscription() throws {
            let upstream = CapturingPublisher<CapturingPublisher<Int, Never>, Never>()
            let inner = CapturingPublisher<Int, Never>()
            let catcher = SubscriptionCatcher<Int, Never>()
            upstream.switchToLatest().subscribe(catcher)
            let outer = try #require(upstream.subscriber as? any Subscriber<CapturingPublisher<Int, Never>, Never>)
            _ = outer.receive(inner)
            #expect(Reflection(of: try #require(inner.subscriber)) == Reflection(text: "SwitchToLatest", children: [
                .init(label: "parentSubscription", value: String(describing: outer.combineIdentifier)),
            ], playground: "SwitchToLatest"))
        }
    }
}
#endif
