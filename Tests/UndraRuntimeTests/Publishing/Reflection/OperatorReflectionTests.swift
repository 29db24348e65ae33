#if !canImport(Combine)
import Foundation
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// Combine's reflection of the subscribers and subscriptions operators make (the names,
    /// mirror children and playground descriptions of OpenCombine's `testReflection` tests).
    @Suite struct OperatorReflectionTests {
        /// Operators whose subscriber passes the upstream's subscription through: it shows its
        /// name and no children.
        @Test func passThroughSubscribersShowTheirNameAndNoChildren() {
            let cases: [(String, Reflection)] = [
                ("Map", reflectOperator { $0.map { $0 + 1 } }.subscriber),
                ("Filter", reflectOperator { $0.filter { $0 > 0 } }.subscriber),
                ("CompactMap", reflectOperator { $0.compactMap { $0 } }.subscriber),
                ("MapError", reflectOperator(Int.self, TestError.self) { $0.mapError { $0 } }.subscriber),
                ("SetFailureType", reflectOperator { $0.setFailureType(to: TestError.self) }.subscriber),
                ("IgnoreOutput", reflectOperator { $0.ignoreOutput() }.subscriber),
            ]
            for (name, reflection) in cases {
                #expect(reflection == Reflection(text: name, children: [], playground: name))
            }
        }

        @Test func removeDuplicatesShowsItsDownstreamAndTheLastValue() throws {
            let upstream = CapturingPublisher<Int, Never>()
            let catcher = SubscriptionCatcher<Int, Never>()
            upstream.removeDuplicates().subscribe(catcher)
            let subscriber = try #require(upstream.subscriber as? any Subscriber<Int, Never>)
            #expect(Reflection(of: subscriber).children == [.init(label: "downstream", value: "Catcher"), .init(label: "last", value: "nil")])
            _ = subscriber.receive(4)
            let reflection = Reflection(of: subscriber)
            #expect(reflection.text == "RemoveDuplicates")
            #expect(reflection.playground == "RemoveDuplicates")
            #expect(reflection.children == [.init(label: "downstream", value: "Catcher"), .init(label: "last", value: "Optional(4)")])
        }

        /// The operators of ``TransformSubscription``: the subscriber is the subscription.
        @Test func transformingSubscriptionsShowCombinesNamesAndChildren() {
            let cases: [(String, [String?], (subscriber: Reflection, subscription: Reflection, catcher: SubscriptionCatcher<Int, any Error>))] = [
                ("TryMap", [], reflectOperator { $0.tryMap { $0 } }),
                ("TryFilter", ["downstream"], reflectOperator { $0.tryFilter { _ in true } }),
                ("TryCompactMap", ["downstream"], reflectOperator { $0.tryCompactMap { $0 } }),
                ("TryRemoveDuplicates", ["downstream", "last"], reflectOperator { $0.tryRemoveDuplicates { $0 == $1 } }),
                ("TryDropWhile", [], reflectOperator { $0.tryDrop { _ in true } }),
                ("TryPrefixWhile", ["downstream"], reflectOperator { $0.tryPrefix { _ in true } }),
                ("TryScan", ["downstream", "status", "result"], reflectOperator { $0.tryScan(0, +) }),
            ]
            for (name, labels, reflected) in cases {
                #expect(reflected.subscriber.text == name)
                #expect(reflected.subscriber.labels == labels, "\(name)")
                #expect(reflected.subscriber.playground == name)
                #expect(reflected.subscription == reflected.subscriber, "\(name)")
            }
            let plain: [(String, [String?], Reflection)] = [
                ("DropWhile", [], reflectOperator { $0.drop { _ in true } }.subscriber),
                ("PrefixWhile", ["downstream"], reflectOperator { $0.prefix { _ in true } }.subscriber),
                ("Scan", ["downstream", "result"], reflectOperator { $0.scan(0, +) }.subscriber),
            ]
            for (name, labels, reflection) in plain {
                #expect(reflection.text == name)
                #expect(reflection.labels == labels, "\(name)")
                #expect(reflection.playground == name)
            }
        }

        @Test func scanShowsItsRunningResultAndTryScanItsStatus() throws {
            let upstream = CapturingPublisher<Int, Never>()
            let catcher = SubscriptionCatcher<Int, any Error>()
            upstream.tryScan(10, +).subscribe(catcher)
            let subscriber = try #require(upstream.subscriber as? any Subscriber<Int, Never>)
            _ = subscriber.receive(5)
            #expect(Reflection(of: subscriber).children == [
                .init(label: "downstream", value: "Catcher"), .init(label: "status", value: "subscribed(Stub)"),
                .init(label: "result", value: "15"),
            ])
            catcher.subscription?.cancel()
            #expect(Reflection(of: subscriber).value("status") == "terminal")
        }

        @Test func encodeAndDecodeShowWhetherTheyFinishedAndTheirUpstream() throws {
            let upstream = CapturingPublisher<Int, Never>()
            let catcher = SubscriptionCatcher<Data, any Error>()
            upstream.encode(encoder: JSONEncoder()).subscribe(catcher)
            let subscriber = try #require(upstream.subscriber as? any Subscriber<Int, Never>)
            let expected = Reflection(text: "Encode", children: [
                .init(label: "downstream", value: "Catcher"), .init(label: "finished", value: "false"),
                .init(label: "upstreamSubscription", value: "Optional(Stub)"),
            ], playground: "Encode")
            #expect(Reflection(of: subscriber) == expected)
            subscriber.receive(completion: .finished)
            #expect(Reflection(of: subscriber).children.dropFirst().map(\.value) == ["true", "nil"])
            let decode = reflectOperator(Data.self, Never.self) { $0.decode(type: Int.self, decoder: JSONDecoder()) }
            #expect(decode.subscriber.text == "Decode")
            #expect(decode.subscriber.labels == ["downstream", "finished", "upstreamSubscription"])
        }

        /// The operators of ``ReduceSubscription``: "downstream", "result", "initial", "status".
        @Test func reducingSubscriptionsShowCombinesNamesAndChildren() {
            let labels: [String?] = ["downstream", "result", "initial", "status"]
            let cases: [(String, String, Reflection)] = [
                ("Reduce", "Optional(10)", reflectOperator { $0.reduce(10, +) }.subscriber),
                ("TryReduce", "Optional(10)", reflectOperator { $0.tryReduce(10, +) }.subscriber),
                ("Count", "Optional(0)", reflectOperator { $0.count() }.subscriber),
                ("Collect", "Optional([])", reflectOperator { $0.collect() }.subscriber),
                ("Contains", "Optional(false)", reflectOperator { $0.contains(3) }.subscriber),
                ("ContainsWhere", "Optional(false)", reflectOperator { $0.contains { $0 > 3 } }.subscriber),
                ("TryContainsWhere", "Optional(false)", reflectOperator { $0.tryContains { $0 > 3 } }.subscriber),
                ("AllSatisfy", "Optional(true)", reflectOperator { $0.allSatisfy { $0 > 3 } }.subscriber),
                ("TryAllSatisfy", "Optional(true)", reflectOperator { $0.tryAllSatisfy { $0 > 3 } }.subscriber),
                ("First", "nil", reflectOperator { $0.first() }.subscriber),
                ("FirstWhere", "nil", reflectOperator { $0.first { $0 > 3 } }.subscriber),
                ("TryFirstWhere", "nil", reflectOperator { $0.tryFirst { $0 > 3 } }.subscriber),
                ("Last", "nil", reflectOperator { $0.last() }.subscriber),
                ("LastWhere", "nil", reflectOperator { $0.last { $0 > 3 } }.subscriber),
                ("TryLastWhere", "nil", reflectOperator { $0.tryLast { $0 > 3 } }.subscriber),
                ("Comparison", "nil", reflectOperator { $0.max() }.subscriber),
                ("TryComparison", "nil", reflectOperator { $0.tryMin { $0 < $1 } }.subscriber),
            ]
            for (name, initial, reflection) in cases {
                #expect(reflection.text == name)
                #expect(reflection.labels == labels, "\(name)")
                #expect(reflection.value("downstream") == "Catcher", "\(name)")
                #expect(reflection.value("initial") == initial, "\(name)")
                #expect(reflection.value("status") == "subscribed(Stub)", "\(name)")
                #expect(reflection.playground == name)
            }
        }

        @Test func aReducingSubscriptionShowsItsResultSoFarAndItsEnd() throws {
            let upstream = CapturingPublisher<Int, Never>()
            let catcher = SubscriptionCatcher<Int, Never>()
            upstream.reduce(1, +).subscribe(catcher)
            let subscriber = try #require(upstream.subscriber as? any Subscriber<Int, Never>)
            _ = subscriber.receive(2)
            #expect(Reflection(of: subscriber).value("result") == "Optional(3)")
            subscriber.receive(completion: .finished)
            #expect(Reflection(of: subscriber).value("status") == "terminal")
            #expect(Reflection(of: catcher.subscription ?? "missing").text == "Reduce")
        }

        @Test func dropAndOutputShowTheirNameAndNoChildren() {
            for (name, reflected) in [
                ("Drop", reflectOperator { $0.dropFirst(2) }),
                ("Output", reflectOperator { $0.prefix(2) }),
                ("Output", reflectOperator { $0.output(at: 1) }),
            ] {
                #expect(reflected.subscriber == Reflection(text: name, children: [], playground: name))
                #expect(reflected.subscription == reflected.subscriber)
            }
        }
    }
}

extension Reflection {
    init(text: String?, children: [Child], playground: String?) {
        self.text = text
        self.children = children
        self.playground = playground
    }
}
#endif
