/// Learns a streamed JSON document's ``JSONLayout`` from the bytes the
/// stream scanner passes on (which it has already validated), by the rules
/// `JSONLayout.init(_:)` follows on a whole document: the line ending and
/// indentation unit from the root's opening bracket to its first child,
/// the colon from the first member in the document, and the spacing after
/// commas from the first container (in document order of their opening
/// brackets) whose first two children are on one line.
///
/// It reads no JSON grammar: it follows strings (to ignore their bytes),
/// brackets, commas and colons, and stops looking once every fact is known.
/// A fact not known yet is `nil`; a streamed edit whose output depends on
/// it goes on with each value it may take (``alternatives()``) until it is
/// known.
struct JSONLayoutProbe {
    private(set) var newline: String?
    /// `.some(nil)` for a compact document.
    private(set) var unit: String??
    private(set) var colon: String?
    private(set) var afterComma: String?
    var isComplete: Bool { unit != nil && colon != nil && afterComma != nil }

    private enum Root { case before, lead, known }
    private var root = Root.before
    /// White space at the start of the current line, while it is still being read.
    private var lineIndent: [UInt8] = []
    private var inIndent = true
    private var rootIndent: [UInt8] = []
    private var lead: [UInt8] = []

    private var inString = false
    private var escaped = false
    /// White space since the last other byte.
    private var spaces: [UInt8] = []
    /// The colon being read: `:` and the white space around it.
    private var colonText: [UInt8]?

    private struct Frame {
        var id: Int
        /// Its first gap (the comma between its first two children and the
        /// white space around it), once its first comma is read.
        var gap: [UInt8]?
        var resolved = false
    }
    private var stack: [Frame] = []
    private var opened = 0
    /// The first container (by opening) whose first gap is on one line.
    private var best: (id: Int, afterComma: String)?

    mutating func take(_ bytes: UnsafeBufferPointer<UInt8>) {
        for c in bytes {
            if isComplete { return }
            take(c)
        }
    }

    /// The input ended: a fact never found takes `JSONLayout`'s default.
    mutating func finish() {
        if unit == nil { unit = .some(nil) }
        if newline == nil { newline = "\n" }
        if colon == nil { colon = ":" }
        if afterComma == nil { afterComma = best?.afterComma ?? (colon!.hasSuffix(" ") ? " " : "") }
    }

    /// The layouts the document may turn out to have, given what is known
    /// so far: one when every fact is known, else one per value an unknown
    /// fact may plausibly take (an edit whose output is the same with each
    /// does not depend on it).
    func alternatives() -> [JSONLayout] {
        let colons = colon.map { [$0] } ?? [":", ": "]
        var layouts: [JSONLayout] = []
        for colon in colons {
            var commas = afterComma.map { [$0] } ?? ["", " "]
            if afterComma == nil, let best, !commas.contains(best.afterComma) { commas.insert(best.afterComma, at: 0) }
            for comma in commas {
                layouts.append(JSONLayout(unit: unit ?? nil, colon: colon, newline: newline ?? "\n", afterComma: comma))
            }
        }
        return layouts
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    private mutating func take(_ c: UInt8) {
        if c == 0x0A || c == 0x0D {
            lineIndent.removeAll(keepingCapacity: true)
            inIndent = true
        } else if inIndent, c == 0x20 || c == 0x09 {
            lineIndent.append(c)
        } else {
            inIndent = false
        }
        if inString {
            if escaped {
                escaped = false
            } else if c == UInt8(ascii: "\\") {
                escaped = true
            } else if c == UInt8(ascii: "\"") {
                inString = false
            }
            return
        }
        if Self.isSpace(c) {
            spaces.append(c)
            if root == .lead { lead.append(c) }
            if colonText != nil { colonText!.append(c) }
            if !stack.isEmpty, !stack[stack.count - 1].resolved, stack[stack.count - 1].gap != nil {
                stack[stack.count - 1].gap!.append(c)
            }
            return
        }
        switch root {
        case .before:
            if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                root = .lead
                rootIndent = lineIndent
            } else if c < 0x80 {
                // A scalar root: no container, so every fact takes its default.
                root = .known
                finish()
                return
            }
        case .lead:
            root = .known
            if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
                finish()
                return
            }
            learnUnit()
        case .known:
            break
        }
        if let text = colonText {
            colon = String(decoding: text, as: UTF8.self)
            colonText = nil
        }
        if !stack.isEmpty, !stack[stack.count - 1].resolved, let gap = stack[stack.count - 1].gap, c != UInt8(ascii: ",") {
            stack[stack.count - 1].resolved = true
            if !gap.contains(0x0A), best == nil || stack[stack.count - 1].id < best!.id {
                best = (stack[stack.count - 1].id, String(decoding: gap.filter { $0 != UInt8(ascii: ",") }, as: UTF8.self))
            }
            settleComma()
        }
        switch c {
        case UInt8(ascii: "\""):
            inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            stack.append(Frame(id: opened))
            opened += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            if !stack.isEmpty { stack.removeLast() }
            settleComma()
        case UInt8(ascii: ","):
            if !stack.isEmpty, !stack[stack.count - 1].resolved, stack[stack.count - 1].gap == nil {
                stack[stack.count - 1].gap = spaces + [c]
            }
        case UInt8(ascii: ":"):
            if colon == nil { colonText = spaces + [c] }
        default:
            break
        }
        spaces.removeAll(keepingCapacity: true)
    }

    /// The root's lead is read: the line ending and the indentation unit.
    private mutating func learnUnit() {
        guard let lineFeed = lead.lastIndex(of: 0x0A) else {
            unit = .some(nil)
            newline = "\n"
            return
        }
        newline = lineFeed > 0 && lead[lineFeed - 1] == 0x0D ? "\r\n" : "\n"
        let childIndent = lead[(lineFeed + 1)...]
        let learnt = childIndent.starts(with: rootIndent) ? childIndent.dropFirst(rootIndent.count) : childIndent
        unit = .some(learnt.isEmpty ? "  " : String(decoding: learnt, as: UTF8.self))
    }

    /// The spacing after commas is known once a container qualifies and no
    /// container opened before it is still undecided.
    private mutating func settleComma() {
        guard afterComma == nil, let best else { return }
        if stack.contains(where: { !$0.resolved && $0.id < best.id }) { return }
        afterComma = best.afterComma
    }
}
