/// A small open-addressing map from a pair of addresses (the second never
/// 0) to a 32-bit value, such as a name id keyed by libxml2's name pointers:
/// cheaper per look-up than a `Dictionary`'s seeded hash, which matters
/// because every element and attribute does one. The slots
/// live in one buffer of its own (no array bounds or uniqueness checks on
/// the hot path).
final class PointerPairTable {
    private struct Slot {
        var first: UInt
        var second: UInt
        var id: UInt32
    }

    private var slots: UnsafeMutablePointer<Slot>
    private var mask: Int
    private var count = 0

    /// A table with room for `expected` entries before it grows (at least 32).
    init(expected: Int = 32) {
        var capacity = 64
        while capacity < 2 * expected { capacity *= 2 }
        mask = capacity - 1
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot(first: 0, second: 0, id: 0), count: capacity)
    }

    deinit { slots.deallocate() }

    @inline(__always)
    private static func slot(_ first: UInt, _ second: UInt, mask: Int) -> Int {
        let mixed = (second ^ (first &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 32) & mask
    }

    @inline(__always)
    func id(_ first: UInt, _ second: UInt) -> UInt32? {
        var index = Self.slot(first, second, mask: mask)
        while true {
            let slot = slots[index]
            if slot.second == second && slot.first == first { return slot.id }
            if slot.second == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    func insert(_ id: UInt32, for first: UInt, _ second: UInt) {
        if (count + 1) * 2 > mask + 1 { grow() }
        var index = Self.slot(first, second, mask: mask)
        while slots[index].second != 0 { index = (index + 1) & mask }
        slots[index] = Slot(first: first, second: second, id: id)
        count += 1
    }

    private func grow() {
        let old = slots
        let oldCapacity = mask + 1
        mask = oldCapacity * 2 - 1
        slots = .allocate(capacity: mask + 1)
        slots.initialize(repeating: Slot(first: 0, second: 0, id: 0), count: mask + 1)
        count = 0
        for k in 0..<oldCapacity where old[k].second != 0 { insert(old[k].id, for: old[k].first, old[k].second) }
        old.deallocate()
    }
}
