#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The records of one document in a single `malloc` block.
///
/// While a parser runs the block grows by doubling with `realloc` (which
/// the C library can often satisfy in place or by remapping pages, with no
/// copy); when the load ends, ``trim()`` gives back the capacity that was
/// reserved but not used, again in place. A Swift array could do neither:
/// shrinking one means copying it into fresh memory, which costs more page
/// faults than the parse itself on record-dense input.
///
/// After ``trim()`` the builder hands the storage to a ``NodeTable`` and
/// nothing writes to it again.
package final class RecordStorage {
    // Only the one builder that owns it writes to it, one call at a time,
    // so its fields skip the dynamic exclusivity checks. With the checks, XML
    // loads ran 33–42 % more instructions (map.osm, mondial) and
    // `docq --stream items.id` 10 % more (callgrind, 2026-11-26); JSON loads,
    // whose scanner keeps the base in a local, 0.7–1.5 %.
    @exclusivity(unchecked) package private(set) var base: UnsafeMutablePointer<NodeRecord>
    @exclusivity(unchecked) package private(set) var count = 0
    /// How many records fit before the block must grow.
    @exclusivity(unchecked) package private(set) var capacity: Int

    /// Reserves room for `capacity` records (at least 16).
    package init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = Self.reallocate(nil, self.capacity)
    }

    deinit { free(base) }

    /// The record at `index`, read or updated in place.
    @inline(__always)
    package subscript(index: Int) -> NodeRecord {
        unsafeAddress {
            precondition(index >= 0 && index < count, "record index out of range")
            return UnsafePointer(base + index)
        }
        unsafeMutableAddress {
            precondition(index >= 0 && index < count, "record index out of range")
            return base + index
        }
    }

    /// Appends a record.
    @inline(__always)
    package func append(_ record: NodeRecord) {
        if count == capacity { grow() }
        (base + count).initialize(to: record)
        count &+= 1
    }

    /// Drops the last `k` records.
    package func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "cannot remove \(k) of \(count) records")
        count -= k
    }

    /// The records as an immutable collection (no copy).
    package var records: NodeRecords { NodeRecords(self) }

    /// Gives back the unused capacity, in place, once it is at least
    /// ``keptSlack`` records: less stays. A stream's small records (a
    /// JSON Lines record reserves 16) were each trimmed by a `realloc`
    /// that cost about 6% of reading the record.
    package func trim() {
        guard capacity - count >= Self.keptSlack, count > 0 else { return }
        base = Self.reallocate(base, count)
        capacity = count
    }

    /// The most unused records ``trim()`` leaves (768 bytes).
    package static let keptSlack = 64

    @inline(never)
    private func grow() {
        capacity *= 2
        base = Self.reallocate(base, capacity)
    }

    private static func reallocate(_ pointer: UnsafeMutablePointer<NodeRecord>?, _ records: Int) -> UnsafeMutablePointer<NodeRecord> {
        let bytes = records * MemoryLayout<NodeRecord>.stride
        guard let raw = realloc(pointer.map(UnsafeMutableRawPointer.init), bytes) else {
            fatalError("out of memory: \(bytes) bytes of node records")
        }
        return raw.bindMemory(to: NodeRecord.self, capacity: records)
    }
}

/// A document's records, in document order: an immutable view of a
/// trimmed ``RecordStorage`` that keeps it alive.
package struct NodeRecords: RandomAccessCollection {
    private let storage: RecordStorage
    /// The first record (valid while this view is alive). Package-visible
    /// so that other modules can make ``buffer`` without a call: a stored
    /// property is read in place across the module boundary, a computed
    /// one is not.
    package let base: UnsafePointer<NodeRecord>
    package let count: Int

    package init(_ storage: RecordStorage) {
        self.storage = storage
        self.base = UnsafePointer(storage.base)
        self.count = storage.count
    }

    /// The records as a buffer, valid while this view (or the document
    /// that holds it) is alive. Hot loops in other modules read through
    /// this: the standard library inlines the buffer's subscript there,
    /// while this type's subscript stays a call across the module boundary
    /// (measured with Swift 6.3 in release builds, `@inlinable` or not).
    package var buffer: UnsafeBufferPointer<NodeRecord> { UnsafeBufferPointer(start: base, count: count) }

    /// The capacity of the storage behind the view (equal to ``count``
    /// once a load has trimmed it).
    package var storageCapacity: Int { storage.capacity }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(index: Int) -> NodeRecord {
        precondition(index >= 0 && index < count, "record index out of range")
        return base[index]
    }
}

// The storage is written only by the one builder that fills it; once a
// table holds it (through `NodeRecords`) nothing writes to it again, so
// sharing it between threads is safe.
extension RecordStorage: @unchecked Sendable {}
extension NodeRecords: @unchecked Sendable {}
