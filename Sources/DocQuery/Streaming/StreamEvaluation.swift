/// Evaluates a path over input read in chunks: the streaming parser
/// materialises each candidate of the plan's prefix, the rest of the path
/// runs on it, and its matches are handed on (or folded) before the next
/// candidate is read.
///
/// In memory the rest runs once over the sequence of all candidates, and
/// a sequence that is exactly one JSON array stands for its elements (a
/// *lone* array). So each candidate is evaluated as one of several (the
/// rest runs on the candidate twice over, `[c, c]`, and the first half of
/// the result is kept: no sequence is then a lone array, and every rest
/// step maps values one by one). The first candidate is also evaluated
/// alone, and its matches wait until a second candidate shows which
/// evaluation was the right one.
struct StreamEvaluation {
    let query: PathQuery
    let plan: StreamPlan

    init(_ query: PathQuery) throws(QueryError) {
        self.query = query
        self.plan = try StreamPlan(query)
    }

    /// Reads `input` to its end and calls `each` with every match, in
    /// document order.
    ///
    /// - Throws: ``LoadError`` for malformed or unreadable input (located
    ///   in the whole input), ``QueryError`` when evaluation fails or the
    ///   document turns out not streamable for the path, or what `each`
    ///   throws. Matches handed on before an error stay handed on.
    func run(_ input: ChunkedInput, options: LoadOptions, each: (Match) throws -> Void) throws {
        var fold = plan.fold.map { StreamFold(op: $0.op, step: $0.step, query: query) }
        var candidates = 0
        var first: (alone: QueryResult, amongOthers: QueryResult)?
        func deliver(_ result: QueryResult) throws {
            if fold != nil {
                try fold!.add(result)
            } else {
                for match in result.selectedMatches { try each(match) }
            }
        }
        do {
            try StreamingLoad.run(input, selector: plan.selector, options: options) { candidate in
                let document = candidate.document
                let start = candidate.isWrapped ? document.root.index + 1 : document.root.index
                candidates += 1
                let amongOthers = try evaluateAmongOthers(start, in: document)
                if candidates == 1 {
                    first = (try evaluateAlone(start, in: document), amongOthers)
                    return
                }
                if let pending = first {
                    first = nil
                    try deliver(pending.amongOthers)
                }
                try deliver(amongOthers)
            }
            if let pending = first { try deliver(pending.alone) }
        } catch let error as StreamFailure {
            if let pending = first, case .load = error {
                // What came before the malformed part is still delivered.
                try? deliver(pending.amongOthers)
            }
            switch error {
            case .load(let error): throw error
            case .consumer(let error): throw error
            case .selector(let error): throw notStreamable(error)
            }
        }
        if let fold {
            for match in try fold.finish() { try each(match) }
        }
    }

    private func evaluateAlone(_ start: UInt32, in document: Document) throws(QueryError) -> QueryResult {
        if plan.rest.steps.isEmpty {
            // The candidate itself (what evaluating no steps gives, without an evaluator).
            return QueryResult(document: document, items: [start], computed: [], isToMany: false,
                               origin: QueryOrigin(start: [start]).appending(plan.rest))
        }
        return try plan.rest.evaluate(in: QueryScope(
            document: document, items: [start], computed: [], isToMany: false, origin: QueryOrigin(start: [start])))
    }

    private func evaluateAmongOthers(_ start: UInt32, in document: Document) throws(QueryError) -> QueryResult {
        if plan.rest.steps.isEmpty { return try evaluateAlone(start, in: document) }
        let twice = try plan.rest.evaluate(in: QueryScope(
            document: document, items: [start, start], computed: [], isToMany: true, origin: QueryOrigin(start: [start])))
        let half = Array(twice.items.prefix(twice.items.count / 2))
        return QueryResult(
            document: document, items: half, computed: twice.computed, isToMany: twice.isToMany, origin: twice.origin)
    }

    /// A selector's verdict as a path error under its step.
    private func notStreamable(_ error: StreamSelectorError) -> QueryError {
        let range = error.step < query.steps.count ? query.steps[error.step].range : 0..<0
        return QueryError(.notStreamable, "this step cannot stream this document: \(error.message)",
                          path: query.description, scalarRange: range)
    }
}
