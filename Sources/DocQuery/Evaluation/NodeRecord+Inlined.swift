import DocTree

/// DocTree's record accessors (``NodeRecord/kind``, ``NodeRecord/nameID``,
/// …), compiled into DocQuery for the evaluator's inner loops.
///
/// DocTree's accessors are `@inlinable package`, yet Swift 6.3 still calls
/// them across the module boundary when DocQuery is built as a dependency
/// (perf on the benchmark's map.osm query: the `kind` getter alone took a
/// third of the time, and the query ran 2–3× slower than with inlined
/// reads). These forward to the same bit layout; `RecordReadingTests`
/// checks each against DocTree's accessor for every kind and flag value,
/// so the layout is still decided in one place.
extension NodeRecord {
    /// ``NodeRecord/kind``, inlined.
    @inline(__always) package var kindInline: Node.Kind {
        unsafeBitCast(UInt8(truncatingIfNeeded: header & 0xF), to: Node.Kind.self)
    }
    /// ``NodeRecord/nameID``, inlined.
    @inline(__always) package var nameIDInline: UInt32 { header &>> 8 }
    /// ``NodeRecord/isContainer``, inlined: document, object, array, element.
    @inline(__always) package var isContainerInline: Bool {
        (UInt32(0b1_0000_0111) &>> (header & 0xF)) & 1 != 0
    }
    /// ``NodeRecord/subtreeEnd(at:)``, inlined.
    @inline(__always) package func subtreeEndInline(at index: UInt32) -> UInt32 {
        isContainerInline ? a : index &+ 1
    }
    /// ``NodeRecord/hasElementChildren``, inlined.
    /// (The flag bits are written out: DocTree's `Flags` members are calls
    /// across the module too. RecordReadingTests pins them to DocTree's.)
    @inline(__always) package var hasElementChildrenInline: Bool {
        header & 0x20 != 0  // Flags.hasElementChildren (1 << 1), above the 4 kind bits
    }
    /// ``NodeRecord/hasDuplicateKeys``, inlined.
    @inline(__always) package var hasDuplicateKeysInline: Bool {
        header & 0x10 != 0  // Flags.duplicateKeys (1 << 0), above the 4 kind bits
    }
}

extension NodeRecords {
    /// ``NodeRecords/buffer``, made in place from the stored fields (the
    /// getter is a call across the module boundary, once per evaluation).
    @inline(__always) package var bufferInline: UnsafeBufferPointer<NodeRecord> {
        UnsafeBufferPointer(start: base, count: count)
    }
}
