import Testing
@testable import UndraRuntime

/// Backoff, jitter and the cap, exactly.
@Suite struct ReconnectPolicyTests {
    @Test func theDelayDoublesFromTheInitialOneUpToTheCap() {
        let policy = ReconnectPolicy(initialDelay: .milliseconds(100), multiplier: 2, maximumDelay: .seconds(1), jitter: 0)
        let delays = (1...6).map { policy.delay(afterFailures: $0, random: 0.3) }
        #expect(delays == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1), .seconds(1)])
    }

    @Test func jitterSpreadsTheDelayEvenlyAroundItAndTheCapStillHolds() {
        let policy = ReconnectPolicy(initialDelay: .milliseconds(100), multiplier: 3, maximumDelay: .milliseconds(1_000), jitter: 0.5)
        #expect(policy.delay(afterFailures: 1, random: 0) == .milliseconds(50))
        #expect(policy.delay(afterFailures: 1, random: 0.5) == .milliseconds(100))
        #expect(policy.delay(afterFailures: 1, random: 0.75) == .milliseconds(125))
        #expect(policy.delay(afterFailures: 2, random: 0.25) == .milliseconds(225))
        #expect(policy.delay(afterFailures: 3, random: 0) == .milliseconds(450))
        #expect(policy.delay(afterFailures: 3, random: 0.99) == .milliseconds(1_000))  // 1,341 ms, capped
        #expect(policy.delay(afterFailures: 9, random: 0) == .milliseconds(500))       // the cap, spread down
    }

    @Test func aLongOutageNeverOverflows() {
        let policy = ReconnectPolicy(initialDelay: .seconds(1), multiplier: 10, maximumDelay: .max, jitter: 0)
        #expect(policy.delay(afterFailures: 1_000_000, random: 0.5) == .nanoseconds(.max))
        #expect(policy.delay(afterFailures: 3, random: 0.5) == .seconds(100))
    }

    @Test func aMultiplierOfOneKeepsTheDelayAndOutOfRangeSettingsAreClamped() {
        let steady = ReconnectPolicy(initialDelay: .milliseconds(250), multiplier: 1, maximumDelay: .seconds(5), jitter: 0)
        #expect((1...4).map { steady.delay(afterFailures: $0, random: 0.9) } == Array(repeating: .milliseconds(250), count: 4))
        #expect(ReconnectPolicy(jitter: 7).jitter == 1)
        #expect(ReconnectPolicy(jitter: -1).jitter == 0)
        let capped = ReconnectPolicy(initialDelay: .seconds(9), maximumDelay: .seconds(2), jitter: 0)
        #expect(capped.delay(afterFailures: 1, random: 0.5) == .seconds(2))
        #expect(steady.delay(afterFailures: 0, random: 0.5) == .milliseconds(250))  // as after one failure
    }

    @Test func theDefaultPolicy() {
        let policy = ReconnectPolicy()
        #expect(policy.initialDelay == .milliseconds(100))
        #expect(policy.multiplier == 2)
        #expect(policy.maximumDelay == .seconds(30))
        #expect(policy.jitter == 0.2)
        #expect(policy.maximumAttempts == nil)
    }

    @Test func theDispatchSchedulerRunsTheActionAfterTheDelay() async {
        let fired = CallCounter()
        DispatchRetryScheduler().schedule(after: .milliseconds(5)) { fired.bump() }
        #expect(await eventually { fired.count == 1 })
    }

    @Test func aDurationInNanosecondsSaturates() {
        #expect(UndraDuration.milliseconds(1_500).totalNanoseconds == 1_500_000_000)
        #expect(UndraDuration.max.totalNanoseconds == .max)
    }
}
