// Sets: Rust's `HashSet` and `BTreeSet`.

/// A set (`HashSet<T>`, `BTreeSet<T>`): serde's sequence, a u64 count, then the elements, as a
/// `Vec<T>` is written. Shape `seq<T>`: a set and a `Vec` of one element type are one shape.
///
/// Reading checks the count against the bytes left (at `Element.minimumWireSize` bytes an
/// element) before anything is allocated, and accepts the elements in any order (a `HashSet`
/// writes its own). An element seen twice is an error (`repeatedElement`, at the later one;
/// serde keeps one of them); so are two `String` elements that Swift's `String ==` calls equal
/// but whose bytes differ (`"\u{E9}"` and `"e\u{301}"`: two elements to Rust, one to a
/// `Set<String>`), `equivalentSetElements`: mirror such a set with `Set<ExactString>`.
///
/// Writing: a Swift `Set` has no order of its own, and a reader accepts any. A `BTreeSet` writes
/// its elements in ascending order, and so does this conformance when `Element` is `Comparable`
/// (`String`s by their UTF-8 bytes, as Rust orders them), so that a value's bytes are
/// deterministic and are the bytes `WireEncoder` writes for the same set; otherwise the set's
/// iteration order, which differs between processes.
///
/// - Complexity: reading is O(n) in the bytes (one hash insertion an element); writing O(n) in
///   the bytes for elements that are not `Comparable`, plus an O(k log k) sort of the k elements
///   when they are.
/// - Thread safety: a value; reading and writing touch only the reader or writer, each confined
///   to its thread.
extension Set: WireCodable where Element: WireCodable {
    @inlinable public init(from reader: inout WireReader) throws(WireError) {
        let count = try reader.readLength(minimumElementSize: Element.minimumWireSize)
        self.init(minimumCapacity: count)
        try reader.nested { (reader: inout WireReader) throws(WireError) in
            for _ in 0..<count {
                let start = reader.offset
                let element = try Element(from: &reader)
                guard insert(element).inserted else {
                    throw WireError(offset: start, reason: repeatedElementReason(element, among: self))
                }
            }
        }
    }

    @inlinable public func encode(to writer: inout WireWriter) {
        writer.writeLength(count)
        for element in sortedKeysIfComparable(self) ?? Array(self) { element.encode(to: &writer) }
    }

    public static var minimumWireSize: Int { 8 }
}

/// The shape of a set: `seq<T>`, a sequence of its elements (what undra-core traces of a Rust
/// `HashSet<T>` or `BTreeSet<T>`).
///
/// - Complexity: O(size of the element's shape).
/// - Thread safety: computes a value from nothing shared.
extension Set: WireShaped where Element: WireShaped {
    public static var wireShape: WireShape { .seq(Element.wireShape) }
}

/// Why a set element was refused as seen before: the same bytes (`repeatedElement`), or (for
/// `String` elements) the bytes of another element that `String ==` calls equal
/// (`equivalentSetElements`). O(1) but on a `String` element's hash lookup.
@usableFromInline
func repeatedElementReason<Element: Hashable>(_ element: Element, among set: Set<Element>) -> WireError.Reason {
    guard let text = element as? String, let index = set.firstIndex(of: element),
          let earlier = set[index] as? String, !earlier.utf8.elementsEqual(text.utf8)
    else { return .repeatedElement }
    return .equivalentSetElements(earlier: ExactString(earlier), later: ExactString(text))
}
