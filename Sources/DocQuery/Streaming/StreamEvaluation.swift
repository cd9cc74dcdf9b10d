/// Evaluates a path over input read in chunks: the streaming parser
/// materialises each candidate of the plan's prefix, the rest of the path
/// runs on it, and its matches are handed on (or folded) before the next
/// candidate is read.
///
/// In memory the rest runs once over the sequence of all candidates, and
/// a sequence that is exactly one JSON array stands for its elements (a
/// *lone* array), which matters to a filter. So each candidate is
/// evaluated as one of several (``Evaluator/run(_:_:tracing:oneOfSeveral:)``:
/// a filter tests a candidate that is an array as a value, as it would
/// among others). The first candidate's matches wait until a second
/// candidate comes (or the input ends), because only then is it sure that
/// the selector's index steps were right; when the rest holds a filter, the
/// first candidate is also evaluated alone, and the second candidate shows
/// which evaluation was the right one. After the first, a rest without
/// steps is the candidate itself, matched without an evaluator.
///
/// A spread array (``StreamPlan/init(_:printsArrays:)``) comes element by
/// element: for a lone array, each element is one of several (the array
/// stood for them); for a consumer that prints arrays, each element is
/// handed on as a match between the array's edges.
///
/// A filter after the rest's first step (`items[?id == 5].tags[?. == 'a']`),
/// and an index or slice (`items[?id > 5][2]`, `items[-1]`), opens an array that reaches
/// it alone in the whole top-level value, and takes several values as they
/// are (tests each whole, numbers them), whatever candidate or batch they
/// come from (``CountedSteps``).
///
/// No match is handed on that a later refusal would take back: while the
/// selector counts the elements of an array that may not stay alone
/// (``StreamMatcher/betting``), matches wait for the value's end. A
/// `..name` candidate is followed by the matches inside it
/// (``StreamPlan/expansion``).
struct StreamEvaluation {
    let query: PathQuery
    /// How the path runs over JSON: an index or slice after `*` or a slice
    /// belongs to the rest (``StreamPlan/init(_:printsArrays:positions:prefixPositionsAfterKeys:)``).
    private let json: Stage
    /// How it runs over XML, which has no lone arrays: such a step stays
    /// in the prefix, decided on start tags.
    private let xml: Stage

    /// A plan, and what evaluating its rest needs.
    private struct Stage {
        let plan: StreamPlan
        /// The path that computed results report (the rest's text).
        let resultPath: String
        /// Whether a candidate alone may give other matches than among others.
        let aloneDiffers: Bool
        /// The rest, cut at the steps whose input is counted over the whole value.
        let counted: CountedSteps

        init(_ plan: StreamPlan) {
            self.plan = plan
            self.resultPath = QueryOrigin(start: []).appending(plan.rest).joined.text
            self.counted = CountedSteps(plan.rest)
            self.aloneDiffers = counted.head.steps.contains { step in
                if case .filter = step.kind { return true }
                return false
            }
        }
    }

    init(_ query: PathQuery, printsArrays: Bool = false) throws(QueryError) {
        self.query = query
        let xml = try StreamPlan(query, printsArrays: printsArrays, positions: .numbered)
        let json = try StreamPlan(query, printsArrays: printsArrays, positions: .numbered, prefixPositionsAfterKeys: true)
        self.xml = Stage(xml)
        self.json = Stage(json)
    }

    /// Reads `input` to its end and calls `each` with every match, in
    /// document order. JSON input that holds several top-level values
    /// (JSON Lines) is evaluated value by value, as if each were a
    /// document of its own: a fold gives one result per value.
    ///
    /// - Throws: ``LoadError`` for malformed or unreadable input (located
    ///   in the whole input), ``QueryError`` when evaluation fails or the
    ///   document turns out not streamable for the path, or what `each`
    ///   throws. Matches handed on before an error stay handed on.
    ///
    /// With a plan that prints arrays, a spread array comes as `arrayEdge`
    /// `.open`, a match for each element, and `.close`.
    ///
    /// A malformed value of a stream of JSON values (after the first) goes
    /// to `malformed`, and a value whose evaluation fails to `failed`, as
    /// its error; by default they throw it, which ends the run. When they
    /// return instead, the matches the value gave before its error stay
    /// handed on (an array it left open gets no `.close`), the rest of it
    /// is passed over, a fold over it gives nothing, and the values after
    /// it are evaluated as usual.
    ///
    /// When the elements of a JSON array were counted on the bet that it is
    /// the only value an index or slice meets (``StreamMatcher/betting``)
    /// and a second value comes, a file or bytes in memory are read again
    /// (at most ``StreamMatcher/rereadings`` times) with that array taken as one value,
    /// and what went out before that top-level value does not go out again;
    /// a pipe cannot be read again, and the run fails as not streamable.
    func run(
        _ input: ChunkedInput, options: LoadOptions, arrayEdge: (ArrayEdge) throws -> Void = { _ in },
        malformed: (LoadError) throws -> Void = { throw $0 }, failed: (QueryError) throws -> Void = { throw $0 },
        each: (Match) throws -> Void
    ) throws {
        try StreamMatcher.readingAgain(input) { reading, lost in
            // A reading loses bets in later top-level values than the last: the values before went out.
            try read(reading, options: options, lost: lost, resumeAt: lost.map(\.value).max() ?? 0, arrayEdge: arrayEdge,
                     malformed: malformed, failed: failed, each: each)
        }
    }

