#if !canImport(Combine)
import Testing
@testable import UndraRuntime

/// Combine's specialized operators: on `Just`, `Optional.Publisher`, `Result.Publisher` and
/// `Publishers.Sequence`, an operator returns the publisher of its answer, computed at once. Each
/// result is bound to its declared type, so a wrong overload does not compile.
extension PublishingTests {
    @Suite struct SpecializedOperatorsTests {
        /// An event of a publisher that fails with `any Error`, as text: the error's code if it
        /// is a `TestError`.
        static func describe<T>(_ event: Recorder<T, any Error>.Event) -> String {
            switch event {
            case .value(let value): "value(\(value))"
            case .finished: "finished"
            case .failure(let error): "failure(\((error as? TestError).map { "TestError(code: \($0.code))" } ?? "\(error)"))"
            }
        }

        @Test func justsOperatorsAnswerWithAJustOrAnOptionalOrAResult() {
            let doubled: Just<Int> = Just(2).map { $0 * 2 }
            #expect(doubled.output == 4)
            let counted: Just<Int> = Just("a").count()
            #expect(counted.output == 1)
            let collected: Just<[Int]> = Just(7).collect()
            #expect(collected.output == [7])
            let kept: Optional<Int>.Publisher = Just(3).filter { $0 > 2 }
            let dropped: Optional<Int>.Publisher = Just(3).filter { $0 > 5 }
            #expect(kept.output == 3 && dropped.output == nil)
            #expect(Just(3).dropFirst().output == nil && Just(3).dropFirst(0).output == 3)
            #expect(Just(3).prefix(0).output == nil && Just(3).prefix(1).output == 3)
            #expect(Just(3).output(at: 0).output == 3 && Just(3).output(at: 1).output == nil)
            #expect(Just(3).output(in: 0..<0).output == 3)  // Combine's answer for an empty range at 0
            #expect(Just(3).output(in: 1...).output == nil)
            #expect(Just(3).compactMap { $0 > 2 ? "big" : nil }.output == "big")
            #expect(Just(3).contains(3).output && !Just(3).contains(4).output)
            #expect(Just(3).allSatisfy { $0 < 0 }.output == false)
            let sum: Result<Int, Never>.Publisher = Just(3).reduce(10, +)
            #expect(sum.result == .success(13))
            #expect(Just(3).scan(1) { $0 * $1 }.result == .success(3))
            let typed: Result<Int, TestError>.Publisher = Just(3).setFailureType(to: TestError.self)
            #expect(typed.result == .success(3))
            let mapped: Result<Int, TestError>.Publisher = Just(3).mapError { _ -> TestError in }
            #expect(mapped.result == .success(3))
            let silent: Empty<Int, Never> = Just(3).ignoreOutput()
            #expect(Recorder(silent).events == [.finished])
            let same: Just<Int> = Just(3).removeDuplicates().min().max().first().last().retry(2).replaceEmpty(with: 0).replaceError(with: 0)
            #expect(same == Just(3))
        }

        @Test func justsThrowingOperatorsGiveTheErrorAsTheFailure() {
            let failed = Just(3).tryMap { _ -> Int in throw TestError(code: 8) }
            #expect(Recorder(failed).events.map(Self.describe) == ["failure(TestError(code: 8))"])
            let passed: Result<String, any Error>.Publisher = Just(3).tryMap { "\($0)" }
            #expect(Recorder(passed).events.map(Self.describe) == ["value(3)", "finished"])
            #expect((try? Just(3).tryReduce(1, +).result.get()) == 4)
            #expect((try? Just(3).tryScan(1, +).result.get()) == 4)
            #expect((try? Just(3).tryAllSatisfy { $0 == 3 }.result.get()) == true)
            #expect((try? Just(3).tryContains { _ in throw TestError() }.result.get()) == nil)
        }

