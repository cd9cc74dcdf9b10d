import DocTree

extension Edit {
    /// This edit with its path compiled, so that every engine and every
    /// input of a run uses that one compilation (``pathQuery()``).
    ///
    /// - Throws: ``QueryError`` for a malformed path.
    package func compiled() throws(QueryError) -> Edit {
        var edit = self
        edit.query = try pathQuery()
        return edit
    }

    /// The compiled path: the one ``compiled()`` made, or ``path`` compiled now.
    func pathQuery() throws(QueryError) -> PathQuery {
        if let query { return query }
        return try PathQuery(path, parameters: parameters)
    }

    /// The distinct nodes this edit's path matches in `document`, in
    /// document order of first match, with the compiled query and, when
    /// nothing matched, the result whose explanation says why. Both
    /// formats' edit plans start here. A keys-only path is answered by the
    /// member lookup alone (``PathQuery/keyChainMatches(in:)``), and
    /// evaluated only to explain a miss.
    ///
    /// - Throws: ``QueryError`` for a malformed path, and an invalid edit
    ///   when the path selects a computed value (`@count`, `_string`), which
    ///   no edit can change.
    func targets(in document: Document) throws -> (targets: [UInt32], query: PathQuery, miss: QueryResult?) {
        if let pinned { return ([pinned.node], pinned.query, nil) }
        let query = try pathQuery()
        if let matches = query.keyChainMatches(in: document), !matches.isEmpty {
            return (distinct(matches), query, nil)
        }
        let result = try query.evaluate(on: document)
        let targets = try nodes(of: result, in: document)
        return (targets, query, targets.isEmpty ? result : nil)
    }

    /// The distinct nodes of `document` that `result` (this edit's path,
    /// or the rest of it, evaluated there) selects, in document order of
    /// first match.
    ///
    /// - Throws: an invalid edit when the result holds a computed value.
    func nodes(of result: QueryResult, in document: Document) throws -> [UInt32] {
        // The matched items themselves, as `selectedMatches` holds them,
        // without making a `Match` (and the result's path text) of each:
        // a streamed filter asks this once per element it tests.
        let base = UInt32(truncatingIfNeeded: result.document.table.nodes.count)
        guard result.matchedItems.allSatisfy({ $0 < base && result.document === document }) else {
            throw EditFailure.invalid(self, "the path selects a computed value, not a part of the document")
        }
        return distinct(result.items)
    }

    /// `items` without repeats, in order of first appearance. Items that
    /// come in ascending order (one, or a walk in document order) are
    /// distinct: then they are `items` themselves, and a set is kept only
    /// once one comes back.
    private func distinct(_ items: [UInt32]) -> [UInt32] {
        if zip(items, items.dropFirst()).allSatisfy({ $0 < $1 }) { return items }
        var targets: [UInt32] = []
        var seen: Set<UInt32>?
        for item in items {
            if seen == nil, targets.last.map({ item > $0 }) ?? true {
                targets.append(item)
                continue
            }
            if seen == nil { seen = Set(targets) }
            if seen!.insert(item).inserted { targets.append(item) }
        }
        return targets
    }
}

extension [UInt32] {
    /// In node indexes in ascending (document) order, the position of the
    /// last one at or before `node` (by `ordinal(of:)`); `nil` when all come after it.
    func lastPosition(atOrBefore node: UInt32) -> Int? {
        let after = node == .max ? count : ordinal(of: node + 1)
        return after > 0 ? after - 1 : nil
    }
}

extension Document {
    /// The indexes of node `i`'s children in order (for an XML element,
    /// its attributes first).
    func childIndexes(of i: UInt32) -> [UInt32] {
        let table = self.table
        var result: [UInt32] = []
        var child = i + 1
        let end = table.subtreeEnd(i)
        while child < end {
            result.append(child)
            child = table.subtreeEnd(child)
        }
        return result
    }
}
