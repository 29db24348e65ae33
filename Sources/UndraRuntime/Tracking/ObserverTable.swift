/// A registrar's observers: entries bucketed by (subject, property). Guarded by the registrar's lock.
///
/// Buckets are kept when they empty, so a property observed again and again (a view re-tracking
/// after every change) reuses its bucket's storage instead of allocating; empty buckets are swept
/// when they outnumber the live ones.
struct ObserverTable {
    struct Entry {
        /// Nil only between a fired entry's removal and its disposal: its reference moves to
        /// the fired observers (no retain for them, no release with the entry).
        var observer: EntryObserver?
        /// `observer.actsOnWillSet`, asked once at install: removing entries then asks nothing.
        let actsOnWillSet: Bool
    }

    struct Bucket {
        var entries: ContiguousArray<Entry> = []
        /// When `entries` reaches this size, dead entries are dropped before appending; then it
        /// doubles. This keeps a never-written property's bucket at most about twice its live
        /// entries, at O(1) amortized cost per install.
        var purgeAt = 8
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
            if buckets.values[index].entries.isEmpty { emptyBuckets -= 1 }
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
            for entry in buckets.values[index].entries {
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
        guard let index = buckets.index(forKey: key),
              let position = buckets.values[index].entries.firstIndex(where: { $0.observer!.is(observer) })
        else { return }
        let removed = buckets.values[index].entries.remove(at: position)
        didRemove(1, actingOnWillSet: removed.actsOnWillSet ? 1 : 0, from: index)
    }

    private mutating func didRemove(_ removed: Int, actingOnWillSet removedWillSet: Int, from index: Int) {
        entryCount -= removed
        willSetEntryCount -= removedWillSet
        if removed > 0 && buckets.values[index].entries.isEmpty {
            emptyBuckets += 1
            if emptyBuckets > 8 && emptyBuckets * 2 > buckets.count { sweepEmptyBuckets() }
        }
    }

    private mutating func sweepEmptyBuckets() {
        buckets.removeAll { $0.entries.isEmpty }
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
        var kept = 0, removedWillSet = 0
        for position in entries.indices {
            let verdict = Self.verdict(of: entries, at: position, on: event, thread: thread)
            if verdict.fire {
                // A dropped entry's reference is moved, a kept one's copied.
                fired.append(verdict.keep ? entries[position].observer! : entries[position].observer.take()!)
            } else if !verdict.keep {
                entries[position].observer!.dropEntry()
            }
            if verdict.keep {
                if kept != position { entries.swapAt(kept, position) }
                kept += 1
            } else if entries[position].actsOnWillSet {
                removedWillSet += 1
            }
        }
        let removed = entries.count - kept
        for _ in 0..<removed { entries.removeLast() }
        return (removed, removedWillSet)
    }

    /// What `entries[position]`'s observer makes of `event`. The entries are borrowed, so the
    /// observer is asked without a retain and a release (asked through the mutable bucket, it got both).
    @inline(__always)
    private static func verdict(
        of entries: borrowing ContiguousArray<ObserverTable.Entry>, at position: Int, on event: TrackingEvent,
        thread: UInt
    ) -> Verdict {
        entries[position].observer!.receive(event, thread: thread)
    }

    /// Appends `entry`, first dropping dead entries if the bucket reached its purge size.
    /// Returns the change in the number of entries, and in those that act on `willSet`.
    fileprivate mutating func append(_ entry: consuming ObserverTable.Entry) -> (entries: Int, willSetEntries: Int) {
        let before = entries.count
        var willSetChange = 0
        if before >= purgeAt {
            entries.removeAll { entry in
                let dead = !entry.observer!.isLive
                if dead {
                    if entry.actsOnWillSet { willSetChange -= 1 }
                    entry.observer!.dropEntry()
                }
                return dead
            }
            purgeAt = max(8, entries.count * 2)
        }
        if entry.actsOnWillSet { willSetChange += 1 }
        entries.append(entry)
        return (entries.count - before, willSetChange)
    }
}

/// The observers one announcement fired, in bucket order: the first inline, so the common case
/// (one observer) allocates nothing.
struct FiredObservers {
    private var first: EntryObserver?
    private var more: ContiguousArray<EntryObserver> = []

    var isEmpty: Bool { first == nil }

    mutating func append(_ observer: EntryObserver) {
        if first == nil { first = observer } else { more.append(observer) }
    }

    /// Delivers to each, in order, and then lets it go. Call with no lock held.
    func deliver(_ event: TrackingEvent, _ change: TrackedChange, thread: UInt) {
        if let first { first.deliverOnce(event, change, thread: thread) }
        for observer in more {
            observer.deliverOnce(event, change, thread: thread)
        }
    }
}
