/// Writes nodes as JSON: compact or pretty, keys in document order, numbers
/// exactly as written in the source, non-ASCII characters as UTF-8.
///
/// XML nodes go through the XML-to-JSON mapping (ARCHITECTURE.md and the
/// "XML to tree mapping" article):
/// - an element with neither attributes nor child elements becomes its text,
///   a JSON string (`""` when empty);
/// - any other element becomes an object: its attributes first, each a
///   string; then its child elements grouped by name in order of first
///   appearance, a name that occurs once as a single value and a repeated
///   name as an array (an attribute and child elements of the same name are
///   one array, the attribute first, so no key repeats); then, if the
///   element has text that is not only whitespace, `"_string"` with its own
///   text runs joined;
/// - names are written as in the document, prefixes included (`soap:Body`);
///   namespace declarations, comments and processing instructions are left out;
/// - an attribute or text node becomes a string; the document node, its root.
///
/// The writer walks the flat table with an explicit stack, so any depth is safe.
package struct JSONWriter {
    private let document: Document!
    private let pretty: Bool
    private var out: [UInt8] = []
    private var indentLevel = 0

    private init(document: Document?, pretty: Bool) {
        self.document = document
        self.pretty = pretty
    }

    /// Writes `node` and returns the UTF-8 bytes.
    package static func write(_ node: Node, pretty: Bool) -> [UInt8] {
        var writer = JSONWriter(document: node.document, pretty: pretty)
        writer.write(node.index)
        return writer.out
    }

    /// One member of a container being written.
    private enum Item {
        /// A value under a key (0 for array elements); several indices make
        /// an array (a repeated XML name).
        case nodes(key: UInt32, [UInt32])
        /// An XML element's own text, written as `"_string"`.
        case ownText(String)
    }

    /// One entry of the explicit stack: a container being written.
    private struct Frame {
        var items: [Item]
        var next = 0
        var isObject: Bool
    }

    private mutating func write(_ start: UInt32) {
        var stack: [Frame] = []
        if let frame = open(start) { stack.append(frame) }
        while !stack.isEmpty {
            let top = stack.count - 1
            let frame = stack[top]
            guard frame.next < frame.items.count else {
                stack.removeLast()
                indentLevel -= 1
                if !frame.items.isEmpty { newline() }
                out.append(UInt8(ascii: frame.isObject ? "}" : "]"))
                continue
            }
            stack[top].next += 1
            if frame.next > 0 { out.append(UInt8(ascii: ",")) }
            newline()
            switch frame.items[frame.next] {
            case .ownText(let text):
                writeKey(ReservedKey.string)
                writeString(text)
            case .nodes(let key, let nodes):
                if frame.isObject { writeKey(document.table.names[key]) }
                if nodes.count == 1 {
                    if let child = open(nodes[0]) { stack.append(child) }
                } else {
                    out.append(UInt8(ascii: "["))
                    indentLevel += 1
                    stack.append(Frame(items: nodes.map { .nodes(key: 0, [$0]) }, isObject: false))
                }
            }
        }
    }

    /// Writes a scalar completely, or the opening of a container and returns its frame.
    private mutating func open(_ index: UInt32) -> Frame? {
        let node = Node(document: document, index: index)
        let table = document.table
        let record = table.nodes[Int(index)]
        switch record.kind {
        case .document:
            return open(document.root.index)
        case .object, .array:
            var items: [Item] = []
            items.reserveCapacity(Int(record.b))
            var position = index + 1
            while position < record.a {
                items.append(.nodes(key: table.nodes[Int(position)].nameID, [position]))
                position = table.subtreeEnd(position)
            }
            return openContainer(items, isObject: record.kind == .object)
        case .element:
            if Self.writesAsText(index, record, in: table) {
                writeString(node.string ?? "")
                return nil
            }
            return openContainer(elementItems(index, record), isObject: true)
        case .string:
            if record.flags.contains(.escaped) {
                writeString(node.string!)
            } else {
                // Unescaped JSON string text is already valid JSON string content.
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: table.bytes(of: record))
                out.append(UInt8(ascii: "\""))
            }
        case .number:
            out.append(contentsOf: table.bytes(of: record))
        case .true:
            out.append(contentsOf: "true".utf8)
        case .false:
            out.append(contentsOf: "false".utf8)
        case .null:
            out.append(contentsOf: "null".utf8)
        case .attribute, .text, .comment, .processingInstruction:
            writeString(node.string ?? "")
        }
        return nil
    }

    /// An element's attributes, then its child elements grouped by name, then its own text.
    private func elementItems(_ index: UInt32, _ record: NodeRecord) -> [Item] {
        let table = document.table
        var items: [Item] = []
        var slotOfName: [UInt32: Int] = [:]
        var position = index + 1
        while position < record.a {
            let child = table.nodes[Int(position)]
            switch child.kind {
            case .attribute:
                // A child element of the same name joins the attribute's
                // array rather than repeating the key.
                slotOfName[child.nameID] = items.count
                items.append(.nodes(key: child.nameID, [position]))
            case .element:
                if let slot = slotOfName[child.nameID], case .nodes(let key, var nodes) = items[slot] {
                    nodes.append(position)
                    items[slot] = .nodes(key: key, nodes)
                } else {
                    slotOfName[child.nameID] = items.count
                    items.append(.nodes(key: child.nameID, [position]))
                }
            default:
                break
            }
            position = table.subtreeEnd(position)
        }
        if record.flags.contains(.hasText), let text = Node(document: document, index: index).string {
            items.append(.ownText(text))
        }
        return items
    }

    private mutating func openContainer(_ items: [Item], isObject: Bool) -> Frame {
        out.append(UInt8(ascii: isObject ? "{" : "["))
        indentLevel += 1
        return Frame(items: items, isObject: isObject)
    }

    private mutating func newline() {
        guard pretty else { return }
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indentLevel))
    }

    private mutating func writeKey(_ key: String) {
        writeString(key)
        out.append(UInt8(ascii: ":"))
        if pretty { out.append(UInt8(ascii: " ")) }
    }

    /// Whether the mapping writes the element at `index` as its text: it has
    /// neither attributes nor child elements.
    private static func writesAsText(_ index: UInt32, _ record: NodeRecord, in table: NodeTable) -> Bool {
        let hasAttributes = index + 1 < record.a && table.nodes[Int(index) + 1].kind == .attribute
        return !hasAttributes && !record.flags.contains(.hasElementChildren)
    }

    /// The text an XML element stands for when it is shown by itself (docq's
    /// one line per value, a printed match), or `nil` when it is shown as
    /// its JSON object. By the mapping above, an element without child
    /// elements is its text when it has no attributes, and keeps its text
    /// as `"_string"` beside its attributes when the text is not only
    /// whitespace; shown by itself, that text is what it stands for
    /// (`<Price currency="USD">189.97</Price>` is `189.97`). An element
    /// with attributes and no such text, or with child elements, is `nil`.
    package static func standaloneText(of element: Node) -> String? {
        let table = element.document.table
        let record = table.nodes[Int(element.index)]
        guard record.kind == .element, !record.flags.contains(.hasElementChildren) else { return nil }
        guard writesAsText(element.index, record, in: table) || record.flags.contains(.hasText) else { return nil }
        return element.string ?? ""
    }

    /// `string` as a JSON string literal: quotes, backslash and control
    /// characters escaped, everything else as UTF-8.
    package static func quoted(_ string: String) -> String {
        // Most strings need no escape: quoted as they are (a short one stays
        // a small string, never allocated).
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + string + "\""
        }
        var writer = JSONWriter(document: nil, pretty: false)
        writer.writeString(string)
        return String(decoding: writer.out, as: UTF8.self)
    }

    /// Writes `string` as a JSON string: quotes, backslash and control
    /// characters escaped, everything else as UTF-8.
    private mutating func writeString(_ string: String) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                        hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
