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

    @inline(__always)
    package init(kind: Node.Kind, flags: Flags = [], name: UInt32, a: UInt32, b: UInt32) {
        self.header = UInt32(kind.rawValue) | (UInt32(flags.rawValue) << 4) | (name << 8)
        self.a = a
        self.b = b
    }

    @inline(__always) package var kind: Node.Kind { Node.Kind(rawValue: UInt8(header & 0xF))! }
    @inline(__always) package var rawKind: UInt8 { UInt8(header & 0xF) }
    @inline(__always) package var flags: Flags { Flags(rawValue: UInt8((header >> 4) & 0xF)) }
    @inline(__always) package var name: UInt32 { header >> 8 }

    @inline(__always) package mutating func insert(_ flags: Flags) {
        header |= UInt32(flags.rawValue) << 4
    }

    /// Per-record flags; their meaning depends on the kind.
    package struct Flags: OptionSet, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// JSON string: the span holds the raw text between the quotes and
        /// contains backslash escapes, to be decoded when read.
        package static let escaped = Flags(rawValue: 1 << 0)
        /// JSON object: at least two members share a key. Without it a key
        /// names at most one member, so a lookup may stop at the first match.
        package static let duplicateKeys = Flags(rawValue: 1 << 0)
        /// JSON number: the text has a fraction or an exponent.
        package static let fractional = Flags(rawValue: 1 << 1)
        /// XML text: the run is whitespace only.
        package static let whitespace = Flags(rawValue: 1 << 2)
        /// XML element: has at least one child element.
        package static let hasElementChildren = Flags(rawValue: 1 << 1)
        /// XML element: has at least one text child that is not whitespace only.
        package static let hasText = Flags(rawValue: 1 << 2)
        /// XML text run that came from a CDATA section.
        package static let cdata = Flags(rawValue: 1 << 3)
    }
}
