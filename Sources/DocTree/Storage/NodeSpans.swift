/// Where each node stands in the bytes it was read from: the side table the
/// write side patches through, built only when a document is loaded for
/// editing JSON (``JSONScanner/parseWithSpans(_:options:)``), so ordinary
/// loads pay nothing. XML edits find their places while streaming the bytes.
///
/// Indexed by node index, like the records. Offsets count bytes of the
/// parsed input (UTF-8; a legacy-encoded input was transcoded first).
///
/// - JSON: ``start(_:)``/``end(_:)`` cover the value as written (quotes,
///   brackets and braces included); ``keyStart(_:)`` is the opening quote
///   of a member's key, or `nil` for array elements and the root.
package struct NodeSpans: Sendable {
    /// The marker for "no offset".
    package static let none = UInt32.max

    /// One node's offsets.
    package struct Entry: Sendable {
        var start: UInt32
        var end: UInt32
        var keyStart: UInt32
    }

    package var entries: [Entry] = []

    package init() {}

    /// Where node `index` begins.
    package func start(_ index: UInt32) -> Int { Int(entries[Int(index)].start) }
    /// Just past node `index`'s last byte.
    package func end(_ index: UInt32) -> Int { Int(entries[Int(index)].end) }
    /// The key's opening quote of member `index`, or `nil`.
    package func keyStart(_ index: UInt32) -> Int? {
        let offset = entries[Int(index)].keyStart
        return offset == Self.none ? nil : Int(offset)
    }

    /// Where member or element `index` begins in its container: its key's
    /// opening quote, or for an element its value's start.
    package func slotStart(_ index: UInt32) -> Int { keyStart(index) ?? start(index) }

    /// Whether node `index` has a span.
    package func hasSpan(_ index: UInt32) -> Bool {
        Int(index) < entries.count && entries[Int(index)].start != Self.none && entries[Int(index)].end != Self.none
    }

    /// The span of node `index`.
    package func range(_ index: UInt32) -> Range<Int> { start(index)..<end(index) }

    /// Makes room for node `index` (records arrive in document order, so
    /// this appends at most one entry, except for a table's last nodes).
    @inline(__always)
    package mutating func reserve(_ index: Int) {
        while entries.count <= index { entries.append(Entry(start: Self.none, end: Self.none, keyStart: Self.none)) }
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
        spans.entries.reserveCapacity(estimatedNodes)
    }

    package mutating func key(at offset: Int) { pendingKey = UInt32(truncatingIfNeeded: offset) }

    package mutating func begin(_ index: Int, at offset: Int) {
        let entry = NodeSpans.Entry(start: UInt32(truncatingIfNeeded: offset), end: NodeSpans.none, keyStart: pendingKey)
        pendingKey = NodeSpans.none
        if index == spans.entries.count {
            spans.entries.append(entry)
        } else {
            spans.reserve(index)
            spans.entries[index] = entry
        }
    }

    package mutating func end(_ index: Int, at offset: Int) {
        spans.reserve(index)
        spans.entries[index].end = UInt32(truncatingIfNeeded: offset)
    }

    /// The spans of `document`, which this recorded: the document node's
    /// is its whole text, and every node has an entry.
    package consuming func finished(for document: Document) -> NodeSpans {
        begin(0, at: 0)
        end(0, at: document.table.text.count)
        spans.reserve(document.table.nodes.count - 1)
        return spans
    }
}
