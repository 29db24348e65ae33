/// What `UndraBench` prints under its table: how to read a row, and what each baseline of the
/// run is. A row's baseline is named here once, whatever file its case lives in.
enum Legend {
    /// Each baseline's meaning, by the name rows give it ("N" stands for a row's count).
    static let baselines: [String: String] = [
        "Observation":
            "Apple's Observation from the same toolchain (@Observable, withObservationTracking), the same operation",
        "LockedClosureArray":
            "the floor for a publisher: an array of closures behind a pthread lock, called in turn",
        "stored property": "the floor for a read: a plain stored property",
        "stored property set": "the floor for a write: a plain stored property assigned through a call that is not inlined",
        "claimed stored property set":
            "the floor of a set that a subscriber on another thread may race: the same stored property set, claimed first with a compare-and-swap and released after with a plain store",
        "LockedClosureArray + demand":
            "LockedClosureArray's send to one closure that takes the value only if a demand count behind a second pthread lock allows it, the count given back one per value",
        "LockedPromise":
            "the floor for a one-shot result: a class holding the result and the callbacks waiting for it behind a pthread lock, made, fulfilled, then given a callback that runs at once",
        "LockedZip":
            "the floor for zip: two queues behind one pthread lock, paired by hand and sent through a LockedClosureArray",
        "ArrayWithIndex":
            "the naive keyed list: a [Row] and a [Key: Int] index rebuilt after each insert, remove or move",
        "Array.firstIndex": "a linear search of an array of keys",
        "N batches of 1": "the same list ops, each applied as a batch of its own",
        "CopyingPublished":
            "the straightforward coarse store: a @Published [Row] copied, patched and assigned back, observed by an objectWillChange and a $rows sink",
        "Item copy": "copying the row a frame carries (a floor, not a rival)",
        "frame of 1 op": "the same store applying a frame of one update",
        "100 frames of 1 op": "the same 100 updates, one frame each",
        "Decoder API floor":
            "the same 1,000 rows built by their synthesized init(from:) from a decoder that reads nothing (a keyed container per row answering each field with a constant): what Swift's Decoder API costs by itself",
        "JSONDecoder":
            "Foundation's JSONDecoder decoding the same frame, as JSON, into plain Codable structs",
        "apply prebuilt frame": "the same store applying the same frame, built in Swift rather than decoded",
        "hand-written store": "the same store's schema and types written by hand in the fast form (docs/STORES.md), decoding and applying the same bytes",
        "C call + apply":
            "the floor of an in-process round trip: the command's bytes handed to the core's C send function, its answer decoded and applied to the store, on one thread",
        "socket ping-pong":
            "the floor of a round trip to another process: a message of the command's size written to a child on a socket pair and its echo read back, on one thread",
        "delivery .anyThread": "the same command awaited by main-actor code through a Core that applies frames where it finds them (Core.Options(delivery: .anyThread)) instead of on the main queue (the default), the main thread serving the main queue meanwhile",
        "socket read + apply": "the same frames read from a bare socket, each read's frames decoded and applied as one drain, as the Core does, on one thread",
        "SQLite C API":
            "the floor for inserts: the same rows through SQLite's C API, one prepared statement bound and stepped per row, on a connection opened as the adapter's writer",
        "SQLite C API into [Item]": "the floor for a read: the same query's rows read through SQLite's C API into an array",
        "positional init(row:)": "the same rows through the row type's hand-written, positional init(row:) (RowDecodable), the fast path a Codable row is compared with",
        "positional + Decoder API floor":
            "the same rows read positionally, plus as many rows made by their synthesized init(from:) from a decoder that reads nothing: the least a Decoder-based row reader can cost",
        "the UPDATE alone":
            "the floor of a live update: the same one-row UPDATE on a database of the same rows that no feed follows, timed to its return",
        "re-run and replace":
            "what GRDB's ValueObservation does: after the same commit, run the whole query again and replace the store's list (a reset frame), observed the same way",
    ]

    /// The baselines of `results` that have no description yet (a row measured only as another
    /// row's reference has no baseline).
    static func undescribed(in results: [BenchResult]) -> [String] {
        Set(results.filter { $0.baselineNs != nil }.map(\.baseline)).filter { description(of: $0) == nil }.sorted()
    }

    /// The meaning of `baseline`, or a note saying where to add it.
    static func meaning(of baseline: String) -> String {
        description(of: baseline) ?? "(not described yet: add it to Sources/UndraBench/Legend.swift)"
    }

    private static func description(of baseline: String) -> String? {
        if let meaning = baselines[baseline] { return meaning }
        let counted = baseline.drop { $0.isNumber }
        if counted.count < baseline.count, let meaning = baselines["N" + counted] { return meaning }
        return nil
    }

    /// The legend for `results`: how to read the table, then the baselines the run used.
    static func text(for results: [BenchResult], bencher: Bencher) -> String {
        var lines = [
            "How to read it:",
            "- Each row times one operation with UndraRuntime and with a baseline, in the same run: the median of",
            "  \(bencher.samples) batches of about \(Int(bencher.sampleMillis)) ms of the thread's CPU time each, after a warm-up,",
            "  the two sides' batches taken in turn. The cross-process core.* rows take the wall clock instead: a",
            "  round trip through another process is mostly waiting, which CPU time does not see.",
            "- speedup = baseline ns ÷ UndraRuntime ns, both from this run: above 1× UndraRuntime is faster. Against a",
            "  floor (the same work with nothing around it) a speedup below 1× is expected; its goal says by how much.",
            "- Goals are ratios within this run: at least n× faster than the baseline, at most n× the baseline, or",
            "  at most n× another row. Ratios carry from one machine to another; nanoseconds do not: this machine",
            "  class alone varies by 1.5–2× from one run to the next. \"met\" means the same on every machine.",
            "",
            "Baselines:",
        ]
        var seen: Set<String> = []
        for result in results where result.baselineNs != nil && seen.insert(result.baseline).inserted {
            lines.append("- \(result.baseline): \(meaning(of: result.baseline))")
        }
        return lines.joined(separator: "\n")
    }
}
