@testable import DocQuery
import Foundation
import TestSupport
import Testing

/// Runs every example row of docs/JMESPath.md: a two-column row whose
/// cells are code spans is an expression and its result as compact JSON,
/// evaluated on the document of the nearest fenced `json NAME` / `xml NAME`
/// block above it (or the one `<!-- example: NAME -->` selects).
@Suite struct JMESPathDocumentationTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let line: Int
        let document: String
        let expression: String
        let expected: String
        var testDescription: String { "line \(line): \(expression)" }
    }

    static let page = SharedData.packageRoot.appendingPathComponent("docs/JMESPath.md")
    static let parsed = try? ExamplePage(url: page)
    static let rows: [Row] = {
        guard let text = try? String(contentsOf: page, encoding: .utf8) else { return [] }
        var rows: [Row] = []
        var current: String? = nil
        var inFence = false
        for (offset, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if !inFence {
                    let info = trimmed.dropFirst(3).split(separator: " ")
                    if info.count == 2 { current = String(info[1]) }
                }
                inFence.toggle()
            } else if trimmed.hasPrefix("<!-- example:") {
                current = trimmed.dropFirst("<!-- example:".count).replacingOccurrences(of: "-->", with: "")
                    .trimmingCharacters(in: .whitespaces)
            } else if !inFence, trimmed.hasPrefix("|"), let document = current {
                let cells = ExamplePage.cells(of: trimmed)
                if cells.count == 2, let expression = codeSpan(cells[0]), let expected = codeSpan(cells[1]) {
                    rows.append(Row(line: offset + 1, document: document, expression: expression, expected: expected))
                }
            }
        }
        return rows
    }()

    /// The text of a cell that is one code span (`` `x` `` or ``` `` x `` ```).
    static func codeSpan(_ cell: String) -> String? {
        if cell.hasPrefix("`` "), cell.hasSuffix(" ``"), cell.count > 6 {
            return String(cell.dropFirst(3).dropLast(3))
        }
        return ExamplePage.code(cell)
    }

    @Test func pageHasExamples() {
        #expect(Self.rows.count >= 50)
        #expect(Self.parsed?.documents.count == 4)
    }

    @Test(arguments: rows)
    func example(_ row: Row) throws {
        let page = try #require(Self.parsed)
        let document = try page.document(row.document)
        #expect(try JMESPath(row.expression).jsonString(on: document) == row.expected)
    }
}
