import Testing
@testable import UndraRuntime

/// A byte stream cut into messages, whatever pieces the reads bring.
@Suite struct MessageFramerTests {
    static func framed(_ messages: [[UInt8]]) -> [UInt8] {
        messages.flatMap { message in withUnsafeBytes(of: UInt64(message.count).littleEndian) { Array($0) } + message }
    }

    static let messages: [[UInt8]] = [[], [1], Array(0..<7), Array(0..<8), Array(repeating: 9, count: 100), (0..<70_000).map { UInt8(truncatingIfNeeded: $0) }]

    /// Feeds `stream` to `framer` in pieces of `piece` bytes (or less, if the framer offers less
    /// room), returning the messages it cut.
    static func cut(_ stream: [UInt8], pieces piece: Int, framer: inout MessageFramer) throws(TransportError) -> [[UInt8]] {
        var messages: [[UInt8]] = [], offset = 0
        while offset < stream.count {
            let count = framer.receive { space in
                let count = min(piece, space.count, stream.count - offset)
                stream.withUnsafeBytes { space.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count])) }
                return count
            }
            offset += count
            try framer.forEachMessage { messages.append(Array($0)) }
        }
        return messages
    }

    @Test(arguments: [1, 2, 3, 7, 8, 9, 16, 1_000, 65_536, 1 << 20])
    func messagesArriveWholeWhateverThePiecesOfTheStream(piece: Int) throws {
        var framer = MessageFramer(limit: 1 << 20, chunk: 16)
        let messages = try Self.cut(Self.framed(Self.messages), pieces: piece, framer: &framer)
        #expect(messages == Self.messages)
        #expect(framer.cutShort == nil)
    }

    @Test func manyMessagesInOneReadAreCutInOrder() throws {
        var framer = MessageFramer(limit: 1024)
        let stream = Self.framed([[1, 2], [3], [], [4, 5, 6]])
        let messages = try Self.cut(stream, pieces: stream.count, framer: &framer)
        #expect(messages == [[1, 2], [3], [], [4, 5, 6]])
    }

    @Test func aMessageLargerThanTheBufferGrowsItAndTheMemoryIsGivenBackAfter() throws {
        var framer = MessageFramer(limit: 1 << 20, chunk: 64)
        let large = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var offered: [Int] = []
        var offset = 0
        let stream = Self.framed([large])
        var messages: [[UInt8]] = []
        while offset < stream.count {
            offset += framer.receive { space in
                offered.append(space.count)
                let count = min(space.count, stream.count - offset)
                stream.withUnsafeBytes { space.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count])) }
                return count
            }
            try framer.forEachMessage { messages.append(Array($0)) }
        }
        #expect(messages == [large])
        #expect(offered == [64, 100_000 - 56])  // once the length is known, room for the rest at once
        #expect(framer.capacity == 64)
    }

    @Test func aLengthBeyondTheLimitIsAnErrorAsSoonAsItArrives() {
        var framer = MessageFramer(limit: 1024)
        #expect(throws: TransportError.messageTooLarge(length: .max, limit: 1024)) {
            _ = try Self.cut([UInt8](repeating: 0xFF, count: 8), pieces: 8, framer: &framer)
        }
        var bounded = MessageFramer(limit: 1024)
        #expect(throws: TransportError.messageTooLarge(length: 1025, limit: 1024)) {
            _ = try Self.cut(Self.framed([[UInt8](repeating: 0, count: 1025)]), pieces: 3, framer: &bounded)
        }
    }

    @Test func theEndOfTheStreamSaysWhatItCutShort() throws {
        let empty = MessageFramer(limit: 1024)
        #expect(empty.cutShort == nil)
        var header = MessageFramer(limit: 1024)
        _ = try Self.cut([100, 0, 0, 0, 0], pieces: 5, framer: &header)
        #expect(header.cutShort! == (5, 8))
        var body = MessageFramer(limit: 1024)
        _ = try Self.cut(Self.framed([[1, 2]]) + [100, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 7, count: 40), pieces: 13, framer: &body)
        #expect(body.cutShort! == (48, 108))
    }

    @Test func aReadThatBringsNothingChangesNothing() throws {
        var framer = MessageFramer(limit: 1024)
        #expect(framer.receive { _ in 0 } == 0)
        #expect(framer.receive { _ in -1 } == -1)
        var messages = 0
        try framer.forEachMessage { _ in messages += 1 }
        #expect(messages == 0)
        #expect(framer.cutShort == nil)
    }
}
