import Foundation
import Testing
import TestSupport

/// Every `$ docq …` example in README.md and the user guides it links
/// (``documents``), run as written: what the page shows under a command is
/// what docq prints (stdout, then stderr).
///
/// A command's file operands are found from the repository root, or else in
/// `Examples/documents` (the README's docq section `cd`s there first).
/// Commands with a pipe and interactive `docq explore` sessions are left to
/// the explorer tests.
@Suite("README shell examples")
struct ReadmeShellTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var file: String
        var line: Int
        var command: String
        var expected: [String]
        var testDescription: String { "\(file):\(line): \(command)" }
    }

    /// The pages whose examples run, from the repository root.
    static let documents = ["README.md", "docs/docq.md", "docs/Editing.md"]

    static let examples: [Example] = documents.flatMap { examples(in: $0) }

    static func examples(in file: String) -> [Example] {
        guard let text = try? String(contentsOf: Docq.packageRoot.appendingPathComponent(file), encoding: .utf8) else {
            return []
        }
        var examples: [Example] = []
        var inFence = false
        var current: Example?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
            if line.hasPrefix("```") {
                if let example = current { examples.append(example) }
                current = nil
                inFence.toggle()
                continue
            }
            guard inFence else { continue }
            if line.hasPrefix("$ ") {
                if let example = current { examples.append(example) }
                current = Example(file: file, line: number + 1, command: String(line.dropFirst(2)), expected: [])
            } else {
                current?.expected.append(line)
            }
        }
        return examples.filter {
            $0.command.hasPrefix("docq ") && !$0.command.contains("|") && !$0.command.hasPrefix("docq explore")
        }
    }

    @Test func readmeHasExamples() {
        #expect(Self.examples.count >= 15)
    }

    @Test(arguments: examples)
    func example(_ example: Example) throws {
        let arguments = Array(try Self.words(example.command).dropFirst())
        let root = Docq.packageRoot
        let fromRoot = arguments.contains {
            $0.contains("/") && FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
        }
        let folder = fromRoot ? root : root.appendingPathComponent("Examples/documents")
        let run = try Docq.product.run(
            arguments, environment: ["COLUMNS": "80", "NO_COLOR": nil], directory: folder, timeout: 60)
        let lines = run.lines + run.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
        #expect(lines == example.expected, "\(example.testDescription)\n\(run)")
    }

    /// Splits a shell command into words: single quotes, double quotes, spaces.
    static func words(_ command: String) throws -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        var inWord = false
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if quote != nil { throw UnbalancedQuote(command: command) }
        if inWord { words.append(word) }
        return words
    }

    struct UnbalancedQuote: Error, CustomStringConvertible {
        var command: String
        var description: String { "unbalanced quote in \(command)" }
    }
}
