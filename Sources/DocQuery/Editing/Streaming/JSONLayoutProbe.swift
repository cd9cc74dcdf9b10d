import DocTree

/// Learns a streamed JSON document's ``JSONLayout`` from the bytes the
/// stream scanner passes on, by the rule that serves whole documents too
/// (``JSONLayout/Known``, from ``JSONLayoutFacts``).
///
/// It reads no JSON grammar of its own: it keeps the bytes so far and reads
/// them with the one JSON scan (``JSONLayoutFacts``) each time they have
/// grown sixteenfold, or doubled while output waits on a fact (so the
/// reading stays linear), until every fact is known or ``bufferLimit``
/// bytes are kept. A fact not known yet is `nil`; a
/// streamed edit whose output depends on it goes on with each value it may
/// take (``alternatives(nesting:)``) until it is known.
struct JSONLayoutProbe {
    /// What the bytes read so far settle.
    private var known: JSONLayout.Known
    /// `.some(nil)` for a compact document.
    var unit: String?? { known.unit }
    /// Whether the root is an object (`false`: an array or a scalar), once it has begun.
    var rootIsObject: Bool? { known.rootIsObject }
    var isComplete: Bool { known.isComplete }

    /// The most bytes kept for reading. A fact still unknown past them stays
    /// unknown: ``finish()`` does not guess it, and an edit whose output
    /// depends on it does not stream.
    static let bufferLimit = 1 << 22

    /// The document's bytes so far, up to ``bufferLimit``.
    private var buffer: [UInt8] = []
    /// The buffer's size at which it is read next, unless output waits.
    private var nextRead = 64
    /// The buffer's size when it was last read: reading the same bytes
    /// again learns nothing.
    private var readCount = 0
    /// Whether the document is JSON with comments.
    private let comments: Bool

    /// A probe of a document read as JSON with comments when `comments`.
    init(comments: Bool = false) {
        self.comments = comments
        known = JSONLayout.Known(comments: comments)
    }

    /// Keeps the next bytes, and reads what is kept when it is due:
    /// `waiting` says that output waits on a fact not known yet (the
    /// bytes are read each time they have doubled), else they are read each
    /// time they have grown sixteenfold. A document whose facts settle
    /// late is read up to ``bufferLimit`` either way, and the last reads
    /// cost most: sixteenfold reads 1.07 times the bytes kept where
    /// doubling read them twice.
    mutating func take(_ bytes: UnsafeBufferPointer<UInt8>, waiting: Bool) {
        guard !isComplete, buffer.count < Self.bufferLimit else { return }
        buffer.append(contentsOf: bytes.prefix(Self.bufferLimit - buffer.count))
        // The indentation is needed before the first edited value (no
        // variant stands for it), and shows right after the first bracket:
        // read again each time a byte other than white space comes until it
        // is known (a few reads of a few bytes).
        let unitDue = unit == nil && bytes.contains { $0 > 0x20 }
        let due = waiting ? buffer.count >= readCount * 2 : buffer.count >= nextRead
        if unitDue || due || buffer.count == Self.bufferLimit {
            learn()
            nextRead = max(nextRead, buffer.count * 16)
        }
    }

    /// The input ended: a fact never found takes `JSONLayout`'s default,
    /// unless the input ran past ``bufferLimit`` before it was known (it
    /// may lie past the bytes kept), when it stays unknown.
    mutating func finish() {
        if !isComplete, buffer.count > readCount { learn() }
        if buffer.count >= Self.bufferLimit, !isComplete { return }
        known.finish()
    }

    /// The layouts the document may turn out to have, given what is known
    /// so far: one when every fact is known, else one per value an unknown
    /// fact may plausibly take (an edit whose output is the same with each
    /// does not depend on it). Unless `nesting` (the new content holds a
    /// non-empty object or array), the expansion of nested ones is left out:
    /// it cannot change the output.
    func alternatives(nesting: Bool = true) -> [JSONLayout] {
        var expansions = [known.expansion]
        if nesting, !known.nestingSettled {
            expansions = []
            for objects in known.nestedObjects.map({ [$0] }) ?? [true, false] {
                for arrays in known.nestedArrays.map({ [$0] }) ?? [true, false] {
                    expansions.append(JSONLayout.Expansion(objects: objects, arrays: arrays))
                }
            }
        }
        let colons = known.colon.map { [$0] } ?? [":", ": "]
        var layouts: [JSONLayout] = []
        for colon in colons {
            var commas = known.afterComma.map { [$0] } ?? ["", " "]
            if known.afterComma == nil, let candidate = known.candidateAfterComma, !commas.contains(candidate) {
                commas.insert(candidate, at: 0)
            }
            for comma in commas {
                for nested in expansions {
                    for trailing in known.trailingComma.map({ [$0] }) ?? [false, true] {
                        layouts.append(JSONLayout(
                            unit: known.unit ?? nil, colon: colon, newline: known.newline ?? "\n", afterComma: comma,
                            expandsNested: nested, trailingComma: trailing))
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
        guard known.colon.map({ $0 == layout.colon }) ?? true, known.afterComma.map({ $0 == layout.afterComma }) ?? true,
              known.trailingComma.map({ $0 == layout.trailingComma }) ?? true
        else { return false }
        guard nesting else { return true }
        if known.nestingSettled { return layout.expandsNested == known.expansion }
        return (known.nestedObjects.map { $0 == layout.expandsNested.objects } ?? true)
            && (known.nestedArrays.map { $0 == layout.expandsNested.arrays } ?? true)
    }

    /// Reads the buffer's facts.
    private mutating func learn() {
        buffer.withUnsafeBufferPointer { text in known.learn(JSONLayoutFacts(text, comments: comments), in: text) }
        readCount = buffer.count
        if isComplete { buffer = [] }
    }
}
