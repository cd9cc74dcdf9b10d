/// Code that documentation shows and a test compiles: the lines between
/// `// snippet: NAME` and `// end snippet` in a test's own source, without
/// their common indentation. A test checks that each snippet appears in its
/// page word for word, so the page cannot drift from code that compiles.
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
}
