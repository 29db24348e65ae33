import Dispatch
import Foundation
@testable import UndraRuntime

/// Waits until `condition` holds, checking every millisecond, at most `seconds` × 1,000 times;
/// returns whether it held. For what happens on other threads (a drain, a reconnection).
///
/// The budget is counted in checks, not by the clock: while other tests hold every thread of
/// the cooperative pool (a long test waiting on a queue), this task is not resumed, and a
/// deadline on the clock would expire without the condition having been looked at again.
func eventually(
    within seconds: Double = 20, isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool
) async -> Bool {
    for _ in 0..<Int(seconds * 1_000) {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return condition()
}

/// Every state a core's connection announced, fine-grained (`observe` on `core.connection.state`)
/// and coarse (`core.connectionObject.$state`, on the main actor), each in order.
final class ConnectionLog: @unchecked Sendable {
    // @unchecked: `fine` and `coarse` are thread-safe logs; the tokens are set once, in init.
    let fine = ValueLog<ConnectionState>()
    let coarse = ValueLog<ConnectionState>()
    private var token: ObservationToken?
    private var subscription: AnyCancellable?

    @MainActor init(_ core: Core) {
        let fine = fine, coarse = coarse
        token = observe { fine.append(core.connection.state) }
        subscription = core.connectionObject.$state.sink { coarse.append($0) }
    }

    /// The fine-grained states with each `live` position folded into `live`: the shape of the
    /// story, whatever the frames' numbers.
    var kinds: [String] { Self.kinds(fine.all) }

    static func kinds(_ states: [ConnectionState]) -> [String] {
        var kinds: [String] = []
        for state in states {
            let kind = switch state {
            case .connecting(let attempt): "connecting \(attempt)"
            case .live: "live"
            case .resyncing(let reason): "resyncing \(Self.name(reason))"
            case .disconnected(let reason, let retry): "disconnected \(reason)" + (retry == nil ? "" : " retrying")
            case .failed(let failure): "failed \(failure)"
            }
            if kinds.last != kind { kinds.append(kind) }
        }
        return kinds
    }

    private static func name(_ reason: ResyncReason) -> String {
        switch reason {
        case .attach: "attach"
        case .gap: "gap"
        case .duplicate: "duplicate"
        case .unexpectedEpoch: "epoch"
        case .schemaMismatch: "schema"
        case .rejected: "rejected"
        case .malformed: "malformed"
        }
    }

    func cancel() {
        token?.cancel()
        subscription?.cancel()
    }
}

/// A scheduler that runs nothing by itself: a test fires each retry when it wants, and sees
/// every delay asked for.
final class ManualScheduler: RetryScheduler, @unchecked Sendable {  // @unchecked: `pending` is behind its lock.
    private let pending = Locked<[(delay: UndraDuration, action: @Sendable () -> Void)]>([])

    func schedule(after delay: UndraDuration, _ action: @escaping @Sendable () -> Void) {
        pending.withLock { $0.append((delay, action)) }
    }

    /// The delays asked for and not fired yet, in order.
    var delays: [UndraDuration] { pending.withLock { $0.map(\.delay) } }

    /// Fires the oldest pending retry; false if there is none.
    @discardableResult func fire() -> Bool {
        guard let next = pending.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return false }
        next.action()
        return true
    }
}

extension Core {
    /// A core over the fake core's C ABI; by default drained on the thread that finds work (the
    /// sender's, as the fake core answers during the send).
    static func fakeInProcess(
        epoch: UInt64 = 1, async: Bool = false, options: Options = Options(delivery: .anyThread)
    ) -> (core: Core, memory: FakeTodosCore.Memory) {
        let (configuration, memory) = FakeCoreABI.configuration(epoch: epoch, async: async)
        return (Core(transport: InProcessTransport(functions: FakeCoreABI.functions, configuration: configuration), options: options), memory)
    }
}
