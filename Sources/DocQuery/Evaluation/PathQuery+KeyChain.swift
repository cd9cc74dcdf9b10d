import DocTree

extension PathQuery {
    /// Whether the path is made only of keys (`actor.id`): the one test of
    /// a keys-only path, which a `set` that misses creates, and which
    /// ``keyChain`` and ``keyChainMatches(in:)`` answer without an evaluator.
    package var isKeyChain: Bool {
        !steps.isEmpty && steps.allSatisfy { if case .key = $0.kind { true } else { false } }
    }

    /// The keys of a path made only of keys (`actor.id`), each as UTF-8, in
    /// order; `nil` for any other path. For answering such a path straight
    /// from a record's bytes (`JSONKeyPathSkimmer`).
    package var keyChain: [[UInt8]]? {
        guard isKeyChain else { return nil }
        return steps.compactMap { step in
            guard case .key(let slot) = step.kind else { return nil }
            return Array(keys[slot].utf8)
        }
    }

    /// What a keys-only path selects from `document`'s root, as the
    /// evaluator finds it: each step the one member lookup over the whole
    /// input (``Document/appendKeyedMembers(ofEach:below:named:into:)``,
    /// the evaluator's key step), with no evaluator and no result around it
    /// (an edit's path is evaluated on each record of JSON Lines); `nil` for
    /// a path with any other step.
    package func keyChainMatches(in document: Document) -> [UInt32]? {
        guard isKeyChain else { return nil }
        let ids = keyIDs.ids(of: keys, in: document.table.names)
        let limit = UInt32(truncatingIfNeeded: document.table.nodes.count)
        var items = [document.root.index]
        var next: [UInt32] = []
        for step in steps {
            guard case .key(let slot) = step.kind, ids[slot] != 0 else { return [] }
            next.removeAll(keepingCapacity: true)
            document.appendKeyedMembers(ofEach: items, below: limit, named: ids[slot], into: &next)
            swap(&items, &next)
            if items.isEmpty { break }
        }
        return items
    }
}
