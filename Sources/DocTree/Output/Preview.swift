/// Builds the one-line previews of nodes.
package enum Preview {
    /// How many keys, attributes or children a preview shows.
    package static let limit = 4
    /// How many characters of a value a preview shows.
    static let textLimit = 40

    /// A node shown as a value, as printed matches show it: like
    /// ``describe(_:)``, except that an attribute is its quoted value and an
    /// element that stands for its text in the JSON form
    /// (``JSONWriter/standaloneText(of:)``) is that text, quoted.
    package static func value(of node: Node) -> String {
        if node.kind == .attribute { return quoted(truncate(node.string ?? "")) }
        if let text = JSONWriter.standaloneText(of: node) { return quoted(truncate(text)) }
        return describe(node)
    }

    package static func describe(_ node: Node) -> String {
        switch node.kind {
        case .document:
            return "document: " + describe(node.document.root)
        case .object:
            let keys = node.children.prefix(limit + 1).map { quoteKeyIfNeeded($0.name ?? "") }
            return "object {\(list(keys, total: Int(node.record.b)))}"
        case .array:
            let count = Int(node.record.b)
            let items = node.children.prefix(limit + 1).map { shortValue($0) }
            return "array [\(list(items, total: count))] (\(count) element\(count == 1 ? "" : "s"))"
        case .element:
            var text = "<" + (node.name ?? "")
            let attributes = Array(node.attributes.prefix(limit + 1))
            for attribute in attributes.prefix(limit) {
                text += " \(attribute.name ?? "")=\"\(truncate(attribute.string ?? ""))\""
            }
            if attributes.count > limit { text += " …" }
            text += ">"
            let elements = node.contents.prefix(limit + 1).map { $0.name ?? "" }
            if !elements.isEmpty {
                text += " {\(list(elements, total: node.contents.count))}"
            } else if let own = node.string, !own.isEmpty {
                text += " " + quoted(truncate(own))
            }
            return text
        case .attribute:
            return "@\(node.name ?? "")=\(quoted(truncate(node.string ?? "")))"
        case .string, .text:
            return quoted(truncate(node.string ?? ""))
        case .number, .true, .false:
            return node.string ?? ""
        case .null:
            return "null"
        case .comment:
            return "<!--\(truncate(node.string ?? ""))-->"
        case .processingInstruction:
            return "<?\(node.name ?? "") \(truncate(node.string ?? ""))?>"
        }
    }

    private static func shortValue(_ node: Node) -> String {
        switch node.kind {
        case .object: return "{…}"
        case .array: return "[…]"
        case .element: return "<\(node.name ?? "")>"
        default: return describe(node)
        }
    }

    private static func list(_ items: [String], total: Int) -> String {
        let shown = items.prefix(limit).joined(separator: ", ")
        return total > limit ? shown + ", … +\(total - limit)" : shown
    }

    private static func truncate(_ text: String) -> String {
        let flat = text.replacingNewlines()
        return flat.count > textLimit ? String(flat.prefix(textLimit)) + "…" : flat
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }

    private static func quoteKeyIfNeeded(_ key: String) -> String {
        key.isEmpty || key.contains(where: { $0 == "," || $0 == " " || $0 == "{" || $0 == "}" }) ? quoted(key) : key
    }
}

extension String {
    fileprivate func replacingNewlines() -> String {
        String(map { $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\t" ? " " : $0 })
    }
}
