import DocTree

/// Lists the leaves below a node with their canonical paths: what
/// `docq --paths . FILE` and the explorer's `paths` print, so grep can find
/// the path to a value you can see.
///
/// A leaf is a JSON scalar, an empty JSON object or array, an XML attribute,
/// an XML element that prints as its text (see ``ValueFormatter``), and the
/// own text of an element with mixed content (as `path._string`). Leaves come
/// in document order, an element's attributes before its content.
///
/// Paths are built step by step while walking (the walk keeps an explicit
/// stack, so depth is no problem), which costs one pass over each
/// container's children rather than a search per leaf.
struct LeafPaths {
    let engine: any PathEngine

    /// Calls `body` with the path and the printed value of every leaf below
    /// `start` (or `start` itself when it is a leaf). `path` is the
    /// canonical path of `start`.
    func forEachLeaf(of start: Node, path: String, _ body: (_ path: String, _ value: String) -> Void) {
        var pending: [(Node, String)] = [(start, path)]
        while let (node, path) = pending.popLast() {
            switch node.kind {
            case .document:
                pending.append((node.document.root, path))
            case .object, .array:
                let steps = CanonicalSteps.childSteps(of: node, engine: engine)
                if steps.isEmpty {
                    body(Self.display(path), node.kind == .object ? "{}" : "[]")
                }
                for (child, step) in steps.reversed() {
                    pending.append((child, CanonicalSteps.join(path, step)))
                }
            case .element:
                if let text = ValueFormatter.scalarText(node) {
                    // A text-only element: its attributes, then its text.
                    for attribute in node.attributes {
                        body(Self.display(CanonicalSteps.join(path, engine.pathStep(forKey: attribute.name ?? ""))),
                             attribute.string ?? "")
                    }
                    body(Self.display(path), text)
                    continue
                }
                for attribute in node.attributes {
                    body(Self.display(CanonicalSteps.join(path, engine.pathStep(forKey: attribute.name ?? ""))),
                         attribute.string ?? "")
                }
                let ownText = node.string ?? ""
                if !ownText.trimmingXMLWhitespace().isEmpty {
                    body(Self.display(CanonicalSteps.join(path, ReservedKey.string)), ownText)
                }
                for (child, step) in CanonicalSteps.childSteps(of: node, engine: engine).reversed() {
                    pending.append((child, CanonicalSteps.join(path, step)))
                }
            default:
                body(Self.display(path), ValueFormatter.scalarText(node) ?? "")
            }
        }
    }

    /// The root's own path, `""`, is shown as `.`, the path that selects it.
    static func display(_ path: String) -> String { path.isEmpty ? "." : path }
}

/// The steps of canonical paths: how a path names each child of a container.
///
/// - JSON members: the key, quoted when the path language needs it;
/// - JSON array elements: `[i]`;
/// - XML child elements: the name as written, with `[i]` (the position among
///   same-named siblings) when the name occurs more than once.
enum CanonicalSteps {
    /// The content children of `container` with the step that reaches each.
    static func childSteps(of container: Node, engine: any PathEngine) -> [(Node, String)] {
        switch container.kind {
        case .array:
            return container.contents.enumerated().map { ($0.element, "[\($0.offset)]") }
        case .object:
            var seen: [UInt32: Int] = [:]
            var counts: [UInt32: Int] = [:]
            for child in container.contents { counts[child.record.name, default: 0] += 1 }
            return container.contents.map { child in
                let id = child.record.name
                let step = engine.pathStep(forKey: child.name ?? "")
                guard counts[id, default: 0] > 1 else { return (child, step) }
                let position = seen[id, default: 0]
                seen[id] = position + 1
                return (child, "\(step)[\(position)]")
            }
        case .element, .document:
            var counts: [UInt32: Int] = [:]
            for child in container.contents { counts[child.record.name, default: 0] += 1 }
            var seen: [UInt32: Int] = [:]
            return container.contents.map { child in
                let id = child.record.name
                let step = engine.pathStep(forKey: child.name ?? "")
                guard counts[id, default: 0] > 1 else { return (child, step) }
                let position = seen[id, default: 0]
                seen[id] = position + 1
                return (child, "\(step)[\(position)]")
            }
        default:
            return []
        }
    }

    /// `parent` followed by `step`: a dot before a key, nothing before `[`.
    static func join(_ parent: String, _ step: String) -> String {
        if parent.isEmpty { return step }
        if step.hasPrefix("[") { return parent + step }
        return parent + "." + step
    }
}
