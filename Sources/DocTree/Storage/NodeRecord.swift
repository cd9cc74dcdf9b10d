/// One node of a document, as stored: a 12-byte record in a flat array.
///
/// ## Layout
///
/// | field    | bits | meaning |
/// |----------|------|---------|
/// | `header` | 0–3  | ``Node/Kind`` raw value |
/// |          | 4–7  | flags (``NodeRecord/Flags``) |
/// |          | 8–31 | interned name id (0 = no name) |
/// | `a`      | 32   | containers: index one past the last descendant; leaves: text offset |
/// | `b`      | 32   | elements: namespace URI id (0 = none); objects/arrays: child count; leaves: text length |
///
/// Records are in document order (pre-order), so a container's descendants
/// follow it contiguously and skipping a subtree is a single jump to `a`.
///
/// There is no parent field: the parent of a node is the innermost
/// container before it whose subtree reaches past it, which
/// ``ParentTable`` derives for the whole document in one pass, only when
/// something first asks for a parent. Storing it would cost a third more
/// memory per node for a link that queries running downward never follow.
package struct NodeRecord: Sendable, Equatable {
    package var header: UInt32
    package var a: UInt32
    package var b: UInt32

    /// The largest interned name id a record can hold.
    package static let maxNameID: UInt32 = (1 << 24) - 1

    @inlinable
    package init(kind: Node.Kind, flags: Flags = [], name: UInt32, a: UInt32, b: UInt32) {
        self.header = UInt32(kind.rawValue) | (UInt32(flags.rawValue) << 4) | (name << 8)
        self.a = a
        self.b = b
    }

    // The accessors below are the one decoding of the header word. They are
    // `@inlinable` so that DocQuery's evaluator, in another module, compiles
    // them to a shift and a mask in its inner loops; `NodeRecordLayoutTests`
    // pins them to the layout above.

    /// What the record is. The kind's raw value is its declaration index
    /// (0…12, pinned by a test), so the 4-bit field converts without a check.
    @inlinable package var kind: Node.Kind {
        unsafeBitCast(UInt8(truncatingIfNeeded: header & 0xF), to: Node.Kind.self)
    }
    @inlinable package var flags: Flags { Flags(rawValue: UInt8(truncatingIfNeeded: (header &>> 4) & 0xF)) }
    /// The interned name id (0 = no name).
    @inlinable package var nameID: UInt32 { header &>> 8 }

    /// Whether the record is a container: it has children, and `a` is its end.
    @inlinable package var isContainer: Bool { kind.isContainer }

    /// The index just past this record's subtree, the record being at
    /// `index`: its next sibling, or its parent's end.
    @inlinable package func subtreeEnd(at index: UInt32) -> UInt32 { isContainer ? a : index &+ 1 }

    /// XML element: whether it has at least one child element.
    @inlinable package var hasElementChildren: Bool { flags.contains(.hasElementChildren) }

    /// JSON object: whether two members share a key.
    @inlinable package var hasDuplicateKeys: Bool { flags.contains(.duplicateKeys) }

    @inlinable package mutating func insert(_ flags: Flags) {
        header |= UInt32(flags.rawValue) << 4
    }

    /// Per-record flags; their meaning depends on the kind.
    package struct Flags: OptionSet, Sendable {
        package let rawValue: UInt8
        @inlinable package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// JSON string: the span holds the raw text between the quotes and
        /// contains backslash escapes, to be decoded when read.
        @inlinable package static var escaped: Flags { Flags(rawValue: 1 << 0) }
        /// JSON object: at least two members share a key. Without it a key
        /// names at most one member, so a lookup may stop at the first match.
        @inlinable package static var duplicateKeys: Flags { Flags(rawValue: 1 << 0) }
        /// JSON number: the text has a fraction or an exponent.
        @inlinable package static var fractional: Flags { Flags(rawValue: 1 << 1) }
        /// XML text: the run is whitespace only.
        @inlinable package static var whitespace: Flags { Flags(rawValue: 1 << 2) }
        /// XML element: has at least one child element.
        @inlinable package static var hasElementChildren: Flags { Flags(rawValue: 1 << 1) }
        /// XML element: has at least one text child that is not whitespace only.
        @inlinable package static var hasText: Flags { Flags(rawValue: 1 << 2) }
        /// XML text run that came from a CDATA section.
        @inlinable package static var cdata: Flags { Flags(rawValue: 1 << 3) }
    }
}
