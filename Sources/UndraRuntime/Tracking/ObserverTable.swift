/// A registrar's observers: entries bucketed by (subject, property). Guarded by the registrar's lock.
///
/// Buckets are kept when they empty, so a property observed again and again (a view re-tracking
/// after every change) reuses its bucket's storage instead of allocating; empty buckets are swept
/// when they outnumber the live ones.
struct ObserverTable {
    struct Entry {
        /// Nil when the slot is empty (a bucket's `first`), and between a fired entry's removal and
        /// its disposal: its reference moves to the fired observers (no retain for them, no release
        /// with the entry).
        var observer: EntryObserver?
        /// `observer.actsOnWillSet`, asked once at install: removing entries then asks nothing.
        var actsOnWillSet: Bool

        static var empty: Entry { Entry(observer: nil, actsOnWillSet: false) }
    }

    /// The entries of one (subject, property), in the order they were installed.
    struct Bucket {
        /// The oldest entry, inline: most buckets hold one observer at a time (a `track`, a view's
        /// observation), and installing and firing it then touch no array. Empty once taken; a new
        /// entry goes here again only when `rest` is empty too, so the order holds.
        var first = Entry.empty
        /// The entries installed after `first`.
        var rest: ContiguousArray<Entry> = []
        /// When the bucket reaches this size, dead entries are dropped before appending; then it
        /// doubles. This keeps a never-written property's bucket at most about twice its live
        /// entries, at O(1) amortized cost per install.
        var purgeAt = 8

        var isEmpty: Bool { first.observer == nil && rest.isEmpty }
        var count: Int { (first.observer == nil ? 0 : 1) + rest.count }
    }

    private var buckets = SmallDictionary<ObservationKey, Bucket>()
    private var emptyBuckets = 0

    /// All entries in all buckets, live or stale, plus one for Observation if the registrar is
    /// bridged to it. Mirrored into the registrar's atomic gate.
    private(set) var entryCount = 0
    /// The entries among them whose observer acts on `willSet` (Observation's do). Mirrored into
    /// the registrar's `willSet` gate; exact, so the gate never stays shut while such an entry is
    /// installed.
    private(set) var willSetEntryCount = 0

    /// The registrar is now bridged to Observation, whose observers it cannot see: from now on its
    /// gates stay open for them, as for one installed observer that acts on `willSet`.
    mutating func countObservationAsAnObserver() {
        entryCount += 1
        willSetEntryCount += 1
    }

    mutating func install(_ observer: consuming EntryObserver, for key: ObservationKey) {
        let actsOnWillSet = observer.actsOnWillSet
        let entry = Entry(observer: consume observer, actsOnWillSet: actsOnWillSet)
        let change: (entries: Int, willSetEntries: Int)
        if let index = buckets.index(forKey: key) {
            if buckets.values[index].isEmpty { emptyBuckets -= 1 }
            change = buckets.values[index].append(entry)
        } else {
            var bucket = Bucket()
            change = bucket.append(entry)
            buckets.append(bucket, forKey: key)
        }
        entryCount += change.entries
        willSetEntryCount += change.willSetEntries
    }

    /// Lets every entry of `key`'s bucket decide what `event` means to it; keeps the ones that
    /// stay and returns the ones that fire, to be delivered once the lock is released.
    mutating func receive(_ event: TrackingEvent, for key: ObservationKey, thread: UInt) -> FiredObservers {
        var fired = FiredObservers()
        guard let index = buckets.index(forKey: key) else { return fired }
        let (removed, removedWillSet) = buckets.values[index].receive(event, thread: thread, firing: &fired)
        didRemove(removed, actingOnWillSet: removedWillSet, from: index)
        return fired
    }

    /// The registrar is being deinitialized: every entry, with its key, taken out of the table
    /// (the caller tells them, with no lock held). O(n) in the entries.
    mutating func removeAll() -> [(observer: EntryObserver, key: ObservationKey)] {
        var removed: [(observer: EntryObserver, key: ObservationKey)] = []
        for index in buckets.values.indices {
            if let observer = buckets.values[index].first.observer { removed.append((observer, buckets.keys[index])) }
            for entry in buckets.values[index].rest {
                removed.append((entry.observer!, buckets.keys[index]))
            }
        }
        buckets = SmallDictionary()
        emptyBuckets = 0
        entryCount = 0
        willSetEntryCount = 0
        return removed
    }

    /// Removes `observer`'s entry for `key`, if there is one (an observer that stops reading a
    /// property). O(k) for the k entries of the bucket.
    mutating func remove(_ observer: ContinuousObserver, for key: ObservationKey) {
        guard let index = buckets.index(forKey: key) else { return }
        let removed: Entry
        if buckets.values[index].first.observer?.is(observer) == true {
            removed = buckets.values[index].first
            buckets.values[index].first = .empty
        } else if let position = buckets.values[index].rest.firstIndex(where: { $0.observer!.is(observer) }) {
            removed = buckets.values[index].rest.remove(at: position)
        } else {
            return
        }
        didRemove(1, actingOnWillSet: removed.actsOnWillSet ? 1 : 0, from: index)
    }

    private mutating func didRemove(_ removed: Int, actingOnWillSet removedWillSet: Int, from index: Int) {
        entryCount -= removed
        willSetEntryCount -= removedWillSet
        if removed > 0 && buckets.values[index].isEmpty {
            emptyBuckets += 1
            if emptyBuckets > 8 && emptyBuckets * 2 > buckets.count { sweepEmptyBuckets() }
        }
    }

