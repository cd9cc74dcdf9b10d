/// Where a JSON text shows its layout, as byte offsets read by the strict
/// scan. The text may be a prefix of a document (a stream's bytes so far);
/// a fact is `nil` until the tokens read settle it. The scan stops as soon
/// as every fact is settled (``isSettled``), so a large document is read
/// only as far as its layout shows.
package struct JSONLayoutFacts {
    /// The first non-empty container's opening bracket and its first child's
    /// slot (the child's key for a member).
    package private(set) var lead: (open: Int, firstSlot: Int)?
    /// The same for the first non-empty object inside another container:
    /// whether its lead breaks the line tells whether nested objects expand.
    package private(set) var nestedObjectLead: (open: Int, firstSlot: Int)?
    /// The same for the first non-empty array inside another container.
    package private(set) var nestedArrayLead: (open: Int, firstSlot: Int)?
    /// The first member's key end (just past its closing quote) and its
    /// value's start: the colon and the white space around it lie between.
    package private(set) var colon: (keyEnd: Int, valueStart: Int)?
    /// The gap from the first child's end to the second child's slot of the
    /// first container (by opening bracket) whose gap holds no line feed
    /// and no comment (as `JSONLayout` reads a whole document), as
    /// far as read: final once ``gapSettled``.
    package var candidateCommaGap: Range<Int>? { best?.gap }
    /// Whether the first multi-line container with children to close (by
    /// its closing bracket) ends its last child with a comma (JSON with
    /// comments: a trailing comma).
    package private(set) var trailingComma: Bool?
    /// Whether the top-level value is an object; `nil` until it begins.
    package private(set) var rootIsObject: Bool?
    /// Whether the scan read the whole top-level value: a fact not found then has none to find.
    package private(set) var isWhole = false
    /// Whether every fact is settled, so the scan stopped there: the lead,
    /// the colon and the gap, both nested leads when the lead breaks its
    /// line (a compact document expands nothing), and, when asked for, the
    /// gap after the first comma on one line and the trailing comma.
    package var isSettled: Bool {
        guard lead != nil, colon != nil, !needsCommaGap || (best != nil && gapSettled),
              !needsTrailingComma || trailingComma != nil
        else { return false }
        return !leadBreaksLine || (nestedObjectLead != nil && nestedArrayLead != nil)
    }
    /// Whether ``candidateCommaGap`` is final: no container opened before it
    /// can still show a gap, or the whole value is read.
    package var gapSettled: Bool {
        guard let best else { return isWhole }
        return (undecided.first ?? Int.max) > best.id
    }

    /// The text while the scan reads it; empty after, so no pointer outlives it.
    private var bytes: UnsafeBufferPointer<UInt8>
    private var best: (id: Int, gap: Range<Int>)?
    /// The open containers whose first gap is not read yet, by opening order.
    private var undecided: [Int] = []
    private var opened = 0
    /// Just past the last value read.
    private var lastEnd = 0
    /// The first key's end, until its value starts.
    private var pendingKeyEnd: Int?
    /// The last comma read.
    private var lastComma = -1
    /// Whether ``lead`` holds a line break: the document is pretty.
    private var leadBreaksLine = false
    /// Whether the scan goes on until ``trailingComma``, and ``candidateCommaGap``, are settled.
    private let needsTrailingComma: Bool
    private let needsCommaGap: Bool

    /// Reads the facts from the value at the start of `bytes` (after white
    /// space and a byte order mark), as JSON with comments when `comments`,
    /// until they are settled; ``trailingComma`` only when `trailingComma`,
    /// and the comma gap only when `commaGap` (either may lie at the end of
    /// the document).
    package init(_ bytes: UnsafeBufferPointer<UInt8>, comments: Bool = false, trailingComma: Bool = true, commaGap: Bool = true) {
        self.bytes = bytes
        needsTrailingComma = comments && trailingComma
        needsCommaGap = commaGap
        let scanner = Scanner(bytes)
        let start = InputHead.byteOrderMarkLength(bytes)
        // Where the bytes end (or are malformed), or the facts are settled
        // (the sink declines), the facts are what the tokens read showed.
        // (With comments, those before the value too.)
        let scanned: Int?
        if comments {
            scanned = try? scanner.scan(
                from: scanner.skipSpace(start, comments: true), maxDepth: Int.max, into: &self, JSONWithComments.self)
        } else {
            scanned = try? scanner.scan(from: scanner.skipWhitespace(start), maxDepth: Int.max, into: &self, StrictJSON.self)
        }
        if scanned != nil {
            isWhole = true
            undecided = []
        }
        self.bytes = UnsafeBufferPointer(start: nil, count: 0)
    }
}

