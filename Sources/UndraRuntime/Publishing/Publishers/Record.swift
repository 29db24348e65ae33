#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A publisher that replays a recording, values then completion, to each subscriber as it asks,
/// as in Combine.
public struct Record<Output, Failure: Error>: Publisher {
    /// What it replays.
    public let recording: Recording

    /// A record of what `record` puts in a fresh recording.
    public init(record: (inout Recording) -> Void) {
        var recording = Recording()
        record(&recording)
        self.recording = recording
    }

    /// A record of `recording`.
    public init(recording: Recording) {
        self.recording = recording
    }

    /// A record of `output`, then `completion`.
    public init(output: [Output], completion: Subscribers.Completion<Failure>) {
        recording = Recording(output: output, completion: completion)
    }

    /// Replays the recording to `subscriber`: values as it asks for them, then the completion.
    /// O(1) per value.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        SequenceSubscription.subscribe(subscriber, to: recording.output, completion: recording.completion, of: .record)
    }

    /// Values and a completion, recorded in order.
    public struct Recording {
        /// What is recorded: the record's output.
        public typealias Input = Output

        /// The values recorded.
        public private(set) var output: [Output]
        /// The completion recorded (`.finished` until one is).
        public private(set) var completion: Subscribers.Completion<Failure>
        private var isComplete: Bool

        /// An empty recording, still open.
        public init() {
            output = []
            completion = .finished
            isComplete = false
        }

        /// A finished recording of `output` and `completion`.
        public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
            self.output = output
            self.completion = completion
            isComplete = true
        }

        /// Records a value. The recording must still be open (a programming error otherwise).
        public mutating func receive(_ input: Input) {
            precondition(!isComplete, "Record.Recording: a value recorded after the completion")
            output.append(input)
        }

        /// Records the completion, which closes the recording. The recording must still be open.
        public mutating func receive(completion: Subscribers.Completion<Failure>) {
            precondition(!isComplete, "Record.Recording: a second completion recorded")
            self.completion = completion
            isComplete = true
        }
    }
}

/// Coded as `output` (an array) and `completion`.
extension Record.Recording: Codable where Output: Codable, Failure: Codable {
    private enum CodingKeys: String, CodingKey {
        case output
        case completion
    }

    /// Reads a finished recording.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            output: try container.decode([Output].self, forKey: .output),
            completion: try container.decode(Subscribers.Completion<Failure>.self, forKey: .completion))
    }

    /// Writes the values and the completion.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(output, forKey: .output)
        try container.encode(completion, forKey: .completion)
    }
}

/// Coded as its recording.
extension Record: Codable where Output: Codable, Failure: Codable {
    public init(from decoder: Decoder) throws {
        self.init(recording: try Recording(from: decoder))
    }

    public func encode(to encoder: Encoder) throws {
        try recording.encode(to: encoder)
    }
}
#endif
