#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that writes a line for each event of a subscription, and changes nothing: for
    /// debugging, in Combine's format ("receive value: (1)", "request max: (2)").
    public struct Print<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose events are written.
        public let upstream: Upstream
        /// Starts each line, followed by ": " (nothing if empty).
        public let prefix: String
        /// Where the lines go; standard output if nil.
        public let stream: TextOutputStream?

        /// A publisher of `upstream`'s events that writes them to `stream`;
        /// `print(_:to:)` makes one.
        public init(upstream: Upstream, prefix: String, to stream: TextOutputStream? = nil) {
            self.upstream = upstream
            self.prefix = prefix
            self.stream = stream
        }

        /// Subscribes `subscriber` to `upstream` and writes, one line each: "receive
        /// subscription: (…)", "request unlimited" or "request max: (n)" (with " (synchronous)"
        /// for what a `receive(_:)` returns, when more than none), "receive value: (…)",
        /// "receive finished", "receive error: (…)", "receive cancel". Each line is written whole
        /// under a lock. O(1) per event, plus the formatting.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, prefix: prefix, stream: stream))
        }

        final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
            @unchecked Sendable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            // @unchecked: the stream is under its lock; `upstream` has its own.
            let downstream: Downstream
            let prefix: String
            let upstream = UpstreamSubscription()
            /// A copy of the stream, written under the lock (a stream is written through a
            /// `mutating` method; a class stream is shared with its owner, as in Combine).
            private let stream: Locked<TextOutputStream?>

            init(downstream: Downstream, prefix: String, stream: TextOutputStream?) {
                self.downstream = downstream
                self.prefix = prefix
                self.stream = Locked(stream)
            }

            func receive(subscription: Subscription) {
                guard upstream.set(subscription) else { return }
                log("receive subscription", subscription)
                downstream.receive(subscription: self)
            }

            func receive(_ input: Output) -> Subscribers.Demand {
                log("receive value", input)
                let more = downstream.receive(input)
                if more > 0 { log(more, synchronous: true) }
                return more
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                switch completion {
                case .finished: log("receive finished")
                case .failure(let error): log("receive error", error)
                }
                upstream.release()
                downstream.receive(completion: completion)
            }

            func request(_ demand: Subscribers.Demand) {
                log(demand, synchronous: false)
                upstream.request(demand)
            }

            func cancel() {
                log("receive cancel")
                upstream.cancel()
            }

            var description: String { "Print" }

            private func log(_ demand: Subscribers.Demand, synchronous: Bool) {
                let suffix = synchronous ? " (synchronous)" : ""
                if let max = demand.max {
                    log("request max", max, suffix: suffix)
                } else {
                    log("request unlimited", suffix: suffix)
                }
            }

            private func log(_ event: String, _ value: Any? = nil, suffix: String = "") {
                // The value is described before the lock is taken: a description is user code.
                var line = prefix.isEmpty ? "" : prefix + ": "
                line += event
                if let value { line += ": (\(value))" }
                line += suffix + "\n"
                let written = stream.withLock { stream -> Bool in
                    guard stream != nil else { return false }
                    stream!.write(line)
                    return true
                }
                if !written { Swift.print(line, terminator: "") }
            }
        }
    }
}

extension Publisher {
    /// Writes a line for each event of each subscription to `stream` (standard output if nil),
    /// starting with `prefix`, and passes everything through unchanged: for debugging, in
    /// Combine's format.
    public func print(_ prefix: String = "", to stream: TextOutputStream? = nil) -> Publishers.Print<Self> {
        Publishers.Print(upstream: self, prefix: prefix, to: stream)
    }
}

/// "Print", no children, as Combine's.
extension Publishers.Print.Inner: ChildlessCombineReflection {}
#endif