        @Test func aClosureRunsOnceWhenTheOperatorIsCalledNotPerSubscriber() {
            var calls = 0
            let mapped = Just(1).map { value -> Int in
                calls += 1
                return value + 1
            }
            #expect(calls == 1)
            let first = Recorder(mapped)
            let second = Recorder(mapped)
            #expect(calls == 1)
            #expect(first.events == [.value(2), .finished])
            #expect(second.events == [.value(2), .finished])
            var seen: [Int] = []
            let squares = [1, 2, 3].publisher.map { value -> Int in
                seen.append(value)
                return value * value
            }
            #expect(seen == [1, 2, 3])  // all of them, before anyone asks
            #expect(squares.sequence == [1, 4, 9])
            #expect(Recorder(squares, demand: .max(1)).events == [.value(1)])
        }

        @Test func optionalsOperatorsAnswerWithAnOptionalPublisher() {
            let some = Optional(4).publisher
            let none = Optional<Int>.none.publisher
            let mapped: Optional<String>.Publisher = some.map { "\($0)" }
            #expect(mapped.output == "4")
            var calls = 0
            #expect(none.map { value -> Int in calls += 1; return value }.output == nil)
            #expect(calls == 0)
            let counted: Optional<Int>.Publisher = some.count()
            #expect(counted.output == 1 && none.count().output == nil)  // nothing, not zero: Combine's answer
            #expect(some.collect().output == [4] && none.collect().output == nil)
            #expect(some.filter { $0 > 5 }.output == nil && some.first(where: { $0 == 4 }).output == 4)
            #expect(some.dropFirst().output == nil && some.dropFirst(0).output == 4)
            #expect(some.drop(while: { $0 < 10 }).output == nil)
            #expect(some.output(at: 0).output == 4 && some.output(in: 0..<2).output == 4 && some.output(in: 1..<2).output == nil)
            #expect(some.prefix(1).output == 4 && some.prefix(0).output == nil)
            #expect(some.contains(4).output == true && none.contains(4).output == nil)
            #expect(some.reduce(1, +).output == 5 && some.scan(1, +).output == 5)
            #expect(some.compactMap { $0 > 5 ? $0 : nil }.output == nil)
            let filled: Just<Int> = none.replaceEmpty(with: 9)
            #expect(filled.output == 9 && some.replaceEmpty(with: 9).output == 4)
            #expect(Recorder(none.ignoreOutput()).events == [.finished])
            #expect(some.min().max().removeDuplicates().first().last().retry(1).replaceError(with: 0) == some)
        }

        @Test func resultsOperatorsKeepTheFailureAndSkipTheClosure() {
            let success = Result<Int, TestError>.Publisher(5)
            let failure = Result<Int, TestError>.Publisher(TestError(code: 2))
            let mapped: Result<String, TestError>.Publisher = success.map { "\($0)" }
            #expect(mapped.result == .success("5"))
            var calls = 0
            #expect(failure.map { value -> Int in calls += 1; return value }.result == .failure(TestError(code: 2)))
            #expect(calls == 0)
            let recovered: Result<Int, Never>.Publisher = failure.replaceError(with: 0)
            #expect(recovered.result == .success(0) && success.replaceError(with: 0).result == .success(5))
            let renamed: Result<Int, TestError>.Publisher = failure.mapError { TestError(code: $0.code + 10) }
            #expect(renamed.result == .failure(TestError(code: 12)))
            #expect(success.count().result == .success(1) && failure.count().result == .failure(TestError(code: 2)))
            #expect(success.collect().result == .success([5]) && success.contains(5).result == .success(true))
            #expect(success.reduce(1, +).result == .success(6) && success.scan(1, +).result == .success(6))
            #expect(success.allSatisfy { $0 > 9 }.result == .success(false))
            let thrown = success.tryMap { _ -> Int in throw TestError(code: 3) }
            #expect(Recorder(thrown).events.map(Self.describe) == ["failure(TestError(code: 3))"])
            let passedOn = failure.tryMap { $0 + 1 }
            #expect(Recorder(passedOn).events.map(Self.describe) == ["failure(TestError(code: 2))"])
            #expect((try? success.tryMin(by: <).result.get()) == 5)
            #expect((try? success.tryRemoveDuplicates { _, _ in throw TestError() }.result.get()) == nil)
            let widened: Result<Int, TestError>.Publisher = Result<Int, Never>.Publisher(1).setFailureType(to: TestError.self)
            #expect(widened.result == .success(1))
            #expect(Recorder(failure.ignoreOutput()).events == [.finished])  // as Combine: the failure is dropped too
            #expect(success.min().max().removeDuplicates().first().last().retry(3).replaceEmpty(with: 0) == success)
        }

