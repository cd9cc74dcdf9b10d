extension Node {
    /// The node's value as text, or `nil` for nodes that have none.
    ///
    /// - JSON strings: the decoded string. Numbers: the text exactly as
    ///   written (`1e400`, `12345678901234567890`). `true`, `false`: those words.
    ///   `null`, objects, arrays: `nil`.
    /// - XML elements: their own character data (the `_string` of a path):
    ///   every direct text child joined, CDATA included and entities decoded;
    ///   `""` for an empty element. Attributes, text runs, comments and
    ///   processing instructions: their text.
    public var string: String? {
        let record = self.record
        let table = document.table
        switch record.kind {
        case .string:
            return table.withSpan(of: record) { span in
                record.flags.contains(.escaped)
                    ? JSONStringDecoding.decode(span) : String(decoding: span, as: UTF8.self)
            }
        case .number, .attribute, .text, .comment, .processingInstruction:
            return table.withSpan(of: record) { String(decoding: $0, as: UTF8.self) }
        case .true: return "true"
        case .false: return "false"
        case .element:
            return collectText(deep: false)
        case .document, .object, .array, .null:
            return nil
        }
    }

    /// All descendant character data in document order, as XPath's string
    /// value (the `_text` of a path). For JSON containers: every descendant
    /// scalar's ``string`` joined with no separator; for scalars, ``string``.
    public var text: String {
        switch record.kind {
        case .element, .document, .object, .array: return collectText(deep: true)
        default: return string ?? ""
        }
    }

    /// `true` or `false` for JSON booleans; for text (XML), `true`/`false`
    /// and `1`/`0` as XML Schema's boolean allows; otherwise `nil`.
    public var bool: Bool? {
        switch record.kind {
        case .true: return true
        case .false: return false
        case .number, .string, .attribute, .text, .element:
            switch string?.trimmingXMLWhitespace() {
            case "true", "1": return true
            case "false", "0": return false
            default: return nil
            }
        default: return nil
        }
    }

    private func collectText(deep: Bool) -> String {
        let table = document.table
        let nodes = table.nodes
        let record = self.record
        var bytes: [UInt8] = []
        var position = index + 1
        let end = record.a
        while position < end {
            let child = nodes[Int(position)]
            switch child.kind {
            case .text:
                bytes.append(contentsOf: table.bytes(of: child))
            case .string, .number, .true, .false:
                if deep { bytes.append(contentsOf: Node(document: document, index: position).string!.utf8) }
            default:
                break
            }
            position = deep && child.isContainer ? position + 1 : table.subtreeEnd(position)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension StringProtocol {
    /// The string without leading and trailing XML whitespace (space, tab, CR, LF).
    package func trimmingXMLWhitespace() -> Substring {
        // By UTF-8 bytes: XML whitespace is ASCII, and "\r\n" is one
        // Character but two whitespace bytes.
        let s = Substring(self)
        let utf8 = s.utf8
        guard let first = utf8.firstIndex(where: { !XMLWhitespace.contains($0) }) else { return "" }
        let last = utf8.lastIndex(where: { !XMLWhitespace.contains($0) })!
        return s[first..<utf8.index(after: last)]
    }
}