extension JSONLayoutFacts: JSONSink {
    struct Container {
        var id: Int
        var open: Int
        var isObject: Bool
        var isNested = false
        var children = 0
        /// Whether its first child is on a line after its opening bracket.
        var isMultiline = false
    }

    var root: Container { Container(id: -1, open: -1, isObject: false) }

    /// Stops the scan once every fact is settled.
    private func stopIfSettled() throws(JSONFailure) {
        if isSettled { throw JSONFailure(.declined, at: 0) }
    }

    /// A child's slot (its key, for a member) starts at `start` in `container`.
    private mutating func slot(at start: Int, in container: inout Container) throws(JSONFailure) {
        guard container.id >= 0, container.children < 2 else { return }
        container.children += 1
        if container.children == 1 {
            container.isMultiline = bytes[(container.open + 1)..<start].contains(0x0A)
            if lead == nil {
                lead = (container.open, start)
                leadBreaksLine = container.isMultiline
            }
            if container.isNested, container.isObject, nestedObjectLead == nil { nestedObjectLead = (container.open, start) }
            if container.isNested, !container.isObject, nestedArrayLead == nil { nestedArrayLead = (container.open, start) }
        } else {
            decide(container.id)
            let gap = lastEnd..<start
            if best == nil || container.id < best!.id, !bytes[gap].contains(0x0A), !bytes[gap].contains(UInt8(ascii: "/")) {
                best = (container.id, gap)
            }
        }
        try stopIfSettled()
    }

    private mutating func decide(_ id: Int) {
        if undecided.last == id { undecided.removeLast() }
    }

    /// A value starts at `start`: an array's child, or a member's value.
    private mutating func value(at start: Int, in container: inout Container) throws(JSONFailure) {
        if !container.isObject {
            try slot(at: start, in: &container)
        } else if let keyEnd = pendingKeyEnd {
            colon = (keyEnd, start)
            pendingKeyEnd = nil
            try stopIfSettled()
        }
    }

    mutating func string(from start: Int, to end: Int, escaped: Bool, in container: inout Container) throws(JSONFailure) {
        try value(at: start, in: &container)
        lastEnd = end
    }

    mutating func number(from start: Int, to end: Int, fractional: Bool, in container: inout Container) throws(JSONFailure) {
        try value(at: start, in: &container)
        lastEnd = end
    }

    mutating func literal(_ kind: Node.Kind, at start: Int, length: Int, in container: inout Container) throws(JSONFailure) {
        try value(at: start, in: &container)
        lastEnd = start + length
    }

    mutating func key(
        from start: Int, to end: Int, escaped: Bool, in container: inout Container, of scanner: Scanner
    ) throws(JSONFailure) {
        try slot(at: start, in: &container)
        if colon == nil { pendingKeyEnd = end }
    }

    mutating func open(isObject: Bool, at start: Int, in container: inout Container) throws(JSONFailure) -> Container {
        if container.id < 0 { rootIsObject = isObject }
        try value(at: start, in: &container)
        defer { opened += 1 }
        undecided.append(opened)
        return Container(id: opened, open: start, isObject: isObject, isNested: container.id >= 0)
    }

    mutating func separator(at offset: Int) {
        lastComma = offset
    }

    mutating func close(_ container: Container, at end: Int) throws(JSONFailure) {
        decide(container.id)
        if trailingComma == nil, container.isMultiline { trailingComma = lastComma >= lastEnd }
        lastEnd = end
        try stopIfSettled()
    }
}
