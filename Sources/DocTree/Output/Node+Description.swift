extension Node: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A short, one-line preview: the kind, the name, and a glimpse of the
    /// value or of the first few keys, e.g. `<user id="9876" username="bob" …>`,
    /// `object {_id, 상영관명, 위도}`, `"MMC 만경관 1관"`, `35.8709275`.
    public var description: String {
        Preview.describe(self)
    }

    /// The preview plus where the node sits: `Node #12 (element, depth 3): <user …>`.
    public var debugDescription: String {
        var depth = 0
        var up = parent
        while let node = up, node.kind != .document {
            depth += 1
            up = node.parent
        }
        return "Node #\(index) (\(kind), depth \(depth)): \(description)"
    }

    /// Shows the node's kind, name and value, and its first children, in a
    /// debugger or playground.
    public var customMirror: Mirror {
        var entries: [(label: String?, value: Any)] = [("kind", kind)]
        if let name { entries.append(("name", name)) }
        if !kind.isContainer, let string { entries.append(("value", string)) }
        for attribute in attributes.prefix(Preview.limit) {
            entries.append(("@" + (attribute.name ?? ""), attribute.string ?? ""))
        }
        for (offset, child) in children.prefix(Preview.limit).enumerated() {
            entries.append((child.name ?? "[\(offset)]", child.description))
        }
        return Mirror(self, children: entries, displayStyle: .struct)
    }
}

extension Document: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `Document(json, 1 234 nodes): object {statuses, search_metadata}`.
    public var description: String {
        "Document(\(format), \(nodeCount) nodes): \(root.description)"
    }

    /// The description plus the size of the text buffer and the name table.
    public var debugDescription: String {
        "Document(\(format), \(nodeCount) nodes, \(table.text.count) text bytes, \(table.names.strings.count - 1) names): \(root.description)"
    }

    /// Shows the format, node count and root.
    public var customMirror: Mirror {
        Mirror(self, children: ["format": format, "nodeCount": nodeCount, "root": root], displayStyle: .class)
    }
}

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
