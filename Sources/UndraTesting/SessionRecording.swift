import Foundation
import UndraRuntime

/// The messages of one session between an app and its core, in the order they went: what a
/// `SessionRecorder` records against the real core, and a `SessionReplay` plays back in a test
/// that has no core.
///
/// Its text, one message a line, is what a test commits as its fixture:
///
///     host 0100000000000000…      (a HostMessage's bytes, in hex: what the app sent)
///     core 0000000000000000…      (a CoreMessage's bytes: what the core sent)
///
/// - Thread safety: a value.
public struct SessionRecording: Equatable, Sendable {
    /// One message of the session.
    public enum Message: Equatable, Sendable {
        /// A `HostMessage` the app sent.
        case host([UInt8])
        /// A `CoreMessage` the core sent.
        case core([UInt8])
    }

    /// The messages, in order.
    public var messages: [Message]

    /// A recording of `messages`, in order (none: a recording to fill).
    public init(messages: [Message] = []) {
        self.messages = messages
    }

    /// The recording as its file holds it: `host` or `core`, a space, the bytes in hex, a line each.
    public var text: String {
        messages.map { message in
            switch message {
            case .host(let bytes): "host " + hexDigits(bytes)
            case .core(let bytes): "core " + hexDigits(bytes)
            }
        }.joined(separator: "\n") + "\n"
    }

    /// The recording `text` holds (as `text` writes it). Throws `SessionRecording.Malformed`
    /// naming the line that is not a message.
    public init(text: String) throws(Malformed) {
        var messages: [Message] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let bytes = Self.bytes(hex: parts[1]) else { throw Malformed(line: index + 1, text: String(line)) }
            switch parts[0] {
            case "host": messages.append(.host(bytes))
            case "core": messages.append(.core(bytes))
            default: throw Malformed(line: index + 1, text: String(line))
            }
        }
        self.messages = messages
    }

    /// The recording in the file at `path`. Throws the file's error, or `Malformed`.
    public init(contentsOf path: String) throws {
        try self.init(text: String(contentsOfFile: path, encoding: .utf8))
    }

    /// Writes the recording's `text` to the file at `path`.
    public func write(to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A line of a recording's text that is not `host <hex>` or `core <hex>`.
    public struct Malformed: Error, Equatable, CustomStringConvertible {
        /// The line's number, from 1.
        public let line: Int
        /// The line.
        public let text: String
        public var description: String { "line \(line) of the recording is not `host <hex>` or `core <hex>`: \(text.prefix(60))" }
    }

    private static func bytes(hex: Substring) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}
