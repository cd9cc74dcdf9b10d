import DocQuery

/// `--csv` and `--tsv`: a matched array as one row, its elements as fields,
/// as jq's `@csv` and `@tsv` write them.
///
/// - CSV (RFC 4180): a string in double quotes, a double quote inside it
///   doubled (`"say ""hi"""`), so commas and line breaks stay inside the
///   field; a number as written, `true`/`false` bare, `null` an empty field.
/// - TSV: fields joined by tabs, a string's tab, line feed, carriage return
///   and backslash written `\t`, `\n`, `\r`, `\\`; numbers, booleans and
///   `null` as for CSV.
///
/// A field is a value of the JSON view (an XML element as its mapping
/// writes it), so an element holding only text is that string. A field
/// that is an array or an object is an error, as it is for jq; so is a
/// matched object. A matched value that is neither is a row of one field.
enum DelimitedRow {
    enum Dialect { case csv, tsv }

    /// Why a value cannot be written as a row.
    struct Failure: Error {
        let message: String
    }

    /// The row for `match`, without its line break.
    static func row(_ match: Match, _ dialect: Dialect) throws(Failure) -> String {
        guard case .node(let node) = match.value else { return try field(match.value, dialect) }
        if node.kind == .array {
            var out: [String] = []
            for element in node.children {
                out.append(try field(.node(element), dialect))
            }
            return out.joined(separator: dialect == .csv ? "," : "\t")
        }
        if isContainer(node) {
            throw Failure(message: "an object cannot be a \(dialect == .csv ? "CSV" : "TSV") row, only an array can")
        }
        return try field(match.value, dialect)
    }

    /// Whether the JSON view of `node` is an object or an array.
    private static func isContainer(_ node: Node) -> Bool {
        switch node.kind {
        case .object, .array, .document: true
        case .element: JSONWriter.write(node, pretty: false).first == UInt8(ascii: "{")
        default: false
        }
    }

    private static func field(_ value: Match.Value, _ dialect: Dialect) throws(Failure) -> String {
        switch value {
        case .number(let text): return text
        case .string(let text): return quoted(text, dialect)
        case .node(let node):
            switch node.kind {
            case .number: return node.string ?? ""
            case .true: return "true"
            case .false: return "false"
            case .null: return ""
            case .string, .attribute, .text, .comment, .processingInstruction: return quoted(node.string ?? "", dialect)
            case .element where !isContainer(node): return quoted(node.string ?? "", dialect)
            case .object, .array, .document, .element:
                let kind = node.kind == .array ? "an array" : "an object"
                throw Failure(message: "a field cannot be \(kind): \(node.jsonString(pretty: false).prefix(60))")
            }
        }
    }

    private static func quoted(_ text: String, _ dialect: Dialect) -> String {
        switch dialect {
        case .csv:
            var field = "\""
            for character in text {
                if character == "\"" { field += "\"\"" } else { field.append(character) }
            }
            return field + "\""
        case .tsv:
            return QueryRun.escapedForLine(text)
        }
    }
}
