/// Builds canonical paths: for any addressable node, the path from the root
/// that selects exactly that node.
///
/// ## Form
///
/// - The root is omitted (`auth.user`, not `rsp.auth.user`); the root itself
///   is `.`.
/// - A JSON array element is always `[i]`.
/// - A JSON member or an XML attribute or element is `.key` (quoted when it
///   is not a valid bare key: `"a.b"`, `"_contents"`), followed by `[i]` only
///   when the key selects more than one node on the parent: a repeated
///   element, a duplicate JSON key, or an attribute and an element that
///   share a name. `i` is the node's position among those.
///
/// So `tasks.list[0].taskseries[1].name`: the first of several `list`
/// elements, the second of several `taskseries`, the only `name`.
///
/// Text runs, comments, processing instructions and the document node are
/// not addressable and have no canonical path.
struct CanonicalPathBuilder {
    let document: Document
    /// The document's records; valid while `document` (held above) lives.
    private let nodes: UnsafeBufferPointer<NodeRecord>
    /// Where each node's parent is found.
    private let parents: Parents
    private let root: UInt32
    /// When set, siblings are grouped once per parent (for many paths).
    private var groups: [UInt32: ChildGroups]?
    private var arrays: [UInt32: [UInt32]]?

    /// - Parameter memoizing: keep per-parent sibling tables, so building the
    ///   paths of many nodes costs time linear in their number.
    init(document: Document, memoizing: Bool = false) {
        self.document = document
        self.nodes = document.table.nodes.buffer
        self.parents = .table(document.parentTable.parents)
        self.root = document.root.index
        if memoizing {
            groups = [:]
            arrays = [:]
        }
    }

    /// A builder for the path of `node` alone: its ancestors are found by
    /// one walk down from the document node, skipping sibling subtrees,
    /// instead of deriving the document's parent table (4 bytes per node,
    /// kept for the document's life) for a single path.
    init(document: Document, onlyFor node: UInt32) {
        self.document = document
        self.nodes = document.table.nodes.buffer
        self.root = document.root.index
        var chain: [UInt32: UInt32] = [:]
        var parent: UInt32 = 0
        descent: while parent != node, Int(node) < nodes.count {
            let end = nodes[Int(parent)].subtreeEnd(at: parent)
            var child = parent + 1
            while child < end {
                let next = nodes[Int(child)].subtreeEnd(at: child)
                if node < next {
                    chain[child] = parent
                    parent = child
                    continue descent
                }
                child = next
            }
            break
        }
        self.parents = .chain(chain)
    }

    /// The parents a builder knows: the document's whole table, or the
    /// ancestors of the one node it was made for.
    private enum Parents {
        case table([UInt32])
        case chain([UInt32: UInt32])

        subscript(node: UInt32) -> UInt32 {
            switch self {
            case .table(let parents): parents[Int(node)]
            case .chain(let parents): parents[node] ?? ParentTable.none
            }
        }
    }

    /// The canonical path of a node; `""` for the root, `nil` when the node
    /// is not addressable.
    mutating func path(of node: UInt32) -> String? {
        switch nodes[Int(node)].kind {
        case .text, .comment, .processingInstruction, .document:
            return nil
        default:
            break
        }
        var components: [String] = []
        var n = node
        while n != root {
            let record = nodes[Int(n)]
            let parent = parents[n]
            guard parent != ParentTable.none, parent != 0 else { return nil }
            if nodes[Int(parent)].kind == .array {
                components.append("[\(ordinalInArray(n, parent))]")
            } else {
                let name = record.nameID
                let key = Syntax.quotedIfNeeded(document.table.names[name])
                let (count, ordinal) = position(of: n, named: name, in: parent)
                components.append(count > 1 ? ".\(key)[\(ordinal)]" : ".\(key)")
            }
            n = parent
        }
        var path = ""
        for component in components.reversed() { path += component }
        if path.hasPrefix(".") { path.removeFirst() }
        return path
    }

    private mutating func ordinalInArray(_ child: UInt32, _ array: UInt32) -> Int {
        if arrays != nil {
            if arrays![array] == nil {
                var elements: [UInt32] = []
                elements.reserveCapacity(Int(nodes[Int(array)].b))
                var p = array + 1
                while p < nodes[Int(array)].a {
                    elements.append(p)
                    p = subtreeEnd(p)
                }
                arrays![array] = elements
            }
            return arrays![array]!.ordinal(of: child)
        }
        var p = array + 1
        var ordinal = 0
        while p < child {
            ordinal += 1
            p = subtreeEnd(p)
        }
        return ordinal
    }

    /// How many children of `parent` the key `name` selects, and which of
    /// them `child` is: from the parent's grouped members when memoizing,
    /// else by one pass of DocTree's member lookup.
    private mutating func position(of child: UInt32, named name: UInt32, in parent: UInt32) -> (Int, Int) {
        if groups != nil {
            if groups![parent] == nil { groups![parent] = document.memberGroups(of: parent) }
            let group = groups![parent]![name]
            return (group.count, group.ordinal(of: child))
        }
        var count = 0
        var ordinal = 0
        document.forEachMember(of: parent, named: name) { member in
            if member < child { ordinal += 1 }
            count += 1
            return true
        }
        return (count, ordinal)
    }

    private func subtreeEnd(_ index: UInt32) -> UInt32 { nodes[Int(index)].subtreeEnd(at: index) }
}
