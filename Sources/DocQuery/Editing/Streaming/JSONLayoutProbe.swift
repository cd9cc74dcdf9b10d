import DocTree

/// Learns a streamed JSON document's ``JSONLayout`` from the bytes the
/// stream scanner passes on, by the rules `JSONLayout.init(_:)` follows on
/// a whole document: the line ending and indentation unit from the first
/// non-empty container's opening bracket to its first child, the colon from
/// the first member in the document, whether nested objects and arrays
/// expand from the first non-empty one of each inside another container,
/// and the spacing after commas from the
/// first container (in document order of their opening brackets) whose
/// first two children are on one line; in JSON with comments, whether the
/// document writes trailing commas, from the first multi-line container
/// with children to close.
///
/// It reads no JSON grammar of its own: it keeps the bytes so far and reads
/// them with the one JSON scan (``JSONLayoutFacts``) each time they have
/// doubled (so the reading stays linear), until every fact is known or
/// ``bufferLimit`` bytes are kept. A fact not known yet is `nil`; a
/// streamed edit whose output depends on it goes on with each value it may
/// take (``alternatives(nesting:)``) until it is known.
struct JSONLayoutProbe {
    private(set) var newline: String?
    /// `.some(nil)` for a compact document.
    private(set) var unit: String??
    private(set) var colon: String?
    private(set) var afterComma: String?
    /// Whether the first non-empty object inside another container expands.
    private(set) var nestedObjects: Bool?
    /// Whether the first non-empty array inside another container expands.
    private(set) var nestedArrays: Bool?
    /// Whether neither can be found any more (the value is read, or compact).
    private var nestingSettled = false
    /// Whether the root is an object (`false`: an array or a scalar), once it has begun.
    private(set) var rootIsObject: Bool?
    /// Whether the document writes trailing commas (``JSONLayout/trailingComma``;
    /// never in strict JSON).
    private(set) var trailingComma: Bool?
    var isComplete: Bool {
        unit != nil && colon != nil && afterComma != nil && (nestingSettled || (nestedObjects != nil && nestedArrays != nil))
            && trailingComma != nil
    }

    /// The most bytes kept for reading. A fact still unknown past them stays
    /// unknown: ``finish()`` does not guess it, and an edit whose output
    /// depends on it does not stream.
    static let bufferLimit = 1 << 22

    /// The document's bytes so far, up to ``bufferLimit``.
    private var buffer: [UInt8] = []
    /// The buffer's size at which it is read next.
    private var nextRead = 64
    /// The spacing after commas of the first one-line gap seen, before it is known to be the document's.
    private var candidateAfterComma: String?
    /// Whether the document is JSON with comments.
    private let comments: Bool

    /// A probe of a document read as JSON with comments when `comments`.
    init(comments: Bool = false) {
        self.comments = comments
        if !comments { trailingComma = false }
    }

    mutating func take(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !isComplete, buffer.count < Self.bufferLimit else { return }
        buffer.append(contentsOf: bytes.prefix(Self.bufferLimit - buffer.count))
        // The indentation is needed before the first edited value (no
        // variant stands for it), and shows right after the first bracket:
        // read again each time a byte other than white space comes until it
        // is known (a few reads of a few bytes).
        let unitDue = unit == nil && bytes.contains { $0 > 0x20 }
        if unitDue || buffer.count >= nextRead || buffer.count == Self.bufferLimit {
            learn()
            nextRead = max(nextRead, buffer.count * 2)
        }
    }

    /// The input ended: a fact never found takes `JSONLayout`'s default,
    /// unless the input ran past ``bufferLimit`` before it was known (it
    /// may lie past the bytes kept), when it stays unknown.
    mutating func finish() {
        if !isComplete { learn() }
        if buffer.count >= Self.bufferLimit, !isComplete { return }
        if unit == nil { unit = .some(nil) }
        if newline == nil { newline = "\n" }
        if colon == nil { colon = ":" }
        if afterComma == nil { afterComma = candidateAfterComma ?? (colon!.hasSuffix(" ") ? " " : "") }
        if trailingComma == nil { trailingComma = false }
        nestingSettled = true
    }

