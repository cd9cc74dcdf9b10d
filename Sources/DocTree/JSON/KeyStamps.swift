/// For each name id, the stamp of the last object that used it as a key (0:
/// none yet), in a buffer of its own: one load and one store per member, no
/// uniqueness or bounds checks. An object's stamp is ``origin`` + its record
/// index + 1; the origin moves past each document, so older stamps are lower.
struct KeyStamps {
    private var base = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
    private var capacity = 256
    /// Added to the record indices of the document being parsed.
    private(set) var origin: UInt32 = 0

    init() { base.initialize(repeating: 0, count: capacity) }

    /// Stores `stamp` for `name` and returns the previous stamp.
    @inline(__always)
    mutating func exchange(_ name: UInt32, _ stamp: UInt32) -> UInt32 {
        let slot = Int(name)
        if slot >= capacity { grow(to: slot) }
        let previous = base[slot]
        base[slot] = stamp
        return previous
    }

    /// Makes room above ``origin`` for the stamps of a document of `inputBytes`
    /// bytes (a record at most each, and the document's), clearing all if need be.
    mutating func prepare(forInputOf inputBytes: Int) {
        if UInt64(origin) + UInt64(inputBytes) + 2 > UInt64(UInt32.max) {
            base.update(repeating: 0, count: capacity)
            origin = 0
        }
    }

    /// Moves the origin past a document of `records` records.
    mutating func advance(past records: Int) {
        origin &+= UInt32(truncatingIfNeeded: records)
    }

    @inline(never)
    private mutating func grow(to slot: Int) {
        let newCapacity = Swift.max(capacity * 2, slot + 1)
        let newBase = UnsafeMutablePointer<UInt32>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: capacity)
        (newBase + capacity).initialize(repeating: 0, count: newCapacity - capacity)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    func deallocate() { base.deallocate() }
}
