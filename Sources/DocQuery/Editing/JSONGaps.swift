import DocTree

/// The bytes between a JSON container's children (white space, commas and,
/// in JSON with comments, comments and a trailing comma), read for the
/// editor: what a removed child takes with it, and where new children go.
///
/// The rules, which give the strict editor's offsets where a gap holds no
/// comment:
/// - a child *owns* its comma and the comments after it on its line (its
///   line comment), or a comma that begins the next line (comma-first
///   style): a removal takes them; comments on lines of their own stay
///   where they are;
/// - a child removed from the end takes the line break before it, and the
///   survivor before it loses its comma, unless the container ends in a
///   comma (a trailing comma), which then stays;
/// - a new last child goes after the last child's line comment and before
///   the comments that close the container, with a trailing comma when the
///   container has one (in an empty container, on lines of their own,
///   when the document writes them: ``JSONLayout/trailingComma``); a new
///   child elsewhere goes before the comments on
///   lines of their own that precede the child it is put before.
///
/// A gap between tokens holds only white space, commas, colons and
/// comments, so a '/' in it always begins a comment; strict JSON is the
/// case with none.
///
/// This is the one home of what a removal takes: the held-whole editor
/// (``JSONEditPlan``, through ``JSONSource``) reads the document's text
/// with it, and the lean streamed edit (``JSONStreamedOutput``) the output
/// it holds back; offsets are `text`'s indexes.
struct JSONGaps<Text: RandomAccessCollection<UInt8>> where Text.Index == Int {
    /// The bytes read: the whole document, or the part of the output held
    /// back, indexed by offsets in the whole output.
    let text: Text
    /// Whether the text may hold comments and trailing commas (JSON with
    /// comments). Strict JSON holds neither, so what they would decide is
    /// known without reading: a value's gaps hold white space and commas only.
    let comments: Bool

    // MARK: What a removal takes

    /// What removing a member or element, from `slotStart` (its key) to
    /// `end` (its value's end), takes when a child after it survives: up
    /// to that child, or to the first comment on a line of its own before it.
    func removalBeforeSurvivor(slotStart: Int, end: Int) -> Range<Int> {
        slotStart..<nextNonBlank(from: ownedEnd(after: end))
    }

    /// What removing `run`, the last children of a container (each from
    /// its key to its value's end), takes, handed to `take` with the
    /// position in `run` of the child it goes with: after a child that
    /// stays (`gap` is `.previousEnd`), its comma (unless the container
    /// ends in a trailing comma), and each removed child with the line
    /// break before it; comments on lines of their own stay. With none
    /// before them (`.afterOpening`), and no comment in the container
    /// (`holdsComment`), everything between the brackets goes, up to
    /// `closer`. The ranges come in order, and do not overlap.
    func removalsAtEnd(
        _ run: some BidirectionalCollection<(slotStart: Int, end: Int)>, after gap: JSONRemovalGap, closer: Int, holdsComment: Bool,
        _ take: (Range<Int>, Int) -> Void
    ) {
        let lower: Int
        // Whether the container ends in a comma (never in strict JSON).
        let trailingComma = comments && run.last.map { self.comma(after: $0.end) != nil } == true
        switch gap {
        case .previousEnd(let survivor):
            let comma = self.comma(after: survivor)!
            if !run.isEmpty, !trailingComma {
                let commented = comments && text[survivor..<comma].contains(UInt8(ascii: "/"))
                take((commented ? comma : survivor)..<(comma + 1), 0)
            }
            lower = comma + 1
        case .afterOpening(let at):
            guard holdsComment else {
                // No comment to keep: the container is emptied.
                take(at..<closer, 0)
                return
            }
            lower = at
        }
        let last = run.count - 1
        guard comments else {
            // Only white space lies between `lower` and the first child's key,
            // and between a child's comma and the next child.
            for (k, child) in run.enumerated() {
                take((k > 0 ? blankStart(before: child.slotStart) : lower)..<(k < last ? ownedEnd(after: child.end) : child.end), k)
            }
            return
        }
        // Each child from the line break before it (never into the comments
        // before it on its line, or the piece before), to its owned end; the
        // last, with no comma after it but a trailing one, to the comments on its line.
        var pieces: [Range<Int>] = []
        var floor = lineRest(from: lower)
        var gapStart = gap.start
        for (k, child) in run.enumerated() {
            let to = k < last || trailingComma ? ownedEnd(after: child.end) : lineRest(from: child.end)
            pieces.append(max(floor, blankStart(before: child.slotStart))..<to)
            floor = to
        }
        // The bytes kept before the closing bracket must not end in a line
        // comment that the bracket would then follow on its line: the piece
        // that removes that line's break keeps it.
        if !text[pieces[last].upperBound..<closer].contains(where: isLineBreak) {
            var j = last
            while j > 0, pieces[j - 1].upperBound == pieces[j].lowerBound { j -= 1 }
            if j > 0 { gapStart = run[run.index(run.startIndex, offsetBy: j - 1)].end }
            if let lineBreak = lineCommentBreak(from: gapStart, around: pieces[j].lowerBound) {
                pieces[j] = lineBreak..<pieces[j].upperBound
            }
        }
        for (k, piece) in pieces.enumerated() { take(piece, k) }
    }

