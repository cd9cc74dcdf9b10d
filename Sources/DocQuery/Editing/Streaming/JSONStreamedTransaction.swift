import DocTree

/// A streamed edit of JSON that applies several edits as one transaction,
/// and any operation: each edit's path is split into a *prefix* that the
/// stream scanner selects (keys, `*` and non-negative indexes, shared by
/// every edit) and a *rest* (keys, `*` and filters, at least one step).
/// Each value the prefix reaches is held while it is read, edited in memory
/// by ``JSONEditPlan`` with the rests, laid out as the whole document is
/// (``JSONLayoutProbe``, and the indentation of the line it starts on),
/// and written in its place; every other byte is copied through.
///
/// An array the prefix reaches through objects only is held element by
/// element (in batches), when every rest begins with a key, `*` or a
/// filter (which apply to each element) and holds no index, or begins with
/// an index or slice that counts from the front (`[5]`, `[2:9]`, which name
/// elements by their ordinal: each batch counts from its first element's)
/// and holds no other; anything else is held whole, so memory is
/// bounded by the largest value the prefix reaches.
///
/// The output is the in-memory editor's, byte for byte: every path is
/// evaluated on the original, edits whose targets overlap are rejected as
/// in memory, and new content follows the same layout. What cannot be
/// decided while reading throws ``QueryError/Kind-swift.struct/notStreamable``:
/// a layout fact (the colon, the spacing after commas) that the output
/// depends on and that only later input settles, and a keys-only `set`
/// that matches nothing (creating what is missing needs the whole tree).
struct JSONStreamedTransaction: Sendable {
    /// A second value reached the prefix where a rest counts positions over
    /// all of them (``countsOverAll``): the error a run fails with, unless
    /// the values are counted first (``StreamedEdit``).
    struct SeveralValues: Error {
        var error: QueryError
    }

    /// The edits as given, for messages and counts.
    let edits: [Edit]
    /// The edits applied to each value the prefix reaches: their rests.
    let parts: [Edit]
    /// Per part whose rest begins with an index or slice: the part rebased
    /// to name no element of a batch (an index past any batch, an empty
    /// slice), which every batch its positions miss gets as it is
    /// (``parts(forElements:among:picked:of:)``): a first pass's targets are
    /// up to 4,096 parts, each naming one element.
    private let namingNothing: [Edit?]
    let selector: StreamSelector
    /// Whether a rest holds an index or slice, which counts over every
    /// value the prefix reaches: the prefix must then reach one value.
    let countsOverAll: Bool
    /// Whether a rest begins with an index or slice and holds no other, so
    /// that a spread array's batches rebase it (``parts(forElements:among:picked:of:)``).
    let countsElements: Bool
    /// Per part, for a rest that is a filter then an index from the start
    /// and no other position (`[?id == 7][0].name`): the filter, as a path
    /// of its own, and the index. A spread array's batches count what the
    /// filter keeps across them and name the element picked by ordinal.
    let keptIndexes: [(filter: PathQuery, index: Int)?]
    /// How many elements after its own a batch of a spread array waits
    /// for before it is edited: as many as an index or slice counts from
    /// the end (`[-2]`: 2), and one for an insert beside elements (whether
    /// one follows decides where an insert after the batch's last goes);
    /// 0 when no batch waits.
    let tailHeld: Int
    /// Whether an edit inserts beside the elements the prefix reaches.
    let insertsBeside: Bool
    /// The most bytes a value being edited may hold; `nil`: no cap.
    let maxHeld: Int?
    /// A filter that begins a rest, as written: it tests the value the
    /// prefix reaches (or, when that is one array, its elements).
    let leadingFilter: String?
    /// The parts evaluated as some of several values (``PathQuery/amongOthersFrom``)
    /// from their first step (`[0]`: a ``leadingFilter`` then tests an
    /// array the prefix reaches whole) and from their second (`[1]`: the
    /// ``laterFilters`` do), on the bet that several values reach each
    /// such filter in the document (``severalBet``); empty when no part
    /// has either filter.
    let partsAmongOthers: [[Edit]]
    /// The step that makes each value the prefix reaches be held whole
    /// (not spread element by element), as written, for messages.
    let wholeStep: String?
    /// Per part, where the filters after its rest's first step stand
    /// (``PathQuery/filtersAfterFirstStep``): a value held (a batch) gives
    /// only some of the values that reach them in the document
    /// (``JSONTransactionOutput``'s `checkLaterFilters`).
    let laterFilters: [[Int]]
    /// Whether some part has ``laterFilters`` (asked per value reached:
    /// a key path's `allSatisfy(\.isEmpty)` cost 3% of a filter set over
    /// many small values).
    let hasLaterFilters: Bool

