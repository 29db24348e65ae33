import CUndraAtomics

/// Marks the calling thread as one that will drain a core's queued messages itself (a thread
/// sending through the core, which drains after the send returns; a transport's reader inside
/// `TransportReceiver.deliver`): a message received on it then schedules no drain elsewhere.
///
/// An in-process core usually answers a command from inside its send function, on the sending
/// thread: this mark is how that answer is applied on the same thread, with no hop.
///
/// The mark is a thread-local word (`cundra_drain_mark`): an unretained pointer to the core,
/// compared, never dereferenced. Setting and reading it is a store and a load (a pthread key's
/// value took a call each, four a command).
enum DrainMark {
    /// Whether the calling thread is marked for `owner`. O(1): a thread-local load.
    static func isSet(for owner: AnyObject) -> Bool {
        cundra_current_drain_mark() == UnsafeRawPointer(Unmanaged.passUnretained(owner).toOpaque())
    }

    /// Runs `body` with the calling thread marked for `owner`, then restores the previous mark.
    static func withMark<Result>(for owner: AnyObject, _ body: () throws -> Result) rethrows -> Result {
        let previous = cundra_current_drain_mark()
        cundra_set_drain_mark(Unmanaged.passUnretained(owner).toOpaque())
        defer { cundra_set_drain_mark(previous) }
        return try body()
    }
}
