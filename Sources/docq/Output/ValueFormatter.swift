import DocQuery

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
/// ``json(_:pretty:)`` writes any value as JSON through DocTree's writer,
/// so XML follows the library's one mapping (the "XML to tree mapping"
/// article): an element with attributes is an object with its attributes
/// and `_string`, even where a line shows only its text.
///
/// A value is a ``Match`` of DocQuery's result, as the path selected it
/// (``QueryResult/selectedMatches``).
enum ValueFormatter {
    /// The value as one line (or, for strings that hold line breaks, as its raw text).
    static func line(_ match: Match) -> String {
        switch match.value {
        case .node(let node): return line(node)
        case .string(let text), .number(let text): return text
        }
    }

    /// A node as one line, by the rules above.
    static func line(_ node: Node) -> String {
        if let text = scalarText(node) { return text }
        return node.jsonString(pretty: false)
    }

    /// The value as JSON text; `pretty` indents a container by two spaces.
    static func json(_ match: Match, pretty: Bool) -> String {
        switch match.value {
        case .node(let node):
            return node.jsonString(pretty: pretty)
        case .string(let text): return JSONWriter.quoted(text)
        case .number(let text): return text
        }
    }

    // MARK: - Streaming to standard output

    /// Writes `match` as one output line after `prefix`. A container's JSON
    /// goes from DocTree's writer to the stream as bytes, with no `String`
    /// in between (it can be as large as the document).
    static func writeLine(_ match: Match, prefix: String, to out: inout OutputStream) {
        out.write(prefix)
        if case .node(let node) = match.value, writeSpan(of: node, to: &out) {
            out.write("\n")
            return
        }
        out.write(bytes: jsonBytes(match, pretty: false) ?? Array(line(match).utf8))
        out.write("\n")
    }

    /// ``writeLine(_:prefix:to:)`` in colour (``Palette``): a container's
    /// JSON token by token, any other value in its kind's colour.
    static func writePaintedLine(_ match: Match, prefix: String, to out: inout OutputStream) {
        out.write(prefix)
        if let json = jsonBytes(match, pretty: false) {
            out.write(bytes: Palette.paintedJSON(json))
        } else {
            out.write(bytes: Palette.painted(Array(line(match).utf8), Palette.role(of: match)))
        }
        out.write("\n")
    }

    /// Writes a leaf whose line is its text exactly (a JSON number, string
    /// without escapes, `true`, `false`, `null`; an XML attribute, text run,
    /// comment or processing instruction, whose text libxml2 decoded to valid
    /// UTF-8 already) straight from the document's text, with no `String`
    /// in between; `false` for any other node.
    private static func writeSpan(of node: Node, to out: inout OutputStream) -> Bool {
        let record = node.record
        switch record.kind {
        case .number, .true, .false, .null, .attribute, .text, .comment, .processingInstruction: break
        case .string where !record.flags.contains(.escaped): break
        default: return false
        }
        node.document.table.withSpan(of: record) { out.write(bytes: $0) }
        return true
    }

    /// Writes `matches` as one JSON array (always an array) and a line
    /// break; `pretty` puts every element on its own lines, indented by two
    /// spaces. With a `file` name (`-H`), the line is the object
    /// `{"file":FILE,"values":[…]}`, so it stays JSON.
    static func writeJSONArray(_ matches: [Match], pretty: Bool, file: String? = nil, to out: inout OutputStream) {
        if let file { out.write("{\"file\":" + JSONWriter.quoted(file) + ",\"values\":") }
        let end = file == nil ? "\n" : "}\n"
        guard !matches.isEmpty else {
            out.write("[]" + end)
            return
        }
        guard pretty else {
            out.write("[")
            for (position, match) in matches.enumerated() {
                if position > 0 { out.write(",") }
                writeJSON(match, to: &out)
            }
            out.write("]" + end)
            return
        }
        out.write("[\n")
        for (position, match) in matches.enumerated() {
            let bytes = jsonValueBytes(match, pretty: true)
            var start = 0
            while start <= bytes.count {
                let lineEnd = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                out.write("  ")
                out.write(bytes: Array(bytes[start..<lineEnd]))
                if lineEnd == bytes.count {
                    out.write(position == matches.count - 1 ? "\n" : ",\n")
                    break
                }
                out.write("\n")
                start = lineEnd + 1
            }
        }
        out.write("]" + end)
    }

    /// Writes `match` as compact JSON (as an element of an array).
    static func writeJSON(_ match: Match, to out: inout OutputStream) {
        out.write(bytes: jsonValueBytes(match, pretty: false))
    }

    /// Writes `match` as JSON followed by a line break, indented by two
    /// spaces a level when `pretty` (`--pretty` on its own, like `jq .`).
    static func writeJSONLine(_ match: Match, pretty: Bool, to out: inout OutputStream) {
        out.write(bytes: jsonValueBytes(match, pretty: pretty))
        out.write("\n")
    }

    /// The match as JSON: a node through the writer (the XML mapping), a
    /// computed value quoted or as its number.
    private static func jsonValueBytes(_ match: Match, pretty: Bool) -> [UInt8] {
        guard case .node(let node) = match.value else { return Array(json(match, pretty: pretty).utf8) }
        return JSONWriter.write(node, pretty: pretty)
    }

    /// The writer's bytes for a match that prints as JSON on a line of its
    /// own (a container that is not shown as its text), else `nil`.
    private static func jsonBytes(_ match: Match, pretty: Bool) -> [UInt8]? {
        guard case .node(let node) = match.value, scalarText(node) == nil else { return nil }
        return JSONWriter.write(node, pretty: pretty)
    }

    /// The text a node prints as when it is not a container to show as
    /// JSON, or `nil` when it is one. An element's rule is the JSON
    /// writer's (``JSONWriter/standaloneText(of:)``).
    static func scalarText(_ node: Node) -> String? {
        switch node.kind {
        case .string, .number, .true, .false, .attribute, .text, .comment, .processingInstruction:
            return node.string ?? ""
        case .null:
            return "null"
        case .element:
            return JSONWriter.standaloneText(of: node)
        case .object, .array, .document:
            return nil
        }
    }

    /// Whether an XML element prints as its text (see ``scalarText(_:)``).
    static func isTextOnly(_ element: Node) -> Bool {
        element.kind == .element && JSONWriter.standaloneText(of: element) != nil
    }
}
