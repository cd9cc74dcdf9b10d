import DocTree

/// The one rule that turns where a document shows its layout
/// (``JSONLayoutFacts``, recorded by the one JSON scan) into a
/// ``JSONLayout``: held whole, by ``JSONLayout/init(_:)``; streamed, by
/// ``JSONLayoutProbe`` over the bytes so far.
extension JSONLayout {
    /// What the facts read so far say of a layout; a field is `nil` until
    /// they settle it.
    ///
    /// - the line ending and indentation unit, from the first non-empty
    ///   container's opening bracket to its first child (none when they are
    ///   on one line: compact);
    /// - the colon, from the first member;
    /// - whether nested objects and arrays expand, from the first non-empty
    ///   one of each inside another container;
    /// - the spacing after commas, from the first container (by opening
    ///   bracket) whose first two children are on one line, else like the
    ///   colon's;
    /// - in JSON with comments, whether the document writes trailing
    ///   commas, from the first multi-line container with children to close.
    struct Known {
        var newline: String?
        /// `.some(nil)` for a compact document.
        var unit: String??
        var colon: String?
        var afterComma: String?
        /// The spacing after commas of the first one-line gap seen, before it is known to be the document's.
        var candidateAfterComma: String?
        var nestedObjects: Bool?
        var nestedArrays: Bool?
        /// Whether no nested object or array can be found any more (the value is read, or compact).
        var nestingSettled = false
        /// Whether the root is an object (`false`: an array or a scalar), once it has begun.
        var rootIsObject: Bool?
        /// Never in strict JSON.
        var trailingComma: Bool?

        /// A layout not learnt yet, of a document read as JSON with comments when `comments`.
        init(comments: Bool) {
            if !comments { trailingComma = false }
        }

        /// What `facts`, read from `text`, settle; a fact they did not find
        /// takes its default when they cover the whole value.
        init(_ facts: JSONLayoutFacts, in text: UnsafeBufferPointer<UInt8>, comments: Bool) {
            self.init(comments: comments)
            learn(facts, in: text)
            if facts.isWhole { finish() }
        }

        var isComplete: Bool {
            unit != nil && colon != nil && afterComma != nil && (nestingSettled || (nestedObjects != nil && nestedArrays != nil))
                && trailingComma != nil
        }

        /// The expansion of nested objects and arrays learnt so far.
        var expansion: Expansion { Expansion(objects: nestedObjects, arrays: nestedArrays) }

        /// Learns what `facts`, read from `text` (a document or its first bytes), settle.
        mutating func learn(_ facts: JSONLayoutFacts, in text: UnsafeBufferPointer<UInt8>) {
            if rootIsObject == nil { rootIsObject = facts.rootIsObject }
            if unit == nil {
                if let lead = facts.lead {
                    learnUnit(open: lead.open, firstSlot: lead.firstSlot, in: text)
                } else if facts.isWhole {
                    unit = .some(nil)
                    newline = "\n"
                }
            }
            if colon == nil {
                if let span = facts.colon {
                    colon = String(decoding: text[span.keyEnd..<span.valueStart], as: UTF8.self)
                } else if facts.isWhole {
                    colon = ":"
                }
            }
            if !nestingSettled {
                if nestedObjects == nil, let lead = facts.nestedObjectLead {
                    nestedObjects = text[(lead.open + 1)..<lead.firstSlot].contains(0x0A)
                }
                if nestedArrays == nil, let lead = facts.nestedArrayLead {
                    nestedArrays = text[(lead.open + 1)..<lead.firstSlot].contains(0x0A)
                }
                // None left to find, or a compact document, which expands nothing.
                nestingSettled = facts.isWhole || unit == .some(nil)
            }
            if trailingComma == nil {
                trailingComma = facts.trailingComma
            }
            if afterComma == nil {
                if let gap = facts.candidateCommaGap {
                    candidateAfterComma = String(decoding: text[gap].filter { $0 != UInt8(ascii: ",") }, as: UTF8.self)
                }
                if facts.gapSettled {
                    afterComma = candidateAfterComma ?? (colon.map { $0.hasSuffix(" ") ? " " : "" } ?? nil)
                }
            }
        }

        /// The document ended: a fact never found takes its default.
        mutating func finish() {
            if unit == nil { unit = .some(nil) }
            if newline == nil { newline = "\n" }
            if colon == nil { colon = ":" }
            if afterComma == nil { afterComma = candidateAfterComma ?? (colon!.hasSuffix(" ") ? " " : "") }
            if trailingComma == nil { trailingComma = false }
            nestingSettled = true
        }

        /// The first non-empty container's lead is read: the line ending and the indentation unit.
        private mutating func learnUnit(open: Int, firstSlot: Int, in text: UnsafeBufferPointer<UInt8>) {
            let lead = text[(open + 1)..<firstSlot]
            guard let lineFeed = lead.lastIndex(of: 0x0A) else {
                unit = .some(nil)
                newline = "\n"
                return
            }
            newline = lineFeed > lead.startIndex && text[lineFeed - 1] == 0x0D ? "\r\n" : "\n"
            let ownIndent = text[LineIndent.indent(from: LineIndent.lineStart(before: open, in: text), upTo: open, in: text)]
            let childIndent = lead[(lineFeed + 1)...]
            let learnt = childIndent.starts(with: ownIndent) ? childIndent.dropFirst(ownIndent.count) : childIndent
            unit = .some(learnt.isEmpty ? "  " : String(decoding: learnt, as: UTF8.self))
        }
    }

    /// The layout of a whole document, from the facts its scan records,
    /// read only as far as they settle. The facts that may show only at the
    /// document's end are read on when first needed (``Later``): the
    /// spacing after commas, and whether it writes trailing commas (JSON
    /// with comments).
    init(_ source: JSONSource) {
        self = source.text.withUnsafeBufferPointer { text in
            JSONLayout(
                facts: JSONLayoutFacts(text, comments: source.readsComments, trailingComma: false, commaGap: false), text: text,
                comments: source.readsComments)
        }
        if knownAfterComma == nil || knownTrailingComma == nil { later = Later(source) }
    }

    /// A whole document's facts, all read (the scan stops once they are
    /// settled), the first time one is asked for.
    final class Later {
        private let source: JSONSource
        private(set) lazy var known: Known = source.text.withUnsafeBufferPointer { text in
            Known(JSONLayoutFacts(text, comments: source.readsComments), in: text, comments: source.readsComments)
        }

        init(_ source: JSONSource) {
            self.source = source
        }
    }

    /// The layout `facts` show, read from `text` (JSON with comments when
    /// `comments`): a fact they did not find takes its default when they
    /// cover the whole value; the spacing after commas and the trailing
    /// comma stay unknown when not settled.
    init(facts: JSONLayoutFacts, text: UnsafeBufferPointer<UInt8>, comments: Bool) {
        let known = Known(facts, in: text, comments: comments)
        self.init(
            unit: known.unit ?? nil, colon: known.colon ?? ":", newline: known.newline ?? "\n", afterComma: "",
            expandsNested: known.expansion, trailingComma: known.trailingComma)
        knownAfterComma = known.afterComma
    }
}
