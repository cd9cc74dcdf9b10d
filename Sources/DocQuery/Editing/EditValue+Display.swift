import DocTree

extension EditValue: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// The value as compact JSON: `{"name":"new","tags":["a","b"]}`.
    public var description: String { Self.json(content) }

    /// Shows the value as JSON and, for an array or object, its elements or
    /// members one per line (at most 30, each cut at 80 characters).
    public var customMirror: Mirror {
        let items: [(label: String, content: Content)]
        switch content {
        case .array(let elements): items = elements.enumerated().map { ("[\($0.offset)]", $0.element) }
        case .object(let members): items = members.map { ($0.key, $0.value) }
        default: items = []
        }
        var parts: [Mirror.Child] = items.prefix(DisplayTree.outlineLines).map { item in
            let text = Self.json(item.content)
            return (label: item.label, value: DisplayTree(text.count > 80 ? text.prefix(80) + "…" : text))
        }
        if items.count > parts.count {
            parts.append((label: nil, value: DisplayTree("… \(items.count - parts.count) more")))
        }
        return Mirror(self, children: parts, displayStyle: .struct)
    }

    /// The value as compact JSON.
    public var playgroundDescription: Any { description }

    private static func json(_ content: Content) -> String {
        JSONLayout.compact.render(content, indent: "", pretty: false)
    }
}
