#if !canImport(Combine) || UNDRA_COMBINE_MODULE
@_spi(Reflection) import Swift

/// Finds an object's default `objectWillChange`: the publisher that all its `@Published`
/// properties send to.
///
/// The publisher is kept in the subjects of the object's `@Published` properties (every one
/// holds the same one, once someone has asked for it), so a set reaches it with one atomic load
/// and no lookup. Finding it from the object needs to know where those properties sit in the
/// object: reflection over the class's stored fields, its superclasses' included, tells once per
/// class, kept in `layouts`; and `recent`, a small lock-free cache keyed by class, makes a read
/// of `objectWillChange` a handful of loads. An object with no `@Published` property keeps its
/// publisher in `unpublishedObjects` instead.
///
/// This relies on reflection metadata, which Swift emits unless it is disabled
/// (`-disable-reflection-metadata`).
@usableFromInline
enum ObjectWillChangeDirectory {
    /// Where the `@Published` fields of each class sit: their byte offsets in the object.
    private static let layouts = Locked<[ObjectIdentifier: [Int]]>([:])
    @usableFromInline static let recent = RecentLayouts()
    private static let unpublishedObjects = UnpublishedObjects()

    /// The object's `objectWillChange`, unretained: the object keeps it alive. O(1) once its class
    /// is known; safe from any thread.
    @inlinable
    static func publisher(for object: AnyObject) -> Unmanaged<ObservableObjectPublisher> {
        if let offset = recent.lastPublishedOffset(of: ObjectIdentifier(type(of: object))),
           let publisher = subject(in: object, at: offset)._withUnsafeGuaranteedRef({
               $0.objectWillChange.load(ordering: .acquiring)
           }) {
            return publisher
        }
        return .passUnretained(findPublisher(for: object))
    }

    /// The subject of the `@Published` field at `offset` in `object`.
    @inlinable
    static func subject(in object: AnyObject, at offset: Int) -> Unmanaged<PublishedSubjectBase> {
        let field = Unmanaged.passUnretained(object).toOpaque().load(fromByteOffset: offset, as: UnsafeRawPointer.self)
        return Unmanaged.fromOpaque(field)
    }

    /// The slow path: the first read on an object, or a class not in `recent`.
    @usableFromInline
    static func findPublisher(for object: AnyObject) -> ObservableObjectPublisher {
        let type = ObjectIdentifier(Swift.type(of: object))
        let offsets = layouts.withLock { layouts in
            if let offsets = layouts[type] { return offsets }
            let offsets = publishedOffsets(of: Swift.type(of: object))
            layouts[type] = offsets
            return offsets
        }
        guard let last = offsets.last else { return unpublishedObjects.publisher(for: object) }
        recent.remember(type, lastPublishedOffset: last)
        // Every subject gets the publisher the first one keeps. The last gets it last, so that
        // the fast path, which reads the last, finds it only once all of them have it.
        let subjects = offsets.map { subject(in: object, at: $0) }
        let publisher = subjects[0]._withUnsafeGuaranteedRef {
            $0.objectWillChange.load(ordering: .acquiring)?.takeUnretainedValue()
                ?? $0.keepObjectWillChange(ObservableObjectPublisher())
        }
        for subject in subjects.dropFirst() {
            _ = subject._withUnsafeGuaranteedRef { $0.keepObjectWillChange(publisher) }
        }
        return publisher
    }

    /// The byte offsets of the `@Published` fields of `type` and its superclasses, ascending.
    private static func publishedOffsets(of type: AnyObject.Type) -> [Int] {
        var offsets: [Int] = []
        let classType = _EachFieldOptions(rawValue: 1 << 0)  // `.classType`
        _ = _forEachField(of: type, options: classType) { _, offset, fieldType, _ in
            if fieldType is any PublishedStorage.Type { offsets.append(offset) }
            return true
        }
        return offsets.sorted()
    }
}

/// Marks `Published` among a class's fields.
protocol PublishedStorage {}
extension Published: PublishedStorage {}

/// A lock-free cache from a class to the offset of its last `@Published` field.
///
/// 256 slots, each one atomic word holding a class's metadata address and the offset
/// (`address << 16 | offset`), so that a reader sees both or neither. Two classes that share a
/// slot take turns; a miss costs only the slow path.
@usableFromInline
final class RecentLayouts: @unchecked Sendable {
    // @unchecked: `slots` is only read and written with atomic loads and stores.
    @usableFromInline let slots: UnsafeMutablePointer<Int>
    @usableFromInline static var capacity: Int { 256 }

    init() {
        slots = .allocate(capacity: Self.capacity)
        for index in 0..<Self.capacity {
            (slots + index).initialize(to: 0)
        }
    }

    /// The offset remembered for `type`, if any. O(1).
    @inlinable
    func lastPublishedOffset(of type: ObjectIdentifier) -> Int? {
        let address = UInt(bitPattern: type)
        let word = AtomicWord<UInt>(at: slots + Self.slot(of: address)).load(ordering: .relaxed)
        return word >> 16 == address ? Int(word & 0xFFFF) : nil
    }

    /// Remembers `offset` for `type`, if both fit in a word. O(1).
    func remember(_ type: ObjectIdentifier, lastPublishedOffset offset: Int) {
        let address = UInt(bitPattern: type)
        guard address >> 48 == 0, offset > 0, offset <= 0xFFFF else { return }
        AtomicWord<UInt>(at: slots + Self.slot(of: address)).store(address << 16 | UInt(offset), ordering: .relaxed)
    }

    /// Fibonacci hashing of the address into 8 bits.
    @inlinable
    static func slot(of address: UInt) -> Int {
        Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 56)
    }
}

/// The `objectWillChange` of objects with no `@Published` property, by object.
///
/// An entry holds its object weakly: an entry whose object is gone is replaced when another
/// object takes its address, and swept out as the table grows.
private final class UnpublishedObjects: Sendable {
    private struct Entry {
        weak var object: AnyObject?
        let publisher: ObservableObjectPublisher
    }

    private struct Table {
        var entries: [ObjectIdentifier: Entry] = [:]
        var sweepAt = 64
    }

    private let table = Locked(Table())

    func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        let key = ObjectIdentifier(object)
        // Entries dropped here leave the lock to be released: their subscribers' closures may
        // run deinits.
        let (publisher, _) = table.withLock { table -> (ObservableObjectPublisher, dropped: [Entry]) in
            if let entry = table.entries[key], entry.object === object { return (entry.publisher, []) }
            var dropped = table.entries[key].map { [$0] } ?? []
            if table.entries.count >= table.sweepAt {
                dropped += table.entries.values.filter { $0.object == nil }
                table.entries = table.entries.filter { $0.value.object != nil }
                table.sweepAt = max(64, table.entries.count * 2)
            }
            let entry = Entry(object: object, publisher: ObservableObjectPublisher())
            table.entries[key] = entry
            return (entry.publisher, dropped)
        }
        return publisher
    }
}
#endif
