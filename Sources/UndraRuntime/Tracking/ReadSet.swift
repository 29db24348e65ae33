/// What a continuous observer read in its last run: each (registrar, subject, property) once, so
/// that the next run re-installs nothing it read before and removes what it no longer reads.
///
/// Each read holds its registrar. That keeps the registrar's identity from being reused by another
/// registrar while it is in the set (an identity match therefore means the same registrar, whose
/// entry for the observer is still installed), and lets a run remove the entries it no longer
/// needs. Subjects are not held. The registrars held form a cycle with the observer (a registrar's
/// entry holds its observer), which cancelling the observation breaks: it empties the set.
///
/// - Complexity: `record` is O(1) on average (a linear scan up to 8 reads, a hash index above);
///   `endRun` is O(1) when the run read everything the previous run read, O(n) otherwise.
/// - Thread safety: none; the observer touches it only from the thread that holds its run.
struct ReadSet {
    private struct Identity: Hashable {
        let registrar: ObjectIdentifier
        let key: ObservationKey
    }

    private struct Read {
        let registrar: Registrar
        let key: ObservationKey
        /// The last run that read it.
        var run: UInt
    }

    private var reads = SmallDictionary<Identity, Read>()
    /// The current run's number; a read is current when its `run` equals it.
    private var run: UInt = 0
    /// How many reads the set held when the run began, and how many of them the run read again.
    private var carried = 0
    private var readAgain = 0

    /// Starts a run: every read is of the previous run until read again.
    mutating func beginRun() {
        run &+= 1
        carried = reads.count
        readAgain = 0
    }

    /// Records that the run read `key` through `registrar`. Returns true if the set already held
    /// it (the observer's entry is still installed there), false if it is new (install it).
    mutating func record(_ key: ObservationKey, in registrar: Registrar) -> Bool {
        let identity = Identity(registrar: ObjectIdentifier(registrar), key: key)
        if let index = reads.index(forKey: identity) {
            if reads.values[index].run != run {
                reads.values[index].run = run
                readAgain += 1
            }
            return true
        }
        reads.append(Read(registrar: registrar, key: key, run: run), forKey: identity)
        return false
    }

    /// Ends the run: calls `remove` for each read the previous run made and this one did not,
    /// and forgets it (releasing its registrar).
    mutating func endRun(removing remove: (Registrar, ObservationKey) -> Void) {
        guard readAgain < carried else { return }
        for read in reads.values where read.run != run { remove(read.registrar, read.key) }
        reads.removeAll { $0.run != run }
    }

    /// Forgets every read, releasing the registrars (the observation was cancelled).
    mutating func removeAll() {
        reads = SmallDictionary()
    }
}
