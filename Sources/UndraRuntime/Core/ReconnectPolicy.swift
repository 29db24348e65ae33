import Dispatch

/// How a `Core` waits between attempts to connect: exponential backoff, spread by jitter so that
/// many hosts do not retry in step, and capped.
///
/// The delay after `n` failed attempts in a row is `initialDelay × multiplier^(n − 1)`, capped at
/// `maximumDelay`, then multiplied by a factor drawn uniformly from `1 ± jitter`, and capped
/// again. A connection that reaches `live` starts counting from zero again.
public struct ReconnectPolicy: Hashable, Sendable {
    /// The delay after the first failure.
    public var initialDelay: UndraDuration
    /// The growth of the delay from one failure to the next.
    public var multiplier: UInt32
    /// The longest delay, jitter included.
    public var maximumDelay: UndraDuration
    /// How far a delay is spread, as a fraction of itself (0: not at all; 0.2: ±20%). 0...1.
    public var jitter: Double
    /// How many attempts fail in a row before the connection gives up (`ConnectionState.failed`);
    /// nil: never.
    public var maximumAttempts: Int?

    /// A policy; the defaults wait 100 ms after the first failure, twice as long after each next one,
    /// at most 30 s, spread by ±20%, and never give up. `jitter` is clamped to 0...1.
    public init(
        initialDelay: UndraDuration = .milliseconds(100), multiplier: UInt32 = 2,
        maximumDelay: UndraDuration = .seconds(30), jitter: Double = 0.2, maximumAttempts: Int? = nil
    ) {
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
        self.jitter = min(max(jitter, 0), 1)
        self.maximumAttempts = maximumAttempts
    }

    /// The delay before the attempt that follows `failures` (≥ 1) failed attempts in a row;
    /// `unit` is the random draw, in 0..<1 (0.5: no jitter). O(log failures).
    public func delay(afterFailures failures: Int, random unit: Double) -> UndraDuration {
        let cap = maximumDelay.totalNanoseconds
        var base = min(initialDelay.totalNanoseconds, cap)
        var growth = UInt64(multiplier), exponent = max(failures, 1) - 1
        // Exponentiation by squaring, saturating at the cap: a long outage must not overflow.
        while exponent > 0 && base < cap {
            if exponent & 1 == 1 { base = Self.saturatingProduct(base, growth, cap: cap) }
            growth = Self.saturatingProduct(growth, growth, cap: cap)
            exponent >>= 1
        }
        let spread = Double(base) * jitter * (2 * min(max(unit, 0), 1) - 1)
        let jittered = max(0, (Double(base) + spread).rounded())
        return .nanoseconds(jittered >= Double(cap) ? cap : UInt64(jittered))
    }

    private static func saturatingProduct(_ a: UInt64, _ b: UInt64, cap: UInt64) -> UInt64 {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? cap : min(product, cap)
    }
}

/// Runs a `Core`'s reconnection attempts after their delay. The default uses Dispatch; a test
/// passes one it fires by hand, so that every delay is checked and nothing waits.
public protocol RetryScheduler: Sendable {
    /// Calls `action` once, on any thread, after `delay`.
    func schedule(after delay: UndraDuration, _ action: @escaping @Sendable () -> Void)
}

/// Schedules retries with `DispatchQueue.asyncAfter` on a global queue.
public struct DispatchRetryScheduler: RetryScheduler {
    /// The scheduler, on a global queue.
    public init() {}

    public func schedule(after delay: UndraDuration, _ action: @escaping @Sendable () -> Void) {
        let nanoseconds = Int(clamping: delay.totalNanoseconds)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: action)
    }
}
