import DocQuery

/// The explorer's views of a node's structure: `ls` (the keys here, with
/// kind and count) and `tree` (the outline below, occurrences merged).
enum Outline {
    /// One key of a node: its name as a path step, what it is, how often it
    /// occurs, and a preview of its value when it occurs once.
    struct Entry: Equatable {
        var step: String
        var kind: String
        var count: Int
        var preview: String?
    }

    /// The keys of `node`: for an XML element its attributes, then its
    /// child elements grouped by name, then `_string` when it has text of
    /// its own; for a JSON object its members grouped by key; for a JSON
    /// array one line for its elements.
    static func entries(_ node: Node) -> [Entry] {
        switch node.kind {
        case .element:
            var entries: [Entry] = node.attributes.map {
                Entry(step: PathQuery.quotedKey($0.name ?? ""), kind: "attribute", count: 1,
                      preview: preview($0))
            }
            entries += grouped(Array(node.contents))
            let own = node.string ?? ""
            if !own.trimmingXMLWhitespace().isEmpty {
                entries.append(Entry(step: ReservedKey.string, kind: "text", count: 1, preview: preview(text: own)))
            }
            return entries
        case .object:
            return grouped(Array(node.contents))
        case .array:
            let elements = Array(node.contents)
            guard !elements.isEmpty else { return [] }
            let range = elements.count == 1 ? "[0]" : "[0…\(elements.count - 1)]"
            let kinds = orderedKinds(elements)
            return [Entry(step: range, kind: kinds, count: elements.count,
                          preview: elements.count == 1 ? preview(elements[0]) : nil)]
        case .document:
            return entries(node.document.root)
        default:
            return []
        }
    }

    /// Children grouped by name, in order of first appearance.
    private static func grouped(_ children: [Node]) -> [Entry] {
        var order: [String] = []
        var members: [String: [Node]] = [:]
        for child in children {
            let step = PathQuery.quotedKey(child.name ?? "")
            if members[step] == nil { order.append(step) }
            members[step, default: []].append(child)
        }
        return order.map { step in
            let nodes = members[step]!
            return Entry(step: step, kind: orderedKinds(nodes), count: nodes.count,
                         preview: nodes.count == 1 ? preview(nodes[0]) : nil)
        }
    }

    /// `ls`: one line per key, in columns.
    static func list(_ node: Node) -> [String] {
        let entries = entries(node)
        guard !entries.isEmpty else {
            if let text = ValueFormatter.scalarText(node) {
                return ["(\(kindName(node)) with no keys: \(previewText(text)))"]
            }
            return ["(\(kindName(node)) with no keys)"]
        }
        let nameWidth = min(entries.map { DisplayWidth.of($0.step) }.max() ?? 0, 40)
        let kindWidth = entries.map { $0.kind.count }.max() ?? 0
        let countWidth = entries.map { String($0.count).count }.max() ?? 0
        return entries.map { entry in
            var line = DisplayWidth.padded(entry.step, to: nameWidth) + "  "
                + DisplayWidth.padded(entry.kind, to: kindWidth) + "  "
                + String(repeating: " ", count: countWidth - String(entry.count).count) + String(entry.count)
            if let preview = entry.preview { line += "  " + preview }
            return line.trimmingTrailingSpaces()
        }
    }

    /// `tree`: the outline of `node` down to `depth` levels. Siblings with
    /// the same name are merged into one line with their count (`list ×3`),
    /// and the keys below them are the union of the keys of all of them, so
    /// the outline shows the shape of the data rather than every record.
    static func tree(_ node: Node, depth: Int) -> [String] {
        let start = node.kind == .document ? node.document.root : node
        var lines = [label(name: rootName(start), nodes: [start], capped: false)]
        var pending: [(group: [Node], prefix: String, level: Int, last: Bool, name: String, capped: Bool)] = []
        let top = groups(expanding: [start])
        if depth == 0 {
            if !top.groups.isEmpty { lines[0] += "  …" }
            return lines
        }
        var anyCapped = false
        for (position, group) in top.groups.enumerated().reversed() {
            pending.append((group.nodes, "", 1, position == top.groups.count - 1, group.name, top.capped))
        }
        let limit = 2000
        while let entry = pending.popLast() {
            if lines.count >= limit {
                lines.append("… (outline cut at \(limit) lines; use a smaller depth or cd further in)")
                break
            }
            let branch = entry.last ? "└── " : "├── "
            let children = groups(expanding: entry.group)
            var line = entry.prefix + branch + label(name: entry.name, nodes: entry.group, capped: entry.capped)
            anyCapped = anyCapped || entry.capped
            if entry.level >= depth, !children.groups.isEmpty { line += "  …" }
            lines.append(line)
            guard entry.level < depth else { continue }
            let childPrefix = entry.prefix + (entry.last ? "    " : "│   ")
            // Counts below a capped group are capped too: its nodes are not all there.
            let capped = entry.capped || children.capped
            for (position, group) in children.groups.enumerated().reversed() {
                pending.append((group.nodes, childPrefix, entry.level + 1, position == children.groups.count - 1, group.name, capped))
            }
        }
        if anyCapped {
            lines.append("(+: counted in the first \(countedNodes) nodes only; there are more)")
        }
        return lines
    }

