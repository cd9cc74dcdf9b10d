#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The name ids of a query's keys for the name tables it was evaluated on,
/// so a query run again and again on one document hashes its keys once.
///
/// ## A hit takes no lock
///
/// The first ``publishedCapacity`` tables a query meets get a *published*
/// resolution: an immutable ``KeyIDResolution`` stored once into a slot by
/// an atomic compare-and-swap and never replaced or freed before the cache.
/// A lookup reads the slots with acquiring loads (the stdlib's
/// `_stdlib_atomicAcquiring…ARCRef`, compiled into this module, so it needs
/// neither the Synchronization module, which requires macOS 15, nor a
/// package), compares identities and, on a hit, returns the ids in place:
/// no lock, no retain. The lock and its bookkeeping had been about a fifth
/// of evaluating a one-key JMESPath expression (perf).
///
/// Tables met once the slots are full go to a small locked cache that
/// replaces its entries in turn, so a query that alternates between
/// documents still hits, as before.
///
/// ## Identity is sound
///
/// Tables are compared by identity. Every resolution holds its table
/// `unowned`: that keeps only the table's bare allocation (not its names)
/// once the document is freed, so no other table can take its address
/// while a resolution names it. (A `weak` reference would do the same,
/// but it gives the table a side table, which sends every retain and
/// release of it, and every read of the reference, down the slow path.)
final class KeyIDCache: @unchecked Sendable {
    /// How many tables get a lock-free, never-replaced resolution.
    static let publishedCapacity = 4

    /// How many further tables the locked cache remembers: a query shared
    /// by tasks that evaluate it on different documents at once (docq -P, a
    /// task group) keeps a hit for each instead of evicting the other's ids
    /// every time.
    private static let lockedCapacity = 4

    /// `publishedCapacity` slots, each `nil` until a resolution is stored
    /// into it once, atomically; read only by atomic loads.
    private let published: UnsafeMutablePointer<KeyIDResolution?>

    private let lock = Lock()
    private var entries: [KeyIDResolution] = []
    /// The entry the next miss replaces once the locked cache is full.
    private var nextVictim = 0

    init() {
        published = .allocate(capacity: Self.publishedCapacity)
        published.initialize(repeating: nil, count: Self.publishedCapacity)
    }

    deinit {
        published.deinitialize(count: Self.publishedCapacity)
        published.deallocate()
    }

    /// The id of each of `keys` in `names` (0 where no node uses the key).
    func ids(of keys: [String], in names: NameTable) -> [UInt32] {
        if let resolution = publishedResolution(for: ObjectIdentifier(names)) {
            return resolution._withUnsafeGuaranteedRef { $0.ids }
        }
        return unpublishedResolution(of: keys, in: names).ids
    }

    /// The published resolution for the table `identity` names, if there
    /// is one: lock-free, and unretained (it lives as long as the cache).
    /// Takes the identity, not the table, so that a hit retains nothing.
    @inline(__always)
    func publishedResolution(for identity: ObjectIdentifier) -> Unmanaged<KeyIDResolution>? {
        for slot in 0..<Self.publishedCapacity {
            guard let resolution = _stdlib_atomicAcquiringLoadARCRef(object: published + slot) else { return nil }
            if resolution._withUnsafeGuaranteedRef({ $0.identity == identity }) { return resolution }
        }
        return nil
    }

    /// The resolution of `keys` in `names`: a published one, one from the
    /// locked cache, or a new one, which is published when a slot is free
    /// and otherwise kept in the locked cache.
    func resolution(of keys: [String], in names: NameTable) -> KeyIDResolution {
        if let resolution = publishedResolution(for: ObjectIdentifier(names)) { return resolution.takeUnretainedValue() }
        return unpublishedResolution(of: keys, in: names)
    }

    /// ``resolution(of:in:)`` once ``publishedResolution(for:)`` has missed
    /// (a lookup that misses goes on here without reading the slots twice).
    func unpublishedResolution(of keys: [String], in names: NameTable) -> KeyIDResolution {
        let identity = ObjectIdentifier(names)
        if let resolution = lockedResolution(for: identity) { return resolution }
        let resolution = KeyIDResolution(keys, in: names)
        for slot in 0..<Self.publishedCapacity {
            // A full slot is only read: the compare-and-swap below costs
            // even when it fails, and once the slots are full every miss
            // (a new table per record in some streams) would pay it.
            if let held = _stdlib_atomicAcquiringLoadARCRef(object: published + slot) {
                if held._withUnsafeGuaranteedRef({ $0.identity == identity }) { return held.takeUnretainedValue() }
                continue
            }
            // Stores `resolution` if the slot is still empty; either way returns what the slot holds.
            let stored = _stdlib_atomicAcquiringInitializeARCRef(object: published + slot, desired: resolution)
            if stored.toOpaque() == Unmanaged.passUnretained(resolution).toOpaque() { return resolution }
            // Another task filled the slot first, perhaps for this very table.
            if stored._withUnsafeGuaranteedRef({ $0.identity == identity }) { return stored.takeUnretainedValue() }
        }
        lock.lock()
        if entries.count < Self.lockedCapacity {
            entries.append(resolution)
        } else {
            entries[nextVictim] = resolution
            nextVictim = (nextVictim + 1) % Self.lockedCapacity
        }
        lock.unlock()
        return resolution
    }

    private func lockedResolution(for identity: ObjectIdentifier) -> KeyIDResolution? {
        lock.lock()
        defer { lock.unlock() }
        return entries.first { $0.identity == identity }
    }
}

/// The name ids of a query's keys in one name table, immutable once made.
final class KeyIDResolution: @unchecked Sendable {
    /// Keeps the table's memory (not the table) alive, so no other table
    /// can take its address while the resolution names it.
    private unowned let pinned: NameTable
    let identity: ObjectIdentifier
    /// The id of each key (0 where no node uses it), by slot.
    let ids: [UInt32]
    /// The same ids in memory of the resolution's own, which readers that
    /// know the resolution outlives them read without retaining anything.
    let buffer: UnsafeBufferPointer<UInt32>

    init(_ keys: [String], in names: NameTable) {
        pinned = names
        identity = ObjectIdentifier(names)
        ids = keys.map { names.id(of: $0) ?? 0 }
        let buffer = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: ids.count)
        _ = buffer.initialize(from: ids)
        self.buffer = UnsafeBufferPointer(buffer)
    }

    deinit {
        buffer.deallocate()
    }
}
