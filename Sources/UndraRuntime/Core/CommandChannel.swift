/// How a store sends its commands: to the `Core` it is attached to (`Core.attach` returns it),
/// or, for previews and tests, to a stand-in closure.
///
/// A generated store method is one line: it sends its command and picks its result out of the
/// store's outcome enum.
///
///     func add(title: String) async throws(CommandError<TodoError>) -> TodoID {
///         try await commands.call(.add(title: title)) { if case .add(let result) = $0 { result } else { nil } }
///     }
///
/// - Thread safety: a value; send from any thread.
public struct CommandChannel<Command: WireCodable & Sendable, Outcome: WireCodable & Sendable>: Sendable {
    @usableFromInline
    enum Route: Sendable {
        case core(Core, StoreLink<Command, Outcome>)
        case standIn(@Sendable (Command) -> Void)
    }

    @usableFromInline let route: Route

    @inlinable
    init(core: Core, link: StoreLink<Command, Outcome>) {
        route = .core(core, link)
    }

    /// A channel to no core: each command is handed to `standIn` (a preview's or a test's), and
    /// an awaited call then fails as `CommandError.notConnected`.
    public init(standIn: @escaping @Sendable (Command) -> Void) {
        route = .standIn(standIn)
    }

    /// Sends `command` and waits for its ack: returns the command's result once the frame that
    /// made its effects visible has been applied and announced, in both modes; throws the
    /// command's error as `.failed`, or what became of the call (`CommandError`). `answer` picks
    /// the command's result out of the outcome (nil: the outcome is another command's).
    ///
    /// Cancelling the awaiting task does not cancel the call: the command is on its way.
    ///
    /// - Complexity: an encoding, a send and, in the common case, two locks and a dictionary
    ///   insertion and removal; the wait is the core's.
    @inlinable
    public func call<Success, Failure>(
        _ command: Command, answer: (Outcome) -> Result<Success, Failure>?
    ) async throws(CommandError<Failure>) -> Success {
        let resolution: CommandResolution<Outcome>
        switch route {
        case .core(let core, let link):
            resolution = await core.call(command, through: link)
        case .standIn(let standIn):
            standIn(command)
            resolution = .notConnected
        }
        switch resolution {
        case .acknowledged(let outcome):
            switch answer(outcome) {
            case .success(let value)?: return value
            case .failure(let failure)?: throw .failed(failure)
            case nil: throw .unexpectedOutcome("\(outcome)")
            }
        case .notConnected: throw .notConnected
        case .disconnected: throw .disconnected
        }
    }

    /// Sends `command` without waiting for its ack (its outcome is dropped when it arrives).
    /// Returns its id, or nil if it was not sent (not connected, or the transport failed).
    ///
    /// - Complexity: an encoding and a send.
    @inlinable @discardableResult
    public func send(_ command: Command) -> CommandID? {
        switch route {
        case .core(let core, let link):
            return core.send(command, through: link)
        case .standIn(let standIn):
            standIn(command)
            return nil
        }
    }
}
