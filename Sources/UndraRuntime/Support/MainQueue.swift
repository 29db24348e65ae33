import Dispatch

/// Whether the caller runs on the main queue, the main actor's executor.
///
/// `Thread.isMainThread` cannot say: on Linux, a program whose main thread waits in
/// `dispatch_main` (an `async` main, a test runner) has its main queue served by a worker
/// thread. A key set on the main queue is seen by every block the queue runs, whatever thread
/// runs it.
enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// True in a block the main queue runs (so on the main actor). O(1); safe from any thread.
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}