    private mutating func sweepEmptyBuckets() {
        buckets.removeAll { $0.isEmpty }
        emptyBuckets = 0
    }
}

extension ObserverTable.Bucket {
    /// Asks each entry, in order, what `event` means to it; appends the fired observers to
    /// `fired` and removes the dropped entries (giving up a one-shot's reference), keeping the
    /// others in order. Returns how many were removed, and how many of those acted on `willSet`.
    fileprivate mutating func receive(
        _ event: TrackingEvent, thread: UInt, firing fired: inout FiredObservers
    ) -> (removed: Int, removedWillSet: Int) {
        var removed = 0, removedWillSet = 0
        if first.observer != nil, !Self.receive(event, thread: thread, entry: &first, firing: &fired) {
            removed = 1
            if first.actsOnWillSet { removedWillSet = 1 }
            first = .empty
        }
        if rest.isEmpty { return (removed, removedWillSet) }
        var kept = 0
        for position in rest.indices {
            if Self.receive(event, thread: thread, entry: &rest[position], firing: &fired) {
                if kept != position { rest.swapAt(kept, position) }
                kept += 1
            } else if rest[position].actsOnWillSet {
                removedWillSet += 1
            }
        }
        removed += rest.count - kept
        while rest.count > kept { rest.removeLast() }
        return (removed, removedWillSet)
    }

    /// Asks `entry`'s observer what `event` means to it; appends it to `fired` if it fires (a
    /// dropped entry's reference is moved there, a kept one's copied), gives up the reference of
    /// one dropped without firing. Returns whether the entry stays.
    @inline(__always)
    private static func receive(
        _ event: TrackingEvent, thread: UInt, entry: inout ObserverTable.Entry, firing fired: inout FiredObservers
    ) -> Bool {
        let verdict = verdict(of: entry, on: event, thread: thread)
        if verdict.fire {
            fired.append(verdict.keep ? entry.observer! : entry.observer.take()!)
        } else if !verdict.keep {
            entry.observer.take()!.dropEntry()
        }
        return verdict.keep
    }

    /// What `entry`'s observer makes of `event`. The entry is borrowed, so the observer is asked
    /// without a retain and a release (asked through the mutable bucket, it got both).
    @inline(__always)
    private static func verdict(
        of entry: borrowing ObserverTable.Entry, on event: TrackingEvent, thread: UInt
    ) -> Verdict {
        entry.observer.unsafelyUnwrapped.receive(event, thread: thread)
    }

    /// Appends `entry`, first dropping dead entries if the bucket reached its purge size.
    /// Returns the change in the number of entries, and in those that act on `willSet`.
    fileprivate mutating func append(_ entry: consuming ObserverTable.Entry) -> (entries: Int, willSetEntries: Int) {
        let willSet = entry.actsOnWillSet ? 1 : 0
        if rest.isEmpty {
            if first.observer == nil {
                first = entry
                return (1, willSet)
            }
            // A dead oldest entry with none after it (a `track` that fired through another
            // property it read): the new entry takes its place, so a bucket that a view or a loop
            // re-tracks holds one entry, not a run of stale ones up to its purge size.
            if Self.purge(&first) {
                let change = (0, willSet - (first.actsOnWillSet ? 1 : 0))
                first = entry
                return change
            }
        }
        let before = count
        var willSetChange = willSet
        if before >= purgeAt {
            if first.observer != nil && Self.purge(&first) {
                if first.actsOnWillSet { willSetChange -= 1 }
                first = .empty
            }
            rest.removeAll { entry in
                let dead = !entry.observer!.isLive
                if dead {
                    if entry.actsOnWillSet { willSetChange -= 1 }
                    entry.observer!.dropEntry()
                }
                return dead
            }
            purgeAt = max(8, count * 2)
        }
        rest.append(entry)
        return (count - before, willSetChange)
    }

    /// Whether `entry` is dead; if so, its reference is given up.
    private static func purge(_ entry: inout ObserverTable.Entry) -> Bool {
        guard !entry.observer!.isLive else { return false }
        entry.observer.take()!.dropEntry()
        return true
    }
}

/// The observers one announcement fired, in bucket order: the first inline, so the common case
/// (one observer) touches no array; more go to a buffer the thread keeps from one announcement to
/// the next (`ThreadContext.takeFiredBuffer`), so a write that fires a thousand observers does
/// not allocate either, once the thread has done it before.
struct FiredObservers {
    private var first: EntryObserver?
    private var more: ContiguousArray<EntryObserver>?

    var isEmpty: Bool { first == nil }

    mutating func append(_ observer: EntryObserver) {
        if first == nil {
            first = observer
        } else {
            if more == nil { more = ThreadContext.withCurrent { $0.takeFiredBuffer() } }
            more!.append(observer)
        }
    }

    /// Delivers to each, in order, lets it go, and gives the buffer back. Call with no lock held.
    consuming func deliver(_ event: TrackingEvent, _ change: TrackedChange, thread: UInt) {
        if let first { first.deliverOnce(event, change, thread: thread) }
        guard let more else { return }
        for observer in more { observer.deliverOnce(event, change, thread: thread) }
        ThreadContext.withCurrent { $0.giveBackFiredBuffer(more) }
    }
}
