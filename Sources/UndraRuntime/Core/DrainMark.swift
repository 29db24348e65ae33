#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Marks the calling thread as one that will drain a core's queued messages itself (a thread
/// sending through the core, which drains after the send returns; a transport's reader inside
/// `TransportReceiver.deliver`): a message received on it then schedules no drain elsewhere.
///
/// An in-process core usually answers a command from inside its send function, on the sending
/// thread: this mark is how that answer is applied on the same thread, with no hop.
enum DrainMark {
    /// Whether the calling thread is marked for `owner`. O(1): a thread-local load.
    static func isSet(for owner: AnyObject) -> Bool {
        let mark: UnsafeMutableRawPointer? = pthread_getspecific(drainMarkKey)
        return mark == Unmanaged.passUnretained(owner).toOpaque()
    }

    /// Runs `body` with the calling thread marked for `owner`, then restores the previous mark.
    static func withMark<Result>(for owner: AnyObject, _ body: () throws -> Result) rethrows -> Result {
        let previous: UnsafeMutableRawPointer? = pthread_getspecific(drainMarkKey)
        pthread_setspecific(drainMarkKey, Unmanaged.passUnretained(owner).toOpaque())
        defer { pthread_setspecific(drainMarkKey, previous) }
        return try body()
    }
}

/// The mark: an unretained pointer to the core, compared, never dereferenced.
private let drainMarkKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "UndraRuntime: pthread_key_create failed (\(status))")
    return key
}()
