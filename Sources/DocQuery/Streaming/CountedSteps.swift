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
///
/// An index or slice from the end (`items[?id > 5][-2:]`) keeps the last
/// values that reach it, as many as it counts back (and the candidates or
/// batches they are in), passes on each that leaves them and it names
/// whatever the end, and decides on the last ones when the value ends.
struct CountedSteps: Sendable {
    /// The steps before the first cut: the whole rest when it has none.
    let head: PathQuery
    /// Each filter, index or slice with the steps after it up to the next one.
    let stages: [PathQuery]
    /// For a stage that begins with an index or slice it numbers, the
    /// step and the steps after it.
    private let positions: [(step: Step, after: PathQuery)?]

    /// Cuts `rest`. With `holdsFromEnd`, an index or slice from the end is
    /// numbered too, deciding at the end; without, it is evaluated on what
    /// reaches it in each candidate (an XML edit, which admits one only
    /// after an index, whose one value is in one candidate).
    /// An index or slice that begins the rest (a streamed JSON query's
    /// after `*` or a slice, ``StreamPlan``) is cut too, leaving the head
    /// empty: what reaches it is the candidates themselves.
    init(_ rest: PathQuery, holdsFromEnd: Bool = true) {
        let cuts = (rest.filtersAfterFirstStep + rest.steps.indices.filter { rest.steps[$0].isPosition }).sorted()
        func part(_ range: Range<Int>) -> PathQuery {
            rest.withSteps(rest.steps[range])
        }
        head = cuts.isEmpty ? rest : part(0..<cuts[0])
        let ends = cuts.dropFirst() + [rest.steps.count]
        stages = zip(cuts, ends).map { part($0..<$1) }
        positions = zip(cuts, ends).map { cut, end in
            let step = rest.steps[cut]
            guard step.isPosition, holdsFromEnd || step.reachFromEnd == 0 else { return nil }
            return (step, part((cut + 1)..<end))
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
        /// Per stage that counts from the end, the last values numbered
        /// (the last of ``numbered``), each with the result it came in and
        /// that result's number (`results`).
        var last: [[Kept]]
        var results = 0

        init(_ steps: CountedSteps) {
            reached = Array(repeating: 0, count: steps.stages.count)
            numbered = reached
            last = Array(repeating: [], count: steps.stages.count)
        }
    }

    /// Takes `values`, which reach the first step of `stage` (past the last
    /// stage: which are matches, handed to `deliver`), in document order.
    /// With `opened`, they are elements of a lone array read batch by batch
    /// (the rest's first step is an index or slice, with nothing before
    /// it), which the step numbers as they are: a batch of one array is not
    /// held.
    func reach(
        _ values: QueryResult, at stage: Int = 0, opened: Bool = false, _ progress: inout Progress,
        deliver: (QueryResult) throws -> Void
    ) throws {
        guard stage < stages.count else { return try deliver(values) }
        if values.matchedItems.isEmpty { return }
        progress.reached[stage] += values.matchedItems.count
        if let held = progress.held, held.stage == stage {
            // A second value: the step takes each as it is, the held one first.
            progress.held = nil
            try pass(held.values, through: stage, opening: false, &progress, deliver: deliver)
        }
        if progress.reached[stage] == 1 && !opened && values.lone != nil {
            progress.held = (stage, values)
            return
        }
        try pass(values, through: stage, opening: false, &progress, deliver: deliver)
    }

    /// The end of the top-level value: a held array reached its step
    /// alone, which opens it (and what that gives may be held at a later
    /// stage, and opened in turn).
    ///
    /// Stage by stage, since what a stage passes on at the end may reach
    /// the ones after it: the held array is opened, and the last values of
    /// an index or slice from the end are decided, unless the value did
    /// not end (`reachedEnd` false: malformed, where no end tells which
    /// values are last).
    func release(_ progress: inout Progress, reachedEnd: Bool = true, deliver: (QueryResult) throws -> Void) throws {
        for stage in stages.indices {
            if let held = progress.held, held.stage == stage {
                progress.held = nil
                try pass(held.values, through: stage, opening: true, &progress, deliver: deliver)
            }
            guard let (step, after) = positions[stage], step.reachFromEnd > 0 else { continue }
            guard reachedEnd else {
                progress.last[stage] = []
                continue
            }
            let count = progress.numbered[stage]
            let wanted = step.positions(among: count) ?? 0..<0
            let last = progress.last[stage]
            progress.last[stage] = []
            try passOn(last, from: count - last.count, where: { wanted.contains($0) }, after, stage, &progress, deliver: deliver)
        }
    }

    private func pass(
        _ values: QueryResult, through stage: Int, opening: Bool, _ progress: inout Progress,
        deliver: (QueryResult) throws -> Void
    ) throws {
        let next: QueryResult
        if !opening, let (step, after) = positions[stage] {
            // Numbered after those that came before, in any candidate.
            let items = values.items
            let first = progress.numbered[stage]
            progress.numbered[stage] += items.count
            guard let wanted = step.positionsFromStart else {
                return try keepLast(values, items, stage, step, after, &progress, deliver: deliver)
            }
            let lower = max(wanted.lowerBound, first), upper = min(wanted.upperBound, first + items.count)
            guard lower < upper else { return }
            next = try Self.evaluate(after, on: values, Array(items[(lower - first)..<(upper - first)]))
        } else {
            // One of several, a filter tests an array whole; otherwise it opens a lone one.
            next = try stages[stage].evaluate(in: values.queryScope, oneOfSeveral: !opening)
        }
        try reach(next, at: stage + 1, &progress, deliver: deliver)
    }

    /// Adds `items` (of `values`) to the last values of `stage`, whose
    /// `step` counts from the end, and passes on those that leave them and
    /// the step names whatever the end (``Step/namesBeforeTheLast(_:)``).
    private func keepLast(
        _ values: QueryResult, _ items: [UInt32], _ stage: Int, _ step: Step, _ after: PathQuery, _ progress: inout Progress,
        deliver: (QueryResult) throws -> Void
    ) throws {
        progress.results += 1
        let run = progress.results
        progress.last[stage].append(contentsOf: items.map { Kept(run: run, values: values, item: $0) })
        let leaving = progress.last[stage].count - step.reachFromEnd
        guard leaving > 0 else { return }
        let first = progress.numbered[stage] - progress.last[stage].count
        let gone = Array(progress.last[stage][..<leaving])
        progress.last[stage].removeFirst(leaving)
        try passOn(gone, from: first, where: step.namesBeforeTheLast, after, stage, &progress, deliver: deliver)
    }

    /// Passes on the values of `kept` (numbered from `first`) that `wanted`
    /// takes, through `after`, a run of one result at a time.
    private func passOn(
        _ kept: [Kept], from first: Int, where wanted: (Int) -> Bool, _ after: PathQuery,
        _ stage: Int, _ progress: inout Progress, deliver: (QueryResult) throws -> Void
    ) throws {
        var i = 0
        while i < kept.count {
            var j = i
            var picked: [UInt32] = []
            while j < kept.count && kept[j].run == kept[i].run {
                if wanted(first + j) { picked.append(kept[j].item) }
                j += 1
            }
            if !picked.isEmpty {
                try reach(try Self.evaluate(after, on: kept[i].values, picked), at: stage + 1, &progress, deliver: deliver)
            }
            i = j
        }
    }

    /// A value an index or slice from the end keeps, with its result.
    struct Kept {
        var run: Int
        var values: QueryResult
        var item: UInt32
    }

    /// `after` on `items`, values of `values`' result, one of several.
    private static func evaluate(_ after: PathQuery, on values: QueryResult, _ items: [UInt32]) throws(QueryError) -> QueryResult {
        try after.evaluate(
            in: QueryScope(document: values.document, items: items, computed: values.computed, isToMany: items.count > 1,
                           origin: values.origin),
            oneOfSeveral: true)
    }
}
