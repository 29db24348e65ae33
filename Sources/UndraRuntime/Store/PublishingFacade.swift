#if canImport(Combine)
@preconcurrency import Combine
#endif

/// The coarse facade: announces a mirror's changes as one `objectWillChange` per drain, then one
/// delivery per changed field's `$field` publisher.
///
/// Written against Combine's public API only (`ObservableObjectPublisher`, `CurrentValueSubject`,
/// `map`), so that the same source runs over Apple's Combine and over this library's own
/// (`Publishing/`, where Combine does not exist).
///
/// Each field's changes are a `CurrentValueSubject<Void, Never>`, made on first use and kept in
/// a slot per field, created with the schema and set once: announcing reads it with an atomic
/// load and sends `()`. The value itself is read from the mirror as it is delivered (see
/// ``FieldPublisher``), so no subject holds a field's value between changes.
@usableFromInline
final class PublishingFacade: Sendable {
    let objectWillChange = ObservableObjectPublisher()
    /// Field id → its subject, once someone asked for the field's publisher (nil for ids the
    /// schema does not have).
    private let subjects: [SubjectSlot?]
    private let drain = DrainState()
    private let handedOut = HandedOutFlag()

    /// What only the announcements touch. They come from the mirror's draining thread and never
    /// overlap (see `MirrorDelegate`): that is the exclusion `@unchecked Sendable` relies on.
    private final class DrainState: @unchecked Sendable {
        /// `objectWillChange` was sent in the current drain.
        @exclusivity(unchecked) var sentWillChange = false
    }

    /// Whether `objectWillChange` has been handed out. Combine gives no way to ask a publisher
    /// whether anyone listens, so from the first time it is read the facade assumes someone
    /// does: that is what the mirror's will-change question gets.
    private final class HandedOutFlag: Sendable {
        /// The word behind `flag`, first in the object (`AtomicWord`); touched only through it.
        private nonisolated(unsafe) var flagWord = 0
        var flag: AtomicWord<Bool> { AtomicWord(inFirstPropertyOf: self) }

        init() {
            assertAtomicWordsComeFirst(self, &flagWord)
        }
    }

    /// Where a field's subject goes, once made: an atomic reference, set once and owned by the
    /// slot. (`AtomicLazyReference` does the same, but needs iOS 18.)
    private final class SubjectSlot: Sendable {
        typealias Changes = CurrentValueSubject<Void, Never>

        /// The word behind `reference`, first in the object (`AtomicWord`); touched only through it.
        private nonisolated(unsafe) var referenceWord = 0
        private var reference: AtomicWord<Unmanaged<Changes>?> { AtomicWord(inFirstPropertyOf: self) }

        init() {
            assertAtomicWordsComeFirst(self, &referenceWord)
        }

        /// The subject, unretained: the slot keeps it for the facade's life. O(1).
        var subject: Unmanaged<Changes>? { reference.load(ordering: .acquiring) }

        /// Sets the subject if none is set yet; returns the one set. O(1).
        func storeIfNil(_ subject: Changes) -> Changes {
            let candidate = Unmanaged.passRetained(subject)
            let (exchanged, original) = reference.compareExchange(
                expected: nil, desired: candidate, ordering: .acquiringAndReleasing)
            if exchanged { return subject }
            candidate.release()
            return original!.takeUnretainedValue()
        }

        deinit {
            reference.load(ordering: .acquiring)?.release()
        }
    }

    init(fields: [any FieldDeclaration]) {
        var subjects = [SubjectSlot?](repeating: nil, count: (fields.map(\.id.rawValue).max() ?? -1) + 1)
        for field in fields { subjects[field.id.rawValue] = SubjectSlot() }
        self.subjects = subjects
    }

    /// The store's `objectWillChange`, marked as handed out. O(1); safe from any thread.
    var handedOutObjectWillChange: ObservableObjectPublisher {
        if !handedOut.flag.load(ordering: .relaxed) { handedOut.flag.store(true, ordering: .relaxed) }
        return objectWillChange
    }

    /// The publisher of `field`'s values; `read` reads the field from the mirror. O(1); safe
    /// from any thread (two threads asking at once get the same subject).
    @usableFromInline
    func publisher<Value>(for field: FieldID, read: @escaping @Sendable () -> Value) -> FieldPublisher<Value> {
        guard subjects.indices.contains(field.rawValue), let slot = subjects[field.rawValue] else {
            preconditionFailure("PublishingFacade: field \(field) is not in the store's schema")
        }
        let changes = slot.subject?.takeUnretainedValue() ?? slot.storeIfNil(CurrentValueSubject(()))
        return FieldPublisher(changes: changes, read: read)
    }

    /// Whether `willChange` may reach anyone: once `objectWillChange` has been handed out. One
    /// atomic load; calls nothing.
    var hearsWillChange: Bool { handedOut.flag.load(ordering: .relaxed) }

    /// Sends `objectWillChange`, the first time in a drain. O(subscribers).
    func willChange() {
        guard !drain.sentWillChange else { return }
        drain.sentWillChange = true
        objectWillChange.send()
    }

    /// Announces each changed field to its publisher's subscribers. O(changed fields + subscribers).
    func didChange(_ changes: ChangeSet) {
        for field in changes.fields {
            subjects[field.rawValue]?.subject?._withUnsafeGuaranteedRef { $0.send(()) }
        }
    }

    func endDrain() {
        drain.sentWillChange = false
    }
}
