import DocQuery

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
/// tests check them against DocQuery's. The walk keeps an explicit stack,
/// so any depth is safe.
struct LeafPaths {

    /// Calls `body` with the path, the node and the printed value of every
    /// leaf below `start` (or of `start` itself when it is a leaf). `path`
    /// is the canonical path of `start` (`.` or `""` for the root).
    func forEachLeaf(of start: Node, path: String, _ body: (_ path: String, _ node: Node, _ value: String) -> Void) {
        var steps = CanonicalSteps()
        var pending: [(Node, String)] = [(start, path == "." ? "" : path)]
        while let (node, path) = pending.popLast() {
            switch node.kind {
            case .document:
                pending.append((node.document.root, path))
            case .object, .array:
                let children = steps.childSteps(of: node)
                if children.isEmpty {
                    body(Self.display(path), node, node.kind == .object ? "{}" : "[]")
                }
                for (child, step) in children.reversed() where child.kind != .attribute {
                    pending.append((child, CanonicalSteps.join(path, step)))
                }
            case .element:
                let children = steps.childSteps(of: node)
                for (child, step) in children where child.kind == .attribute {
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
                for (child, step) in children.reversed() where child.kind != .attribute {
                    pending.append((child, CanonicalSteps.join(path, step)))
                }
            default:
                body(Self.display(path), node, ValueFormatter.scalarText(node) ?? "")
            }
        }
    }

    /// The canonical path of `node` from its document's root
    /// (`tasks.list[0].taskseries[1].name`), as DocQuery writes it; `""`
    /// for the root itself and for nodes no path selects (text runs, comments).
    static func canonicalPath(of node: Node) -> String {
        guard let path = PathQuery.canonicalPath(of: node), path != "." else { return "" }
        return path
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
struct CanonicalSteps {
    /// Each name's step, by name id: quoting is worked out once per name.
    private var written: [UInt32: String] = [:]

    /// The attributes and content children of `container`, in document
    /// order, with the step that reaches each.
    mutating func childSteps(of container: Node) -> [(Node, String)] {
        switch container.kind {
        case .array:
            var steps: [(Node, String)] = []
            steps.reserveCapacity(Int(container.record.b))
            for (position, child) in container.contents.enumerated() { steps.append((child, "[\(position)]")) }
            return steps
        case .object, .element:
            let children = container.kind == .element
                ? Array(container.attributes) + Array(container.contents) : Array(container.contents)
            let localIDs = container.document.table.names.localNameIDs
            var steps: [(Node, String)] = []
            steps.reserveCapacity(children.count)
            if !Self.hasSharedKeys(children, localIDs) {
                for child in children { steps.append((child, step(for: child))) }
                return steps
            }
            // How many children each child's key selects, and which of them it is.
            let groups = container.document.memberGroups(of: container.index)
            for child in children {
                let group = groups[child.record.nameID]
                let key = step(for: child)
                steps.append((child, group.count > 1 ? "\(key)[\(group.ordinal(of: child.index))]" : key))
            }
            return steps
        default:
            return []
        }
    }

    /// The key step of a named child, from the cache.
    private mutating func step(for child: Node) -> String {
        let id = child.record.nameID
        if let cached = written[id] { return cached }
        let step = PathQuery.quotedKey(child.name ?? "")
        written[id] = step
        return step
    }

    /// Whether some key selects more than one of `children` (the common
    /// case, unique keys, is checked without hashing for small containers).
    private static func hasSharedKeys(_ children: [Node], _ localIDs: [UInt32]) -> Bool {
        guard children.count > 1 else { return false }
        let ids = children.map { $0.record.nameID }
        if ids.count <= 32 {
            for i in 0..<ids.count {
                let local = localIDs[Int(ids[i])]
                for j in (i + 1)..<ids.count {
                    let other = ids[j]
                    if other == ids[i] || localIDs[Int(other)] == ids[i] || other == local { return true }
                }
            }
            return false
        }
        var keys = Set<UInt32>(minimumCapacity: ids.count * 2)
        for id in ids {
            if !keys.insert(id).inserted { return true }
            let local = localIDs[Int(id)]
            if local != id, !keys.insert(local).inserted { return true }
        }
        return false
    }

    /// `parent` followed by `step`: a dot before a key, nothing before `[`.
    static func join(_ parent: String, _ step: String) -> String {
        if parent.isEmpty || parent == "." { return step }
        if step.hasPrefix("[") { return parent + step }
        return parent + "." + step
    }
}