    /// Splits `edits` into the shared prefix and their rests. With
    /// `comments` (JSON with comments), an index in a rest and an insert
    /// into a value are allowed (they cannot go the lean way there).
    ///
    /// - Throws: ``QueryError/Kind-swift.struct/notStreamable`` when they
    ///   share no prefix (each value edited would be the whole document)
    ///   or a rest holds a step other than a key, `*` or a filter.
    init(_ edits: [Edit], maxHeld: Int? = nil, comments: Bool = false) throws(QueryError) {
        var queries: [PathQuery] = []
        for edit in edits { queries.append(try edit.pathQuery()) }
        // In JSON with comments, an insert into a value reaches that value
        // itself (its rest is empty), so that one into a member of the root
        // holds that member, not the root (the gap rules need its whole
        // inside only).
        func prefixSteps(_ query: PathQuery, of edit: Edit) -> [StreamSelector.Step] {
            var steps: [StreamSelector.Step] = []
            let intoValue = if comments, case .insert(_, _, .into) = edit.operation { true } else { false }
            for step in intoValue ? query.steps[...] : query.steps.dropLast() {
                // Keys, `*` and indexes from the start; a slice begins the rest.
                if case .slice = step.kind { return steps }
                guard let selected = StreamSelector.Step(step, of: query) else { return steps }
                steps.append(selected)
            }
            return steps
        }
        var prefix = prefixSteps(queries[0], of: edits[0])
        for (edit, query) in zip(edits, queries).dropFirst() {
            let other = prefixSteps(query, of: edit)
            prefix = Array(zip(prefix, other).prefix { $0 == $1 }.map(\.0))
        }
        // A rest of keys, `*` and filters maps each value on its own; one
        // with indexes or slices counts over all the values before them,
        // which is the candidate's own only when it is the only one.
        func restStreams(_ query: PathQuery, from k: Int) -> Bool {
            query.steps[k...].allSatisfy { step in
                switch step.kind {
                case .key, .wildcard, .filter, .index, .slice: true
                default: false
                }
            }
        }
        // A rest begins with a key, `*` or a filter: an index first would
        // index the values before it, not the elements of the candidate.
        // It may when no other step counts (a spread array's batches rebase
        // it, holding its last elements when it counts from the end, until
        // the array ends), and in JSON with comments
        // (where such an edit cannot go the lean way) as any index in a
        // rest: the prefix must then reach one value (``countsOverAll``).
        func restBegins(_ query: PathQuery, at k: Int) -> Bool {
            guard k < query.steps.count else { return true }
            switch query.steps[k].kind {
            case .key, .wildcard, .filter: return true
            case .index, .slice: return comments || Self.countsElements(query.steps[k...])
            default: return false
            }
        }
        while !prefix.isEmpty, !queries.allSatisfy({ restStreams($0, from: prefix.count) && restBegins($0, at: prefix.count) }) {
            prefix.removeLast()
        }
        // A rest that begins with a key, `*` or a filter maps each element
        // on its own (a filter reads only the element it tests), and one
        // that begins with an index or slice names elements by ordinal (from
        // the end, once the array ends), so the array's elements can come in batches.
        // An insert beside an element places itself by the array's first
        // elements and by whether one follows, which the batches carry
        // (``JSONEditPlan/SpreadArray``); not beside removals of elements,
        // whose gaps another batch may hold, nor among comments.
        func beside(_ edit: Edit, _ query: PathQuery) -> Bool {
            guard case .insert(_, _, let place) = edit.operation, place == .before || place == .after else { return false }
            return query.steps.count == prefix.count + 1
        }
        func removesElements(_ edit: Edit, _ query: PathQuery) -> Bool {
            guard case .remove = edit.operation else { return false }
            return query.steps.count == prefix.count + 1
        }
        let besideSpreads = !comments && !zip(edits, queries).contains(where: removesElements)
        // A filter then an index: not in JSON with comments, where an index in a rest holds the value whole (see `restBegins`).
        let kept = zip(edits, queries).map { edit, query in
            comments || prefix.count >= query.steps.count ? nil : Self.keptIndex(query.steps[prefix.count...], of: query, edit)
        }
        let spreads = zip(zip(edits, queries), kept).allSatisfy { pair, kept in
            let (edit, query) = pair
            guard prefix.count < query.steps.count else { return false }
            if beside(edit, query), !besideSpreads { return false }
            let rest = query.steps[prefix.count...]
            switch rest.first!.kind {
            case .key, .wildcard, .filter: return !rest.contains(where: \.isPosition) || kept != nil
            default: return Self.countsElements(rest)
            }
        }
        keptIndexes = spreads ? kept : kept.map { _ in nil }
        insertsBeside = spreads && zip(edits, queries).contains(where: beside)
        countsOverAll = queries.contains { query in query.steps[prefix.count...].contains(where: \.isPosition) }
        countsElements = queries.contains { Self.countsElements($0.steps[prefix.count...]) }
        tailHeld = max(
            queries.lazy.filter { Self.countsElements($0.steps[prefix.count...]) }.map { $0.steps[prefix.count].reachFromEnd }.max() ?? 0,
            insertsBeside ? 1 : 0)
        // With no prefix the root is the value reached: that holds less than
        // the whole document only as an array spread into batches, whose
        // elements each rest begins with (a filter, `*`, an index or slice;
        // not a key, which names a root object's member). A root that
        // turns out not to be an array is refused as the run reads it.
        let spreadsRoot = prefix.isEmpty && spreads && queries.allSatisfy { query in
            guard restStreams(query, from: 0) else { return false }
            if case .key = query.steps[0].kind { return false }
            return true
        }
        guard !prefix.isEmpty || spreadsRoot else {
            let edit = edits[0]
            let why = if !besideSpreads, let beside = zip(edits, queries).first(where: beside)?.0 {
                "'\(beside.path)' inserts beside the root array's elements, which "
                    + (comments ? "in JSON with comments" : "beside a removal of elements") + " holds the array whole"
            } else if edits.count == 1 {
                "the value it changes is the root's member, or the path is not keys, '*' and indexes then keys, '*', filters and indexes"
            } else {
                "their paths share no leading keys, '*' or indexes before their last step"
            }
            throw QueryError(
                .notStreamable,
                "cannot stream \(edits.count == 1 ? "'\(edit.path)'" : "these \(edits.count) edits"): \(why)"
                    + ", so each value edited would be the whole document; edit without streaming",
                path: edit.path, range: 0..<edit.path.count)
        }
        self.edits = edits
        self.maxHeld = maxHeld
        leadingFilter = zip(edits, queries).lazy.compactMap { edit, query -> String? in
            guard prefix.count < query.steps.count, case .filter = query.steps[prefix.count].kind else { return nil }
            return Self.text(of: query.steps[prefix.count], in: edit)
        }.first
        wholeStep = spreads ? nil : zip(edits, queries).lazy.compactMap { edit, query -> String? in
            let step = query.steps[prefix.count...].first { step in
                switch step.kind {
                case .key, .wildcard, .filter: false
                default: true
                }
            } ?? query.steps[min(prefix.count, query.steps.count - 1)]
            return Self.text(of: step, in: edit)
        }.first
        self.parts = zip(edits, queries).map { edit, query in
            var part = edit
            part.query = query.withSteps(query.steps[prefix.count...])
            return part
        }
        selector = StreamSelector(steps: prefix, keepsKeys: false, spreading: spreads ? .whenLone : .never)
        laterFilters = parts.map { $0.query?.filtersAfterFirstStep ?? [] }
        hasLaterFilters = laterFilters.contains { !$0.isEmpty }
        let parts = self.parts
        partsAmongOthers = leadingFilter == nil && !hasLaterFilters ? [] : [0, 1].map { from in
            parts.map { part in
                var part = part
                part.query?.amongOthersFrom = from
                return part
            }
        }
        namingNothing = parts.map { part in
            guard let query = part.query, var step = query.steps.first, step.isPosition else { return nil }
            if case .index = step.kind { step.kind = .index(Int(UInt32.max)) } else { step.kind = .slice(0, 0) }
            var nothing = part
            nothing.query = query.withSteps([step] + query.steps.dropFirst())
            return nothing
        }
    }

    /// For a rest that is a filter, then an index from the start, then
    /// keys, `*` and filters (`[?id == 7][0].name`): the filter as a path of
    /// its own, and the index; `nil` otherwise, and for an insert beside
    /// the element picked (whose place may depend on the next batch).
    private static func keptIndex(_ rest: ArraySlice<Step>, of query: PathQuery, _ edit: Edit) -> (filter: PathQuery, index: Int)? {
        if case .insert(_, _, let place) = edit.operation, place == .before || place == .after, rest.count == 2 { return nil }
        guard let first = rest.first, case .filter = first.kind, rest.count >= 2,
            case .index(let index) = rest[rest.startIndex + 1].kind, index >= 0,
            !rest.dropFirst(2).contains(where: \.isPosition)
        else { return nil }
        return (query.withSteps([first]), index)
    }

    /// Whether `rest` begins with an index or slice (`[5]`, `[2:9]`, `[-1]`)
    /// and holds no other index or slice.
    private static func countsElements(_ rest: ArraySlice<Step>) -> Bool {
        rest.first?.isPosition == true && !rest.dropFirst().contains(where: \.isPosition)
    }