        @Test func sequencesOperatorsAnswerWithTheSequenceOfTheirAnswer() {
            let numbers = [3, 1, 1, 2, 5, 5, 4].publisher
            let doubled: Publishers.Sequence<[Int], Never> = numbers.map { $0 * 2 }
            #expect(doubled.sequence == [6, 2, 2, 4, 10, 10, 8])
            #expect(numbers.filter { $0 > 2 }.sequence == [3, 5, 5, 4])
            #expect(numbers.compactMap { $0 > 3 ? "\($0)" : nil }.sequence == ["5", "5", "4"])
            #expect(numbers.removeDuplicates().sequence == [3, 1, 2, 5, 4])
            #expect(numbers.scan(0, +).sequence == [3, 4, 5, 7, 12, 17, 21])
            #expect(numbers.prefix(while: { $0 != 2 }).sequence == [3, 1, 1])
            #expect(Array(numbers.prefix(2).sequence) == [3, 1])
            #expect(Array(numbers.dropFirst(5).sequence) == [5, 4])
            #expect(Array(numbers.drop(while: { $0 != 5 }).sequence) == [5, 5, 4])
            #expect(numbers.output(in: 1..<3).sequence == [1, 1])
            #expect(numbers.output(in: 5..<30).sequence == [5, 4])  // past the end: no element, no trap
            #expect(numbers.append(9, 8).sequence == [3, 1, 1, 2, 5, 5, 4, 9, 8])
            #expect(numbers.prepend([0]).append([7].publisher).sequence == [0, 3, 1, 1, 2, 5, 5, 4, 7])
            #expect([1, nil, 3].publisher.replaceNil(with: 0).sequence == [1, 0, 3])
            let typed: Publishers.Sequence<[Int], TestError> = numbers.setFailureType(to: TestError.self)
            #expect(typed.sequence == numbers.sequence)
        }

        @Test func sequencesReducingOperatorsAnswerWithOneValue() {
            let numbers = [3, 1, 2].publisher
            let count: Just<Int> = numbers.count()
            #expect(count.output == 3)
            let typedCount: Result<Int, TestError>.Publisher = numbers.setFailureType(to: TestError.self).count()
            #expect(typedCount.result == .success(3))
            let first: Optional<Int>.Publisher = numbers.first()
            #expect(first.output == 3 && numbers.last().output == 2 && [Int]().publisher.first().output == nil)
            #expect(numbers.min().output == 1 && numbers.max().output == 3)
            #expect(numbers.min(by: >).output == 3 && numbers.first(where: { $0 < 3 }).output == 1)
            #expect(numbers.last(where: { $0 > 5 }).output == nil)
            #expect(numbers.output(at: 1).output == 1 && numbers.output(at: 9).output == nil)
            let collected: Result<[Int], Never>.Publisher = numbers.collect()
            #expect(collected.result == .success([3, 1, 2]))
            #expect(numbers.reduce(0, +).result == .success(6))
            #expect(numbers.contains(2).result == .success(true) && numbers.contains(where: { $0 > 3 }).result == .success(false))
            #expect(numbers.allSatisfy { $0 > 0 }.result == .success(true))
            #expect((try? numbers.tryReduce(0) { _, _ in throw TestError() }.result.get()) == nil)
            #expect(Recorder(numbers.ignoreOutput()).events == [.finished])
        }
    }
}
#endif
