/// Writes XML nodes back to XML text.
///
/// Elements keep their names as written (prefixes included) and their
/// attributes in order; namespace declarations are written where an
/// element or attribute uses a prefix (or the default namespace) that is
/// not yet bound to its URI in the output, so the result is namespace-
/// well-formed even for a sub-tree. Text is escaped (`&`, `<`, `>`; in
/// attributes also `"` and tab, CR, LF as character references). Kept
/// comments and processing instructions are written back; whitespace that
/// the loader dropped (between child elements) is not restored.
package struct XMLWriter {
    private let document: Document
    private var out: [UInt8] = []
    /// In-scope namespace bindings, innermost last: (prefix, URI).
    private var bindings: [(prefix: String, uri: String)] = []

    private init(document: Document) {
        self.document = document
    }

    /// Writes `node` as XML, or returns `nil` for a JSON node.
    package static func write(_ node: Node, declaration: Bool = false) -> [UInt8]? {
        guard node.document.format == .xml else { return nil }
        var writer = XMLWriter(document: node.document)
        if declaration || node.kind == .document {
            writer.out.append(contentsOf: #"<?xml version="1.0" encoding="UTF-8"?>"#.utf8)
            writer.out.append(0x0A)
        }
        writer.write(node.index)
        return writer.out
    }

    private mutating func write(_ start: UInt32) {
        let table = document.table
        // Open elements: (index, subtree end, name, how many bindings it added).
        var open: [(end: UInt32, name: String, added: Int)] = []
        var position = start
        let stop = table.subtreeEnd(start)
        // Comments and processing instructions outside the root element end
        // with a line break: those met with no element open, when the writing
        // began at the document node or at such a node itself.
        let startKind = table.nodes[Int(start)].kind
        let startsAtDocumentLevel = start == 0
            || ((startKind == .comment || startKind == .processingInstruction)
                && document.parentTable.parents[Int(start)] == 0)
        while position < stop {
            while let last = open.last, position >= last.end {
                closeElement(open.removeLast())
            }
            let record = table.nodes[Int(position)]
            switch record.kind {
            case .document:
                position += 1
                continue
            case .element:
                let (name, added, isEmpty) = openElement(position, record)
                position += 1
                while position < record.a, table.nodes[Int(position)].kind == .attribute { position += 1 }
                if isEmpty {
                    out.append(contentsOf: "/>".utf8)
                    bindings.removeLast(added)
                } else {
                    out.append(UInt8(ascii: ">"))
                    open.append((record.a, name, added))
                }
                continue
            case .text:
                escape(table.bytes(of: record), inAttribute: false)
            case .attribute:
                // A lone attribute: its value as text.
                escape(table.bytes(of: record), inAttribute: false)
            case .comment:
                out.append(contentsOf: "<!--".utf8)
                out.append(contentsOf: table.bytes(of: record))
                out.append(contentsOf: "-->".utf8)
                if open.isEmpty && startsAtDocumentLevel { out.append(0x0A) }
            case .processingInstruction:
                out.append(contentsOf: "<?".utf8)
                out.append(contentsOf: table.names[record.nameID].utf8)
                if record.b > 0 {
                    out.append(UInt8(ascii: " "))
                    out.append(contentsOf: table.bytes(of: record))
                }
                out.append(contentsOf: "?>".utf8)
                if open.isEmpty && startsAtDocumentLevel { out.append(0x0A) }
            case .object, .array, .string, .number, .true, .false, .null:
                break  // Not in XML documents.
            }
            position = table.subtreeEnd(position)
        }
        while let last = open.popLast() { closeElement(last) }
    }

    /// Writes `<name attr="…"` with any namespace declarations needed.
    private mutating func openElement(_ index: UInt32, _ record: NodeRecord) -> (String, Int, Bool) {
        let table = document.table
        let name = table.names[record.nameID]
        out.append(UInt8(ascii: "<"))
        out.append(contentsOf: name.utf8)
        var added = 0
        let uri = record.b == 0 ? "" : table.names[record.b]
        added += bind(prefix: Self.prefix(of: name), to: uri, isElement: true)
        var position = index + 1
        while position < record.a, table.nodes[Int(position)].kind == .attribute {
            let attribute = table.nodes[Int(position)]
            let attributeName = table.names[attribute.nameID]
            if let uriID = table.attributeNamespaces[record: position, name: attribute.nameID] {
                added += bind(prefix: Self.prefix(of: attributeName), to: table.names[uriID], isElement: false)
            }
            out.append(UInt8(ascii: " "))
            out.append(contentsOf: attributeName.utf8)
            out.append(contentsOf: "=\"".utf8)
            escape(table.bytes(of: attribute), inAttribute: true)
            out.append(UInt8(ascii: "\""))
            position += 1
        }
        return (name, added, position == record.a)
    }

    private mutating func closeElement(_ element: (end: UInt32, name: String, added: Int)) {
        out.append(contentsOf: "</".utf8)
        out.append(contentsOf: element.name.utf8)
        out.append(UInt8(ascii: ">"))
        bindings.removeLast(element.added)
    }

    /// Declares `prefix` → `uri` unless it is already in scope; returns 1 if it declared.
    private mutating func bind(prefix: String, to uri: String, isElement: Bool) -> Int {
        if prefix == "xml" { return 0 }
        let current = bindings.last { $0.prefix == prefix }?.uri ?? ""
        if current == uri { return 0 }
        if !isElement && uri.isEmpty { return 0 }
        out.append(contentsOf: (prefix.isEmpty ? " xmlns=\"" : " xmlns:\(prefix)=\"").utf8)
        escape(ArraySlice(uri.utf8), inAttribute: true)
        out.append(UInt8(ascii: "\""))
        bindings.append((prefix, uri))
        return 1
    }

    private static func prefix(of name: String) -> String {
        guard let colon = name.firstIndex(of: ":") else { return "" }
        return String(name[..<colon])
    }

    private mutating func escape(_ bytes: ArraySlice<UInt8>, inAttribute: Bool) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\"") where inAttribute: out.append(contentsOf: "&quot;".utf8)
            case 0x09 where inAttribute: out.append(contentsOf: "&#9;".utf8)
            case 0x0A where inAttribute: out.append(contentsOf: "&#10;".utf8)
            case 0x0D: out.append(contentsOf: "&#13;".utf8)
            default: out.append(byte)
            }
        }
    }
}
