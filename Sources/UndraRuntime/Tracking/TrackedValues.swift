/// The values of a tracked expression, as an `AsyncSequence`: the current value first, then a new
/// value after changes of what the expression read. The counterpart of Apple's `Observations`.
///
///     for await theme in TrackedValues({ settings.theme }) { apply(theme) }
///
/// - Isolation: `read` runs on the isolation of the code that creates the sequence (a sequence
///   made on the main actor reads on the main actor), so it reads an actor's models between two of
///   the actor's jobs, never in the middle of one. From macOS 15 / iOS 18 (and wherever Apple's
///   availability does not apply), `read` is `@isolated(any)`: written on an actor, it is isolated
///   to it and may touch the actor's state. Below those, `read` is a `@Sendable` closure run on
///   `isolation` (by default the creator's, `#isolation`).
/// - Coalesced: changes made while the consumer is busy yield one value, the latest.
/// - Each iterator tracks on its own: two loops over one sequence each see every value once.
/// - The first `next()` always returns the current value, even in a task already cancelled; a
///   later one returns `nil` once the task is cancelled.
/// - Ends when `read` throws (the error is thrown once, then `nil`), when an `untilFinished`
///   closure returns `.finish`, or when the task is cancelled.
/// - When every registrar that `read` last read is deinitialized (for a `Trackable` class, with its
///   object), `read` runs again: an `untilFinished` closure that holds its models weakly can then
///   finish. (`track`'s `onChange` is not called then; see docs/TRACKING.md.)
/// - Thread safety: the sequence is `Sendable`; an iterator belongs to one task.
public struct TrackedValues<Element: Sendable, Failure: Error>: AsyncSequence, Sendable {
    /// What an `untilFinished` closure returns: a value, or the end of the sequence.
    public enum Iteration: Sendable {
        /// A value for the sequence to yield.
        case next(Element)
        /// The end: the sequence returns nil from now on.
        case finish
    }

    fileprivate let emitter: Emitter

    /// Values of `read`, run on its own isolation, re-evaluated after each change of what it read.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    public init(@_inheritActorContext _ read: @escaping @isolated(any) @Sendable () throws(Failure) -> Element) {
        emitter = Emitter(isolation: read.isolation) { _ async -> Result<Iteration, Failure> in
            do throws(Failure) { return .success(.next(try await read())) } catch { return .failure(error) }
        }
    }

    /// Values of `read` until it returns `.finish`; `read` runs on its own isolation.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    public static func untilFinished(
        @_inheritActorContext _ read: @escaping @isolated(any) @Sendable () throws(Failure) -> Iteration
    ) -> TrackedValues<Element, Failure> {
        TrackedValues(emitter: Emitter(isolation: read.isolation) { _ async -> Result<Iteration, Failure> in
            do throws(Failure) { return .success(try await read()) } catch { return .failure(error) }
        })
    }

    /// Values of `read`, run on `isolation` (by default the caller's), re-evaluated after each
    /// change of what it read. The form for every OS version (`read` is not `@isolated(any)`).
    @_disfavoredOverload
    public init(
        isolation: isolated (any Actor)? = #isolation, _ read: @escaping @Sendable () throws(Failure) -> Element
    ) {
        emitter = Emitter(isolation: isolation) { _ -> Result<Iteration, Failure> in
            do throws(Failure) { return .success(.next(try read())) } catch { return .failure(error) }
        }
    }

    /// Values of `read`, run on `isolation` (by default the caller's), until it returns `.finish`.
    @_disfavoredOverload
    public static func untilFinished(
        isolation: isolated (any Actor)? = #isolation, _ read: @escaping @Sendable () throws(Failure) -> Iteration
    ) -> TrackedValues<Element, Failure> {
        TrackedValues(emitter: Emitter(isolation: isolation) { _ -> Result<Iteration, Failure> in
            do throws(Failure) { return .success(try read()) } catch { return .failure(error) }
        })
    }

    private init(emitter: Emitter) {
        self.emitter = emitter
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(emitter: emitter)
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let emitter: Emitter
        /// Raised by the observer that the last `read` armed. Nil once the sequence has ended.
        private var signal: ChangeSignal? = ChangeSignal()
        private var started = false

        fileprivate init(emitter: Emitter) {
            self.emitter = emitter
        }

        /// The next value: at once the first time, then after the next change; `nil` once the
        /// sequence has ended. Where the runtime asks for `next(isolation:)`, that is used.
        public mutating func next() async throws(Failure) -> Element? {
            try await advance(isolation: nil)
        }

        /// `next()`, waiting on the caller's isolation.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element? {
            try await advance(isolation: actor)
        }

        private mutating func advance(isolation: isolated (any Actor)?) async throws(Failure) -> Element? {
            guard let signal else { return nil }
            if started {
                await signal.wait()
                if Task.isCancelled { return finish() }
            }
            started = true
            switch await Emitter.evaluate(isolation: emitter.isolation, emitter, raising: signal) {
            case .success(.next(let element)): return element
            case .success(.finish): return finish()
            case .failure(let error):
                _ = finish()
                throw error
            }
        }

        private mutating func finish() -> Element? {
            signal = nil
            return nil
        }
    }

    /// The closure, boxed with its isolation, so the sequence and its iterators share it. What it
    /// stores has no `@isolated(any)` type (that needs the Swift 6 runtime): `run` is isolated
    /// to its argument, and is only ever called with `isolation`.
    fileprivate final class Emitter: Sendable {
        typealias Run = @Sendable (isolated (any Actor)?) async -> Result<Iteration, Failure>

        /// The actor `read` runs on, or `nil` if it is not isolated.
        let isolation: (any Actor)?
        let run: Run

        init(isolation: (any Actor)?, run: @escaping Run) {
            self.isolation = isolation
            self.run = run
        }

        /// Runs `read` on its isolation, recording what it reads; the first change after it (at
        /// `didSet`, so that the value read then is the new one) raises `signal`.
        static func evaluate(
            isolation: isolated (any Actor)?, _ emitter: Emitter, raising signal: ChangeSignal
        ) async -> Result<Iteration, Failure> {
            // `run` awaits only functions isolated to `isolation`, this function's own. Such a call
            // does not suspend (an executor switch to the executor already running is no switch),
            // so the closure runs on this thread, where the scope is open.
            let thread = currentThreadID()
            let scope = OneShotScope(firesOnWillSet: false, firesOnDeinit: true, onChange: { signal.raise() })
            defer {
                precondition(currentThreadID() == thread, "UndraRuntime: a tracked read was suspended and resumed elsewhere")
                scope.close()
            }
            return await emitter.run(isolation)
        }
    }
}
