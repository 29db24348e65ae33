#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// A core running as a child process, its stdin and stdout one end of a socket pair: the
/// byte-stream transport's second way to reach a core.
///
/// - Thread safety: `terminate` and `reap` may race; the child is signalled only while it has
///   not been reaped (so never a process that took its id after), under `exited`'s lock.
final class ChildProcess: Sendable {
    let id: pid_t
    /// Whether the child has been reaped.
    private let exited = Locked(false)
    /// How long `terminate` waits after SIGTERM before SIGKILL.
    private let gracePeriod: UndraDuration

    private init(id: pid_t, gracePeriod: UndraDuration) {
        self.id = id
        self.gracePeriod = gracePeriod
    }

    /// Starts `executable` (searched in the host's PATH if it has no slash) with `arguments`,
    /// the host's environment plus `environment`, stdin and stdout connected to the returned
    /// socket, stderr the host's, and every signal unblocked and at its default action.
    ///
    /// The signals, because the spawning thread is a Dispatch worker's, which blocks nearly all of
    /// them: a child inherits a blocked mask, so it would never see the SIGTERM that stops it
    /// (a `sleep` spawned from a queue outlived it). An executable that does not exist or cannot be
    /// run is `unavailable` (the path is wrong: trying again cannot help); other failures are
    /// `connectFailed`, retried.
    static func spawn(
        executable: String, arguments: [String], environment: [String: String], gracePeriod: UndraDuration
    ) throws(TransportError) -> (socket: Int32, process: ChildProcess) {
        let (host, child) = try Socket.pair()
        defer { close(child) }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, child, 0)
        posix_spawn_file_actions_adddup2(&actions, child, 1)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = mergedEnvironment(environment).map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var id = pid_t()
        let status = posix_spawnp(&id, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            close(host)
            switch status {
            case ENOENT, ENOTDIR, EACCES, ENOEXEC, EISDIR, ELOOP, ENAMETOOLONG:
                throw .unavailable("cannot start \(executable): \(String(cString: strerror(status))) (errno \(status))")
            default:
                throw .connectFailed(operation: "spawn \(executable)", errno: status)
            }
        }
        return (host, ChildProcess(id: id, gracePeriod: gracePeriod))
    }

    /// `KEY=value` strings: the host's environment, with `overrides` replacing or adding keys.
    private static func mergedEnvironment(_ overrides: [String: String]) -> [String] {
        var entries: [String] = []
        #if canImport(Darwin)
        var cursor: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = _NSGetEnviron().pointee
        #else
        var cursor: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        #endif
        while let entry = cursor?.pointee {
            let text = String(cString: entry)
            let key = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
            if overrides[key] == nil { entries.append(text) }
            cursor = cursor?.successor()
        }
        for (key, value) in overrides.sorted(by: { $0.key < $1.key }) { entries.append("\(key)=\(value)") }
        return entries
    }

    /// Asks the child to stop (SIGTERM), unless it has exited; SIGKILL after the grace period if
    /// it is still running then (a core that ignores SIGTERM, or hangs finishing).
    func terminate() {
        send(SIGTERM)
        let delay = Int(clamping: gracePeriod.totalNanoseconds)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(delay)) { [self] in send(SIGKILL) }
    }

    private func send(_ signal: Int32) {
        exited.withLock { exited in
            if !exited { kill(id, signal) }
        }
    }

    /// Waits for the child to exit, then reaps it. Blocks: call it from the session's reader.
    func reap() {
        // Wait without reaping first, so that `terminate` can never signal a reused id.
        var info = siginfo_t()
        while waitid(P_PID, id_t(id), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        exited.withLock { exited in
            var status: Int32 = 0
            _ = waitpid(id, &status, 0)
            exited = true
        }
    }
}
