/// The rest of a streamed path cut at its filters after its first step
/// (``PathQuery/filtersAfterFirstStep``), and the rule that gives such a
/// filter the input it has in memory.
///
/// In memory a filter opens the values that reach it when they are one
/// JSON array (a lone array), and tests each value whole when there are
/// several. What reaches a later filter comes from every candidate of the
/// top-level value (every batch of a spread array), so a candidate read on
/// its own does not say which: `a.*[?x].tags[?. == 't1']` opens `tags`
/// when only one element of `a` has `x`. Streamed, each filter counts the
/// values that reach it. The first value, when it is an array, is held (as
/// the result it is part of: at most one candidate or batch) until a second
/// value reaches the filter, which tests both whole, or the top-level value
/// ends, which opens it.
struct LaterFilters: Sendable {
    /// The steps before the first later filter: the whole rest when it has none.
    let head: PathQuery
    /// Each later filter with the steps after it up to the next one.
    let stages: [PathQuery]

    init(_ rest: PathQuery) {
        let cuts = rest.filtersAfterFirstStep
        func part(_ range: Range<Int>) -> PathQuery {
            PathQuery(description: rest.description, steps: Array(rest.steps[range]), keys: rest.keys)
        }
        head = cuts.isEmpty ? rest : part(0..<cuts[0])
        stages = cuts.indices.map { i in part(cuts[i]..<(i + 1 < cuts.count ? cuts[i + 1] : rest.steps.count)) }
    }

    /// How far one top-level value has come through the stages.
    struct Progress {
        /// How many values have reached each stage's filter.
        var reached: [Int]
        /// The values that alone reached a stage's filter so far, an array.
        var held: (stage: Int, values: QueryResult)?

        init(_ filters: LaterFilters) {
            reached = Array(repeating: 0, count: filters.stages.count)
        }
    }

    /// Takes `values`, which reach the filter of `stage` (past the last
    /// stage: which are matches, handed to `deliver`), in document order.
    func reach(
        _ values: QueryResult, at stage: Int = 0, _ progress: inout Progress, deliver: (QueryResult) throws -> Void
    ) throws {
        guard stage < stages.count else { return try deliver(values) }
        if values.matchedItems.isEmpty { return }
        progress.reached[stage] += values.matchedItems.count
        if let held = progress.held, held.stage == stage {
            // A second value: the filter tests each whole, the held one too, first.
            progress.held = nil
            try pass(held.values, through: stage, opening: false, &progress, deliver: deliver)
        }
        if progress.reached[stage] == 1 && values.lone != nil {
            progress.held = (stage, values)
            return
        }
        try pass(values, through: stage, opening: false, &progress, deliver: deliver)
    }

    /// The end of the top-level value: a held array reached its filter
    /// alone, which opens it (and what that gives may be held at a later
    /// stage, and opened in turn).
    func release(_ progress: inout Progress, deliver: (QueryResult) throws -> Void) throws {
        while let held = progress.held {
            progress.held = nil
            try pass(held.values, through: held.stage, opening: true, &progress, deliver: deliver)
        }
    }

    private func pass(
        _ values: QueryResult, through stage: Int, opening: Bool, _ progress: inout Progress,
        deliver: (QueryResult) throws -> Void
    ) throws {
        // One of several, a filter tests an array whole; otherwise it opens a lone one.
        let next = try stages[stage].evaluate(in: values.queryScope, oneOfSeveral: !opening)
        try reach(next, at: stage + 1, &progress, deliver: deliver)
    }
}
