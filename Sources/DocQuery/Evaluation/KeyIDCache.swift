#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The name ids of a query's keys for the name tables it was evaluated on,
/// so a query run again and again on one document hashes its keys once.
///
/// The cache remembers the resolutions of the last ``capacity`` tables it
/// met, behind a lock; once full, each new table replaces the oldest. A
/// query shared by tasks that evaluate it on different documents at once
/// (docq -P, a task group) so keeps a hit for each, and the records of a
/// stream that share one name table share one resolution.
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
    /// How many tables the cache remembers.
    static let capacity = 8

    private let lock = Lock()
    /// Read and written only with `lock` held.
    private var entries: [KeyIDResolution] = []
    /// The entry the next miss replaces once the cache is full.
    private var nextVictim = 0

    /// The id of each of `keys` in `names` (0 where no node uses the key).
    func ids(of keys: [String], in names: NameTable) -> [UInt32] {
        resolution(of: keys, in: names).ids
    }

    /// The resolution of `keys` in `names`: the remembered one, or a new
    /// one, which the cache then remembers.
    func resolution(of keys: [String], in names: NameTable) -> KeyIDResolution {
        let identity = ObjectIdentifier(names)
        lock.lock()
        defer { lock.unlock() }
        if let known = entries.first(where: { $0.identity == identity }) { return known }
        let resolution = KeyIDResolution(keys, in: names)
        if entries.count < Self.capacity {
            entries.append(resolution)
        } else {
            entries[nextVictim] = resolution
            nextVictim = (nextVictim + 1) % Self.capacity
        }
        return resolution
    }

    /// Whether the cache remembers a resolution for `names` (for tests).
    func remembers(_ names: NameTable) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return entries.contains { $0.identity == ObjectIdentifier(names) }
    }
}

/// The name ids of a query's keys in one name table, immutable once made.
final class KeyIDResolution: Sendable {
    /// Keeps the table's memory (not the table) alive, so no other table
    /// can take its address while the resolution names it.
    private unowned let pinned: NameTable
    let identity: ObjectIdentifier
    /// The id of each key (0 where no node uses it), by slot.
    let ids: [UInt32]

    init(_ keys: [String], in names: NameTable) {
        pinned = names
        identity = ObjectIdentifier(names)
        ids = keys.map { names.id(of: $0) ?? 0 }
    }
}
