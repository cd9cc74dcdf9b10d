/// Record fields decoded in this module, so the evaluator's inner loops
/// inline them: DocTree's own accessors are not inlinable across modules.
/// The bit layout is ``NodeRecord``'s (kind in bits 0–3, name id in 8–31).
extension NodeRecord {
    /// The raw ``Node/Kind-swift.enum`` value.
    @inline(__always) var kindCode: UInt8 { UInt8(truncatingIfNeeded: header & 0xF) }
    /// The interned name id (0 = no name).
    @inline(__always) var nameID: UInt32 { header &>> 8 }
}