    /// The rests to apply to the spread array's elements whose ordinals
    /// are `window`, held as an array of their own, when the array holds
    /// `count` elements (or, before it ends, at least `count`, with at least
    /// ``tailHeld`` after the window): a leading index or slice counts from
    /// the window's first element, and one that names no element of it
    /// names none of the batch. A filter and an index (``keptIndexes``)
    /// become the index of the element `picked` names (its ordinal, once
    /// the batches found it), or of none. `parts`: ``parts``, or those of
    /// ``partsAmongOthers``.
    func parts(forElements window: Range<Int>, among count: Int, picked: [Int?], of parts: [Edit]) -> [Edit] {
        guard rebasesIndexes else { return parts }
        return zip(parts, keptIndexes.indices).map { part, k in
            if keptIndexes[k] != nil, let query = part.query {
                let ordinal = picked[k].flatMap { window.contains($0) ? $0 : nil }
                var step = query.steps[1]
                step.kind = .index(ordinal.map { $0 - window.lowerBound } ?? window.count)
                var rebased = part
                rebased.query = query.withSteps([step] + query.steps.dropFirst(2))
                return rebased
            }
            guard let query = part.query, var step = query.steps.first, let positions = step.positions(among: count) else { return part }
            // The ordinals it names here, counted from the window's first.
            let named = positions.clamped(to: window)
            // (A part that begins with a position always has its version that names nothing.)
            if named.isEmpty, let nothing = namingNothing[k] { return nothing }
            let start = named.lowerBound - window.lowerBound
            step.kind = step.naming(start..<(start + named.count))
            var rebased = part
            rebased.query = query.withSteps([step] + query.steps.dropFirst())
            return rebased
        }
    }

    /// Whether `step`, a part's first, names none of a batch's `count`
    /// elements: an index past the last, or an empty slice, from the start
    /// (what ``parts(forElements:among:picked:of:)`` rebases a position that
    /// names no element of the batch to, ``namingNothing``). The batch's
    /// writer and its plan pass such a part over with 0 matches.
    static func namesNoElement(_ step: Step, of count: Int) -> Bool {
        switch step.kind {
        case .index(let i): i >= count
        case .slice(let lower?, let upper?): lower >= 0 && upper <= lower
        default: false
        }
    }

    /// Whether the batches rebase an index in a rest to their own elements.
    var rebasesIndexes: Bool { countsElements || keptIndexes.contains { $0 != nil } }

    /// The bet that several values reach each filter that a part of the
    /// document cannot settle alone, so that it tests each whole, as the
    /// tree does (``partsAmongOthers``): a leading filter after keys that
    /// pass through an array's elements (`items.tags[?. == 'new']`, a
    /// `tags` array per item), and a filter after a rest's first step
    /// (`[:].tags[?. == 'new']`, over a spread array's batches). Lost when
    /// one array alone reached such a filter, which the filter opens: the
    /// input is then edited again without it (each such filter opens an
    /// array that reaches it alone in a part, and the edit is refused when
    /// more come). The transaction edits one top-level value, and the
    /// matcher bets on positions only, before ``StreamSelector/steps``' end.
    var severalBet: StreamMatcher.Bet { StreamMatcher.Bet(value: 0, step: selector.steps.count) }

    /// A step of `edit`'s path as written.
    private static func text(of step: Step, in edit: Edit) -> String {
        String(String.UnicodeScalarView(edit.path.unicodeScalars.dropFirst(step.range.lowerBound).prefix(step.range.count)))
    }

    /// Reads `input` to its end, writing the edited document to `write`;
    /// returns how many values each edit matched. The `lost` bets are not
    /// made (``StreamMatcher/init(_:lost:)``).
    ///
    /// - Throws: `LoadError` for malformed or unreadable input,
    ///   ``QueryError`` when an edit cannot apply or cannot stream here,
    ///   ``StreamMatcher/LostBet`` when a bet is lost, or what `write` throws.
    func run(
        _ input: ChunkedInput, head: [UInt8], skip: Int, options: LoadOptions, lost: Set<StreamMatcher.Bet> = [],
        write: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) throws -> [Int] {
        let matcher = StreamMatcher(selector, lost: lost)
        let output = JSONTransactionOutput(
            self, options: options, matcher: matcher, betsOnSeveral: !partsAmongOthers.isEmpty && !lost.contains(severalBet),
            write: write)
        var scanner = JSONStreamScanner(input: input, head: head, skip: skip, matcher: matcher, options: options)
        scanner.passing = { bytes, inCandidate in try output.take(bytes, inCandidate: inCandidate) }
        let path = edits[0].path
        do {
            try scanner.run(emit: { candidate in try output.candidateEnds(candidate) }, nextValue: {
                throw QueryError(
                    .notStreamable, "the input holds several JSON values (JSON Lines), each edited on its own; edit without streaming",
                    path: path, range: 0..<path.count)
            }, arrayEdge: { edge in try output.arrayEdge(edge) })
        } catch {
            switch error {
            case .load(let error): throw error
            case .consumer(let error): throw error
            case .selector(let error):
                let refusal = QueryError(.notStreamable, "these paths cannot stream this document: \(error.message)",
                                         path: path, range: 0..<path.count)
                if let bet = matcher.lostBet { throw StreamMatcher.LostBet(bet: bet, error: refusal) }
                throw refusal
            }
        }
        try output.finish()
        return output.matches
    }
}

