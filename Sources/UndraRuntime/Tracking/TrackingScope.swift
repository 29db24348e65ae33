
/// One open tracking scope on a thread: the observer its reads install, and which (registrar,
/// subject, property) triples it has read already.
///
/// Reads install their entry at once, not when the scope closes: a write by another thread after
/// a property was read therefore always finds the observer (no lost update between the read and
/// the install).
///
/// A thread keeps its scopes once closed (`ThreadContext.scopes` beyond `depth`), and the next
/// scope opened at the same depth reuses one, table and all: opening and closing a scope neither
/// allocates nor frees, and forgetting what a table held is one increment (see `stamp`).
struct TrackingScope {
    private(set) var observer: ScopeObserver

    /// Installed so far, for deduplication: reading one property thirty times installs once.
    /// The first key is kept inline (most scopes read one property); more go to a small
    /// open-addressing table with a multiplicative hash, several times cheaper than `Set`'s
    /// seeded SipHash for these three-word keys.
    private var first: InstalledKey?
    private var table: ContiguousArray<Slot> = []
    private var tableCount = 0
    /// The table's slots that hold this scope's keys carry this stamp; a slot with another is
    /// empty. A reused scope takes a new stamp rather than clearing its table.
    private var stamp: UInt = 1

    private struct InstalledKey: Equatable {
        let registrar: ObjectIdentifier
        let key: ObservationKey

        /// Fibonacci hashing of the three words; the table takes the top bits.
        var hash: UInt {
            let a = UInt(bitPattern: registrar), b = UInt(bitPattern: key.subject)
            let c = UInt(bitPattern: key.property.rawValue)
            return ((a >> 4) ^ (b >> 4) &* 31 ^ c &* 0x9E37_79B9) &* 0x9E37_79B9_7F4A_7C15
        }
    }

    private struct Slot {
        var stamp: UInt = 0
        var key: InstalledKey?
    }

    init(observer: ScopeObserver) {
        self.observer = observer
    }

    /// Makes this closed scope the new scope of `observer`, having read nothing yet. A table
    /// grown past `keptTableSize` slots (a scope that read thousands of properties) is let go
    /// rather than kept by the thread.
    mutating func reopen(for observer: ScopeObserver) {
        self.observer = observer
        first = nil
        if tableCount != 0 {
            stamp &+= 1
            tableCount = 0
            if table.count > Self.keptTableSize { table = [] }
        }
    }

    private static var keptTableSize: Int { 4096 }

    /// Records the read; returns true the first time this scope sees (registrar, key).
    mutating func firstRead(of key: ObservationKey, in registrar: ObjectIdentifier) -> Bool {
        let entry = InstalledKey(registrar: registrar, key: key)
        guard let first else {
            self.first = entry
            return true
        }
        if first == entry { return false }
        if table.isEmpty { table = ContiguousArray(repeating: Slot(), count: 16) }
        return insert(entry)
    }

    private mutating func insert(_ entry: InstalledKey) -> Bool {
        let shift = UInt(UInt.bitWidth - table.count.trailingZeroBitCount)
        let mask = table.count - 1
        var slot = Int(truncatingIfNeeded: entry.hash >> shift)
        while table[slot].stamp == stamp {
            if table[slot].key == entry { return false }
            slot = (slot + 1) & mask
        }
        table[slot] = Slot(stamp: stamp, key: entry)
        tableCount += 1
        if tableCount * 2 > table.count { grow() }
        return true
    }

    private mutating func grow() {
        let old = table
        table = ContiguousArray(repeating: Slot(), count: old.count * 4)
        tableCount = 0
        for slot in old where slot.stamp == stamp { _ = insert(slot.key!) }
    }
}

/// The observer a scope installs, unretained: whoever opens the scope holds it until the scope
/// closes (`OneShotScope`, which holds a count of it, or the continuous observer running its own
/// `read`).
///
/// An enum of the two observer classes rather than an `unowned(unsafe)` existential: telling an
/// existential of a read retained and released it around the call; a concrete unmanaged
/// reference is called as it is.
enum ScopeObserver {
    case oneShot(Unmanaged<OneShotObserver>)
    case continuous(Unmanaged<ContinuousObserver>)

