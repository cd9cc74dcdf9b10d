import DocTree

/// What a stream knows only at the end, counted first: how many values an
/// index or slice from the end indexes (`osm.relation[-1].user`,
/// `item[-3:]`), and how many child elements an element has that an insert
/// goes into at an index from the end (`--at=-1`). The output before them
/// is long written by the time the end tells, so a first pass over the
/// input counts them, in constant memory (the locator with the path's
/// leading steps, building nothing); the index is then one from the start
/// (`relation[14232].user`), and the edit streams as any other.
extension XMLStreamedEdit {
    /// An edit whose path counts from the end at `step`, the first of its
    /// steps that does, after keys, `*` and positions from the start only.
    struct CountedStep {
        var edit: Int
        var query: PathQuery
        var step: Int

        /// What follows the steps before ``step`` in a first pass, giving
        /// `count` the values they give, which the step indexes: their
        /// candidates, or what a filter among them gives on each.
        func indexed(count: @escaping (Int) -> Void) throws -> XMLEditSelector {
            let before = query.withSteps(query.steps[..<step])
            let plan = try StreamPlan(before, positions: .counted)
            if plan.rest.steps.isEmpty { return .path(StreamMatcher(plan.selector)) }
            return .filter(StreamMatcher(plan.selector), decide: XMLStreamedEdit.counter(plan.rest, count: count))
        }
    }

    /// Whether a first pass must count before the edits run.
    var needsCounts: Bool { !counted.isEmpty || !childCounted.isEmpty }

    /// Whether `edit` inserts into elements at an index from the end (not
    /// an attribute, whose place is not an index).
    static func insertsFromTheEnd(_ edit: Edit) -> Bool {
        guard case .insert(_, let key, .into(let index?)) = edit.operation else { return false }
        return index < 0 && !(key?.hasPrefix("@") ?? false)
    }

    /// The first step of `query` that counts from the end (an index or
    /// slice among keys, `*`, filters and other positions: what the first
    /// pass can count), or `nil`. Whether the path streams once it is
    /// counted is for its finder to say. One after another index or slice
    /// that follows a filter or a reserved name is not counted here: after
    /// an index, its candidate holds all it counts among
    /// (``decider(_:rest:insertIndexes:)``); after a slice, it is refused.
    static func firstStepCountingFromEnd(in query: PathQuery) -> Int? {
        var afterPrefix = false
        var positioned = false
        for (index, step) in query.steps.enumerated() {
            switch step.kind {
            case .descendant, .collectionOperator: return nil
            case _ where step.isPosition && step.reachFromEnd > 0: return positioned ? nil : index
            case _ where step.isPosition: positioned = positioned || afterPrefix
            case .filter, .reserved: afterPrefix = true
            default: continue
            }
        }
        return nil
    }

    /// `query` with its step `index` (an index or slice) counting from the
    /// start, among `count` values: the same positions (`[-1]` among 10 is
    /// `[9]`, `[-3:]` is `[7:10]`; out of range, none).
    static func query(_ query: PathQuery, countedAt index: Int, among count: Int) -> PathQuery {
        var steps = query.steps
        let positions = steps[index].positions(among: count)!
        if case .index = steps[index].kind {
            steps[index].kind = .index(positions.isEmpty ? count : positions.lowerBound)
        } else {
            steps[index].kind = .slice(positions.lowerBound, positions.upperBound)
        }
        return query.withSteps(steps)
    }

    /// These edits with what they count from the end counted in `input`,
    /// read from its start: first the paths, then (along the counted
    /// paths, in a pass of their own when there are both) the children of
    /// the elements inserts go into.
    ///
    /// - Throws: ``QueryError/Kind-swift.struct/notStreamable`` when
    ///   `input` can be read only once (a pipe); what reading it throws,
    ///   as the edit's own pass would.
    func resolvingCounts(in input: ChunkedInput) throws -> XMLStreamedEdit {
        func again() throws -> ChunkedInput {
            if let again = input.rereading() { return again }
            let path = edits[counted.first?.edit ?? childCounted[0]].path
            throw QueryError(
                .notStreamable,
                "this \(counted.isEmpty ? "insert" : "step") counts from the end: a streamed edit counts "
                    + "\(counted.isEmpty ? "the element's children" : "the values it indexes") in a first pass over the input, "
                    + "and this input (a pipe) can be read only once; give a file, or edit without streaming",
                path: path, scalarRange: counted.first.map { $0.query.steps[$0.step].range } ?? 0..<path.unicodeScalars.count)
        }
        var finders = finders
        if !counted.isEmpty {
            var counts = Array(repeating: 0, count: counted.count)
            let selectors = try counted.indices.map { c in try counted[c].indexed { counts[c] += $0 } }
            let (found, _) = try census(selectors, children: [], in: again())
            for (c, found) in found.enumerated() { counts[c] += found }
            for (counted, count) in zip(counted, counts) {
                finders[counted.edit] = try Self.finder(
                    edits[counted.edit], query: Self.query(counted.query, countedAt: counted.step, among: count))
            }
        }
        var intoIndexes = intoIndexes
        if !childCounted.isEmpty {
            let selectors = childCounted.map { k -> XMLEditSelector in
                guard case .path(let selector) = finders[k] else { preconditionFailure("init admits paths only") }
                return .path(StreamMatcher(selector))
            }
            let (_, children) = try census(selectors, children: Set(selectors.indices), in: again())
            for (k, counts) in zip(childCounted, children) {
                guard case .insert(_, _, .into(let index?)) = edits[k].operation else { continue }
                // Out of range, an index no element reaches: the editor refuses it at the element's end.
                intoIndexes[k] = counts.map { count in count + index >= 0 ? count + index : .max }
            }
        }
        var resolved = XMLStreamedEdit(edits, finders: finders, intoIndexes: intoIndexes, options: options, maxHeld: maxHeld)
        resolved.decidesOnStartTags = decidesOnStartTags
        return resolved
    }

    /// How many elements and attributes each of `selectors` reports in
    /// the document `input` holds (a filter counts what it decides
    /// itself), and for those in `children`, how many child elements each
    /// element it reaches has, in document order (empty for the others).
    private func census(
        _ selectors: [XMLEditSelector], children: Set<Int>, in input: ChunkedInput
    ) throws -> (counts: [Int], children: [[Int]]) {
        let (_, head, decoder) = try utf8(head: Self.head(of: input), isAtEnd: input.isAtEnd)
        var counts = Array(repeating: 0, count: selectors.count)
        var childCounts: [[Int]] = Array(repeating: [], count: selectors.count)
        do {
            try XMLStreamLocator.run(
                first: head, transcoded: decoder != nil, next: { chunk, _ in try Self.read(input, into: &chunk, decoder: decoder) },
                selectors: selectors, reportingChildrenOf: children, options: options,
                event: { event in
                    switch event {
                    case .elementStart(let k, _, _, _):
                        counts[k] += 1
                        if children.contains(k) { childCounts[k].append(0) }
                    case .attribute(let k, _, _, _): counts[k] += 1
                    case .childStart(let k, _): childCounts[k][childCounts[k].count - 1] += 1
                    default: break
                    }
                })
        } catch let error as XMLLocatorSelectorError {
            let k = children.isEmpty ? counted[error.selector].edit : childCounted[error.selector]
            throw Self.refusal(edits[k], error.error)
        }
        return (counts, childCounts)
    }
}
