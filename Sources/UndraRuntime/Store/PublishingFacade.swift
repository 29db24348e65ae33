#if !canImport(Combine)
/// The coarse facade: announces a mirror's changes as one `objectWillChange` per drain, then
/// one delivery per changed field's `$field` publisher, with the field's new value.
///
/// Field publishers are made on first use; a field nobody subscribes to costs nothing.
final class PublishingFacade: Sendable {
    let objectWillChange = ObservableObjectPublisher()
    private let state = Locked(State())

    private struct State {
        var subjects: [FieldID: any AnyFieldSubject] = [:]
        /// Fields announced as about to change whose new value is not delivered yet.
        var changing: Set<FieldID> = []
        /// `objectWillChange` was sent in the current drain.
        var sentWillChange = false
    }

    /// The publisher of `field`'s values; `read` reads the field from the mirror.
    func publisher<Value>(for field: FieldID, read: @escaping @Sendable () -> Value) -> FieldPublisher<Value> {
        state.withLock { state in
            if let subject = state.subjects[field] as? FieldSubject<Value> {
                return FieldPublisher(subject: subject)
            }
            let subject = FieldSubject(current: state.changing.contains(field) ? nil : read(), read: read)
            state.subjects[field] = subject
            return FieldPublisher(subject: subject)
        }
    }

    func willChange(_ fields: [FieldID]) {
        let (sendWillChange, subjects) = state.withLock { state in
            defer { state.sentWillChange = true }
            state.changing.formUnion(fields)
            return (!state.sentWillChange, fields.compactMap { state.subjects[$0] })
        }
        if sendWillChange { objectWillChange.send() }
        for subject in subjects { subject.clearCurrent() }
    }

    func didChange(_ changes: ChangeSet) {
        let subjects = state.withLock { state in
            changes.fields.compactMap { field -> (any AnyFieldSubject)? in
                state.changing.remove(field)
                return state.subjects[field]
            }
        }
        for subject in subjects { subject.sendCurrent() }
    }

    func endDrain() {
        state.withLock { $0.sentWillChange = false }
    }
}
#endif