    /// The observer's address (no retain to get it).
    var address: UnsafeMutableRawPointer {
        switch self {
        case .oneShot(let observer): observer.toOpaque()
        case .continuous(let observer): observer.toOpaque()
        }
    }

    /// See `Observer.firstRead(of:in:)`.
    func firstRead(of key: ObservationKey, in registrar: Registrar) {
        switch self {
        case .oneShot(let observer): observer._withUnsafeGuaranteedRef { $0.firstRead(of: key, in: registrar) }
        case .continuous(let observer): observer._withUnsafeGuaranteedRef { $0.firstRead(of: key, in: registrar) }
        }
    }
}

extension ThreadContext {
    /// Runs a continuous observer's `read` in a scope of its own: not generic, so the escaping
    /// `read` is called as it is, without a reabstraction thunk allocated around it.
    func withScope(_ observer: ScopeObserver, running read: @Sendable () -> Void) {
        openScope(observer)
        read()
        closeScope()
    }

    /// Opens a scope that installs `observer` on every read, innermost.
    func openScope(_ observer: ScopeObserver) {
        openScopeCount.wrappingAdd(1, ordering: .relaxed)
        if depth < scopes.count {
            scopes[depth].reopen(for: observer)
        } else {
            scopes.append(TrackingScope(observer: observer))
        }
        depth += 1
    }

    /// Closes the innermost scope.
    func closeScope() {
        depth -= 1
        openScopeCount.wrappingSubtract(1, ordering: .relaxed)
    }

    /// Whether a scope is open, and visible, on this thread.
    var isTracking: Bool { depth > visibleFrom }

    /// Records a read of `key` through `registrar` in every visible scope, and tells the observer
    /// of each scope that had not read it yet.
    func recordRead(of key: ObservationKey, in registrar: Registrar) {
        let identity = ObjectIdentifier(registrar)
        var index = visibleFrom
        while index < depth {
            if scopes[index].firstRead(of: key, in: identity) { scopes[index].observer.firstRead(of: key, in: registrar) }
            index += 1
        }
    }

    /// Whether a write made now on this thread is `observer`'s own: its scope is open and
    /// visible, so the write comes from its `read` (directly, or from a `track` nested in it),
    /// not from a callback that a write of that `read` fired. O(n) in the visible scopes.
    func isReading(_ observer: AnyObject) -> Bool {
        let address = Unmanaged.passUnretained(observer).toOpaque()
        for index in visibleFrom..<depth where scopes[index].observer.address == address { return true }
        return false
    }

    /// Runs `body`, an observer's callback, with this thread's open scopes hidden: what it reads
    /// is not recorded for them, and what it writes is not their own (it fires and re-runs them).
    ///
    /// A callback runs on the writing thread; when the write was made by a `read` still under way,
    /// that `read`'s scope is open beneath it. Without the barrier, an observer that reacts to the
    /// write by writing what that `read` had read would be taken for the `read` itself, and its
    /// write lost.
    @inline(__always)
    static func hidingScopes(_ body: () -> Void) {
        // No scope is open on any thread: none to hide on this one, and no thread-local lookup.
        if openScopeCount.load(ordering: .relaxed) == 0 { return body() }
        let (context, hidden) = hideScopes()
        body()
        context._withUnsafeGuaranteedRef { $0.visibleFrom = hidden }
    }

    /// Hides this thread's open scopes; returns its context and what to restore. Out of line, so
    /// that callers of `hidingScopes` save no registers for the thread-local lookup.
    @inline(never)
    private static func hideScopes() -> (Unmanaged<ThreadContext>, hidden: Int) {
        withCurrent { context in
            defer { context.visibleFrom = context.depth }
            return (Unmanaged.passUnretained(context), context.visibleFrom)
        }
    }
}
