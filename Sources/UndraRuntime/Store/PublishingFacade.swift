#if !canImport(Combine)
/// The coarse facade: announces a mirror's changes as one `objectWillChange` per drain, then
/// one delivery per changed field's `$field` publisher, with the field's new value.
///
/// Field publishers are made on first use; a field nobody subscribes to costs nothing.
@usableFromInline
final class PublishingFacade: Sendable {
    let objectWillChange = ObservableObjectPublisher()
    private let state = Locked(State())

    private struct State {
        /// Field id → its subject, once someone asked for the field's publisher.
        var subjects: [(any AnyFieldSubject)?] = []
        var subjectCount = 0
        /// Fields announced as about to change whose new value is not delivered yet.
        var changing = FieldSet()
        /// `objectWillChange` was sent in the current drain.
        var sentWillChange = false

        func subject(_ field: FieldID) -> (any AnyFieldSubject)? {
            subjects.indices.contains(field.rawValue) ? subjects[field.rawValue] : nil
        }
    }

    /// The publisher of `field`'s values; `read` reads the field from the mirror.
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
            state.subjectCount += 1
            return FieldPublisher(subject: subject)
        }
    }

    func willChange(_ fields: [FieldID]) {
        let (sendWillChange, subjects) = state.withLock { state in
            defer { state.sentWillChange = true }
            for field in fields { state.changing.insert(field) }
            let subjects = state.subjectCount == 0 ? [] : fields.compactMap { state.subject($0) }
            return (!state.sentWillChange, subjects)
        }
        if sendWillChange { objectWillChange.send() }
        for subject in subjects { subject.clearCurrent() }
    }

    func didChange(_ changes: ChangeSet) {
        let subjects = state.withLock { state -> [any AnyFieldSubject] in
            for field in changes.fields { state.changing.remove(field) }
            return state.subjectCount == 0 ? [] : changes.fields.compactMap { state.subject($0) }
        }
        for subject in subjects { subject.sendCurrent() }
    }

    func endDrain() {
        state.withLock { $0.sentWillChange = false }
    }
}
#endif