    /// ``removalsAtEnd(_:after:closer:holdsComment:_:)`` in strict JSON,
    /// where the pieces touch (the comma of the child before, then each
    /// child with the line break before it): one range.
    func strictRemovalAtEnd(
        _ run: some BidirectionalCollection<(slotStart: Int, end: Int)>, after gap: JSONRemovalGap, closer: Int
    ) -> Range<Int> {
        precondition(!comments, "a removal in JSON with comments may leave comments between its pieces")
        var taken: Range<Int>?
        removalsAtEnd(run, after: gap, closer: closer, holdsComment: false) { range, _ in
            precondition(taken.map { $0.upperBound == range.lowerBound } ?? true, "a strict removal at the end takes pieces apart")
            taken = (taken?.lowerBound ?? range.lowerBound)..<range.upperBound
        }
        guard let taken else { preconditionFailure("a removal at the end takes nothing") }
        return taken
    }

    // MARK: Reading gaps
    /// Past a value ending at `end`: its comma and the comments after it on
    /// its line (a block comment that begins there is taken whole), not the
    /// white space after them; `end` when none follow. A comma that begins
    /// a later line (comma-first style), with only white space before it
    /// past those comments, is the value's too, with the comments after it
    /// on its line.
    func ownedEnd(after end: Int) -> Int {
        var owned = end
        var i = skipSpaces(from: end)
        var sawComma = false
        while i < text.endIndex {
            if text[i] == UInt8(ascii: ","), !sawComma {
                sawComma = true
                owned = i + 1
            } else if let commentEnd = commentEnd(at: i) {
                owned = commentEnd
                if sawComma, text[i + 1] == UInt8(ascii: "/") { break }
            } else if !sawComma, text[i] == 0x0A || text[i] == 0x0D, case let next = nextNonBlank(from: i),
                      next < text.endIndex, text[next] == UInt8(ascii: ",") {
                i = next
                continue
            } else {
                break
            }
            i = skipSpaces(from: owned)
        }
        return owned
    }

    /// Past the comments on the rest of the line from `offset` (a block
    /// comment that begins there is taken whole); `offset` when none.
    func lineRest(from offset: Int) -> Int {
        var rest = offset
        var i = skipSpaces(from: offset)
        while let commentEnd = commentEnd(at: i) {
            rest = commentEnd
            if text[i + 1] == UInt8(ascii: "/") { break }
            i = skipSpaces(from: rest)
        }
        return rest
    }

    /// The comma after a value ending at `end`, past white space and comments; `nil` when a bracket comes first.
    func comma(after end: Int) -> Int? {
        var i = end
        while i < text.endIndex {
            if Self.isBlank(text[i]) {
                i += 1
            } else if let commentEnd = commentEnd(at: i) {
                i = commentEnd
            } else {
                return text[i] == UInt8(ascii: ",") ? i : nil
            }
        }
        return nil
    }

    /// Past the line break that ends the line comment which ends at or
    /// holds `offset`, reading the gap from `gapStart`; `nil` when none does.
    private func lineCommentBreak(from gapStart: Int, around offset: Int) -> Int? {
        var i = gapStart
        var lineCommentEnd: Int?
        while i < offset, i < text.endIndex {
            if let end = commentEnd(at: i) {
                lineCommentEnd = text[i + 1] == UInt8(ascii: "/") ? end : nil
                i = end
            } else {
                if isLineBreak(text[i]) { lineCommentEnd = nil }
                i += 1
            }
        }
        guard let end = lineCommentEnd, end >= offset, end < text.endIndex else { return nil }
        return text[end] == 0x0D && end + 1 < text.endIndex && text[end + 1] == 0x0A ? end + 2 : end + 1
    }

    /// The first offset from `offset` that is not white space (line breaks included).
    func nextNonBlank(from offset: Int) -> Int {
        var i = offset
        while i < text.endIndex, Self.isBlank(text[i]) { i += 1 }
        return i
    }

    /// Just past the last byte before `offset` that is not white space.
    func blankStart(before offset: Int) -> Int {
        var i = offset
        while i > text.startIndex, Self.isBlank(text[i - 1]) { i -= 1 }
        return i
    }

