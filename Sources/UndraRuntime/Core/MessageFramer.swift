/// Cuts a byte stream into messages: each is its length as a little-endian `u64` (bincode's
/// length of a byte string, so a message on the stream is bincode's `Vec<u8>` of its bytes),
/// then that many bytes.
///
/// Bytes arrive in any pieces: a message may take many reads, and one read may hold many
/// messages. A message larger than the buffer grows it to fit (up to `limit`); a length beyond
/// `limit` is garbage, an error before anything is allocated for it.
///
/// - Complexity: each byte is copied once, into the buffer (reads go straight into it), plus at
///   most once when what is left of a read moves to the front.
/// - Thread safety: a value, used by one reader.
struct MessageFramer {
    /// The largest message accepted, in bytes (the length prefix excluded).
    let limit: Int
    /// How much is read at a time, at least.
    let chunk: Int
    private var buffer: [UInt8]
    /// The bytes held and not consumed: `buffer[start..<end]`.
    private var start = 0
    private var end = 0

    init(limit: Int, chunk: Int = 64 << 10) {
        self.limit = limit
        self.chunk = chunk
        buffer = [UInt8](repeating: 0, count: chunk)
    }

    /// Lets `fill` write what it reads after the bytes held (it is given the free space, at least
    /// the rest of a message begun, or `chunk`), and returns what `fill` returned: the number of
    /// bytes it wrote (0 or less: none).
    mutating func receive(_ fill: (UnsafeMutableRawBufferPointer) -> Int) -> Int {
        makeRoom()
        let end = end
        let count = buffer.withUnsafeMutableBytes { fill(UnsafeMutableRawBufferPointer(rebasing: $0[end...])) }
        if count > 0 { self.end += count }
        return count
    }

    /// Hands `body` each complete message held, in order (the bytes are valid during the call).
    /// Throws `messageTooLarge` at a length beyond `limit`: the stream cannot be trusted after it.
    mutating func forEachMessage(_ body: (UnsafeRawBufferPointer) -> Void) throws(TransportError) {
        while end - start >= 8 {
            let length = header
            guard length <= UInt64(limit) else { throw .messageTooLarge(length: length, limit: limit) }
            let total = 8 + Int(length)
            guard end - start >= total else { break }
            let start = start
            buffer.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start + 8..<start + total])) }
            self.start += total
        }
        if start == end {
            start = 0
            end = 0
            // A large message grew the buffer: give the memory back once it is consumed.
            if buffer.count > 4 * chunk { buffer = [UInt8](repeating: 0, count: chunk) }
        }
    }

    /// The buffer's size in bytes: `chunk`, or what the largest message held so far needed.
    var capacity: Int { buffer.count }

    /// At the end of the stream: the message it cut short, if any (bytes received, bytes
    /// expected, both counting the length prefix).
    var cutShort: (received: Int, expected: Int)? {
        guard end > start else { return nil }
        let expected = end - start >= 8 ? 8 + Int(min(header, UInt64(limit))) : 8
        return (end - start, expected)
    }

    /// The length prefix of the message at `start` (8 bytes must be held).
    private var header: UInt64 {
        buffer.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: start, as: UInt64.self)) }
    }

    /// Makes the free space after `end` at least what the message begun still needs, or `chunk`.
    private mutating func makeRoom() {
        var needed = chunk
        if end - start >= 8 {
            let total = 8 + Int(min(header, UInt64(limit)))
            needed = max(total - (end - start), 1)
        }
        if buffer.count - end >= needed { return }
        if start > 0 {
            let (start, end) = (start, end)
            buffer.withUnsafeMutableBytes { bytes in
                bytes.baseAddress!.copyMemory(from: bytes.baseAddress! + start, byteCount: end - start)
            }
            self.end = end - start
            self.start = 0
        }
        if buffer.count - end < needed {
            buffer.append(contentsOf: repeatElement(0, count: needed - (buffer.count - end)))
        }
    }
}
