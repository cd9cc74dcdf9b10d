import DocTree

/// Turns matched values into the text docq prints.
///
/// ## The default, one line per value
///
/// - JSON strings raw (no quotes), numbers exactly as written in the source,
///   `true`, `false` and `null`;
/// - XML attributes and text as their text; an XML element that has text and
///   no child elements as its text, attributes or not (`Quote.Price` prints
///   `189.97` even with `currency="USD"`), and an element with neither text,
///   attributes nor child elements as an empty line;
/// - every other container as one line of compact JSON through DocTree's
///   writer (keys in document order, numbers as written, UTF-8 text).
///
/// ## JSON
///
/// ``json(_:pretty:)`` writes any value as JSON: strings quoted, the same
/// text-only elements as JSON strings, containers through the writer.
enum ValueFormatter {
    /// The value as one line (or, for strings that hold line breaks, as its raw text).
    static func line(_ value: ResultValue) -> String {
        switch value {
        case .node(let node): return line(node)
        case .string(let text): return text
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array: return json(value, pretty: false)
        }
    }

    /// A node as one line, by the rules above.
    static func line(_ node: Node) -> String {
        if let text = scalarText(node) { return text }
        return node.jsonString(pretty: false)
    }

    /// The value as JSON text; `pretty` indents by two spaces.
    static func json(_ value: ResultValue, pretty: Bool) -> String {
        var out = ""
        writeJSON(value, pretty: pretty, indent: 0, into: &out)
        return out
    }

    /// Several values as one JSON array (always an array, even of one or none).
    static func jsonArray(_ values: [ResultValue], pretty: Bool) -> String {
        json(.array(values), pretty: pretty)
    }

    // MARK: - Streaming to standard output

    /// Writes `value` as one output line after `prefix`. A container's JSON
    /// goes from DocTree's writer to the stream as bytes, with no `String`
    /// in between (it can be as large as the document).
    static func writeLine(_ value: ResultValue, prefix: String, to out: inout OutputStream) {
        out.write(prefix)
        if case .node(let node) = value, scalarText(node) == nil {
            out.write(bytes: JSONWriter.write(node, pretty: false))
        } else {
            out.write(line(value))
        }
        out.write("\n")
    }

    /// Writes `values` as one JSON array (always an array), each output
    /// line after `prefix`; `pretty` puts every element on its own lines,
    /// indented by two spaces.
    static func writeJSONArray(_ values: [ResultValue], pretty: Bool, prefix: String, to out: inout OutputStream) {
        guard !values.isEmpty else {
            out.write(prefix + "[]\n")
            return
        }
        guard pretty else {
            out.write(prefix + "[")
            for (position, value) in values.enumerated() {
                if position > 0 { out.write(",") }
                if case .node(let node) = value, !isTextOnly(node), node.kind.isContainer {
                    out.write(bytes: JSONWriter.write(node, pretty: false))
                } else {
                    out.write(json(value, pretty: false))
                }
            }
            out.write("]\n")
            return
        }
        out.write(prefix + "[\n")
        for (position, value) in values.enumerated() {
            let bytes: [UInt8]
            if case .node(let node) = value, !isTextOnly(node), node.kind.isContainer {
                bytes = JSONWriter.write(node, pretty: true)
            } else {
                bytes = Array(json(value, pretty: true).utf8)
            }
            var start = 0
            while start <= bytes.count {
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                out.write(prefix + "  ")
                out.write(bytes: Array(bytes[start..<end]))
                if end == bytes.count {
                    out.write(position == values.count - 1 ? "\n" : ",\n")
                    break
                }
                out.write("\n")
                start = end + 1
            }
        }
        out.write(prefix + "]\n")
    }

    /// The text a node prints as when it is not a container to show as
    /// JSON, or `nil` when it is one.
    static func scalarText(_ node: Node) -> String? {
        switch node.kind {
        case .string, .number, .true, .false, .attribute, .text, .comment, .processingInstruction:
            return node.string ?? ""
        case .null:
            return "null"
        case .element:
            guard isTextOnly(node) else { return nil }
            return node.string ?? ""
        case .object, .array, .document:
            return nil
        }
    }

    /// Whether an XML element prints as its text: it has no child elements,
    /// and it has text that is not only whitespace or no attributes at all.
    static func isTextOnly(_ element: Node) -> Bool {
        guard element.kind == .element, element.contents.isEmpty else { return false }
        if element.attributes.isEmpty { return true }
        return !(element.string ?? "").trimmingXMLWhitespace().isEmpty
    }

    private static func writeJSON(_ value: ResultValue, pretty: Bool, indent: Int, into out: inout String) {
        switch value {
        case .node(let node):
            if node.kind == .element, isTextOnly(node) {
                JSONText.appendString(node.string ?? "", to: &out)
            } else if pretty {
                let text = node.jsonString(pretty: true)
                if indent == 0 {
                    out += text
                } else {
                    let pad = String(repeating: " ", count: indent)
                    out += text.split(separator: "\n", omittingEmptySubsequences: false)
                        .joined(separator: "\n" + pad)
                }
            } else {
                out += node.jsonString(pretty: false)
            }
        case .string(let text): JSONText.appendString(text, to: &out)
        case .number(let text): out += text
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case .array(let elements):
            guard !elements.isEmpty else {
                out += "[]"
                return
            }
            out += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: " ", count: indent + 2) }
                writeJSON(element, pretty: pretty, indent: indent + 2, into: &out)
            }
            if pretty { out += "\n" + String(repeating: " ", count: indent) }
            out += "]"
        }
    }
}

/// JSON string literals for values docq computes itself (node text goes
/// through DocTree's writer).
enum JSONText {
    /// Appends `text` as a JSON string: quotes, backslashes and control
    /// characters escaped, everything else as UTF-8.
    static func appendString(_ text: String, to out: inout String) {
        out += JSONWriter.quoted(text)
    }

    /// `text` as a JSON string literal.
    static func string(_ text: String) -> String {
        var out = ""
        appendString(text, to: &out)
        return out
    }
}
