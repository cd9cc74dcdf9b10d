extension NodeTable {
    /// Verifies the structural invariants of the table: subtree ends nest,
    /// every parent precedes its children and contains them, and every leaf
    /// span lies inside the text buffer. Traps on the first violation.
    ///
    /// Runs after every load when `DOCTREE_INTERNAL_CHECKS` is defined (debug
    /// builds); compiles to nothing otherwise.
    @inline(__always)
    package func checkInvariants() {
        #if DOCTREE_INTERNAL_CHECKS
        precondition(!nodes.isEmpty && nodes[0].kind == .document, "node 0 must be the document node")
        precondition(nodes[0].a == UInt32(nodes.count), "the document node must span every node")
        for (i, record) in nodes.enumerated() {
            let index = UInt32(i)
            if i > 0 {
                let parent = Int(record.parent)
                precondition(parent < i, "parent of node \(i) must precede it")
                precondition(nodes[parent].kind.isContainer, "parent of node \(i) must be a container")
                precondition(nodes[parent].a >= subtreeEnd(index), "node \(i) must end inside its parent")
            }
            if record.kind.isContainer {
                precondition(record.a > index && Int(record.a) <= nodes.count, "node \(i) has a bad subtree end")
            } else {
                precondition(Int(record.a) + Int(record.b) <= text.count, "node \(i) has a span outside the text")
            }
            precondition(Int(record.name) < names.strings.count, "node \(i) has an unknown name id")
        }
        #endif
    }
}
