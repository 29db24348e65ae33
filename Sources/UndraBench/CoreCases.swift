import Dispatch
import Foundation
import UndraRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The core rows: a command's round trip (call → core → frame with its ack → mirror → the
// awaiting caller resumes) in process and across processes, and frames through the byte
// stream, each against its transport's floor in the same run. Timed by the wall clock: a round
// trip through another thread or process is mostly waiting, which CPU time does not see.

/// The core rows of the table.
func coreCases() -> [BenchCase] {
    [inProcessRoundTripCase(), processRoundTripCase(), byteStreamFramesCase()] + mainDeliveryCases()
}

/// Runs `body` in a task, waits for it, and returns the nanoseconds it took there, by `clock`:
/// the rows' operations are awaited calls, and the task's start and the wait's end (a thread
/// woken, slow on a loaded machine) are not theirs.
///
/// With `.threadCPU`, for an operation that never leaves the task's thread (the in-process round
/// trip: the core answers inside its send function and the answer is applied on the same thread,
/// so the call resumes before it suspends), the thread's CPU time: what other processes take from
/// the machine meanwhile is not counted, as for the single-threaded rows. Should the task have
/// resumed on another thread after all, that batch counts its wall-clock time instead. The task's
/// thread is held on the bench's CPU meanwhile (`HeldOnBenchCPU`), as the floor is.
private func timedInTask(_ clock: BenchClock = .wall, _ body: @escaping @Sendable () async -> Void) -> Double {
    let done = DispatchSemaphore(value: 0)
    let result = ResultBox()
    Task.detached {
        let thread = pthread_self()
        let held = clock == .threadCPU ? HeldOnBenchCPU() : nil
        let wallStart = DispatchTime.now().uptimeNanoseconds
        var cpu = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu)
        let cpuStart = Double(cpu.tv_sec) * 1e9 + Double(cpu.tv_nsec)
        await body()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - wallStart)
        if clock == .threadCPU && pthread_equal(thread, pthread_self()) != 0 {
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu)
            result.nanoseconds = Double(cpu.tv_sec) * 1e9 + Double(cpu.tv_nsec) - cpuStart
        } else {
            result.nanoseconds = wall
        }
        held?.release()
        done.signal()
    }
    done.wait()
    return result.nanoseconds
}

/// Holds the thread that makes it on one CPU, the first this process may use, until `release()`
/// gives the thread back the CPUs it had (from whichever thread calls it).
///
/// Why: the two sides of the in-process round trip run on two threads (ours in a task, the floor
/// on the bench's thread), and the two CPUs of this shared virtual machine do not run alike: for
/// seconds at a time one ran the same work up to 1.4× slower than the other. Left to the
/// scheduler, each side kept to its CPU for a whole row, and the row read 1.27× to 1.84× over eight
/// runs of one build; both sides held on one CPU, 1.28× to 1.35× over eight runs of that build.
/// Linux only (elsewhere it holds nothing).
private final class HeldOnBenchCPU: @unchecked Sendable {
    // @unchecked: written only by init; `release` reads `previous` (by address, as C wants it).
    #if os(Linux)
    /// glibc's `pthread_getaffinity_np` and `pthread_setaffinity_np`, which Swift's Glibc module
    /// leaves out (they are GNU extensions).
    private typealias Affinity = @convention(c) (pthread_t, Int, UnsafeMutablePointer<cpu_set_t>) -> Int32
    private static let getAffinity = dlsym(nil, "pthread_getaffinity_np").map { unsafeBitCast($0, to: Affinity.self) }
    private static let setAffinity = dlsym(nil, "pthread_setaffinity_np").map { unsafeBitCast($0, to: Affinity.self) }

    private let thread = pthread_self()
    private var previous = cpu_set_t()
    private var holds = false

    init() {
        let size = MemoryLayout<cpu_set_t>.size
        guard let getAffinity = Self.getAffinity, let setAffinity = Self.setAffinity, getAffinity(thread, size, &previous) == 0,
            let first = withUnsafeBytes(of: previous, { bytes in (0..<bytes.count * 8).first { bytes[$0 / 8] & (1 << ($0 % 8)) != 0 } })
        else { return }
        var one = cpu_set_t()
        withUnsafeMutableBytes(of: &one) { $0[first / 8] = 1 << (first % 8) }
        _ = setAffinity(thread, size, &one)
        holds = true
    }

