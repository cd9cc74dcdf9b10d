/// Where each node stands in the bytes it was read from: the side table the
/// write side patches through, built only when a document is loaded for
/// editing (``JSONScanner/parseWithSpans(_:options:)``,
/// ``XMLLoader/parseWithSpans(_:options:)``), so ordinary loads pay nothing.
///
/// Indexed by node index, like the records. Offsets count bytes of the
/// parsed input (UTF-8; a legacy-encoded input was transcoded first).
///
/// - JSON: ``starts``/``ends`` cover the value as written (quotes, brackets
///   and braces included); ``keyStarts`` is the opening quote of a member's
///   key, or ``none`` for array elements and the root.
/// - XML: an element runs from its `<` to the end of its end tag (or of its
///   `/>`), an attribute from its name to its closing quote, a text run,
///   comment or processing instruction over its markup; ``keyStarts`` holds,
///   for an element, the end of its start tag (the offset just past `>`, or
///   of `/` in `/>`), where its content begins.
package struct NodeSpans: Sendable {
    /// The marker for "no offset".
    package static let none = UInt32.max

    package var starts: [UInt32] = []
    package var ends: [UInt32] = []
    package var keyStarts: [UInt32] = []

    package init() {}

    /// The span of node `index`.
    package func range(_ index: UInt32) -> Range<Int> { Int(starts[Int(index)])..<Int(ends[Int(index)]) }

    /// Makes room for node `index` (records arrive in document order).
    @inline(__always)
    package mutating func reserve(_ index: Int) {
        while starts.count <= index {
            starts.append(Self.none)
            ends.append(Self.none)
            keyStarts.append(Self.none)
        }
    }
}

/// What a reader calls as it appends records, when positions are wanted.
/// The readers are generic over it; ``NoSpans`` compiles to nothing.
package protocol SpanRecorder {
    /// The member key whose opening quote is at `offset` belongs to the next value.
    mutating func key(at offset: Int)
    /// Node `index` begins at `offset`.
    mutating func begin(_ index: Int, at offset: Int)
    /// Node `index` ends at `offset` (exclusive).
    mutating func end(_ index: Int, at offset: Int)
}

/// The recorder of ordinary loads: records nothing.
package struct NoSpans: SpanRecorder {
    package init() {}
    @inline(__always) package mutating func key(at offset: Int) {}
    @inline(__always) package mutating func begin(_ index: Int, at offset: Int) {}
    @inline(__always) package mutating func end(_ index: Int, at offset: Int) {}
}

/// The recorder that fills a ``NodeSpans``.
package struct SpanTable: SpanRecorder {
    package var spans = NodeSpans()
    private var pendingKey = NodeSpans.none

    /// A recorder with room for about `estimatedNodes` nodes.
    package init(estimatedNodes: Int = 0) {
        spans.starts.reserveCapacity(estimatedNodes)
        spans.ends.reserveCapacity(estimatedNodes)
        spans.keyStarts.reserveCapacity(estimatedNodes)
    }

    package mutating func key(at offset: Int) { pendingKey = UInt32(truncatingIfNeeded: offset) }

    package mutating func begin(_ index: Int, at offset: Int) {
        spans.reserve(index)
        spans.starts[index] = UInt32(truncatingIfNeeded: offset)
        spans.keyStarts[index] = pendingKey
        pendingKey = NodeSpans.none
    }

    package mutating func end(_ index: Int, at offset: Int) {
        spans.reserve(index)
        spans.ends[index] = UInt32(truncatingIfNeeded: offset)
    }
}
