import Foundation

/// Code that documentation shows and a test compiles: the lines between
/// `// snippet: NAME` and `// end snippet` in a test's own source, without
/// their common indentation. A test checks that each snippet appears in its
/// page word for word, so the page cannot drift from code that compiles.
///
/// The other direction holds too: every ```` ```swift ```` block of the DocC
/// articles (`Sources/*/*.docc/*.md`) and of the doc comments
/// (`Sources/**/*.swift`) is, line for line, the code of a snippet in some
/// test (``documentedBlocks(in:)``, ``testSnippets(in:)``). The conventions
/// that makes possible:
///
/// - **Hidden setup**: what a block takes as given (`doc`, `data`, a model
///   type, `editor`) is the test's code around the snippet, not shown.
/// - **Imports**: a block's leading `import` lines are the test file's own.
/// - **Compiled, not run**: a snippet that needs the network or a file the
///   reader has sits in a function no test calls (its name says so), so it
///   still compiles.
/// - **Not Swift of ours**: a block that cannot compile here (another
///   library's code, a `Package.swift` fragment) follows a line
///   `<!-- not compiled: REASON -->` (in a doc comment, `/// <!-- … -->`);
///   DocC shows nothing of it. Use sparingly.
public enum Snippets {
    /// (name, code) for each marked snippet in `source`, in order.
    public static func extract(from source: String) -> [(name: String, code: String)] {
        var result: [(name: String, code: String)] = []
        var name: String?
        var lines: [Substring] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("// snippet: ") {
                name = String(trimmed.dropFirst("// snippet: ".count))
                lines = []
            } else if trimmed == "// end snippet", let current = name {
                let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                result.append((current, lines.map { String($0.dropFirst(indent)) }.joined(separator: "\n")))
                name = nil
            } else if name != nil {
                lines.append(line)
            }
        }
        return result
    }

    /// A ```` ```swift ```` block of the documentation.
    public struct Block: Sendable {
        /// `path:line` of its opening fence, the path from the package root.
        public var place: String
        /// Its lines, without the doc comment's `/// ` and the block's own
        /// indentation, leading `import` lines and the blank line after them.
        public var code: String
        /// The reason given by a `<!-- not compiled: … -->` line before it.
        public var notCompiled: String?
    }

    /// Every Swift block of the DocC articles and doc comments below `root`
    /// (the package root's `Sources`).
    public static func documentedBlocks(in root: URL) throws -> [Block] {
        var blocks: [Block] = []
        for path in try files(below: root.appendingPathComponent("Sources"), root: root) {
            let isArticle = path.hasSuffix(".md") && path.contains(".docc/")
            guard isArticle || path.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if !isArticle {
                // Doc comment lines only, `/// ` removed; others end a block.
                lines = lines.map { line in
                    let trimmed = line.drop { $0 == " " }
                    guard trimmed.hasPrefix("///") else { return "\u{0}" }
                    let rest = trimmed.dropFirst(3)
                    return String(rest.hasPrefix(" ") ? rest.dropFirst() : rest)
                }
            }
            blocks += Self.blocks(in: lines, path: path)
        }
        return blocks
    }

    private static func blocks(in lines: [String], path: String) -> [Block] {
        var result: [Block] = []
        var i = 0
        while i < lines.count {
            let fence = lines[i].drop { $0 == " " }
            guard fence.hasPrefix("```swift") else {
                i += 1
                continue
            }
            let indent = lines[i].count - fence.count
            var body: [String] = []
            var j = i + 1
            while j < lines.count, !lines[j].drop(while: { $0 == " " }).hasPrefix("```"), lines[j] != "\u{0}" {
                body.append(String(lines[j].dropFirst(Swift.min(indent, lines[j].prefix { $0 == " " }.count))))
                j += 1
            }
            if body.first?.hasPrefix("import ") == true {
                while let first = body.first, first.hasPrefix("import ") || first.isEmpty { body.removeFirst() }
            }
            var before = i - 1
            while before >= 0, lines[before].trimmingCharacters(in: .whitespaces).isEmpty { before -= 1 }
            var reason: String?
            if before >= 0 {
                let marker = lines[before].trimmingCharacters(in: .whitespaces)
                if marker.hasPrefix("<!-- not compiled:"), marker.hasSuffix("-->") {
                    reason = String(marker.dropFirst("<!-- not compiled:".count).dropLast(3)).trimmingCharacters(in: .whitespaces)
                }
            }
            let code = body.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }.joined(separator: "\n")
            result.append(Block(place: "\(path):\(i + 1)", code: code, notCompiled: reason))
            i = j + 1
        }
        return result
    }

    /// Every snippet marked in the Swift files below `root`'s `Tests`.
    public static func testSnippets(in root: URL) throws -> [(name: String, code: String)] {
        try files(below: root.appendingPathComponent("Tests"), root: root)
            .filter { $0.hasSuffix(".swift") }
            .flatMap { try extract(from: String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// The paths of the files below `folder`, relative to `root`, sorted.
    private static func files(below folder: URL, root: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        let prefix = String(folder.path.dropFirst(root.path.count + 1))
        return walker.compactMap { $0 as? String }.map { "\(prefix)/\($0)" }.sorted()
    }
}