    func release() {
        guard holds, let setAffinity = Self.setAffinity else { return }
        _ = setAffinity(thread, MemoryLayout<cpu_set_t>.size, &previous)
    }
    #else
    func release() {}
    #endif
}

/// What the task hands back; written before the semaphore is signalled, read after the wait.
private final class ResultBox: @unchecked Sendable {
    var nanoseconds = 0.0
}

/// A value made on first use: the core rows start cores and processes only when they run.
private final class Setup<Value> {
    private let make: () -> Value
    private(set) lazy var value = make()
    init(_ make: @escaping () -> Value) { self.make = make }
}

/// A store attached to a new core over `transport`, once its snapshot is applied. The rows
/// measure the drain where it finds work (`.anyThread`) unless told `delivery`; with `.main`,
/// this thread (the main thread: the bench runs there) turns the main run loop meanwhile.
private func connectedStore(_ transport: any CoreTransport, delivery: Core.Delivery = .anyThread) -> (Core, CoreBenchStore) {
    let core = Core(transport: transport, options: Core.Options(delivery: delivery))
    let store = CoreBenchStore(core: core)
    core.startConnecting()
    MainActor.assumeIsolated { MainQueueLoop.serve { store.runtime.mirror.position != nil } }
    return (core, store)
}

/// Runs `body` in a task on the main actor, as UI code calls commands, while the main thread
/// (this one) turns the main run loop until it is done; returns its nanoseconds by the wall
/// clock.
private func timedOnMainActor(_ body: @escaping @MainActor () async -> Void) -> Double {
    MainActor.assumeIsolated {
        precondition(Thread.isMainThread, "UndraBench runs its rows on the main thread")
        let timing = MainTiming()
        Task { @MainActor in
            let start = DispatchTime.now().uptimeNanoseconds
            await body()
            timing.nanoseconds = Double(DispatchTime.now().uptimeNanoseconds - start)
        }
        MainQueueLoop.serve { timing.nanoseconds != nil }
        return timing.nanoseconds!
    }
}

/// The main thread serving the main queue until `done()`, as the main thread of an app with
/// nothing else to do takes each block as it comes.
///
/// On Linux, Foundation's `RunLoop` takes 40 to 70 µs a turn on this machine class (measured:
/// 1,000 `DispatchQueue.main.sync` calls from another thread in 41 to 73 ms, against 0.4 to 0.6 ms
/// under `dispatchMain()`), which would be most of what the rows measure. So the loop does what
/// the run loop does for the main queue and nothing else, without sleeping: it drains the queue
/// with libdispatch's own callback for run loops (`_dispatch_main_queue_callback_4CF`, looked up
/// at run time) whenever its wake-up handle is set. On Apple platforms it turns the main run loop,
/// which serves the main queue that way itself.
private enum MainQueueLoop {
    @MainActor static func serve(until done: () -> Bool) {
        #if os(Linux)
        if let handle = handle, let drain = drain {
            let descriptor = handle()
            while !done() {
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&waiting, 1, 0) > 0 {  // 0: never sleep
                    var count: UInt64 = 0
                    _ = read(descriptor, &count, 8)
                }
                drain(nil)
            }
            return
        }
        #endif
        while !done() { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01)) }
    }

    #if os(Linux)
    private typealias Handle = @convention(c) () -> Int32
    private typealias Drain = @convention(c) (UnsafeMutableRawPointer?) -> Void
    private static let handle = dlsym(dlopen(nil, RTLD_NOW), "_dispatch_get_main_queue_handle_4CF").map { unsafeBitCast($0, to: Handle.self) }
    private static let drain = dlsym(dlopen(nil, RTLD_NOW), "_dispatch_main_queue_callback_4CF").map { unsafeBitCast($0, to: Drain.self) }
    #endif
}

/// What a main-actor task measured, read by the main thread's loop.
@MainActor private final class MainTiming {
    var nanoseconds: Double?
}

/// The store's frame in a core message (`CoreMessage::Frame`, store 0), decoded.
private func decodeFrame(_ message: [UInt8]) -> Frame {
    try! message.withUnsafeBytes { buffer throws(WireError) in
        try WireReader.read(buffer) { (reader: inout WireReader) throws(WireError) -> Frame in
            _ = try reader.readVariant(of: "CoreMessage", count: 2)
            _ = try reader.read(UInt32.self)
            return try CoreBenchSchema.wire.decodeFrame(from: &reader).frame
        }
    }
}

