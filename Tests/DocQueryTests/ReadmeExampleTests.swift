import DocQuery
import Foundation
import TestSupport
import Testing

/// The Swift examples of README.md, read from the README itself: every line
/// of a ```swift block that reads a value from a document the block loads
/// from `Examples/documents` and says the value in a comment
/// (`lists["lists.list.name"].strings  // ["Inbox", …]`) is run on that
/// document, and the value must be what the comment says.
@Suite struct ReadmeExampleTests {
    /// One checked line: a read and the value its comment gives.
    struct Example: Sendable, CustomTestStringConvertible {
        var line: Int
        var file: String
        /// The path the line reads (a chain of members is one path).
        var path: String
        /// `string`, `strings` or `int`.
        var accessor: String
        /// The value after `//`, as JSON.
        var expected: String
        var testDescription: String { "README.md:\(line): \(path).\(accessor)" }
    }

    static let readme = SharedData.packageRoot.appendingPathComponent("README.md")

    /// The checked lines, in order.
    static let examples: [Example] = {
        guard let text = try? String(contentsOf: readme, encoding: .utf8) else { return [] }
        var examples: [Example] = []
        var inSwift = false
        var files: [String: String] = [:]  // variable → document
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                inSwift = line == "```swift"
                files = [:]
                continue
            }
            guard inSwift else { continue }
            if let (name, file) = loading(line) {
                files[name] = file
            } else if let (name, path, accessor, expected) = reading(line), let file = files[name] {
                examples.append(Example(line: number + 1, file: file, path: path, accessor: accessor, expected: expected))
            }
        }
        return examples
    }()

    /// `let NAME = try Document(contentsOf: URL(fileURLWithPath: "FILE"))`.
    static func loading(_ line: Substring) -> (String, String)? {
        guard let match = line.wholeMatch(of: /let (\w+) = try Document\(contentsOf: URL\(fileURLWithPath: "([^"]+)"\)\)/)
        else { return nil }
        return (String(match.1), String(match.2))
    }

    /// `NAME["PATH"].ACCESSOR`, `try NAME.query("PATH").ACCESSOR` or
    /// `NAME.key.key.ACCESSOR`, then `// VALUE` where VALUE begins with a
    /// JSON string or array: the variable, path, accessor and value.
    static func reading(_ line: Substring) -> (String, String, String, String)? {
        let subscripted = /^(?:try )?(\w+)(?:\["([^"]+)"\]|\.query\("([^"]+)"\))\.(string|strings|int)\s+\/\/\s+("[^"]*"|\[[^\]]*\]|-?[0-9]+\b)/
        if let m = line.firstMatch(of: subscripted) {
            return (String(m.1), String(m.2 ?? m.3!), String(m.4), String(m.5))
        }
        let members = /^(\w+)((?:\.\w+)+?)\.(string|strings|int)\s+\/\/\s+("[^"]*"|\[[^\]]*\]|-?[0-9]+\b)/
        if let m = line.firstMatch(of: members) {
            return (String(m.1), String(m.2.dropFirst()), String(m.3), String(m.4))
        }
        return nil
    }

    @Test func readmeHasCheckedExamples() {
        // The four reads of the opening example and two of the tour.
        #expect(Self.examples.count >= 6)
        #expect(Self.examples.contains { $0.path == "auth.user.username" && $0.expected == #""bob""# })
    }

    @Test(arguments: examples)
    func example(_ example: Example) throws {
        let doc = try Document(contentsOf: SharedData.packageRoot.appendingPathComponent(example.file))
        let result = doc[example.path]
        let expected = try JSONSerialization.jsonObject(with: Data(example.expected.utf8), options: .fragmentsAllowed)
        switch example.accessor {
        case "string": #expect(result.string == expected as? String)
        case "strings": #expect(result.strings == expected as? [String])
        default: #expect(result.int == expected as? Int)
        }
    }
}
