#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that stops the program if its upstream fails, as in Combine: for publishers
    /// that are known never to fail, to give them the `Never` failure type.
    public struct AssertNoFailure<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never

        /// The publisher that must not fail.
        public let upstream: Upstream
        /// The start of the message printed when it fails.
        public let prefix: String
        /// The file the message names.
        public let file: StaticString
        /// The line the message names.
        public let line: UInt

        /// A publisher of `upstream`'s values that traps on its failure; `assertNoFailure(_:file:line:)`
        /// makes one.
        public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
            self.upstream = upstream
            self.prefix = prefix
            self.file = file
            self.line = line
        }

        /// Subscribes `subscriber` to `upstream`: values, demand, cancel and `.finished` pass
        /// straight through; a failure calls `fatalError` with `prefix` and the error. O(1) per value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            upstream.subscribe(Inner(downstream: subscriber, prefix: prefix, file: file, line: line))
        }

        struct Inner<Downstream: Subscriber>: Subscriber where Downstream.Input == Output, Downstream.Failure == Never {
            let downstream: Downstream
            let prefix: String
            let file: StaticString
            let line: UInt
            let combineIdentifier = CombineIdentifier()

            func receive(subscription: Subscription) {
                downstream.receive(subscription: subscription)
            }

            func receive(_ input: Output) -> Subscribers.Demand {
                downstream.receive(input)
            }

            func receive(completion: Subscribers.Completion<Upstream.Failure>) {
                switch completion {
                case .finished: downstream.receive(completion: .finished)
                case .failure(let error): fatalError("\(prefix)\(error)", file: file, line: line)
                }
            }
        }
    }
}

extension Publisher {
    /// Stops the program with a message (`prefix`, then the error) if this publisher fails, as
    /// Combine does: a publisher that is known never to fail becomes one whose failure type is
    /// `Never`. Only for failures that are bugs: input from outside should be handled
    /// (`catch`, `replaceError`), never asserted away. O(1) per value.
    public func assertNoFailure(_ prefix: String = "", file: StaticString = #file, line: UInt = #line)
        -> Publishers.AssertNoFailure<Self>
    {
        Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
    }
}

/// "AssertNoFailure", with Combine's children: "file", "line", "prefix".
extension Publishers.AssertNoFailure.Inner: CombineReflection {
    var description: String { "AssertNoFailure" }

    var customMirror: Mirror {
        let children: [Mirror.Child] = [("file", file), ("line", line), ("prefix", prefix)]
        return Mirror(self, children: children)
    }
}
#endif
