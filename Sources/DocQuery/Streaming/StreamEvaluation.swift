/// Evaluates a path over input read in chunks: the streaming parser
/// materialises each candidate of the plan's prefix, the rest of the path
/// runs on it, and its matches are handed on (or folded) before the next
/// candidate is read.
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
        do {
            try StreamingLoad.run(input, selector: plan.selector, options: options) { candidate in
                let document = candidate.document
                let start = candidate.isAttribute ? Node(document: document, index: document.root.index + 1) : document.root
                let result = try plan.rest.evaluate(on: start)
                if fold != nil {
                    try fold!.add(result)
                } else {
                    for match in result.selectedMatches { try each(match) }
                }
            }
        } catch {
            switch error {
            case .load(let error): throw error
            case .consumer(let error): throw error
            case .selector(let error): throw notStreamable(error)
            }
        }
        if let fold {
            for match in fold.finish() { try each(match) }
        }
    }

    /// A selector's verdict as a path error under its step.
    private func notStreamable(_ error: StreamSelectorError) -> QueryError {
        let range = error.step < query.steps.count ? query.steps[error.step].range : 0..<0
        return QueryError(.notStreamable, "this step cannot stream this document: \(error.message)",
                          path: query.description, scalarRange: range)
    }
}
