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
/// Paths are built step by step while walking, one pass over each
/// container's children, rather than searched for per leaf; the steps follow
/// the path language's canonical form (see ``CanonicalSteps``), and the
/// tests check them against the engine's. The walk keeps an explicit stack,
/// so any depth is safe.
struct LeafPaths {
    let engine: any PathEngine

    /// Calls `body` with the path, the node and the printed value of every
    /// leaf below `start` (or of `start` itself when it is a leaf). `path`
    /// is the canonical path of `start` (`.` or `""` for the root).
    func forEachLeaf(of start: Node, path: String, _ body: (_ path: String, _ node: Node, _ value: String) -> Void) {
        var pending: [(Node, String)] = [(start, path == "." ? "" : path)]
        while let (node, path) = pending.popLast() {
            switch node.kind {
            case .document:
                pending.append((node.document.root, path))
            case .object, .array:
                let steps = CanonicalSteps.childSteps(of: node, engine: engine)
                if steps.isEmpty {
                    body(Self.display(path), node, node.kind == .object ? "{}" : "[]")
                }
                for (child, step) in steps.reversed() where child.kind != .attribute {
                    pending.append((child, CanonicalSteps.join(path, step)))
                }
            case .element:
                let steps = CanonicalSteps.childSteps(of: node, engine: engine)
                for (child, step) in steps where child.kind == .attribute {
                    body(Self.display(CanonicalSteps.join(path, step)), child, child.string ?? "")
                }
                if let text = ValueFormatter.scalarText(node) {
                    body(Self.display(path), node, text)
                    continue
                }
                let ownText = node.string ?? ""
                if !ownText.trimmingXMLWhitespace().isEmpty {
                    body(Self.display(CanonicalSteps.join(path, ReservedKey.string)), node, ownText)
                }
                for (child, step) in steps.reversed() where child.kind != .attribute {
                    pending.append((child, CanonicalSteps.join(path, step)))
                }
            default:
                body(Self.display(path), node, ValueFormatter.scalarText(node) ?? "")
            }
        }
    }

    /// The root's own path, `""`, is shown as `.`, the path that selects it.
    static func display(_ path: String) -> String { path.isEmpty ? "." : path }
}

/// The steps of canonical paths: how a path names each child of a
/// container, as the path language writes them.
///
/// - a JSON array element is `[i]`;
/// - a JSON member, XML attribute or XML child element is its key as
///   written (quoted when the language needs it), followed by `[i]` only
///   when that key selects more than one child of the parent (a repeated
///   element, a duplicate JSON key, an attribute and an element that share
///   a name); `i` is the position among those.
enum CanonicalSteps {
    /// The attributes and content children of `container`, in document
    /// order, with the step that reaches each.
    static func childSteps(of container: Node, engine: any PathEngine) -> [(Node, String)] {
        switch container.kind {
        case .array:
            return container.contents.enumerated().map { ($0.element, "[\($0.offset)]") }
        case .object, .element:
            let children = Array(container.attributes) + Array(container.contents)
            let localIDs = container.document.table.names.localNameIDs
            // How many children each name id selects: a child named `n`
            // is selected by the key `k` when n == k or n's local part is k.
            var selected: [UInt32: Int] = [:]
            for child in children {
                let id = child.record.name
                selected[id, default: 0] += 1
                let local = localIDs[Int(id)]
                if local != id { selected[local, default: 0] += 1 }
            }
            var seen: [UInt32: Int] = [:]
            var steps: [(Node, String)] = []
            steps.reserveCapacity(children.count)
            for child in children {
                let id = child.record.name
                let step = engine.pathStep(forKey: child.name ?? "")
                let position = seen[id, default: 0]
                seen[id] = position + 1
                let local = localIDs[Int(id)]
                if local != id { seen[local, default: 0] += 1 }
                steps.append((child, selected[id, default: 0] > 1 ? "\(step)[\(position)]" : step))
            }
            return steps
        default:
            return []
        }
    }

    /// `parent` followed by `step`: a dot before a key, nothing before `[`.
    static func join(_ parent: String, _ step: String) -> String {
        if parent.isEmpty || parent == "." { return step }
        if step.hasPrefix("[") { return parent + step }
        return parent + "." + step
    }
}
