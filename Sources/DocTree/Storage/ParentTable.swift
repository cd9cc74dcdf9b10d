/// The parent of every node, derived from the subtree ends in one pass.
///
/// Records keep no parent link (see ``NodeRecord``): loading and downward
/// queries never need one. The first request for a parent builds this
/// table, 4 bytes per node, and the document keeps it from then on; a
/// document that is only queried downward never pays for it.
package final class ParentTable: Sendable {
    /// `parents[i]` is the index of node `i`'s parent; `UInt32.max` for the document node.
    package let parents: [UInt32]

    /// The value of ``parents`` for the document node.
    package static let none: UInt32 = .max

    package init(_ table: NodeTable) {
        let nodes = table.nodes
        var parents = [UInt32](repeating: Self.none, count: nodes.count)
        // Open containers, innermost last: (subtree end, index).
        var open: [(end: UInt32, index: UInt32)] = [(UInt32(truncatingIfNeeded: nodes.count), 0)]
        var index: UInt32 = 1
        while Int(index) < nodes.count {
            while open[open.count - 1].end <= index { open.removeLast() }
            parents[Int(index)] = open[open.count - 1].index
            let record = nodes[Int(index)]
            if record.isContainer, record.a > index &+ 1 {
                open.append((record.a, index))
            }
            index &+= 1
        }
        self.parents = parents
    }
}

extension Document {
    /// Every node's parent index, built on first use (see ``ParentTable``).
    package var parentTable: ParentTable {
        derived.value(ParentTable.self) { ParentTable(table) }
    }
}
