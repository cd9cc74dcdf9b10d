import DocTree

/// A JSON document loaded for editing, read through its node spans.
struct JSONSource {
    let document: Document
    let spans: NodeSpans
    let text: [UInt8]
    /// Whether the JSON was read with comments and trailing commas.
    let readsComments: Bool
    /// Where each line after the first begins, found when first asked for
    /// (a scalar set or a removal never asks).
    private let lines: LineStarts

    init(_ source: EditableSource) {
        document = source.document
        spans = source.spans
        text = source.text
        readsComments = source.readsComments
        lines = LineStarts(text)
    }

    /// Where node `i` begins: its opening quote, bracket or first character.
    func start(_ i: UInt32) -> Int { spans.start(i) }
    /// Just past node `i`'s last byte.
    func end(_ i: UInt32) -> Int { spans.end(i) }

    /// The opening quote of member `i`'s key; `nil` for array elements and the root.
    func keyStart(_ i: UInt32) -> Int? { spans.keyStart(i) }

    /// Just past the closing quote of member `i`'s key.
    func keyEnd(_ i: UInt32) -> Int {
        guard let start = keyStart(i) else { return self.start(i) }
        return text.withUnsafeBufferPointer { JSONScanner.stringEnd(at: start, in: $0) } ?? start
    }

    /// Where member or element `i` begins, its key included.
    func slotStart(_ i: UInt32) -> Int { spans.slotStart(i) }

    /// The children of container `i`, in order.
    func children(of i: UInt32) -> [UInt32] { document.childIndexes(of: i) }

    /// The container holding node `i` (0, the document node, for the root).
    func parent(of i: UInt32) -> UInt32 { document.node(at: i).parent?.index ?? 0 }

    func kind(_ i: UInt32) -> Node.Kind { document.table.nodes[Int(i)].kind }

    /// The white space that begins the line holding `offset`.
    func lineIndent(at offset: Int) -> String {
        // The last line start at or before `offset`.
        let lineStarts = lines.starts
        let after = lineStarts.ordinal(of: offset + 1)
        let lineStart = after == 0 ? 0 : lineStarts[after - 1]
        return String(decoding: text[LineIndent.indent(from: lineStart, upTo: offset, in: text)], as: UTF8.self)
    }

    /// Whether container `i` puts its children on lines of their own.
    func isMultiline(_ i: UInt32) -> Bool? {
        // Its first child, if any, is the next node (not a list of all: a
        // set on each of many elements asks this of their array each time).
        guard kind(i) == .object || kind(i) == .array, document.table.subtreeEnd(i) > i + 1 else { return nil }
        return text[(start(i) + 1)..<slotStart(i + 1)].contains(0x0A)
    }

    /// Whether node `i` holds `value` already (a `set` to it changes
    /// nothing, so its bytes stay): the same strings and keys by
    /// bytes, numbers as written, members in the same order.
    func holds(_ value: EditValue.Content, at i: UInt32) -> Bool {
        let node = document.node(at: i)
        switch value {
        case .string(let string): return node.kind == .string && node.string?.utf8.elementsEqual(string.utf8) == true
        case .number(let text): return node.kind == .number && node.string == text
        case .bool(let flag): return node.kind == (flag ? .true : .false)
        case .null: return node.kind == .null
        case .array(let items):
            guard node.kind == .array else { return false }
            let elements = children(of: i)
            return elements.count == items.count && zip(items, elements).allSatisfy { holds($0, at: $1) }
        case .object(let members):
            guard node.kind == .object else { return false }
            let held = children(of: i)
            return held.count == members.count && zip(members, held).allSatisfy { member, child in
                document.node(at: child).name?.utf8.elementsEqual(member.key.utf8) == true && holds(member.value, at: child)
            }
        }
    }
}

/// Where each line of a text after the first begins (just past its CR, LF
/// or CRLF), in order, found once when first asked for: ``JSONSource``
/// finds a line by binary search instead of scanning back, which made
/// setting every value of a long one-line document quadratic.
private final class LineStarts {
    private let text: [UInt8]

    init(_ text: [UInt8]) { self.text = text }

    private(set) lazy var starts: [Int] = text.withUnsafeBufferPointer { bytes in
        var starts: [Int] = []
        for i in bytes.indices where bytes[i] == 0x0A || bytes[i] == 0x0D {
            // A CR before an LF starts no line of its own.
            if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { continue }
            starts.append(i + 1)
        }
        return starts
    }
}