    /// One reading of `input` (``run(_:options:arrayEdge:malformed:failed:each:)``):
    /// without the `lost` bets, and handing nothing on (matches, edges, errors)
    /// for the top-level values before `resumeAt`, which went out on an earlier reading.
    private func read(
        _ input: ChunkedInput, options: LoadOptions, lost: Set<StreamMatcher.Bet> = [], resumeAt: Int = 0,
        arrayEdge handEdge: (ArrayEdge) throws -> Void, malformed handMalformed: (LoadError) throws -> Void,
        failed handFailed: (QueryError) throws -> Void, each handMatch: (Match) throws -> Void
    ) throws {
        let head = try StreamingLoad.readHead(input, options: options)
        let stage = head.format == .xml ? xml : json
        let plan = stage.plan, counted = stage.counted, resultPath = stage.resultPath, aloneDiffers = stage.aloneDiffers
        // Read once: testing the optional path per candidate copies it.
        let expansion = plan.expansion, hasExpansion = expansion != nil
        let state = RunState(fold: plan.fold.map { StreamFold(op: $0.op, step: $0.step, query: query) },
                             progress: CountedSteps.Progress(counted))
        let printsArrays = plan.selector.spreading == .always
        let matcher = StreamMatcher(plan.selector, lost: lost)
        /// Whether what the current top-level value gives goes out (it did not on an earlier reading).
        func isNew() -> Bool { resumeAt == 0 || matcher.valueOrdinal >= resumeAt }
        func each(_ match: Match) throws { if isNew() { try handMatch(match) } }
        func arrayEdge(_ edge: ArrayEdge) throws { if isNew() { try handEdge(edge) } }
        func malformed(_ error: LoadError) throws { if isNew() { try handMalformed(error) } }
        func failed(_ error: QueryError) throws { if isNew() { try handFailed(error) } }
        /// Hands `match` on, or holds it while the matcher bets on a lone array.
        func hand(_ match: Match) throws {
            if matcher.betting { state.held.append(match) } else { try each(match) }
        }
        func deliver(_ result: QueryResult) throws {
            if state.fold != nil {
                try state.fold!.add(result)
            } else {
                for item in result.items { try hand(result.match(item, resultPath: resultPath)) }
            }
        }
        /// Takes the values the rest's head gives on a candidate or batch
        /// to the counted steps, in document order, and what passes them
        /// all to `deliver`.
        func reach(_ values: QueryResult, opened: Bool = false) throws {
            try counted.reach(values, opened: opened, &state.progress, deliver: deliver)
        }
        /// Passes over the rest of a value whose evaluation failed, unless `failed` throws.
        func fail(_ error: QueryError) throws {
            state.first = nil
            state.progress = CountedSteps.Progress(counted)
            state.abandoned = true
            try failed(error)
        }
        /// The end of one top-level value: its pending and folded matches go out.
        func endValue() throws {
            defer {
                state.abandoned = false
                state.first = nil
                state.progress = CountedSteps.Progress(counted)
                state.fold = plan.fold.map { StreamFold(op: $0.op, step: $0.step, query: query) }
                state.candidates = 0
                state.held = []
            }
            if state.abandoned { return }
            do {
                if let pending = state.first {
                    state.first = nil
                    try reach(pending.alone)
                }
                try counted.release(&state.progress, deliver: deliver)
                // The value ended with the bet standing: it was right.
                for match in state.held { try each(match) }
                if let finished = state.fold {
                    for match in try finished.finish() { try each(match) }
                }
            } catch let error as QueryError {
                try fail(error)
            }
        }
        func edge(_ edge: ArrayEdge) throws {
            state.inArray = edge == .open
            if state.abandoned { return }
            if edge == .close {
                // A spread array is its value's one candidate: nothing else reaches a counted step.
                do { try counted.release(&state.progress, deliver: deliver) } catch let error as QueryError { try fail(error) }
            }
            if edge == .open {
                state.candidates += 1
                if let pending = state.first {
                    state.first = nil
                    try reach(pending.amongOthers)
                }
            }
            if printsArrays { try arrayEdge(edge) }
        }
        do {
            func passOver(_ error: LoadError) throws {
                if let pending = state.first {
                    // What came before the malformed part is still delivered.
                    state.first = nil
                    try reach(pending.amongOthers)
                }
                try counted.release(&state.progress, reachedEnd: false, deliver: deliver)
                state.inArray = false
                state.abandoned = true
                try malformed(error)
            }
            func take(_ candidate: StreamCandidate) throws {
                if state.abandoned { return }
                do {
                    try match(candidate)
                } catch let error as QueryError {
                    try fail(error)
                }
            }
            /// Hands on (or folds) what the rest of the path gives on `candidate`.
            func match(_ candidate: StreamCandidate) throws {
                let document = candidate.document
                let start = candidate.isWrapped ? document.root.index + 1 : document.root.index
                if state.inArray {
                    // Elements of a spread array, one or a batch of them; each is one of several.
                    let elements = candidate.isBatch ? document.root.children.map(\.index) : [start]
                    if printsArrays {
                        for element in elements {
                            try hand(Match(document: document, index: element, computed: nil, resultPath: resultPath))
                        }
                    } else if state.fold != nil && plan.rest.steps.isEmpty {
                        try state.fold!.add(try evaluate(elements, in: document, stage, oneOfSeveral: true), amongOthers: true)
                    } else {
                        try reach(try evaluate(elements, in: document, stage, oneOfSeveral: true), opened: counted.head.steps.isEmpty)
                    }
                    return
                }
                state.candidates += 1
                // `..name`: the matches inside the candidate (when it holds anything) come after it.
                let expands = hasExpansion && document.table.subtreeEnd(start) > start + 1
                if !expands && state.candidates > 1 && plan.rest.steps.isEmpty && state.fold == nil {
                    if let pending = state.first {
                        state.first = nil
                        try reach(pending.amongOthers)
                    }
                    try hand(Match(document: document, index: start, computed: nil, resultPath: resultPath))
                    return
                }
                var starts = [start]
                if expands, let expansion { expansion.appendDescendants(below: start, in: document, into: &starts) }
                let amongOthers = try evaluate(starts, in: document, stage, oneOfSeveral: true)
                if state.candidates == 1 {
                    let alone = aloneDiffers ? try evaluate(starts, in: document, stage, oneOfSeveral: false) : amongOthers
                    state.first = (alone, amongOthers)
                    return
                }
                if let pending = state.first {
                    state.first = nil
                    try reach(pending.amongOthers)
                }
                try reach(amongOthers)
            }
            try StreamingLoad.run(
                input, head: head, matcher: matcher, options: options, nextValue: { try endValue() }, arrayEdge: edge,
                malformed: passOver, emit: take)
        } catch {
            if case .load = error {
                // What came before the malformed part is still delivered.
                if let pending = state.first { try? reach(pending.amongOthers) }
                try? counted.release(&state.progress, reachedEnd: false, deliver: deliver)
            }
            switch error {
            case .load(let error): throw error
            case .consumer(let error): throw error
            case .selector(let error):
                if let bet = matcher.lostBet { throw StreamMatcher.LostBet(bet: bet, error: notStreamable(error)) }
                throw notStreamable(error)
            }
        }
        try endValue()
    }

