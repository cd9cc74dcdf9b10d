/// How a path is evaluated over a stream: its *streamable prefix* (the
/// leading steps a streaming parser decides from a node's ancestors
/// alone), the *rest* (evaluated on each candidate's subtree with the
/// ordinary evaluator) and an optional trailing *fold* (an aggregating
/// operator folded across candidates). See ARCHITECTURE.md, "Streaming
/// evaluation".
struct StreamPlan: Sendable {
    let selector: StreamSelector
    /// The steps after the prefix and before the fold, as a query (with the
    /// original text and keys, so its errors point into the whole path).
    let rest: PathQuery
    /// The trailing operator, if any, and its step.
    let fold: (op: CollectionOperator, step: Step)?
    /// For a prefix that ends with `..name` (a streamed query's), that step
    /// as a path: on a candidate, it finds the matches inside it, which
    /// the rest takes after the candidate itself.
    let expansion: PathQuery?

    /// The operators a stream folds across candidates.
    static let foldable: Set<CollectionOperator> = [.count, .sum, .avg, .min, .max]

    /// Splits `query`, or explains with a caret under the first step that
    /// cannot stream.
    ///
    /// A candidate that is one big JSON array is spread (read element by
    /// element, ``StreamSelector/Spreading``) where that gives the same
    /// values: when the rest begins with a filter, an index or slice, or is only a fold, a lone
    /// array's elements are what the rest or fold takes in memory; and with
    /// `printsArrays`, for a consumer that prints each array as JSON from
    /// its elements, whenever the rest is empty. Otherwise a path that ends
    /// on an array matches it whole, as one value.
    ///
    /// With `positions`, the rest may hold indexes and slices, for a
    /// consumer that counts the values that reach each across candidates,
    /// in document order (``Positions``).
    ///
    /// With `prefixPositionsAfterKeys`, for a consumer that hands matches on
    /// as they come (a streamed query over JSON), an index or slice joins
    /// the prefix only after keys and indexes. After `*` or a slice,
    /// several values may reach it, and a first one that is an array
    /// stands for its elements only if it stays alone, which is known at
    /// the end; the rest's ``CountedSteps`` holds it until then
    /// (`a.*[2:4]`). After keys, several values come only through an
    /// array spreading a key, which the matcher sees as it reads
    /// (``StreamMatcher/betting``): the matches are then held until the
    /// value ends.
    init(
        _ query: PathQuery, printsArrays: Bool = false, positions: Positions = .none, prefixPositionsAfterKeys: Bool = false
    ) throws(QueryError) {
        var steps = query.steps[...]
        var prefix: [StreamSelector.Step] = []
        func reject(_ step: Step, _ why: String) -> QueryError {
            QueryError(.notStreamable, "this step cannot stream: \(why)", path: query.description, scalarRange: step.range)
        }
        // The prefix: keys, `*`, and indexes and slices that count from the start
        // (for a streamed query, one from the end begins the rest).
        var expansion: PathQuery?
        while let step = steps.first {
            if prefixPositionsAfterKeys, step.isPosition, prefix.contains(where: \.givesSeveral) { break }
            if positions == .numbered, case .descendant(let slot) = step.kind {
                // The outermost matches are candidates; the ones inside each are found in it.
                prefix.append(.descendant(slot.map { Array(query.keys[$0].utf8) }))
                expansion = query.withSteps([step])
                steps.removeFirst()
                break
            }
            guard let selected = StreamSelector.Step(step, of: query) else {
                // A streamed query keeps the last values an index or slice from the end may name.
                if positions == .numbered { break }
                if case .index = step.kind {
                    throw reject(step, "a negative index counts from the end, which a stream reaches only at the end")
                }
                if case .slice = step.kind {
                    throw reject(step, "a negative bound counts from the end, which a stream reaches only at the end")
                }
                break
            }
            prefix.append(selected)
            steps.removeFirst()
        }
        // The rest: steps that map each value on its own.
        var rest: [Step] = []
        var fold: (CollectionOperator, Step)?
        while let step = steps.first {
            steps.removeFirst()
            switch step.kind {
            case .key, .wildcard, .reserved, .filter:
                rest.append(step)
            case .descendant where positions == .numbered:
                // On disjoint candidates, as in memory.
                rest.append(step)
            case .descendant:
                throw reject(step, "'..' streams in a query, not yet in an edit (its matches may nest inside each other)")
            case _ where step.isPosition && positions == .numbered:
                rest.append(step)
            case _ where step.isPosition && positions == .counted:
                // Each counts what reaches it across candidates; one from the end
                // is counted first, or comes after an index, in the candidate of its one value.
                let earlier = rest.filter(\.isPosition)
                if step.reachFromEnd > 0, !earlier.isEmpty, !earlier.contains(where: { if case .index = $0.kind { true } else { false } }) {
                    throw reject(step, "an index or slice from the end after a slice counts over what the slice picks in the whole document")
                }
                rest.append(step)
            case .index(let i) where i < 0:
                throw reject(step, "a negative index counts from the end, which a stream reaches only at the end")
            case .index, .slice:
                throw reject(step, "an index or slice after '_' names or filters counts over the whole document")
            case .collectionOperator(let op):
                guard steps.isEmpty else {
                    throw reject(step, "only a last operator is folded across the stream (steps follow \(op))")
                }
                guard Self.foldable.contains(op) else {
                    throw reject(step, "\(op) needs all values at once; a stream folds only @count, @sum, @avg, @min and @max")
                }
                fold = (op, step)
            }
        }
        // A member candidate keeps its key only when the rest may ask for it.
        let namesAsked = rest.contains { step in
            switch step.kind {
            case .reserved(.elementName), .filter: true
            default: false
            }
        }
        let spreading: StreamSelector.Spreading
        if expansion != nil {
            // A spread array's elements would hide the matches inside them.
            spreading = .never
        } else if case .filter = rest.first?.kind {
            spreading = .whenLone
        } else if rest.first?.isPosition == true {
            // What reaches it is the lone array's elements, numbered batch by batch (``CountedSteps``).
            spreading = .whenLone
        } else if rest.isEmpty {
            spreading = fold != nil ? .whenLone : printsArrays ? .always : .never
        } else {
            spreading = .never
        }
        self.selector = StreamSelector(steps: prefix, keepsKeys: namesAsked, spreading: spreading)
        self.rest = query.withSteps(rest)
        self.fold = fold
        self.expansion = expansion
    }

    /// Which indexes and slices a rest may hold.
    enum Positions {
        /// None: each candidate's matches are its own.
        case none
        /// Any, numbered as values reach them, and from the end decided at
        /// the end on the last values kept (a streamed query, ``CountedSteps``).
        case numbered
        /// From the end too, the first one counted by the consumer first
        /// (an XML edit); a later one from the end only after an index
        /// (which picks one value, in one candidate).
        case counted
    }
}