private func command(_ id: UInt64, _ command: CoreBenchCommand) -> [UInt8] {
    HostMessage.command(store: 0, WireCommand(id: CommandID(rawValue: id), command: command)).wireBytes
}

private let attach = HostMessage<CoreBenchCommand>.resync(ResyncRequest(store: 0, epoch: nil, sequence: 0, reason: .attach, schema: CoreBenchSchema.wire.description)).wireBytes

// MARK: Main-queue delivery

/// What delivering on the main queue (a `Core`'s default, for UI code) costs against delivering
/// where the work is found (`.anyThread`): the same command awaited by main-actor code, as a
/// screen awaits it, in process and to a child process, each core with a store of its own, the
/// main thread turning its run loop meanwhile (as an app's does). In process, `.anyThread`
/// applies the answer inside the send and the call returns without suspending; on the main
/// queue the drain is a block of its own that the main thread takes next. To a child process,
/// `.anyThread` applies on the reader thread and hops to the main actor to resume the call; the
/// main queue applies there and resumes it in place. No goal: the issue asked for the measure.
private func mainDeliveryCases() -> [BenchCase] {
    let inProcess = Setup {
        (connectedStore(InProcessTransport(functions: coreBenchFunctions), delivery: .main).1,
         connectedStore(InProcessTransport(functions: coreBenchFunctions)).1)
    }
    let process = Setup {
        (connectedStore(.childProcess(executable: benchExecutable, arguments: ["--serve-core"]), delivery: .main).1,
         connectedStore(.childProcess(executable: benchExecutable, arguments: ["--serve-core"])).1)
    }
    func roundTrips(_ store: CoreBenchStore, _ n: Int) -> Double {
        timedOnMainActor { for key in 0..<n { blackHole(try! await store.update(key: key % 100)) } }
    }
    return [
        BenchCase(
            name: "core.roundTrip.inProcess.main", baseline: "delivery .anyThread", goal: nil, clock: .wall,
            timedOurs: { n in roundTrips(inProcess.value.0, n) }, timedTheirs: { n in roundTrips(inProcess.value.1, n) }),
        BenchCase(
            name: "core.roundTrip.process.main", baseline: "delivery .anyThread", goal: nil, clock: .wall,
            timedOurs: { n in roundTrips(process.value.0, n) }, timedTheirs: { n in roundTrips(process.value.1, n) }),
    ]
}

// MARK: In process

/// A command awaited through a `Core` over the in-process transport, against its floor: the
/// same command's bytes handed to the core's C send function, the answer it calls back with
/// decoded and applied to a store, on one thread.
private func inProcessRoundTripCase() -> BenchCase {
    let setup = Setup { (connectedStore(InProcessTransport(functions: coreBenchFunctions)), BareCall()) }
    return BenchCase(
        name: "core.roundTrip.inProcess", baseline: "C call + apply", goal: .baselineRatio(atMost: 1.5), clock: .threadCPU,
        timedOurs: { n in
            let store = setup.value.0.1
            return timedInTask(.threadCPU) { for key in 0..<n { blackHole(try! await store.update(key: key % 100)) } }
        },
        timedTheirs: { n in
            let bare = setup.value.1
            let held = HeldOnBenchCPU()
            defer { held.release() }
            return elapsed(.threadCPU) { for key in 0..<n { bare.roundTrip(key: key % 100) } }
        })
}

/// The floor of an in-process round trip: the core's functions called directly.
private final class BareCall {
    let runtime = StoreRuntime(name: "Bench", schema: CoreBenchSchema.wire)
    var received: [[UInt8]] = []
    var handle: OpaquePointer!
    var nextID: UInt64 = 1

    init() {
        handle = coreBenchFunctions.create(nil, 0, { context, bytes, length in
            Unmanaged<BareCall>.fromOpaque(context!).takeUnretainedValue().received.append(Array(UnsafeBufferPointer(start: bytes, count: length)))
        }, Unmanaged.passUnretained(self).toOpaque())
        send(attach)
    }

    func roundTrip(key: Int) {
        send(command(nextID, .update(key: key)))
        nextID += 1
    }

    private func send(_ message: [UInt8]) {
        message.withUnsafeBufferPointer { _ = coreBenchFunctions.send(handle, $0.baseAddress, $0.count) }
        for answer in received { runtime.apply(decodeFrame(answer)) }
        received.removeAll(keepingCapacity: true)
    }
}