    /// The state of one ``run(_:options:arrayEdge:malformed:failed:each:)``,
    /// shared by the handlers the load calls one at a time. A class whose
    /// fields are not checked for exclusive access: as local variables
    /// captured by those handlers, every candidate paid dynamic checks
    /// (2.9 % of `--stream items.id`'s instructions).
    private final class RunState {
        @exclusivity(unchecked) var fold: StreamFold?
        /// Candidates of the current top-level value so far.
        @exclusivity(unchecked) var candidates = 0
        /// What the rest's head gives on the first candidate, held until it
        /// is known whether it stands alone (a lone array) or among others.
        @exclusivity(unchecked) var first: (alone: QueryResult, amongOthers: QueryResult)?
        /// Inside a spread array: its candidates are its elements.
        @exclusivity(unchecked) var inArray = false
        /// How far this top-level value has come through the counted steps.
        @exclusivity(unchecked) var progress: CountedSteps.Progress
        /// The value was malformed, or its evaluation failed: nothing more of it is handed on.
        @exclusivity(unchecked) var abandoned = false
        /// Matches held while the matcher bets on a lone array
        /// (``StreamMatcher/betting``): handed on when the value ends, and
        /// dropped when it fails or turns out not streamable.
        @exclusivity(unchecked) var held: [Match] = []

        init(fold: StreamFold?, progress: CountedSteps.Progress) {
            self.fold = fold
            self.progress = progress
        }
    }

    /// The rest's head (``CountedSteps/head``) on the candidates at `starts`
    /// (one, or a batch of a spread array's elements).
    private func evaluate(
        _ starts: [UInt32], in document: Document, _ stage: Stage, oneOfSeveral: Bool
    ) throws(QueryError) -> QueryResult {
        let isToMany = starts.count > 1
        let head = stage.counted.head
        if head.steps.isEmpty {
            // The candidates themselves (what evaluating no steps gives, without an evaluator).
            return QueryResult(document: document, items: starts, computed: [], isToMany: isToMany,
                               origin: QueryOrigin(start: starts).appending(head))
        }
        return try head.evaluate(
            in: QueryScope(document: document, items: starts, computed: [], isToMany: isToMany, origin: QueryOrigin(start: starts)),
            oneOfSeveral: oneOfSeveral)
    }

    /// A selector's verdict as a path error under its step.
    private func notStreamable(_ error: StreamSelectorError) -> QueryError {
        let range = error.step < query.steps.count ? query.steps[error.step].range : 0..<0
        return QueryError(.notStreamable, "this step cannot stream this document: \(error.message)",
                          path: query.description, scalarRange: range)
    }
}
