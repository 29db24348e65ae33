#if !canImport(Combine)

/// The coarse facade: announces a mirror's changes as one `objectWillChange` per drain, then
/// one delivery per changed field's `$field` publisher, with the field's new value.
///
/// Field publishers are made on first use and kept in a slot per field, created with the
/// schema and set once: announcing reads them with an atomic load, and takes no lock of its own.
@usableFromInline
final class PublishingFacade: Sendable {
    let objectWillChange = ObservableObjectPublisher()
    /// Field id → its subject, once someone asked for the field's publisher (nil for ids the
    /// schema does not have).
    private let subjects: [SubjectSlot?]
    private let drain = DrainState()

    /// What only the announcements touch. They come from the mirror's draining thread and never
    /// overlap (see `MirrorDelegate`): that is the exclusion `@unchecked Sendable` relies on.
    private final class DrainState: @unchecked Sendable {
        /// `objectWillChange` was sent in the current drain.
        @exclusivity(unchecked) var sentWillChange = false
    }

    /// Where a field's subject goes, once made: an atomic reference, set once and owned by the
    /// slot. (`AtomicLazyReference` does the same, but its `load` is not inlinable and looked
    /// its generic metadata up at every call: a third of a coarse announcement.)
    private final class SubjectSlot: Sendable {
        /// The word behind `reference`, first in the object (`AtomicWord`); touched only through it.
        private nonisolated(unsafe) var referenceWord = 0
        private var reference: AtomicWord<Unmanaged<AnyFieldSubject>?> { AtomicWord(inFirstPropertyOf: self) }

        init() {
            assertAtomicWordsComeFirst(self, &referenceWord)
        }

        /// The subject, unretained: the slot keeps it for the facade's life. O(1).
        var subject: Unmanaged<AnyFieldSubject>? { reference.load(ordering: .acquiring) }

        /// Sets the subject if none is set yet; returns the one set. O(1).
        func storeIfNil(_ subject: AnyFieldSubject) -> AnyFieldSubject {
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

    /// The publisher of `field`'s values; `read` reads the field from the mirror. O(1); safe
    /// from any thread (two threads asking at once get the same subject).
    @usableFromInline
    func publisher<Value>(
        for field: FieldID, read: @escaping @Sendable () -> Value, work: FieldSubject<Value>.Work
    ) -> FieldPublisher<Value> {
        guard subjects.indices.contains(field.rawValue), let slot = subjects[field.rawValue] else {
            preconditionFailure("PublishingFacade: field \(field) is not in the store's schema")
        }
        let subject = slot.subject?.takeUnretainedValue() ?? slot.storeIfNil(FieldSubject(read: read, work: work))
        guard let typed = subject as? FieldSubject<Value> else {
            preconditionFailure("PublishingFacade: field \(field) is not a field of \(Value.self)")
        }
        return FieldPublisher(subject: typed)
    }

    /// Sends `objectWillChange`, the first time in a drain. O(subscribers).
    /// Whether `willChange` would reach anyone now. O(1).
    var hearsWillChange: Bool { objectWillChange.hasSubscribers }

    func willChange() {
        guard !drain.sentWillChange else { return }
        drain.sentWillChange = true
        objectWillChange.send()
    }

    func didChange(_ changes: ChangeSet) {
        for field in changes.fields {
            subjects[field.rawValue]?.subject?._withUnsafeGuaranteedRef { $0.sendCurrent() }
        }
    }

    func endDrain() {
        drain.sentWillChange = false
    }
}
#endif
