import DocQuery
import TestSupport

/// Renders query results the way the example tables (in the tests and in
/// docs/PathLanguage.md) write them: the values in order, separated by `, `;
/// strings JSON-quoted, numbers as written, JSON containers as compact
/// JSON, XML elements as `<name>` (`<name>text</name>` when they hold only
/// text), and `(none)` for an empty result.
enum Rendering {
    static func render(_ result: QueryResult) -> String {
        // The tables show what the path selected: a lone JSON array as the array.
        if let array = result.arrayNode { return render(array) }
        return result.isEmpty ? "(none)" : result.map(render).joined(separator: ", ")
    }

    static func render(_ match: Match) -> String {
        switch match.value {
        case .string(let text): TestText.quoted(text)
        case .number(let text): text
        case .node(let node): render(node)
        }
    }

    static func render(_ node: Node) -> String {
        switch node.kind {
        case .string, .attribute, .text: return TestText.quoted(node.string ?? "")
        case .number: return node.string ?? ""
        case .true: return "true"
        case .false: return "false"
        case .null: return "null"
        case .object:
            return "{" + node.children.map { TestText.quoted($0.name ?? "") + ":" + render($0) }.joined(separator: ",") + "}"
        case .array:
            return "[" + node.children.map(render).joined(separator: ",") + "]"
        case .element:
            let name = node.name ?? ""
            let simple = node.attributes.isEmpty && !node.children.contains { $0.kind == .element }
            return simple ? "<\(name)>\(node.string ?? "")</\(name)>" : "<\(name)>"
        default: return "<\(node.kind)>"
        }
    }
}
