/// The rest of a streamed path cut at the steps whose input is counted
/// over the whole top-level value: its filters after its first step
/// (``PathQuery/filtersAfterFirstStep``), and its indexes and slices; and
/// the rule that gives such a step the input it has in memory.
///
/// In memory a filter, index or slice opens the values that reach it when
/// they are one JSON array (a lone array), and otherwise takes them as
/// they are: a filter tests each whole, an index counts among them. What
/// reaches such a step comes from every candidate of the top-level value
/// (every batch of a spread array), so a candidate read on its own does
/// not say which: `a.*[?x].tags[?. == 't1']` opens `tags` when only one
/// element of `a` has `x`, and `items[?id > 5][2]` is the third element
/// kept in the whole array. Streamed, each step counts the values that
/// reach it, and an index or slice numbers them in document order. The
/// first value, when it is an array, is held (as the result it is part
/// of: at most one candidate or batch) until a second value reaches the
/// step, which then takes both as they are, or the top-level value ends,
/// which opens it.
struct CountedSteps: Sendable {
    /// The steps before the first cut: the whole rest when it has none.
    let head: PathQuery
    /// Each filter, index or slice with the steps after it up to the next one.
    let stages: [PathQuery]
    /// For a stage that begins with an index or slice (from the start),
    /// its positions and the steps after it.
    private let positions: [(wanted: Range<Int>, after: PathQuery)?]

    init(_ rest: PathQuery) {
        let cuts = rest.steps.indices.dropFirst().filter { j in
            if case .filter = rest.steps[j].kind { return true }
            return rest.steps[j].isPosition
        }
        func part(_ range: Range<Int>) -> PathQuery {
            PathQuery(description: rest.description, steps: Array(rest.steps[range]), keys: rest.keys)
        }
        head = cuts.isEmpty ? rest : part(0..<cuts[0])
        let ends = cuts.dropFirst() + [rest.steps.count]
        stages = zip(cuts, ends).map { part($0..<$1) }
        positions = zip(cuts, ends).map { cut, end in
            rest.steps[cut].positionsFromStart.map { ($0, part((cut + 1)..<end)) }
        }
    }

    /// How far one top-level value has come through the stages.
    struct Progress {
        /// How many values have reached each stage's first step.
        var reached: [Int]
        /// How many values each stage has numbered (an index or slice taking them as they are).
        var numbered: [Int]
        /// The values that alone reached a stage so far, an array.
        var held: (stage: Int, values: QueryResult)?

        init(_ steps: CountedSteps) {
            reached = Array(repeating: 0, count: steps.stages.count)
            numbered = reached
        }
    }

    /// Takes `values`, which reach the first step of `stage` (past the last
    /// stage: which are matches, handed to `deliver`), in document order.
    func reach(
        _ values: QueryResult, at stage: Int = 0, _ progress: inout Progress, deliver: (QueryResult) throws -> Void
    ) throws {
        guard stage < stages.count else { return try deliver(values) }
        if values.matchedItems.isEmpty { return }
        progress.reached[stage] += values.matchedItems.count
        if let held = progress.held, held.stage == stage {
            // A second value: the step takes each as it is, the held one first.
            progress.held = nil
            try pass(held.values, through: stage, opening: false, &progress, deliver: deliver)
        }
        if progress.reached[stage] == 1 && values.lone != nil {
            progress.held = (stage, values)
            return
        }
        try pass(values, through: stage, opening: false, &progress, deliver: deliver)
    }

    /// The end of the top-level value: a held array reached its step
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
        let next: QueryResult
        if !opening, let (wanted, after) = positions[stage] {
            // Numbered after those that came before, in any candidate.
            let items = values.items
            let first = progress.numbered[stage]
            progress.numbered[stage] += items.count
            let lower = max(wanted.lowerBound, first), upper = min(wanted.upperBound, first + items.count)
            guard lower < upper else { return }
            let picked = Array(items[(lower - first)..<(upper - first)])
            next = try after.evaluate(
                in: QueryScope(document: values.document, items: picked, computed: values.computed, isToMany: picked.count > 1,
                               origin: values.origin),
                oneOfSeveral: true)
        } else {
            // One of several, a filter tests an array whole; otherwise it opens a lone one.
            next = try stages[stage].evaluate(in: values.queryScope, oneOfSeveral: !opening)
        }
        try reach(next, at: stage + 1, &progress, deliver: deliver)
    }
}