    /// How many nodes ``tree(_:depth:)`` looks into to group one level.
    static let countedNodes = 100_000

    /// What a node is, for messages: `an element`, `a string` …
    static func kindName(_ node: Node) -> String {
        switch node.kind {
        case .element: "an element"
        case .attribute: "an attribute"
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .true, .false: "a boolean"
        case .null: "null"
        case .text: "text"
        case .document: "the document"
        case .comment: "a comment"
        case .processingInstruction: "a processing instruction"
        }
    }

    // MARK: - Helpers

    /// The kind word used in listings.
    static func kindWord(_ node: Node) -> String {
        switch node.kind {
        case .true, .false: "boolean"
        case .processingInstruction: "instruction"
        default: node.kind.description
        }
    }

    private static func rootName(_ node: Node) -> String {
        if node.kind == .element { return node.name ?? "/" }
        return node.parent?.kind == .document ? "/" : (node.name ?? ".")
    }

    /// Children of all `nodes`, grouped by name in order of first
    /// appearance (JSON array elements are looked through: the keys of an
    /// array of objects are the union of the objects' keys).
    /// Stops after ``countedNodes`` nodes: `capped` says some were left out.
    private static func groups(expanding nodes: [Node]) -> (groups: [(name: String, nodes: [Node])], capped: Bool) {
        var order: [String] = []
        var members: [String: [Node]] = [:]
        var queue: [Node] = nodes
        var next = 0
        while next < queue.count, next < countedNodes {
            let node = queue[next]
            next += 1
            switch node.kind {
            case .array:
                // Look through arrays: their elements' keys.
                for element in node.contents where element.kind == .object || element.kind == .array {
                    queue.append(element)
                }
            case .element, .object:
                for attribute in node.attributes {
                    let key = "@attributes"
                    if members[key] == nil { order.append(key) }
                    members[key, default: []].append(attribute)
                }
                for child in node.contents {
                    let key = PathQuery.quotedKey(child.name ?? "")
                    if members[key] == nil { order.append(key) }
                    members[key, default: []].append(child)
                }
            default:
                break
            }
        }
        return (order.map { ($0, members[$0]!) }, next < queue.count)
    }

    /// A tree line: the name, `×count` (`×count+` when `capped`), and what the nodes are.
    private static func label(name: String, nodes: [Node], capped: Bool) -> String {
        if name == "@attributes" {
            var seen: [String] = []
            for attribute in nodes where !seen.contains(attribute.name ?? "") { seen.append(attribute.name ?? "") }
            return "attributes: " + seen.joined(separator: ", ")
        }
        var text = name
        if nodes.count > 1 || capped { text += " ×\(nodes.count)" + (capped ? "+" : "") }
        let arrays = nodes.filter { $0.kind == .array }
        if !arrays.isEmpty {
            let total = arrays.reduce(0) { $0 + $1.contents.count }
            text += " [\(total)\(capped ? "+" : "")]"
            let scalars = arrays.flatMap { Array($0.contents) }.filter { !$0.kind.isContainer }
            if !scalars.isEmpty { text += " " + orderedKinds(scalars) }
            return text
        }
        if nodes.allSatisfy({ !$0.kind.isContainer || ValueFormatter.isTextOnly($0) }) {
            let kinds = orderedKinds(nodes)
            text += "  " + kinds
            if nodes.count == 1, let preview = preview(nodes[0]) { text += " " + preview }
        }
        return text
    }

    /// The distinct kinds of `nodes`, in order: `object`, `string, null`.
    private static func orderedKinds(_ nodes: [Node]) -> String {
        var kinds: [String] = []
        for node in nodes {
            let word = node.kind == .element && ValueFormatter.isTextOnly(node) ? "text" : kindWord(node)
            if !kinds.contains(word) { kinds.append(word) }
            if kinds.count > 3 { break }
        }
        return kinds.joined(separator: ", ")
    }

    /// A short preview of a scalar or text-only element, or `nil`.
    private static func preview(_ node: Node) -> String? {
        guard let text = ValueFormatter.scalarText(node) else { return nil }
        if node.kind == .string || node.kind == .attribute || node.kind == .element || node.kind == .text {
            return previewText(text)
        }
        return text
    }

    private static func preview(text: String) -> String { previewText(text) }

    /// `text` quoted, cut to 40 characters, with line breaks shown as `\n`.
    static func previewText(_ text: String) -> String {
        var shown = QueryRun.escapedForLine(text)
        if shown.count > 40 { shown = String(shown.prefix(40)) + "…" }
        return "\"" + shown + "\""
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }

}
