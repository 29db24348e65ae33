#if !canImport(Combine)
import Synchronization

/// The coarse facade: announces a mirror's changes as one `objectWillChange` per drain, then
/// one delivery per changed field's `$field` publisher, with the field's new value.
///
/// Field publishers are made on first use; while a store has none, a drain's announcements cost
/// one `objectWillChange` send and an atomic load (no lock).
@usableFromInline
final class PublishingFacade: Sendable {
    let objectWillChange = ObservableObjectPublisher()
    private let state = Locked(State())
    /// How many field subjects exist. Subjects are never removed, so once it is non-zero it stays so.
    private let subjectCount = Atomic<Int>(0)
    private let drain = DrainState()

    private struct State {
        /// Field id → its subject, once someone asked for the field's publisher.
        var subjects: [(any AnyFieldSubject)?] = []
        /// Fields announced as about to change whose new value is not delivered yet.
        var changing = FieldSet()

        func subject(_ field: FieldID) -> (any AnyFieldSubject)? {
            subjects.indices.contains(field.rawValue) ? subjects[field.rawValue] : nil
        }
    }

    /// What only the announcements touch. They come from the mirror's draining thread and never
    /// overlap (see `MirrorDelegate`): that is the exclusion `@unchecked Sendable` relies on.
    private final class DrainState: @unchecked Sendable {
        /// `objectWillChange` was sent in the current drain.
        @exclusivity(unchecked) var sentWillChange = false
        /// The subjects of the fields being announced, collected under the lock, called after it.
        @exclusivity(unchecked) var subjects: [any AnyFieldSubject] = []
    }

    /// The publisher of `field`'s values; `read` reads the field from the mirror.
    ///
    /// A subject made while a drain changes the field gets its first value when the drain
    /// announces it; one made just before (after the drain looked for subjects) starts with the
    /// value it reads, and gets the drain's value too.
    @usableFromInline
    func publisher<Value>(
        for field: FieldID, read: @escaping @Sendable () -> Value, work: FieldSubject<Value>.Work
    ) -> FieldPublisher<Value> {
        state.withLock { state in
            if let subject = state.subject(field) as? FieldSubject<Value> {
                return FieldPublisher(subject: subject)
            }
            let current = state.changing.contains(field) ? nil : read()
            let subject = FieldSubject(current: current, read: read, work: work)
            if state.subjects.count <= field.rawValue {
                state.subjects += repeatElement(nil, count: field.rawValue + 1 - state.subjects.count)
            }
            state.subjects[field.rawValue] = subject
            subjectCount.wrappingAdd(1, ordering: .releasing)
            return FieldPublisher(subject: subject)
        }
    }

    func willChange(_ fields: [FieldID]) {
        if !drain.sentWillChange {
            drain.sentWillChange = true
            objectWillChange.send()
        }
        guard subjectCount.load(ordering: .acquiring) != 0 else { return }
        state.withLock { state in
            for field in fields {
                state.changing.insert(field)
                if let subject = state.subject(field) { drain.subjects.append(subject) }
            }
        }
        for subject in drain.subjects { subject.clearCurrent() }
        drain.subjects.removeAllKeepingCapacity()
    }

    func didChange(_ changes: ChangeSet) {
        guard subjectCount.load(ordering: .acquiring) != 0 else { return }
        state.withLock { state in
            for field in changes.fields {
                state.changing.remove(field)
                if let subject = state.subject(field) { drain.subjects.append(subject) }
            }
        }
        for subject in drain.subjects { subject.sendCurrent() }
        drain.subjects.removeAllKeepingCapacity()
    }

    func endDrain() {
        drain.sentWillChange = false
    }
}
#endif
