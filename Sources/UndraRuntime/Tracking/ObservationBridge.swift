#if canImport(Observation)
import Observation
#endif

// The bridge to Apple's Observation: SwiftUI on iOS 17+ redraws a view by running its body inside
// `withObservationTracking` and waiting for the `ObservationRegistrar` calls the body makes. A
// registrar whose object conforms to `Observation.Observable` makes them: every read it records
// and every write it announces also goes to an `ObservationRegistrar` of its own, with the same
// timing (`willSet` while the old value is stored, `didSet` after).
//
// Who pays: only bridged registrars. The others settle at `BridgeState.none`, which costs the read
// gate one more relaxed load (of a word of the registrar) and the write gates nothing. A bridged
// registrar counts Observation as one installed observer that acts on `willSet` (it cannot see
// Observation's observers), so its writes always take the slow path and reach Observation.

/// Where a registrar stands with Observation (`Registrar.bridgeState`), when not bridged; a bridged
/// registrar's state word is its bridge's address instead.
@usableFromInline
enum BridgeState {
    /// Not bridged, for good: the object does not conform, or Observation does not exist here.
    @inlinable static var none: Int { 0 }
    /// Undecided: the first object the registrar is asked about decides.
    @inlinable static var bySubject: Int { 1 }
    /// Undecided: a store's registrar, decided by the store object at its first `@Mirrored` read
    /// (its subject is the store's announcer, not the store).
    @inlinable static var byOwner: Int { 2 }

    /// `undecided` where Observation can be used at run time, `none` elsewhere.
    static func initial(_ undecided: Int) -> Int {
        #if canImport(Observation)
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) { return undecided }
        #endif
        return none
    }
}

extension Registrar {
    /// Whether the registrar reports to Observation.
    var isBridgedToObservation: Bool { bridgeState.load(ordering: .relaxed) > BridgeState.byOwner }

    /// Whether reads of this registrar go to Observation, deciding it from `subject`'s class if
    /// that is still open. O(1); the first decision looks up a protocol conformance. Out of line:
    /// callers first check that the state is not `.none`.
    @inline(never)
    func isBridged(reading subject: AnyObject) -> Bool {
        let state = bridgeState.load(ordering: .relaxed)
        if state > BridgeState.byOwner { return true }
        if state != BridgeState.bySubject { return false }
        return settleBridge(from: BridgeState.bySubject, conforms: Self.conformsToObservable(type(of: subject)))
    }

    /// A store's registrar: decides from the store object, at its first read, whether to bridge.
    func resolveBridge(owner: AnyObject) {
        _ = settleBridge(from: BridgeState.byOwner, conforms: Self.conformsToObservable(type(of: owner)))
    }

    /// Moves the state from `undecided` to a new bridge or to `.none`. Another thread may have
    /// decided first; returns whether the registrar is bridged now.
    private func settleBridge(from undecided: Int, conforms: Bool) -> Bool {
        #if canImport(Observation)
        if conforms, #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            table.withLock { table in
                guard bridgeState.load(ordering: .relaxed) == undecided else { return }
                let bridge = Unmanaged.passRetained(ObservationBridge()).toOpaque()
                bridgeState.store(Int(bitPattern: bridge), ordering: .releasing)
                table.countObservationAsAnObserver()
                publishCounts(of: table)
            }
            return isBridgedToObservation
        }
        #endif
        let (exchanged, found) = bridgeState.compareExchange(
            expected: undecided, desired: BridgeState.none, ordering: .relaxed)
        return !exchanged && found > BridgeState.byOwner
    }

    private static func conformsToObservable(_ type: AnyObject.Type) -> Bool {
        #if canImport(Observation)
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) { return type is any Observable.Type }
        #endif
        return false
    }

    /// Reports a read of `key` by `subject` to Observation, if the registrar is bridged (deciding
    /// it if still open). Out of line: callers first check that the state is not `.none`.
    @inline(never)
    func reportAccess(_ key: ObservationKey, by subject: AnyObject) {
        #if canImport(Observation)
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            if bridgeState.load(ordering: .relaxed) == BridgeState.bySubject { _ = isBridged(reading: subject) }
            loadBridge()?._withUnsafeGuaranteedRef { $0.access(key) }
        }
        #endif
    }

    /// A write of a bridged registrar: its own observers first (if it has any besides
    /// Observation's count), then Observation's.
    @inline(never)
    func announceBridged(_ event: TrackingEvent, _ key: ObservationKey) {
        let entries = (event == .willSet ? willSetCount : installedCount).load(ordering: .relaxed)
        if entries > 1 { announceToObservers(event, key) }
        #if canImport(Observation)
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), let bridge = loadBridge() {
            bridge._withUnsafeGuaranteedRef { $0.announce(event, key) }
        }
        #endif
    }

    /// Releases the bridge, if any (the registrar is being deinitialized).
    func releaseBridge() {
        let state = bridgeState.load(ordering: .acquiring)
        if state > BridgeState.byOwner { Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: state)!).release() }
    }

    #if canImport(Observation)
    /// The bridge, if bridged. Unretained: the registrar holds it until it is deinitialized. The
    /// acquiring load pairs with `settleBridge`'s releasing store.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    private func loadBridge() -> Unmanaged<ObservationBridge>? {
        let state = bridgeState.load(ordering: .acquiring)
        guard state > BridgeState.byOwner else { return nil }
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: state)!)
    }
    #endif
}

