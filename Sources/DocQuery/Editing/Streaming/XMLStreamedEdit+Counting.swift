import DocTree

/// Paths that count from the end (`osm.relation[-1].user`, `item[-3:]`):
/// how many values an index or slice from the end indexes is known only
/// at the end of the document, where the output before them is long
/// written. A first pass over the input counts them, in constant memory
/// (the locator with the path's leading steps, building nothing); the
/// index is then one from the start (`relation[14232].user`), and the
/// edit streams as any other.
extension XMLStreamedEdit {
    /// An edit whose path counts from the end at `step`, the first of its
    /// steps that does, after keys, `*` and positions from the start only.
    struct CountedStep {
        var edit: Int
        var query: PathQuery
        var step: Int

        /// The steps before ``step``: the values it indexes are their candidates.
        var indexed: StreamSelector {
            StreamSelector(
                steps: query.steps[..<step].map { StreamSelector.Step($0, of: query)! }, keepsKeys: false, spreading: .never)
        }
    }

    /// The first step of `query` that counts from the end, when only steps
    /// a stream decides as it reads (keys, `*`, positions from the start)
    /// come before it; `nil` otherwise.
    static func firstStepCountingFromEnd(in query: PathQuery) -> Int? {
        for (index, step) in query.steps.enumerated() where StreamSelector.Step(step, of: query) == nil {
            return step.isPosition && step.reachFromEnd > 0 ? index : nil
        }
        return nil
    }

    /// `query` with its step `index` (an index or slice) counting from the
    /// start, among `count` values: the same positions, as a slice
    /// (`[-1]` among 10 is `[9:10]`; out of range, an empty slice).
    static func query(_ query: PathQuery, countedAt index: Int, among count: Int) -> PathQuery {
        var steps = query.steps
        let positions = steps[index].positions(among: count)!
        steps[index].kind = .slice(positions.lowerBound, positions.upperBound)
        return PathQuery(description: query.description, steps: steps, keys: query.keys)
    }

    /// These edits with every path that counts from the end counted in
    /// `input`, read from its start in a first pass.
    ///
    /// - Throws: ``QueryError/Kind-swift.struct/notStreamable`` when
    ///   `input` can be read only once (a pipe); what reading it throws,
    ///   as the edit's own pass would.
    func resolvingCounts(in input: ChunkedInput) throws -> XMLStreamedEdit {
        guard let again = input.rereading() else {
            let first = counted[0]
            let path = edits[first.edit].path
            throw QueryError(
                .notStreamable,
                "this step counts from the end: a streamed edit counts the values it indexes in a first pass over the input, "
                    + "and this input (a pipe) can be read only once; give a file, or edit without streaming",
                path: path, scalarRange: first.query.steps[first.step].range)
        }
        let counts = try count(counted.map(\.indexed), in: again)
        var finders = finders
        for (counted, count) in zip(counted, counts) {
            finders[counted.edit] = try Self.finder(
                edits[counted.edit], query: Self.query(counted.query, countedAt: counted.step, among: count))
        }
        var resolved = XMLStreamedEdit(edits, finders: finders, intoIndexes: intoIndexes, options: options, maxHeld: maxHeld)
        resolved.decidesOnStartTags = decidesOnStartTags
        return resolved
    }

    /// How many elements and attributes each of `selectors` reaches in the
    /// document `input` holds (a candidate's own content is not searched).
    private func count(_ selectors: [StreamSelector], in input: ChunkedInput) throws -> [Int] {
        let (_, head, decoder) = try utf8(head: Self.head(of: input), isAtEnd: input.isAtEnd)
        var counts = Array(repeating: 0, count: selectors.count)
        do {
            try XMLStreamLocator.run(
                first: head, transcoded: decoder != nil, next: { chunk, _ in try Self.read(input, into: &chunk, decoder: decoder) },
                selectors: selectors.map { .path(StreamMatcher($0)) }, options: options,
                event: { event in
                    switch event {
                    case .elementStart(let k, _, _, _), .attribute(let k, _, _, _): counts[k] += 1
                    default: break
                    }
                })
        } catch let error as XMLLocatorSelectorError {
            throw Self.refusal(edits[counted[error.selector].edit], error.error)
        }
        return counts
    }
}
