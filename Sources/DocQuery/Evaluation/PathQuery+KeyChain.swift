extension PathQuery {
    /// The keys of a path made only of keys (`actor.id`), each as UTF-8, in
    /// order; `nil` for any other path. For answering such a path straight
    /// from a record's bytes (`JSONKeyPathSkimmer`).
    package var keyChain: [[UInt8]]? {
        guard !steps.isEmpty else { return nil }
        var chain: [[UInt8]] = []
        for step in steps {
            guard case .key(let slot) = step.kind else { return nil }
            chain.append(Array(keys[slot].utf8))
        }
        return chain
    }
}