#if canImport(Observation)
/// The `ObservationRegistrar` of one bridged `Registrar`, and the key paths it reports under.
///
/// Observation identifies a property by a key path whose root conforms to `Observable`. A
/// registrar's properties are (subject, property) pairs, so each is reported as the key path
/// `\ObservationBridge.[key]`, equal for equal keys. The bridge builds each one once and keeps it
/// in a small open-addressing table that readers search without a lock: a slot is empty or holds
/// an entry installed once, with a compare-exchange, and kept until the bridge goes. A key that
/// finds no slot within a few probes (an object with dozens of hot properties) builds its key
/// path at each call instead, which is correct, only slower.
///
/// - Thread safety: `ObservationRegistrar` is thread-safe; the table's slots are atomic words,
///   and its entries immutable.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class ObservationBridge: Observable, @unchecked Sendable {
    // @unchecked: `slots` is reached only through `AtomicWord`, and the entries it points at are
    // immutable, published by the releasing compare-exchange that installs them.
    private let registrar = ObservationRegistrar()
    private let slots: UnsafeMutablePointer<Int>
    private static var slotCount: Int { 64 }
    private static var probes: Int { 8 }

    /// One (subject, property) and its key path.
    private final class Entry {
        let key: ObservationKey
        let keyPath: KeyPath<ObservationBridge, ObservationKey>

        init(_ key: ObservationKey) {
            self.key = key
            keyPath = \ObservationBridge.[key]
        }
    }

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: 0, count: Self.slotCount)
    }

    deinit {
        for slot in 0..<Self.slotCount {
            let word = AtomicWord<Int>(at: slots + slot).load(ordering: .acquiring)
            if word != 0 { Unmanaged<Entry>.fromOpaque(UnsafeRawPointer(bitPattern: word)!).release() }
        }
        slots.deallocate()
    }

    /// The property `key` names, as a member of the bridge: what its key path points at.
    subscript(key: ObservationKey) -> ObservationKey { key }

    /// `withObservationTracking` on this thread, if any, records the read.
    func access(_ key: ObservationKey) {
        withKeyPath(for: key) { registrar.access(self, keyPath: $0) }
    }

    /// Observation's observers of `key` hear the write (its `onChange` runs at `willSet`).
    func announce(_ event: TrackingEvent, _ key: ObservationKey) {
        withKeyPath(for: key) { keyPath in
            switch event {
            case .willSet: registrar.willSet(self, keyPath: keyPath)
            case .didSet: registrar.didSet(self, keyPath: keyPath)
            }
        }
    }

    /// Calls `body` with `key`'s key path: the table's (installing it on first use), unretained.
    @inline(__always)
    private func withKeyPath(for key: ObservationKey, _ body: (KeyPath<ObservationBridge, ObservationKey>) -> Void) {
        let mask = Self.slotCount - 1
        var slot = Int(truncatingIfNeeded: (UInt(bitPattern: key.subject) >> 4) ^ UInt(key.property.rawValue) &* 0x9E37_79B9) & mask
        for _ in 0..<Self.probes {
            let word = AtomicWord<Int>(at: slots + slot)
            var found = word.load(ordering: .acquiring)
            if found == 0 {
                let entry = Unmanaged.passRetained(Entry(key)).toOpaque()
                let (installed, occupant) = word.compareExchange(
                    expected: 0, desired: Int(bitPattern: entry), ordering: .acquiringAndReleasing)
                if installed { found = Int(bitPattern: entry) } else {
                    Unmanaged<Entry>.fromOpaque(entry).release()
                    found = occupant
                }
            }
            let entry = Unmanaged<Entry>.fromOpaque(UnsafeRawPointer(bitPattern: found)!)
            if entry._withUnsafeGuaranteedRef({ $0.key == key }) {
                return entry._withUnsafeGuaranteedRef { body($0.keyPath) }
            }
            slot = (slot + 1) & mask
        }
        body(\ObservationBridge.[key])
    }
}
#endif
