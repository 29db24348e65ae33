/// Where a batch of ops puts rows, recorded op by op and turned into the new order in one pass
/// over the old one: what `KeyedList` does for a batch that places many rows in the middle,
/// instead of a scan and a `memmove` of the order per op.
///
/// Each placement of a slot is a node: the slot where the old order had it (made when an op
/// first names it), or where an `insert` or a `move` put it. A row placed *before* an anchor
/// becomes the last child of the anchor's current node, so rows placed before one anchor keep
/// the order they were placed in, each right before the anchor, as when applied one by one. A
/// removed row's node (or a moved row's old one) stays, marked unplaced, with its children:
/// rows placed before a row stay where they are when it goes. Slots are keys here: a slot freed
/// by the batch is not reused before the batch ends (the caller frees them after `order`).
///
/// Non-generic (slots only), so it is compiled once, in this module.
///
/// - Complexity: O(1) per placement; `order` is O(*n* + *k*) for an old order of *n* slots and
///   *k* placements, a bit test per untouched slot. Tables of O(*n*) bits and slots, for the
///   batch's duration.
@usableFromInline
struct _OrderPlacement {
    struct Node {
        let slot: UInt32
        /// False once the row was removed or moved away from here (children stay).
        var isPlaced = true
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var nextSibling: Int32 = -1
        /// On a slot's first node: its latest placement, if a later op placed it again (-1: this
        /// one). Kept on the first node, so that finding it is O(1) however often it moved.
        var latest: Int32 = -1

        init(slot: UInt32) {
            self.slot = slot
        }
    }

    /// `nodes[0]` is the end of the list (rows placed before no anchor are its children); it is
    /// never emitted itself.
    private var nodes: [Node]
    /// Slot → its first node (-1: not named by the batch): for a slot of the old order, its node
    /// there; that node knows its latest placement. Dense, so that a batch naming many keys
    /// (a re-sort by moves) pays an index per key, not a hash table's insert.
    private var first: [Int32]
    /// One bit per slot of the old slab: set for the slots of the old order that have a node
    /// (what the pass over the old order tests, 1/32 of `first`'s size).
    private var named: [UInt64]

    /// A placement over a list whose slab holds `slabCount` slots.
    @usableFromInline
    init(slabCount: Int) {
        var end = Node(slot: 0)
        end.isPlaced = false
        nodes = [end]
        first = [Int32](repeating: -1, count: slabCount)
        named = [UInt64](repeating: 0, count: (slabCount + 63) / 64)
    }

    /// `slot` (one the batch just filled, or one it moves) goes right before `anchor`'s row, or
    /// at the end. A moved slot must be `unplace`d first.
    @usableFromInline
    mutating func place(_ slot: UInt32, before anchor: UInt32?) {
        let parent = anchor.map { node(of: $0) } ?? 0
        let new = Int32(nodes.count)
        if Int(slot) >= first.count { first += repeatElement(-1, count: Int(slot) + 1 - first.count) }
        if first[Int(slot)] < 0 {
            first[Int(slot)] = new
        } else {
            nodes[Int(first[Int(slot)])].latest = new
        }
        nodes.append(Node(slot: slot))
        if nodes[Int(parent)].lastChild < 0 {
            nodes[Int(parent)].firstChild = new
        } else {
            nodes[Int(nodes[Int(parent)].lastChild)].nextSibling = new
        }
        nodes[Int(parent)].lastChild = new
    }

    /// `slot`'s row leaves where it is now (removed, or about to be moved).
    @usableFromInline
    mutating func unplace(_ slot: UInt32) {
        nodes[Int(node(of: slot))].isPlaced = false
    }

    /// The current node of `slot`; for a slot of the old order the batch had not named, its node
    /// there, made now.
    private mutating func node(of slot: UInt32) -> Int32 {
        let node = first[Int(slot)]
        if node >= 0 {
            let latest = nodes[Int(node)].latest
            return latest >= 0 ? latest : node
        }
        let new = Int32(nodes.count)
        nodes.append(Node(slot: slot))
        first[Int(slot)] = new
        named[Int(slot >> 6)] |= 1 << UInt64(slot & 63)
        return new
    }

    /// The order after the batch: `old` with each named slot replaced by what was placed before
    /// it and itself, if still placed, then what was placed at the end. `count` is the number
    /// of rows after the batch; anything else is a programming error, and traps.
    @usableFromInline
    func order(from old: ContiguousArray<UInt32>, count: Int) -> ContiguousArray<UInt32> {
        // No rows left: the empty order. (Asked for capacity 0, the standard library writes the
        // count into the process-wide empty-array storage, which ThreadSanitizer reports as a race
        // with any thread reading an empty array.)
        guard count > 0 else { return [] }
        var stack: [(node: Int32, child: Int32)] = []
        return ContiguousArray(unsafeUninitializedCapacity: count) { out, initialized in
            var written = 0
            old.withUnsafeBufferPointer { old in
                named.withUnsafeBufferPointer { named in
                    for slot in old {
                        if named[Int(slot >> 6)] & (1 << UInt64(slot & 63)) == 0 {
                            precondition(written < out.count, "_OrderPlacement: more rows than counted")
                            out[written] = slot
                            written += 1
                        } else {
                            emit(first[Int(slot)], into: out, at: &written, stack: &stack)
                        }
                    }
                }
            }
            emit(0, into: out, at: &written, stack: &stack)
            precondition(written == count, "_OrderPlacement: fewer rows than counted")
            initialized = written
        }
    }

    /// Writes what was placed before `root` (depth first, in placement order), then `root`'s
    /// slot if it is still placed there.
    private func emit(
        _ root: Int32, into out: UnsafeMutableBufferPointer<UInt32>, at written: inout Int,
        stack: inout [(node: Int32, child: Int32)]
    ) {
        stack.append((root, nodes[Int(root)].firstChild))
        while let (node, child) = stack.last {
            if child >= 0 {
                stack[stack.count - 1].child = nodes[Int(child)].nextSibling
                stack.append((child, nodes[Int(child)].firstChild))
                continue
            }
            stack.removeLast()
            if nodes[Int(node)].isPlaced {
                precondition(written < out.count, "_OrderPlacement: more rows than counted")
                out[written] = nodes[Int(node)].slot
                written += 1
            }
        }
    }
}
