/// The offset of the first byte of `bytes` that does not belong to well-formed UTF-8 (the
/// Unicode standard's table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF), or
/// nil if all of it is UTF-8.
///
/// Why its own: the standard library's failable `String(validating:as:)` needs iOS 18, and
/// `String(decoding:as:)` repairs bad input instead of rejecting it. ASCII, the usual case, is
/// checked eight bytes at a time.
///
/// - Complexity: O(n).
@inlinable
func firstInvalidUTF8(_ bytes: UnsafeRawBufferPointer) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    var i = 0
    while i < count {
        if count &- i >= 8, base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            i &+= 8
            continue
        }
        let lead = base.load(fromByteOffset: i, as: UInt8.self)
        if lead < 0x80 {
            i &+= 1
            continue
        }
        let width = utf8SequenceLength(lead: lead)
        guard width > 0, count &- i >= width, isUTF8Sequence(base + i, width: width) else { return i }
        i &+= width
    }
    return nil
}

/// How many bytes a UTF-8 sequence starting with `lead` has, or 0 if no sequence starts so.
@inlinable @inline(__always)
func utf8SequenceLength(lead: UInt8) -> Int {
    switch lead {
    case 0x00...0x7F: 1
    case 0xC2...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF4: 4
    default: 0
    }
}

/// Whether the `width` bytes at `start` (width from `utf8SequenceLength`) are one well-formed
/// sequence: its second byte's range depends on the lead; the others are continuation bytes.
@inlinable @inline(__always)
func isUTF8Sequence(_ start: UnsafeRawPointer, width: Int) -> Bool {
    let lead = start.load(as: UInt8.self)
    if width == 1 { return lead < 0x80 }
    let second = start.load(fromByteOffset: 1, as: UInt8.self)
    let secondRange: ClosedRange<UInt8> = switch lead {
    case 0xE0: 0xA0...0xBF
    case 0xED: 0x80...0x9F
    case 0xF0: 0x90...0xBF
    case 0xF4: 0x80...0x8F
    default: 0x80...0xBF
    }
    guard secondRange.contains(second) else { return false }
    for index in 2..<width where start.load(fromByteOffset: index, as: UInt8.self) & 0xC0 != 0x80 {
        return false
    }
    return true
}