// MARK: Across processes

/// A command awaited through a `Core` over the byte stream to a child process (this executable,
/// `--serve-core`), against a bare ping-pong: a message of the command's size written to a child
/// (`--echo`) on the same kind of socket, and its echo read back, on one thread.
private func processRoundTripCase() -> BenchCase {
    let setup = Setup {
        (connectedStore(.childProcess(executable: benchExecutable, arguments: ["--serve-core"])), BarePeer(arguments: ["--echo"]))
    }
    let ping = command(1, .update(key: 7))
    return BenchCase(
        name: "core.roundTrip.process", baseline: "socket ping-pong", goal: .baselineRatio(atMost: 2), clock: .wall,
        timedOurs: { n in
            let store = setup.value.0.1
            return timedInTask { for key in 0..<n { blackHole(try! await store.update(key: key % 100)) } }
        },
        timedTheirs: { n in
            let echo = setup.value.1
            return elapsed(.wall) {
                for _ in 0..<n {
                    echo.stream.write(ping)
                    blackHole(echo.stream.read())
                }
            }
        })
}

/// Frames from a child process through a `Core` (one `burst` command answered by n one-update
/// frames, the last with its ack), against the same frames read from a bare socket: what each
/// read brings is decoded and applied as one drain, as the `Core` does, on one thread.
private func byteStreamFramesCase() -> BenchCase {
    let setup = Setup { () -> ((Core, CoreBenchStore), BareStream) in
        (connectedStore(.childProcess(executable: benchExecutable, arguments: ["--serve-core"])), BareStream())
    }
    return BenchCase(
        name: "core.frames.byteStream", baseline: "socket read + apply", goal: .baselineRatio(atMost: 2), clock: .wall,
        timedOurs: { n in
            let store = setup.value.0.1
            return timedInTask { blackHole(try! await store.burst(n)) }
        },
        timedTheirs: { n in
            let bare = setup.value.1
            return elapsed(.wall) { bare.burst(n) }
        })
}

/// The floor of frames through the byte stream: the bench core's frames read from a bare
/// socket, each read's complete messages decoded and applied as one drain.
private final class BareStream {
    let peer = BarePeer(arguments: ["--serve-core"])
    let runtime = StoreRuntime(name: "Bench", schema: CoreBenchSchema.wire)
    var nextID: UInt64 = 1
    /// Bytes read and not consumed yet.
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    var start = 0, end = 0

    init() {
        peer.stream.write(attach)
        runtime.apply(decodeFrame(peer.stream.read()!))
    }

    func burst(_ count: Int) {
        peer.stream.write(command(nextID, .burst(count: count)))
        nextID += 1
        var applied = 0
        var frames: [Frame] = []
        while applied < count {
            if start > 0 {
                buffer.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: $0.baseAddress! + start, byteCount: end - start) }
                end -= start
                start = 0
            }
            let read = buffer.withUnsafeMutableBytes { systemRead(peer.stream.fd, $0.baseAddress! + end, $0.count - end) }
            precondition(read > 0, "UndraBench: the bench core closed its stream")
            end += read
            while end - start >= 8 {
                let length = buffer.withUnsafeBytes { Int(UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: start, as: UInt64.self))) }
                guard end - start >= 8 + length else { break }
                frames.append(decodeFrame(Array(buffer[start + 8..<start + 8 + length])))
                start += 8 + length
            }
            applied += frames.count
            runtime.apply(frames)
            frames.removeAll(keepingCapacity: true)
        }
    }
}

/// A child process of this executable on one end of a socket pair, as the byte stream starts
/// one, with nothing else around it.
private final class BarePeer {
    let stream: CoreBenchStream
    let process = Process()

    init(arguments: [String]) {
        var fds: [Int32] = [0, 0]
        #if canImport(Glibc)
        let type = Int32(SOCK_STREAM.rawValue)
        #else
        let type = SOCK_STREAM
        #endif
        precondition(socketpair(AF_UNIX, type, 0, &fds) == 0, "UndraBench: socketpair failed")
        let child = FileHandle(fileDescriptor: fds[1], closeOnDealloc: true)
        process.executableURL = URL(fileURLWithPath: benchExecutable)
        process.arguments = arguments
        process.standardInput = child
        process.standardOutput = child
        try! process.run()
        stream = CoreBenchStream(fd: fds[0])
    }
}
