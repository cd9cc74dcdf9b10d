import DocTree

extension Match: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// `path: value`, the value as the document holds it: text quoted, an
    /// element with only text as that text, containers as a short preview.
    public var description: String {
        "\(path): \(valueDescription)"
    }

    /// The value part of ``description``.
    var valueDescription: String {
        switch value {
        case .node(let node): Preview.value(of: node)
        case .string(let text): Syntax.quoted(text)
        case .number(let text): text
        }
    }

    /// Shows the path and the value (a container with its outline below
    /// it), never the document's internals; `dump` writes the value once
    /// (text quoted once).
    public var customMirror: Mirror {
        let outline = node.map { DisplayTree.outline(of: $0) } ?? []
        return Mirror(self, children: ["path": path, "value": DisplayTree(valueDescription, parts: outline)], displayStyle: .struct)
    }

    /// The lines `dump` writes: the path, the value and its outline.
    public var playgroundDescription: Any { DisplayTree.dumped(self) }
}
