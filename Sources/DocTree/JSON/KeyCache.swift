/// An open-addressing hash table from a key's raw bytes (between the
/// quotes) to its interned name id: a known key costs a hash and a compare,
/// not a `String` and a dictionary lookup. An entry holds the key's first
/// eight bytes, so short keys (most) compare in place; the cache copies all
/// its bytes, so it outlives its input. The owner calls ``deallocate()``.
struct KeyCache {
    struct Entry {
        /// The first `min(length, 8)` bytes, little-endian, zero-padded.
        var prefix: UInt64
        /// Where the key's bytes start in ``keyBytes``.
        var offset: UInt32
        var length: UInt32
        /// 0 marks an empty slot (name ids start at 1).
        var id: UInt32
        var hash: UInt32

        static let empty = Entry(prefix: 0, offset: 0, length: 0, id: 0, hash: 0)
    }

    private var slots: UnsafeMutablePointer<Entry>
    private var mask: Int
    private var used = 0
    /// The bytes of the cached keys, one after another.
    private var keyBytes: UnsafeMutablePointer<UInt8>
    private var keyBytesCount = 0
    private var keyBytesCapacity: Int

    init() {
        let capacity = 64
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: .empty, count: capacity)
        mask = capacity - 1
        keyBytesCapacity = 1024
        keyBytes = .allocate(capacity: keyBytesCapacity)
    }

    func deallocate() {
        slots.deallocate()
        keyBytes.deallocate()
    }

    /// Forgets every key (their ids are about to mean other names).
    mutating func removeAll() {
        slots.update(repeating: .empty, count: mask + 1)
        used = 0
        keyBytesCount = 0
    }

    /// The name id of the key whose raw text (`length` bytes, `escaped` with
    /// a backslash) is at `offset` in `scanner`'s input; interned in `names` when new.
    @inline(__always)
    mutating func id(
        ofKeyAt offset: Int, length: Int, escaped: Bool, in scanner: Scanner, names: inout NameTable.Builder
    ) throws(JSONFailure) -> UInt32 {
        let key = scanner.base + offset
        // The closing quote follows the key: a word load is in bounds unless the input ends within eight bytes.
        let prefix = Self.prefix(key, length: length, wordFits: offset &+ 8 <= scanner.count)
        let hash = Self.hash(prefix: prefix, key: key, length: length)
        let cached = find(hash: hash, prefix: prefix, key: key, length: length)
        if cached != 0 { return cached }
        let raw = UnsafeBufferPointer(start: key, count: length)
        let string = escaped ? JSONStringDecoding.decode(raw) : String(decoding: raw, as: UTF8.self)
        let id: UInt32
        do { id = try names.intern(string) } catch { throw JSONFailure(.tooManyNames, at: offset &- 1) }
        insert(id: id, hash: hash, prefix: prefix, key: key, length: length)
        return id
    }

    @inline(__always)
    static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// The prefix word of the `length` bytes at `key`, loaded as one word
    /// when it `wordFits` in the input, else (near its end) byte by byte.
    @inline(__always)
    static func prefix(_ key: UnsafePointer<UInt8>, length: Int, wordFits: Bool) -> UInt64 {
        if wordFits {
            let word = load(key)
            return length >= 8 ? word : word & ((1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1)
        }
        var word: UInt64 = 0
        for k in 0..<min(length, 8) { word |= UInt64(key[k]) &<< UInt64(k &* 8) }
        return word
    }

    /// Mixes the key's words; MurmurHash3's 64-bit finalizer spreads every bit over the low bits the table uses.
    @inline(__always)
    static func hash(prefix: UInt64, key: UnsafePointer<UInt8>, length: Int) -> UInt32 {
        var h = prefix ^ (UInt64(truncatingIfNeeded: length) &* 0x9E37_79B9_7F4A_7C15)
        if length > 8 {
            var i = 8
            while i &+ 8 < length {
                h = (h &* 0xFF51_AFD7_ED55_8CCD) ^ load(key + i)
                h ^= h &>> 29
                i &+= 8
            }
            h = (h &* 0xFF51_AFD7_ED55_8CCD) ^ load(key + (length &- 8))  // the last eight bytes
        }
        h ^= h &>> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h &>> 33
        h &*= 0xC4CE_B9FE_1A85_EC53
        h ^= h &>> 33
        return UInt32(truncatingIfNeeded: h)
    }

    /// The id cached for these bytes, or 0.
    @inline(__always)
    func find(hash: UInt32, prefix: UInt64, key: UnsafePointer<UInt8>, length: Int) -> UInt32 {
        var slot = Int(hash) & mask
        for _ in 0..<Self.maxProbes {
            let entry = slots[slot]
            if entry.id == 0 { return 0 }
            if entry.hash == hash, entry.prefix == prefix, Int(entry.length) == length,
                length <= 8 || Self.equalAfterPrefix(keyBytes + Int(entry.offset), key, length) {
                return entry.id
            }
            slot = (slot &+ 1) & mask
        }
        return 0
    }

    /// How far a lookup or insertion probes: the hash is not keyed, so keys crafted to collide
    /// are not cached past it, and interning (a randomly seeded `Dictionary`) handles them.
    static var maxProbes: Int { 32 }

    /// Whether two keys longer than eight bytes with equal prefixes are equal.
    static func equalAfterPrefix(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        var i = 8
        while i &+ 8 < length {
            if load(a + i) != load(b + i) { return false }
            i &+= 8
        }
        return load(a + (length &- 8)) == load(b + (length &- 8))
    }

    /// Caches `id` for the `length` bytes at `key`, with their `hash` and `prefix`.
    mutating func insert(id: UInt32, hash: UInt32, prefix: UInt64, key: UnsafePointer<UInt8>, length: Int) {
        guard keyBytesCount + length <= Int(UInt32.max) else { return }
        if (used &+ 1) &* 2 > mask &+ 1 { grow() }
        guard let slot = emptySlot(for: hash) else { return }
        let offset = storeBytes(key, length)
        slots[slot] = Entry(
            prefix: prefix, offset: UInt32(truncatingIfNeeded: offset),
            length: UInt32(truncatingIfNeeded: length), id: id, hash: hash)
        used &+= 1
    }

    /// The first empty slot within ``maxProbes`` of `hash`'s, if any.
    private func emptySlot(for hash: UInt32) -> Int? {
        var slot = Int(hash) & mask
        for _ in 0..<Self.maxProbes {
            if slots[slot].id == 0 { return slot }
            slot = (slot &+ 1) & mask
        }
        return nil
    }

    /// Copies a key's bytes to the end of ``keyBytes``; returns their offset.
    private mutating func storeBytes(_ key: UnsafePointer<UInt8>, _ length: Int) -> Int {
        if keyBytesCount + length > keyBytesCapacity {
            let capacity = Swift.max(keyBytesCapacity * 2, keyBytesCount + length)
            let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            bytes.initialize(from: keyBytes, count: keyBytesCount)
            keyBytes.deallocate()
            keyBytes = bytes
            keyBytesCapacity = capacity
        }
        let offset = keyBytesCount
        (keyBytes + offset).initialize(from: key, count: length)
        keyBytesCount += length
        return offset
    }

    /// Doubles the table. An entry that finds no slot is dropped (it is a
    /// cache) but stays in ``used``, which then only makes the table grow sooner.
    private mutating func grow() {
        let oldSlots = slots
        let oldCapacity = mask + 1
        slots = .allocate(capacity: oldCapacity * 2)
        slots.initialize(repeating: .empty, count: oldCapacity * 2)
        mask = oldCapacity * 2 - 1
        for k in 0..<oldCapacity where oldSlots[k].id != 0 {
            if let slot = emptySlot(for: oldSlots[k].hash) { slots[slot] = oldSlots[k] }
        }
        oldSlots.deallocate()
    }
}
