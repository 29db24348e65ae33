#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A core running as a child process, its stdin and stdout one end of a socket pair: the
/// byte-stream transport's second way to reach a core.
///
/// - Thread safety: `terminate` and `reap` may race; the child is signalled only while it has
///   not been reaped (so never a process that took its id after), under `exited`'s lock.
final class ChildProcess: Sendable {
    let id: pid_t
    /// Whether the child has been reaped.
    private let exited = Locked(false)

    private init(id: pid_t) {
        self.id = id
    }

    /// Starts `executable` (searched in PATH if it has no slash) with `arguments`, the host's
    /// environment plus `environment`, and stdin and stdout connected to the returned socket.
    static func spawn(
        executable: String, arguments: [String], environment: [String: String]
    ) throws(TransportError) -> (socket: Int32, process: ChildProcess) {
        let (host, child) = try Socket.pair()
        defer { close(child) }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, child, 0)
        posix_spawn_file_actions_adddup2(&actions, child, 1)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = mergedEnvironment(environment).map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var id = pid_t()
        let status = posix_spawnp(&id, executable, &actions, nil, argv, envp)
        guard status == 0 else {
            close(host)
            throw .connectFailed(operation: "spawn \(executable)", errno: status)
        }
        return (host, ChildProcess(id: id))
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

    /// Asks the child to stop (SIGTERM), unless it has exited.
    func terminate() {
        exited.withLock { exited in
            if !exited { kill(id, SIGTERM) }
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