/// The output of a ``JSONStreamedTransaction``: bytes outside candidates
/// copied through, each candidate edited in its place, written in blocks.
///
/// When an edited candidate's bytes depend on a layout fact not known yet
/// (``JSONLayoutProbe``), the output goes on in one *variant* per value the
/// fact may take, until the input settles it and the right variant is
/// kept; variants hold at most ``variantLimit`` bytes each, else the edit
/// does not stream.
final class JSONTransactionOutput {
    private let transaction: JSONStreamedTransaction
    private let options: LoadOptions
    /// The parser of every part loaded for editing, which share its names.
    private let parser: JSONRecordParser
    private let write: (UnsafeRawBufferPointer) throws -> Void
    private var pending: [UInt8] = []
    /// The output since a layout fact was first needed, per assumed layout.
    private var variants: [(layout: JSONLayout, bytes: [UInt8])]?
    /// How many bytes of the candidate being read have passed; its text is
    /// the scanner's (``StreamCandidate``'s document's), not copied here.
    private var capturedCount = 0
    /// The candidate's bytes, while it is edited.
    private var captured: [UInt8] = []
    /// The white space that begins the line the candidate starts on.
    private var capturedIndent: [UInt8] = []
    /// The white space that begins the current input line, and whether the
    /// line is still in it.
    private var lineIndent: [UInt8] = []
    private var inIndent = true
    private var probe: JSONLayoutProbe
    /// Whether some edit writes a non-empty object or array (a computed
    /// set may), whose text depends on how the document expands nested ones.
    private let nesting: Bool
    /// Whether some edit writes text laid out as the document is: an
    /// insert (by its neighbours' separators), or a set that writes a
    /// non-empty object or array. A scalar or empty container is set as it
    /// is written compact, and removals and renames write no text: then the
    /// probe is not fed (it reads up to 4 MiB of a document whose layout
    /// never settles, 4% of a filter set's instructions on 66 MB).
    private let writesText: Bool
    /// The layouts the document may have, as far as the edits' text depends on them.
    private var layouts: [JSONLayout] {
        writesText ? probe.alternatives(nesting: nesting) : [JSONLayout.compact]
    }
    /// While a spread array is read: its removals, which hold the gaps
    /// between batches; `nil` otherwise.
    private var removals: SpreadRemovals?
    /// Whether the spread array's opening bracket is yet to pass.
    private var bracketPending = false
    /// Whether the spread array's first element is yet to begin, and
    /// whether a line break came between it and the bracket (new content
    /// set on an element is then laid out over lines, as in the array).
    private var firstElementPending = false
    private var spreadIsMultiline = false
    private(set) var matches: [Int]
    /// How many values the prefix reached (a spread array counts once).
    private var candidates = 0
    /// How many of the spread array's elements earlier batches held: the
    /// ordinal of the current batch's first.
    private var elementsBefore = 0
    /// The spread array's batches waiting for the elements after them
    /// (``JSONStreamedTransaction/tailHeld``: an index from the end may
    /// name one of theirs, an insert after their last goes by the next), in
    /// order, until enough elements follow or the array ends.
    private var heldBatches: [HeldBatch] = []
    /// The input bytes `heldBatches` span.
    private var heldBatchBytes = 0
    /// While the spread array's first element is yet to begin, the bytes
    /// after its bracket (for ``JSONEditPlan/SpreadArray``).
    private var spreadLeadBytes: [UInt8] = []
    /// What the spread array says to inserts beside its elements, once its
    /// first batch is edited; `nil` before, and when no edit inserts there.
    private var spreadArray: JSONEditPlan.SpreadArray?

    /// A batch of a spread array's elements waiting to be edited, with the
    /// gaps read after it.
    private struct HeldBatch {
        var candidate: StreamCandidate
        /// The white space that begins the line the batch starts on.
        var indent: [UInt8]
        /// The ordinals of its elements in the array.
        var window: Range<Int>
        /// The input bytes it spans.
        var size: Int
        /// The bytes between it and the next batch (or the array's end).
        var gaps: [UInt8] = []
    }
    /// How many candidates (not spread) were arrays.
    private var arrayCandidates = 0
    /// The matcher of the run, which tells whether several values may reach the prefix.
    private let matcher: StreamMatcher
    /// Whether the filters a part of the document cannot settle alone test
    /// what reaches them as several values (``JSONStreamedTransaction/severalBet``).
    private let betsOnSeveral: Bool
    /// Whether the candidates are edited as one of several from the first
    /// step (``JSONStreamedTransaction/partsAmongOthers``), as the first
    /// was, for a leading filter; whether the first was an array.
    private var amongOthers = false
    private var firstIsArray = false
    /// The failure of the first value's edit, where a rest counts
    /// positions over every value the prefix reaches
    /// (``JSONStreamedTransaction/countsOverAll``) and keys through an
    /// array's elements may reach more: a second one makes the edit not
    /// streamable (its positions would count over both), and the failure
    /// is the edit's only when none comes.
    private var deferredFailure: (any Error)?
    /// Whether the later filters test what reaches them as several values.
    private var laterAmongOthers: Bool { betsOnSeveral && transaction.hasLaterFilters }
    /// Per edit with a filter and an index (``JSONStreamedTransaction/keptIndexes``):
    /// how many elements the filter kept in the batches so far, and the
    /// ordinal of the one the index picks, once a batch holds it.
    private var kept: [Int]
    private var picked: [Int?]
    /// Per part, per filter after its rest's first step: how many values
    /// reached it in the candidates so far, and whether one array reached
    /// it alone in one (``checkLaterFilters(in:_:)``).
    /// Betting on several (``laterAmongOthers``), whether the first value
    /// that reached it was one array, alone in its part.
    private var filterInputs: [[(count: Int, opened: Bool, loneFirst: Bool)]]

    private static let block = 1 << 18
    static let variantLimit = 1 << 22

    init(
        _ transaction: JSONStreamedTransaction, options: LoadOptions, matcher: StreamMatcher, betsOnSeveral: Bool,
        write: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) {
        self.transaction = transaction
        self.matcher = matcher
        self.betsOnSeveral = betsOnSeveral
        var options = options
        options.format = .json
        options.progress = nil
        self.options = options
        parser = JSONRecordParser(options: options)
        self.write = write
        probe = JSONLayoutProbe(comments: options.readsJSONWithComments)
        matches = Array(repeating: 0, count: transaction.edits.count)
        kept = Array(repeating: 0, count: transaction.edits.count)
        picked = Array(repeating: nil, count: transaction.edits.count)
        filterInputs = transaction.laterFilters.map { $0.map { _ in (0, false, false) } }
        func writesContainer(_ edit: Edit) -> Bool {
            switch edit.operation {
            case .set(let value): edit.computation.map { !$0.yieldsScalar } ?? value.content.isNonEmptyContainer
            case .insert(let value, _, _): value.content.isNonEmptyContainer
            case .remove, .rename: false
            }
        }
        nesting = transaction.edits.contains(where: writesContainer)
        writesText = nesting || transaction.edits.contains { edit in
            if case .insert = edit.operation { true } else { false }
        }
    }

    func take(_ bytes: UnsafeBufferPointer<UInt8>, inCandidate: Bool) throws {
        if writesText, !probe.isComplete { probe.take(bytes, waiting: variants != nil) }
        if inCandidate {
            if capturedCount == 0, removals == nil, transaction.selector.steps.isEmpty {
                throw notStreamable("the root is not an array, so the value edited would be the whole document")
            }
            firstElementPending = false
            if capturedCount == 0 { capturedIndent = lineIndent }
            capturedCount += bytes.count
            try checkHeld()
        } else if let removals {
            // Between a spread array's batches: its opening bracket goes out,
            // the rest waits for the next element's fate.
            var rest = bytes[...]
            if bracketPending, let bracket = rest.first {
                bracketPending = false
                try emit(CollectionOfOne(bracket))
                rest = rest.dropFirst()
            }
            if firstElementPending, rest.contains(0x0A) { spreadIsMultiline = true }
            if firstElementPending, transaction.insertsBeside { spreadLeadBytes.append(contentsOf: rest) }
            if heldBatches.isEmpty {
                removals.takeGap(rest)
            } else {
                heldBatches[heldBatches.count - 1].gaps.append(contentsOf: rest)
                heldBatchBytes += rest.count
            }
            try checkHeld()
        } else {
            try emit(bytes)
        }
        trackIndent(bytes)
    }

