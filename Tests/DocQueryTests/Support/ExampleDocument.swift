import DocQuery
import Foundation
import Testing

/// Reads the examples out of a Markdown page of the path language
/// (docs/PathLanguage.md, the DocC "Path syntax" article), so that every
/// example there runs as a test.
///
/// The page declares example documents in fenced blocks whose info string is
/// `json NAME` or `xml NAME`, and selects one for the tables that follow with
/// `<!-- example: NAME -->` (a fenced document selects itself). Rows of the
/// form ``| `path` | `result` |`` or ``| `path` | error: message |`` are
/// examples; `\|` in a cell stands for `|`. Rows of the canonical-path table
/// (``| name | description | `path` |``) and `text` blocks that show an
/// explanation (`no match for '…'`) or an error (`error: …`) are checked too.
struct ExamplePage {
    struct Row: Sendable, CustomTestStringConvertible {
        enum Expectation: Sendable { case rendering(String), error(String) }
        let page: String
        let line: Int
        let document: String
        let path: String
        let expected: Expectation
        var testDescription: String { "\(page):\(line) \(document): \(path)" }
    }

    struct CanonicalRow: Sendable, CustomTestStringConvertible {
        let line: Int
        let document: String
        let path: String
        var testDescription: String { "line \(line) \(document): \(path)" }
    }

    struct Block: Sendable, CustomTestStringConvertible {
        let line: Int
        let document: String?
        let text: String
        var testDescription: String { "block at line \(line)" }
    }

    var documents: [String: (text: String, format: DocumentFormat)] = [:]
    var rows: [Row] = []
    var canonicalRows: [CanonicalRow] = []
    var blocks: [Block] = []

    init(url: URL) throws {
        let name = url.lastPathComponent
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var current: String? = nil
        var i = 0
        while i < lines.count {
            let line = lines[i]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("<!-- example:") {
                current = trimmed.dropFirst("<!-- example:".count).replacingOccurrences(of: "-->", with: "")
                    .trimmingCharacters(in: .whitespaces)
            } else if trimmed.hasPrefix("```") {
                let info = trimmed.dropFirst(3).split(separator: " ").map(String.init)
                var body: [String] = []
                let start = i + 1
                i += 1
                while i < lines.count && !lines[i].hasPrefix("```") {
                    body.append(lines[i])
                    i += 1
                }
                let text = body.joined(separator: "\n")
                if info.count == 2, let format = DocumentFormat(rawValue: info[0]) {
                    documents[info[1]] = (text, format)
                    current = info[1]
                } else if info.first == "text" || info.isEmpty,
                    text.hasPrefix("no match for '") || text.hasPrefix("error: ")
                {
                    blocks.append(Block(line: start, document: current, text: text))
                }
            } else if trimmed.hasPrefix("|") {
                let cells = Self.cells(of: trimmed)
                if cells.count == 2, let path = Self.code(cells[0]), let document = current {
                    let expectation: Row.Expectation
                    if let rendering = Self.code(cells[1]) {
                        expectation = .rendering(rendering)
                    } else if cells[1].hasPrefix("error: ") {
                        expectation = .error(String(cells[1].dropFirst("error: ".count)))
                    } else {
                        i += 1
                        continue
                    }
                    rows.append(Row(page: name, line: i + 1, document: document, path: path, expected: expectation))
                } else if cells.count == 3, Self.code(cells[0]) == nil, let path = Self.code(cells[2]) {
                    canonicalRows.append(CanonicalRow(line: i + 1, document: cells[0], path: path))
                }
            }
            i += 1
        }
    }

    /// The cells of a table row, with `\|` unescaped.
    static func cells(of row: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var chars = Array(row.dropFirst())
        if chars.last == "|" { chars.removeLast() }
        var k = 0
        while k < chars.count {
            if chars[k] == "\\" && k + 1 < chars.count && chars[k + 1] == "|" {
                cell.append("|")
                k += 2
                continue
            }
            if chars[k] == "|" {
                cells.append(cell.trimmingCharacters(in: .whitespaces))
                cell = ""
            } else {
                cell.append(chars[k])
            }
            k += 1
        }
        cells.append(cell.trimmingCharacters(in: .whitespaces))
        return cells
    }

    /// The text of a cell that is one code span, or `nil`.
    static func code(_ cell: String) -> String? {
        guard cell.count >= 2, cell.hasPrefix("`"), cell.hasSuffix("`") else { return nil }
        let inner = cell.dropFirst().dropLast()
        return inner.contains("`") ? nil : String(inner)
    }

    func document(_ name: String) throws -> Document {
        try Fixtures.document(name, in: documents)
    }
}
