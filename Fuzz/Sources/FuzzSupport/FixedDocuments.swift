import DocTree
import Foundation

/// The documents the path-evaluation target runs every compiled path on:
/// every example document of docs/PathLanguage.md (both formats, odd keys,
/// mixed content, namespaces, non-ASCII keys), read once from the
/// repository, plus one with numbers and nesting of every shape.
public enum FixedDocuments {
    public static let all: [Document] = (examples() + [numbersAndNesting]).map { text in
        do {
            return try Document(data: Data(text.utf8))
        } catch {
            fatalError("a fixed document does not load: \(error)\n\(text)")
        }
    }

    private static let numbersAndNesting = #"""
        {"n": [1, -0, 1e400, 0.1, 12345678901234567890, -2.5e-3, "7", true, false, null],
         "nested": [[[]], {}, [{"k": [1, {"k": 2}]}]], "dup": 1, "dup": {"k": 3}}
        """#

    /// The bodies of the code blocks opened by "```json NAME" or "```xml NAME".
    private static func examples() -> [String] {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/PathLanguage.md")
        guard let markdown = try? String(contentsOf: docs, encoding: .utf8) else {
            fatalError("cannot read \(docs.path)")
        }
        var documents: [String] = []
        var current: [Substring]? = nil
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current != nil {
                if line.hasPrefix("```") {
                    documents.append(current!.joined(separator: "\n"))
                    current = nil
                } else {
                    current!.append(line)
                }
            } else if line.hasPrefix("```json ") || line.hasPrefix("```xml ") {
                current = []
            }
        }
        guard documents.count >= 6 else { fatalError("found \(documents.count) example documents in \(docs.path)") }
        return documents
    }
}