    /// The layouts the document may turn out to have, given what is known
    /// so far: one when every fact is known, else one per value an unknown
    /// fact may plausibly take (an edit whose output is the same with each
    /// does not depend on it). Unless `nesting` (the new content holds a
    /// non-empty object or array), the expansion of nested ones is left out:
    /// it cannot change the output.
    func alternatives(nesting: Bool = true) -> [JSONLayout] {
        var expansions = [JSONLayout.Expansion(objects: nestedObjects, arrays: nestedArrays)]
        if nesting, !nestingSettled {
            expansions = []
            for objects in nestedObjects.map({ [$0] }) ?? [true, false] {
                for arrays in nestedArrays.map({ [$0] }) ?? [true, false] {
                    expansions.append(JSONLayout.Expansion(objects: objects, arrays: arrays))
                }
            }
        }
        let colons = colon.map { [$0] } ?? [":", ": "]
        var layouts: [JSONLayout] = []
        for colon in colons {
            var commas = afterComma.map { [$0] } ?? ["", " "]
            if afterComma == nil, let candidate = candidateAfterComma, !commas.contains(candidate) {
                commas.insert(candidate, at: 0)
            }
            for comma in commas {
                for nested in expansions {
                    for trailing in trailingComma.map({ [$0] }) ?? [false, true] {
                        layouts.append(JSONLayout(
                            unit: unit ?? nil, colon: colon, newline: newline ?? "\n", afterComma: comma, expandsNested: nested,
                            trailingComma: trailing))
                    }
                }
            }
        }
        return layouts
    }

    /// Whether `layout`, one of ``alternatives(nesting:)``, agrees with
    /// what is known now (the expansion of nested containers only when
    /// `nesting`).
    func admits(_ layout: JSONLayout, nesting: Bool) -> Bool {
        guard colon.map({ $0 == layout.colon }) ?? true, afterComma.map({ $0 == layout.afterComma }) ?? true,
              trailingComma.map({ $0 == layout.trailingComma }) ?? true
        else { return false }
        guard nesting else { return true }
        if nestingSettled { return layout.expandsNested == JSONLayout.Expansion(objects: nestedObjects, arrays: nestedArrays) }
        return (nestedObjects.map { $0 == layout.expandsNested.objects } ?? true)
            && (nestedArrays.map { $0 == layout.expandsNested.arrays } ?? true)
    }

    /// Reads the buffer's facts.
    private mutating func learn() {
        let facts = buffer.withUnsafeBufferPointer { JSONLayoutFacts($0, comments: comments) }
        if rootIsObject == nil { rootIsObject = facts.rootIsObject }
        if unit == nil {
            if let lead = facts.lead {
                learnUnit(open: lead.open, firstSlot: lead.firstSlot)
            } else if facts.isWhole {
                unit = .some(nil)
                newline = "\n"
            }
        }
        if colon == nil {
            if let span = facts.colon {
                colon = String(decoding: buffer[span.keyEnd..<span.valueStart], as: UTF8.self)
            } else if facts.isWhole {
                colon = ":"
            }
        }
        if !nestingSettled {
            if nestedObjects == nil, let lead = facts.nestedObjectLead {
                nestedObjects = buffer[(lead.open + 1)..<lead.firstSlot].contains(0x0A)
            }
            if nestedArrays == nil, let lead = facts.nestedArrayLead {
                nestedArrays = buffer[(lead.open + 1)..<lead.firstSlot].contains(0x0A)
            }
            // None left to find, or a compact document, which expands nothing.
            nestingSettled = facts.isWhole || unit == .some(nil)
        }
        if trailingComma == nil {
            trailingComma = facts.trailingComma
        }
        if afterComma == nil {
            if let gap = facts.candidateCommaGap {
                candidateAfterComma = String(decoding: buffer[gap].filter { $0 != UInt8(ascii: ",") }, as: UTF8.self)
            }
            if facts.gapSettled {
                afterComma = candidateAfterComma ?? (colon.map { $0.hasSuffix(" ") ? " " : "" } ?? nil)
            }
        }
        if isComplete { buffer = [] }
    }

    /// The first non-empty container's lead is read: the line ending and the indentation unit.
    private mutating func learnUnit(open: Int, firstSlot: Int) {
        let lead = buffer[(open + 1)..<firstSlot]
        guard let lineFeed = lead.lastIndex(of: 0x0A) else {
            unit = .some(nil)
            newline = "\n"
            return
        }
        newline = lineFeed > lead.startIndex && buffer[lineFeed - 1] == 0x0D ? "\r\n" : "\n"
        let ownIndent = buffer[LineIndent.indent(
            from: LineIndent.lineStart(before: open, in: buffer), upTo: open, in: buffer)]
        let childIndent = lead[(lineFeed + 1)...]
        let learnt = childIndent.starts(with: ownIndent) ? childIndent.dropFirst(ownIndent.count) : childIndent
        unit = .some(learnt.isEmpty ? "  " : String(decoding: learnt, as: UTF8.self))
    }
}