    /// Just past the comment that begins at `i` in a gap; `nil` when none begins there.
    private func commentEnd(at i: Int) -> Int? {
        guard comments, i + 1 < text.endIndex, text[i] == UInt8(ascii: "/") else { return nil }
        if text[i + 1] == UInt8(ascii: "/") {
            var j = i + 2
            while j < text.endIndex, text[j] != 0x0A, text[j] != 0x0D { j += 1 }
            return j
        }
        guard text[i + 1] == UInt8(ascii: "*") else { return nil }
        var j = i + 2
        while j + 1 < text.endIndex, !(text[j] == UInt8(ascii: "*") && text[j + 1] == UInt8(ascii: "/")) { j += 1 }
        return j + 2
    }

    /// Past spaces and tabs from `offset` (not line breaks).
    private func skipSpaces(from offset: Int) -> Int {
        var i = offset
        while i < text.endIndex, text[i] == 0x20 || text[i] == 0x09 { i += 1 }
        return i
    }

    private static func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

}

/// Where the gap before a removed member or element begins: the end of the
/// value before it, or just past the container's opening bracket when it
/// is the first child (or every child before it goes too).
enum JSONRemovalGap {
    case previousEnd(Int)
    case afterOpening(Int)

    var start: Int {
        switch self {
        case .previousEnd(let at), .afterOpening(let at): at
        }
    }
}

/// The held-whole editor's removals and insert positions, over the
/// document's text and node spans, by ``JSONGaps``' rules.
extension JSONSource {
    var gaps: JSONGaps<[UInt8]> { JSONGaps(text: text, comments: readsComments) }

    // MARK: Removal extents

    /// What removing child `j` of a container takes when a child after it
    /// survives (``JSONGaps/removalBeforeSurvivor(slotStart:end:)``).
    func removalBeforeSurvivor(_ j: UInt32) -> Range<Int> {
        gaps.removalBeforeSurvivor(slotStart: slotStart(j), end: end(j))
    }

    /// What removing `children[run...]`, the last children of a container,
    /// takes (``JSONGaps/removalsAtEnd(_:after:closer:holdsComment:_:)``).
    func removalsAtEnd(_ children: [UInt32], from run: Int, in container: UInt32) -> [(range: Range<Int>, child: UInt32)] {
        var ranges: [(range: Range<Int>, child: UInt32)] = []
        let spans = spans
        gaps.removalsAtEnd(
            children[run...].lazy.map { (slotStart: spans.slotStart($0), end: spans.end($0)) },
            after: run > 0 ? .previousEnd(end(children[run - 1])) : .afterOpening(start(container) + 1),
            closer: end(container) - 1, holdsComment: run == 0 && holdsComment(container)
        ) { range, k in ranges.append((range, children[run + k])) }
        return ranges
    }

    // MARK: Insert positions

    /// Where new children go before `children[index]`: before the comments
    /// on lines of their own that precede it (after the line comment of
    /// the child before it, or of the opening bracket's line).
    func insertionPoint(before index: Int, of children: [UInt32], in container: UInt32) -> Int {
        index == 0
            ? gaps.nextNonBlank(from: gaps.lineRest(from: start(container) + 1))
            : gaps.nextNonBlank(from: gaps.ownedEnd(after: end(children[index - 1])))
    }

    /// How new children are appended after `last`, the last child: a comma
    /// at `comma` (none when the container has a trailing comma already,
    /// which the new children then carry too), and the children's text at
    /// `at`, after the last child's line comment.
    func appendPoint(after last: UInt32) -> (comma: Int?, at: Int, trailingComma: Bool) {
        let trailing = gaps.comma(after: end(last)) != nil
        return (trailing ? nil : end(last), gaps.ownedEnd(after: end(last)), trailing)
    }

    /// Where the children of an empty container go when it holds comments
    /// (then they go after the opening bracket's line comment, before the
    /// others); `nil` when it holds none and the brackets' inside is replaced.
    func firstChildPoint(in container: UInt32) -> Int? {
        holdsComment(container) ? gaps.lineRest(from: start(container) + 1) : nil
    }

    /// Whether a gap of container `i` (between its brackets, children, keys and values) holds a comment.
    func holdsComment(_ i: UInt32) -> Bool {
        var from = start(i) + 1
        for child in children(of: i) {
            if text[from..<slotStart(child)].contains(UInt8(ascii: "/")) { return true }
            if keyStart(child) != nil, text[keyEnd(child)..<start(child)].contains(UInt8(ascii: "/")) { return true }
            from = end(child)
        }
        return text[from..<(end(i) - 1)].contains(UInt8(ascii: "/"))
    }
}

private func isLineBreak(_ c: UInt8) -> Bool { c == 0x0A || c == 0x0D }