    /// A spread array opens or closes.
    func arrayEdge(_ edge: ArrayEdge) throws {
        if edge == .open {
            removals = SpreadRemovals(comments: options.readsJSONWithComments)
            bracketPending = true
            firstElementPending = true
            spreadIsMultiline = false
            elementsBefore = 0
            spreadLeadBytes = []
            spreadArray = nil
            for k in kept.indices {
                kept[k] = 0
                picked[k] = nil
            }
            try reached()
        } else if let removals {
            try release(heldBatches.count, among: elementsBefore)
            self.removals = nil
            try emit(removals.close())
        }
    }

    /// Writes bytes outside candidates: to every variant while a layout
    /// fact is unknown, else to the output.
    private func emit(_ bytes: some Collection<UInt8>) throws {
        if variants != nil {
            for k in variants!.indices { variants![k].bytes.append(contentsOf: bytes) }
            try settle()
        } else {
            pending.append(contentsOf: bytes)
            if pending.count >= Self.block { try flush() }
        }
    }

    /// Fails when the value being read (with what a spread array's
    /// removals hold) passes ``maxHeld``.
    private func checkHeld() throws {
        guard let limit = transaction.maxHeld else { return }
        let held = capturedCount + (removals?.heldCount ?? 0) + heldBatchBytes
        guard held > limit else { return }
        let step = transaction.wholeStep.map { "'\($0)'" } ?? "the path"
        throw notStreamable(
            (removals == nil
                ? "\(step) needs each value the path reaches before it held whole, and one is larger than "
                : "the array's elements held at once (a batch, what a removal of elements waits on, and the batches that "
                    + "wait for the elements after them) pass ")
                + "the cap of \(limit) bytes held (maxHeld, docq --max-held)", advice: false)
    }

