/// Record fields decoded in this module, so the evaluator's inner loops
/// inline them: DocTree's own accessors are not inlinable across modules.
/// The bit layout is ``NodeRecord``'s (kind in bits 0–3, name id in 8–31).
extension NodeRecord {
    /// The raw ``Node/Kind-swift.enum`` value.
    @inline(__always) var kindCode: UInt8 { UInt8(truncatingIfNeeded: header & 0xF) }
    /// The interned name id (0 = no name).
    @inline(__always) var nameID: UInt32 { header &>> 8 }

    /// The kind codes of containers (document, object, array, element) as
    /// one bit each, so the test is a shift and a mask.
    static let containerKinds: UInt16 = 1 << 0 | 1 << 1 | 1 << 2 | 1 << 8

    /// Whether the record is a container: it has children, and `a` is its end.
    @inline(__always) var isContainer: Bool { Self.containerKinds & (1 << UInt16(kindCode)) != 0 }

    /// The index just past this record's subtree, the record being at
    /// `index`: its next sibling, or its parent's end. Sibling walks use it
    /// on the record they already read.
    @inline(__always) func subtreeEnd(at index: UInt32) -> UInt32 { isContainer ? a : index &+ 1 }
}
