extension Locked {
    /// The same lock and state as the `Locked` whose storage is `buffer`: lets code keep a
    /// `Locked` as a plain object reference (say, in a non-generic type) and get it back.
    /// O(1).
    @inlinable
    init(sharing buffer: LockedBuffer<State>) {
        self.buffer = buffer
    }
}