    private func trackIndent(_ bytes: UnsafeBufferPointer<UInt8>) {
        var i = 0
        if let lineBreak = bytes.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
            lineIndent.removeAll(keepingCapacity: true)
            inIndent = true
            i = lineBreak + 1
        }
        while inIndent, i < bytes.count {
            if bytes[i] == 0x20 || bytes[i] == 0x09 { lineIndent.append(bytes[i]) } else { inIndent = false }
            i += 1
        }
    }

    /// A candidate (or a batch of a spread array's elements) was read whole:
    /// edits it in memory and writes it in its place. A batch of a spread
    /// array's elements is written from the scanner's tree and the
    /// elements' spans where it can be (``written(batch:_:_:among:upTo:_:)``); any
    /// other is loaded again, with spans, and planned. A batch waits for
    /// the elements after it when an edit needs them (``HeldBatch``).
    func candidateEnds(_ candidate: StreamCandidate) throws {
        guard capturedCount > 0 else { return }
        defer { capturedCount = 0 }
        guard removals != nil else {
            try edit(candidate, window: 0..<0, among: 0)
            return
        }
        // The ordinals of this batch's elements go on from the last batch's.
        let window = elementsBefore..<(elementsBefore + Self.elementSpans(of: candidate).count)
        elementsBefore = window.upperBound
        guard transaction.tailHeld > 0 else {
            try edit(candidate, window: window, among: elementsBefore)
            return
        }
        heldBatches.append(HeldBatch(candidate: candidate, indent: capturedIndent, window: window, size: capturedCount))
        heldBatchBytes += capturedCount
        // A batch with enough elements after it holds none an index from
        // the end names, however many more come, and knows its last is not
        // the array's.
        let decided = heldBatches.prefix { elementsBefore - $0.window.upperBound >= transaction.tailHeld }.count
        try release(decided, among: elementsBefore)
    }

    /// Edits the first `n` held batches, in order, in an array of at least
    /// `count` elements (exactly, once it has ended), with the gaps after each.
    private func release(_ n: Int, among count: Int) throws {
        guard n > 0 else { return }
        for (k, held) in heldBatches.prefix(n).enumerated() {
            capturedIndent = held.indent
            if transaction.insertsBeside, held.window.lowerBound == 0 {
                spreadArray = firstElements(held, then: heldBatches.dropFirst(k + 1).first)
            }
            spreadArray?.continues = held.window.upperBound < count
            try edit(held.candidate, window: held.window, among: count)
            removals?.takeGap(held.gaps)
            heldBatchBytes -= held.size + held.gaps.count
        }
        heldBatches.removeFirst(n)
    }

    /// What the spread array says to inserts beside its elements, from its
    /// first batch and the one after it (`nil` when it is the last): the
    /// bytes between its first two elements, or its lead when it has one.
    private func firstElements(_ first: HeldBatch, then next: HeldBatch?) -> JSONEditPlan.SpreadArray {
        let text = first.candidate.document.table.text
        let spans = Self.elementSpans(of: first.candidate)
        if spans.count >= 2 {
            return JSONEditPlan.SpreadArray(separatorGap: Array(text[spans[0].upperBound..<spans[1].lowerBound]), isLone: false)
        }
        guard let next else {
            return JSONEditPlan.SpreadArray(separatorGap: spreadLeadBytes + text[..<spans[0].lowerBound], isLone: true)
        }
        let nextStart = Self.elementSpans(of: next.candidate)[0].lowerBound
        return JSONEditPlan.SpreadArray(
            separatorGap: Array(text[spans[0].upperBound...]) + first.gaps + next.candidate.document.table.text[..<nextStart], isLone: false)
    }

    /// Where each of a spread array's elements that `candidate` holds lies in
    /// its text: a batch's spans, or, for an element the scanner handed on
    /// alone (one of 64 KiB or more is a batch of its own), the element's
    /// text without the white space around it.
    private static func elementSpans(of candidate: StreamCandidate) -> [Range<Int>] {
        guard !candidate.isBatch else { return candidate.elementSpans }
        let text = candidate.document.table.text
        let start = text.firstIndex { !XMLWhitespace.contains($0) } ?? text.endIndex
        let end = text.lastIndex { !XMLWhitespace.contains($0) }.map { $0 + 1 } ?? start
        return [start..<end]
    }

    /// The nodes of a spread array's elements that `candidate` holds: a
    /// batch's children, or the element the scanner handed on alone.
    static func elementNodes(of candidate: StreamCandidate) -> [UInt32] {
        let root = candidate.document.rootIndex
        return candidate.isBatch ? candidate.document.childIndexes(of: root) : [root]
    }

    /// Edits a candidate, or a batch of a spread array's elements whose
    /// ordinals are `window` in an array of (at least) `count`, and writes it.
    private func edit(_ candidate: StreamCandidate, window: Range<Int>, among count: Int) throws {
        // The bytes passed while it was read: the scanner's text of it.
        captured = candidate.document.table.text
        defer { captured = [] }
        let spreading = removals != nil
        if !spreading { try reached() }
        // A filter opens a lone array but tests each of several values
        // itself: values reached through an array's elements are edited as
        // several, on a bet the end settles; any other array reached, not
        // spread, is a lone one only while no other value is reached.
        if !spreading, let filter = transaction.leadingFilter {
            // The value, as the scanner built it (not wrapped: the selector keeps no keys).
            let isArray = candidate.document.node(at: candidate.document.rootIndex).kind == .array
            if candidates == 1 {
                amongOthers = betsOnSeveral && matcher.mayReachSeveral
                firstIsArray = isArray
            }
            if !amongOthers, isArray { arrayCandidates += 1 }
            if arrayCandidates > 0, candidates > 1 {
                throw notStreamable(
                    "the leading steps reach several values, one of them an array, which '\(filter)' would test whole in the "
                        + "document but open as the only value")
            }
        }
        // The last batch runs on to the closing bracket: the white space
        // after its last element is the array's, and goes with the gaps.
        var tail = captured.endIndex
        while spreading, tail > captured.startIndex, XMLWhitespace.contains(captured[tail - 1]) { tail -= 1 }
        if spreading { try pick(in: candidate, window: window) }
        let base = amongOthers ? transaction.partsAmongOthers[0] : laterAmongOthers ? transaction.partsAmongOthers[1] : transaction.parts
        let parts = spreading ? transaction.parts(forElements: window, among: count, picked: picked, of: base) : base
        if transaction.hasLaterFilters { try checkLaterFilters(in: candidate, parts) }
        let found: [Int]
        if let removals, candidate.isBatch, spreadArray?.carriedIn.isEmpty ?? true,
           let written = written(batch: candidate, parts, window, among: count, upTo: tail, removals) {
            found = written
        } else if !spreading, Self.touchesNothing(candidate, parts) {
            found = Array(repeating: 0, count: parts.count)
            passUnchanged()
        } else if !spreading, transaction.countsOverAll, candidates == 1, matcher.mayReachSeveral {
            // The first of what may be several values a position counts
            // over: its edit may fail only because it is taken alone.
            do {
                found = try edited(parts, upTo: tail)
            } catch {
                deferredFailure = error
                found = Array(repeating: 0, count: parts.count)
                passUnchanged()
            }
        } else {
            found = try edited(parts, upTo: tail)
        }
        removals?.takeGap(captured[tail...])
        for (k, n) in found.enumerated() { matches[k] += n }
        if variants != nil { try settle() } else if pending.count >= Self.block { try flush() }
    }

    /// Counts the values that reach each filter after a rest's first step
    /// (``JSONStreamedTransaction/laterFilters``) in `candidate`, with its
    /// `parts` (rebased to a batch's elements), across the candidates.
    /// Betting that several reach each (``laterAmongOthers``), the parts
    /// test what reaches them whole, and ``finish()`` settles the bet.
    ///
    /// - Throws: ``QueryError/Kind-swift.struct/notStreamable``, without
    ///   the bet, when such a filter would open an array where the document
    ///   tests it whole: one array reaches it alone in a candidate, and
    ///   other values in others (in the document, several reach it, and it
    ///   tests each whole).
    private func checkLaterFilters(in candidate: StreamCandidate, _ parts: [Edit]) throws {
        // The candidate as the parts see it: an element alone, in an array of its own.
        let document = removals == nil || candidate.isBatch ? candidate.document : try Document(
            bytes: [UInt8(ascii: "[")] + captured + Array((options.readsJSONWithComments ? "\n]" : "]").utf8), charset: nil,
            options: options)
        for (k, filters) in transaction.laterFilters.enumerated() where !filters.isEmpty {
            guard let query = parts[k].query else { continue }
            for (f, j) in filters.enumerated() {
                let before = query.withSteps(query.steps[..<j])
                let reaching = try before.evaluate(on: document)
                let lone = reaching.lone != nil
                let (earlier, opened, loneFirst) = filterInputs[k][f]
                if laterAmongOthers {
                    filterInputs[k][f] = (earlier + reaching.items.count, false, earlier == 0 ? lone : loneFirst)
                    continue
                }
                if lone && earlier > 0 || opened && !reaching.items.isEmpty {
                    throw notStreamable(
                        "'\(transaction.edits[k].path)' has a filter after other steps, which opens an array that reaches it alone "
                            + "and tests each of several values whole: in the document several reach it, and a part read on its own "
                            + "gives it one array")
                }
                filterInputs[k][f] = (earlier + reaching.items.count, opened || lone, false)
            }
        }
    }

    /// Counts what each filter with an index after it keeps in
    /// `candidate` (a spread array's elements `window`, as a batch or one
    /// element alone), and names the element the index picks once the
    /// candidate holds it.
    ///
    /// - Throws: ``QueryError/Kind-swift.struct/notStreamable`` when the
    ///   first element a filter keeps is an array: were it the only one
    ///   kept, the index would count its elements, which only the array's
    ///   end tells; and for an array element that comes alone (its root is
    ///   the element, which a filter and an index would open).
    private func pick(in candidate: StreamCandidate, window: Range<Int>) throws {
        let document = candidate.document
        let root = document.rootIndex
        for (k, keptIndex) in transaction.keptIndexes.enumerated() {
            guard let (filter, index) = keptIndex, picked[k] == nil else { continue }
            guard candidate.isBatch || document.node(at: root).kind != .array else {
                throw notStreamable("'\(transaction.edits[k].path)' indexes what a filter keeps, and an element that is an array came alone")
            }
            let result = try filter.evaluate(on: document)
            guard !result.items.isEmpty else { continue }
            if kept[k] == 0, document.node(at: result.items[0]).kind == .array {
                throw notStreamable(
                    "'\(transaction.edits[k].path)' indexes what a filter keeps, and the first element it keeps is an array, "
                        + "which the index would count into were it the only one; only the array's end tells")
            }
            if index - kept[k] < result.items.count {
                let node = result.items[index - kept[k]]
                picked[k] = Self.elementNodes(of: candidate).firstIndex(of: node).map { window.lowerBound + $0 }
            }
            kept[k] += result.items.count
        }
    }

    /// Counts a value the prefix reached; fails on a second when a rest
    /// counts positions over all of them.
    private func reached() throws {
        candidates += 1
        if transaction.countsOverAll, candidates > 1 {
            throw JSONStreamedTransaction.SeveralValues(error: notStreamable(
                "the leading steps reach several values, and an index or slice after them counts over all of them"))
        }
    }

    /// Writes a batch of a spread array's elements without loading it whole
    /// again: the matches are found in the scanner's tree; elements that a
    /// removal takes are cut by their spans, and the elements edits match
    /// inside are loaded and planned together, without the others (laid out
    /// as in the batch: each after its line's indentation); `parts` are the
    /// rests rebased to the batch. Returns how many nodes each edit
    /// matched, or `nil` for a batch that must be planned whole: an element
    /// both removed and edited inside, a computed value (its matches are
    /// named by number across the batch), a layout not settled yet, or a
    /// failure (planning the batch reports it as it always has).
    private func written(
        batch candidate: StreamCandidate, _ parts: [Edit], _ window: Range<Int>, among count: Int, upTo tail: Int,
        _ removals: SpreadRemovals
    ) -> [Int]? {
        let document = candidate.document
        let elements = document.childIndexes(of: document.root.index)
        let spans = candidate.elementSpans
        guard elements.count == spans.count else { return nil }
        var found: [Int] = []
        // By position in the batch, the edit that removes the element, or
        // -1 (a table, not a dictionary: a filter may remove most elements).
        var removed = [Int](repeating: -1, count: elements.count)
        // The elements edited inside (or replaced), by position.
        var touched = Set<Int>()
        for (number, part) in parts.enumerated() {
            if part.pinned == nil, let first = part.query?.steps.first,
               JSONStreamedTransaction.namesNoElement(first, of: elements.count) {
                // Rebased to name no element of this batch (a first pass names
                // up to 4,096 targets, each an edit): nothing to evaluate.
                found.append(0)
                continue
            }
            guard let targets = try? part.targets(in: document).targets else { return nil }
            found.append(targets.count)
            for target in targets {
                guard let k = Self.position(holding: target, in: elements, of: document) else { return nil }
                if case .remove = part.operation, elements[k] == target {
                    // Removed by one edit only (else the plan names the conflict).
                    guard removed[k] < 0 else { return nil }
                    removed[k] = number
                } else {
                    guard part.computation == nil else { return nil }
                    touched.insert(k)
                }
            }
        }
        // The elements edited inside, planned apart, cost more than the
        // batch planned whole when most are (`items.name`); as much at half
        // (a filter set on 700,000 small records).
        guard touched.allSatisfy({ removed[$0] < 0 }), touched.count * 2 <= elements.count else { return nil }
        // The touched elements' new bytes, planned together apart from the rest.
        var replaced: [(range: Range<Int>, bytes: [UInt8])] = []
        if !touched.isEmpty {
            guard variants == nil else { return nil }
            let order = touched.sorted()
            let touchedSpans = order.map { spans[$0] }
            guard let bytes = try? edited(together: touchedSpans, ordinals: order.map { window.lowerBound + $0 }, among: count, layouts)
            else { return nil }
            replaced = Array(zip(touchedSpans, bytes))
        }
        let batch = removals.batch()
        let drops = batch.drops(ScannedElements(spans: spans, text: captured, textEnd: tail)) { removed[$0] < 0 ? nil : removed[$0] }
        var changes = drops.map { (range: $0.range, bytes: [UInt8]()) }
        if !replaced.isEmpty {
            changes = (changes + replaced).sorted { $0.range.lowerBound < $1.range.lowerBound }
        }
        // The batch with its changes, written into one buffer with one
        // access (a filter may remove most elements: a call per piece that
        // looked up the variants and the output cost 4% of the edit).
        func spliced(into out: inout [UInt8]) {
            out.append(contentsOf: batch.prefix)
            var position = captured.startIndex
            for change in changes {
                out.append(contentsOf: captured[position..<change.range.lowerBound])
                if !change.bytes.isEmpty { out.append(contentsOf: change.bytes) }
                position = change.range.upperBound
            }
            out.append(contentsOf: captured[position..<tail])
        }
        if variants == nil {
            spliced(into: &pending)
        } else {
            var bytes: [UInt8] = []
            spliced(into: &bytes)
            for k in variants!.indices { variants![k].bytes.append(contentsOf: bytes) }
        }
        return found
    }

    /// What goes before a spread array's elements loaded as an array of
    /// their own, the first on a line indented by `indent`: a bracket, on a
    /// line before them when the array's first element is on a line after
    /// its bracket (``JSONSource/isMultiline(_:)`` then says so of this
    /// array too), else on their line.
    private func spreadLead(indent: [UInt8]) -> [UInt8] {
        spreadIsMultiline ? [UInt8(ascii: "["), 0x0A] + indent : indent + [UInt8(ascii: "[")]
    }

    /// The batch's elements at `spans` (ascending), whose ordinals in the
    /// spread array are `ordinals`, edited together: loaded as an array of
    /// their own, each after the indentation of its line in the batch (the
    /// first as ``spreadLead(indent:)`` puts it, the others on lines of their
    /// own), planned once, and cut apart again; their new bytes, in order.
    /// `nil` when the result differs between `layouts`, when a patch is not
    /// inside one element (an insert beside one), when an index counts
    /// elements that are not consecutive, or a filter comes after a rest's
    /// first step: the batch is then planned whole.
    /// (One by one, loading and planning cost 28,000 instructions an element.)
    private func edited(
        together spans: [Range<Int>], ordinals: [Int], among count: Int, _ layouts: [JSONLayout]
    ) throws -> [[UInt8]]? {
        guard let first = ordinals.first, let last = ordinals.last else { return [] }
        if transaction.rebasesIndexes, last - first + 1 != ordinals.count { return nil }
        // Fewer values would reach a later filter (``JSONStreamedTransaction/laterFilters``).
        if transaction.hasLaterFilters { return nil }
        let parts = transaction.parts(forElements: first..<(last + 1), among: count, picked: picked, of: transaction.parts)
        var bytes: [UInt8] = []
        var placed: [Range<Int>] = []
        for span in spans {
            let lineStart = LineIndent.lineStart(before: span.lowerBound, in: captured)
            let indent = lineStart == captured.startIndex
                ? capturedIndent : Array(captured[LineIndent.indent(from: lineStart, upTo: span.lowerBound, in: captured)])
            bytes += placed.isEmpty ? spreadLead(indent: indent) : [UInt8(ascii: ","), 0x0A] + indent
            placed.append(bytes.count..<(bytes.count + span.count))
            bytes += captured[span]
        }
        bytes.append(UInt8(ascii: "]"))
        let source = try EditableSource(bytes: bytes, options: options, parser: parser)
        var result: [[UInt8]]?
        for layout in layouts {
            let (patches, _, readsLayout) = try JSONEditPlan.patches(
                for: parts, inPart: JSONSource(source), layout: layout, rebased: transaction.rebasesIndexes)
            let ordered = patches.ordered
            let output = try source.patched(ordered, escape: DocumentEditor.jsonEscape)
            // Each element's bytes in the output: shifted by what the
            // patches before it add, grown by those inside it.
            var elements: [[UInt8]] = []
            var next = 0
            var shift = 0
            for range in placed {
                var grown = 0
                while next < ordered.count, ordered[next].range.lowerBound < range.upperBound {
                    let patch = ordered[next].range
                    let inside = patch.isEmpty
                        ? patch.lowerBound > range.lowerBound : patch.lowerBound >= range.lowerBound && patch.upperBound <= range.upperBound
                    guard inside else { return nil }
                    grown += ordered[next].bytes.count - patch.count
                    next += 1
                }
                let start = range.lowerBound + shift
                elements.append(Array(output[start..<(start + range.count + grown)]))
                shift += grown
            }
            guard next == ordered.count else { return nil }
            if let result, result != elements { return nil }
            result = elements
            // The same under every layout.
            if !readsLayout { break }
        }
        return result
    }

    /// The position among `elements` (node indexes, ascending) of the one
    /// that is `node` or holds it.
    static func position(holding node: UInt32, in elements: [UInt32], of document: Document) -> Int? {
        guard let k = elements.lastPosition(atOrBefore: node), node < document.table.subtreeEnd(elements[k]) else { return nil }
        return k
    }

    /// Whether no part has a target in `candidate`, a value the prefix
    /// reached (not spread), as the scanner built it: a filter that keeps
    /// nothing there, a key it lacks. Its bytes then go out as they came,
    /// not loaded again with spans to plan nothing (a filter over many small
    /// values keeps few: `items.tags[?. == 'new']`, 2.2× the held edit's
    /// time planned one by one).
    private static func touchesNothing(_ candidate: StreamCandidate, _ parts: [Edit]) -> Bool {
        guard !candidate.isWrapped else { return false }
        for part in parts {
            // What `Edit.targets(in:)` evaluates, without the result and its
            // origin around the items (7% of such a set's instructions).
            guard part.pinned == nil, let query = part.query, (try? query.items(from: candidate.document).isEmpty) == true else {
                return false
            }
        }
        return true
    }

    /// Writes the candidate's bytes as they came (per variant while the
    /// layout is not settled).
    private func passUnchanged() {
        guard variants != nil else { return pending.append(contentsOf: captured) }
        for k in variants!.indices { variants![k].bytes.append(contentsOf: captured) }
    }

    /// Loads the candidate's bytes up to `tail` with spans, plans the edits
    /// on it, and writes the result (per variant while the layout is not
    /// settled); returns how many nodes each edit matched.
    private func edited(_ parts: [Edit], upTo tail: Int) throws -> [Int] {
        let spreading = removals != nil
        let lead = spreading ? spreadLead(indent: capturedIndent) : capturedIndent
        // A batch of elements, read as an array; on a line of its own after
        // the batch, where it may end in a line comment.
        let close: [UInt8] = !spreading ? [] : options.readsJSONWithComments ? Array("\n]".utf8) : [UInt8(ascii: "]")]
        let source = try EditableSource(bytes: lead + captured[..<tail] + close, options: options, parser: parser)
        let batch = removals?.batch()
        // Computed sets become literal ones, computed once from the
        // candidate, each match named by its number among the edit's.
        let (parts, origins) = try Edit.resolved(parts, in: source.document, creating: false) { k, ordinal in
            "match \(self.matches[k] + ordinal + 1) of '\(self.transaction.edits[k].path)'"
        }
        // New elements after the batch's last go before the next's.
        defer {
            if let spreadArray {
                spreadArray.carriedIn = spreadArray.carriedOut
                spreadArray.carriedOut = []
            }
        }
        func edited(_ layout: JSONLayout) throws -> (bytes: [UInt8], matches: [Int], readsLayout: Bool) {
            let (patches, found, readsLayout) = try JSONEditPlan.patches(
                for: parts, inPart: JSONSource(source), layout: layout, elements: batch, array: spreadArray,
                rebased: spreading && transaction.rebasesIndexes)
            let bytes = try source.patched(patches.ordered, escape: DocumentEditor.jsonEscape)
            let matches = EditSummary.matches(found, foldedInto: transaction.parts.count, by: origins)
            return ((batch?.prefix ?? []) + bytes[lead.count..<(bytes.count - close.count)], matches, readsLayout)
        }
        // A plan that reads no layout is the same under every one: planned once.
        if variants != nil {
            var found: [Int] = []
            var same: [UInt8]?
            for k in variants!.indices {
                if let same {
                    variants![k].bytes.append(contentsOf: same)
                    continue
                }
                let result = try edited(variants![k].layout)
                variants![k].bytes.append(contentsOf: result.bytes)
                found = result.matches
                if !result.readsLayout { same = result.bytes }
            }
            return found
        }
        let layouts = self.layouts
        var results: [(bytes: [UInt8], matches: [Int], readsLayout: Bool)] = []
        for layout in layouts {
            results.append(try edited(layout))
            if !results[0].readsLayout { break }
        }
        if results.allSatisfy({ $0.bytes == results[0].bytes }) {
            pending.append(contentsOf: results[0].bytes)
        } else {
            try flush()
            variants = zip(layouts, results).map { ($0, $1.bytes) }
        }
        return results[0].matches
    }

    /// Keeps the variants whose layout agrees with what the probe knows;
    /// once it knows all, the one left is the output.
    private func settle() throws {
        guard let current = variants else { return }
        let kept = current.filter { probe.admits($0.layout, nesting: nesting) }
        guard let first = kept.first else {
            throw notStreamable("the new content's layout (the spacing after ':' or ',') is one the document settles only later")
        }
        if probe.isComplete || kept.count == 1 {
            variants = nil
            pending = first.bytes
            if pending.count >= Self.block { try flush() }
        } else if first.bytes.count > Self.variantLimit {
            throw notStreamable(
                "the new content's layout (the spacing after ':' or ',') depends on a part of the document more than "
                    + "\(Self.variantLimit) bytes further on")
        } else {
            variants = kept
        }
    }

    func finish() throws {
        if amongOthers, candidates == 1, firstIsArray, let filter = transaction.leadingFilter {
            throw StreamMatcher.LostBet(bet: transaction.severalBet, error: notStreamable(
                "the leading steps reach one value only, an array, through an array's elements: '\(filter)' opens it, "
                    + "which the stream, betting on more values, learnt only at the end; a file is edited again, "
                    + "and this input can be read only once"))
        }
        if laterAmongOthers, let k = filterInputs.firstIndex(where: { $0.contains { $0.count == 1 && $0.loneFirst } }) {
            throw StreamMatcher.LostBet(bet: transaction.severalBet, error: notStreamable(
                "'\(transaction.edits[k].path)' has a filter after other steps, which only one value reached, an array: the filter "
                    + "opens it, which the stream, betting on more values, learnt only at the end; a file is edited again, "
                    + "and this input can be read only once"))
        }
        if let deferredFailure { throw deferredFailure }
        probe.finish()
        try settle()
        if variants != nil {
            throw notStreamable(
                "the new content's layout (the spacing after ':' or ',') is settled by a part of the document past the first "
                    + "\(JSONLayoutProbe.bufferLimit) bytes")
        }
        try flush()
    }

    private func notStreamable(_ why: String, advice: Bool = true) -> QueryError {
        let path = transaction.edits[0].path
        return QueryError(.notStreamable, why + (advice ? "; edit without streaming" : ""), path: path, range: 0..<path.count)
    }

    private func flush() throws {
        guard !pending.isEmpty else { return }
        try pending.withUnsafeBytes { try write($0) }
        pending.removeAll(keepingCapacity: true)
    }
}
