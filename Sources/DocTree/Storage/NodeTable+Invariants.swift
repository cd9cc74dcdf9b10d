extension NodeTable {
    /// Verifies the structural invariants of the table: subtree ends nest
    /// (every node ends inside the innermost container it starts in), every leaf
    /// span lies inside the text buffer. Traps on the first violation.
    ///
    /// Runs after every load when `DOCTREE_INTERNAL_CHECKS` is defined (debug
    /// builds); compiles to nothing otherwise.
    @inline(__always)
    package func checkInvariants() {
        #if DOCTREE_INTERNAL_CHECKS
        precondition(!nodes.isEmpty && nodes[0].kind == .document, "node 0 must be the document node")
        precondition(nodes[0].a == UInt32(nodes.count), "the document node must span every node")
        // Subtree ends of the open containers, innermost last.
        var open: [UInt32] = []
        for (i, record) in nodes.enumerated() {
            let index = UInt32(i)
            while let end = open.last, end <= index { open.removeLast() }
            precondition(i == 0 || !open.isEmpty, "node \(i) must have a parent")
            if let end = open.last {
                precondition(subtreeEnd(index) <= end, "node \(i) must end inside its parent")
            }
            if record.kind.isContainer {
                precondition(record.a > index && Int(record.a) <= nodes.count, "node \(i) has a bad subtree end")
                open.append(record.a)
            } else {
                precondition(Int(record.a) + Int(record.b) <= text.count, "node \(i) has a span outside the text")
            }
            precondition(Int(record.nameID) < names.strings.count, "node \(i) has an unknown name id")
        }
        #endif
    }
}
