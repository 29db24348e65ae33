#if !canImport(Combine) || UNDRA_COMBINE_MODULE
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Publishers {
    /// A publisher that stops in the debugger (it raises `SIGTRAP`) when a closure says so on an
    /// event, and otherwise changes nothing, as in Combine. Without a debugger attached, the
    /// signal ends the process.
    public struct Breakpoint<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose events are watched.
        public let upstream: Upstream
        /// Returns true to stop on the upstream's subscription.
        public let receiveSubscription: ((Subscription) -> Bool)?
        /// Returns true to stop on a value.
        public let receiveOutput: ((Output) -> Bool)?
        /// Returns true to stop on the completion.
        public let receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)?

        /// A publisher of `upstream`'s events that stops when a closure returns true;
        /// `breakpoint(receiveSubscription:receiveOutput:receiveCompletion:)` makes one.
        public init(
            upstream: Upstream,
            receiveSubscription: ((Subscription) -> Bool)? = nil,
            receiveOutput: ((Output) -> Bool)? = nil,
            receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
        }

        /// Subscribes `subscriber` to `upstream`; each event is first shown to its closure, and
        /// raises `SIGTRAP` if the closure returns true, then passes through unchanged (demand
        /// and cancel go straight to the upstream). O(1) per event, plus the closure.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, breakpoint: self))
        }

        struct Inner<Downstream: Subscriber>: Subscriber where Downstream.Input == Output, Downstream.Failure == Failure {
            let downstream: Downstream
            let breakpoint: Breakpoint
            let combineIdentifier = CombineIdentifier()

            func receive(subscription: Subscription) {
                if breakpoint.receiveSubscription?(subscription) == true { raise(SIGTRAP) }
                downstream.receive(subscription: subscription)
            }

            func receive(_ input: Output) -> Subscribers.Demand {
                if breakpoint.receiveOutput?(input) == true { raise(SIGTRAP) }
                return downstream.receive(input)
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                if breakpoint.receiveCompletion?(completion) == true { raise(SIGTRAP) }
                downstream.receive(completion: completion)
            }
        }
    }
}

extension Publisher {
    /// Stops in the debugger (raises `SIGTRAP`) when one of the closures returns true for an
    /// event: the subscription, a value, the completion. Without a debugger attached, the signal
    /// ends the process, as in Combine. O(1) per event, plus the closure.
    public func breakpoint(
        receiveSubscription: ((Subscription) -> Bool)? = nil,
        receiveOutput: ((Output) -> Bool)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
    ) -> Publishers.Breakpoint<Self> {
        Publishers.Breakpoint(
            upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion)
    }

    /// Stops in the debugger (raises `SIGTRAP`) if this publisher fails.
    public func breakpointOnError() -> Publishers.Breakpoint<Self> {
        breakpoint(receiveCompletion: { completion in
            if case .failure = completion { return true }
            return false
        })
    }
}

/// "Breakpoint", no children, as Combine's.
extension Publishers.Breakpoint.Inner: CustomStringConvertible, ChildlessCombineReflection {
    var description: String { "Breakpoint" }
}
#endif
