import DocTree

/// An index or slice that counts what a filter keeps, in a path of JSON
/// that the batches of a spread array cannot pick in one pass: from the end
/// (`items[?id == 7][-1].name`), after keys after the filter
/// (`items[?id == 7].tags[1]`, which indexes the `tags` values the kept
/// elements give, not each `tags` array), a slice (`items[?active][0:10]`),
/// or in JSON with comments. A first pass over the input counts those
/// values, a batch at a time, and names the elements that give the ones
/// indexed; the path then names them by ordinal (`items[4711].tags`, or,
/// for a slice, the run of elements from the first to the last, filtered
/// again: `items[4711:5020][?active]`), and the edit streams as one by
/// index does. Memory stays one batch, and the kept elements an index from
/// the end or a slice counts among (an index or slice that counts from the
/// start only: up to its end). Where an element gives several values (keys
/// through an array in it: `items[?id > 5].parts.k[1]`), or a step after
/// the counted one counts again (`items[?active][2:4].tags[1]`), the first
/// pass runs the path as a streamed query does (``CountedSteps``) and names
/// each value it reaches by its element's ordinal and its canonical path in
/// the element (`items[4711].parts[1].k`), an edit of its own, up to
/// ``targetLimit`` of them; past that the edit runs as given, holding the
/// array.
///
/// Like the evaluator, the index counts among the values, except that when
/// the filter and keys give one value, an array, it indexes into it.
struct JSONCountedIndex: Sendable {
    /// The edit's position among the edits of the run.
    var edit: Int
    var query: PathQuery
    /// Where the filter stands: every step before it is a key.
    var filter: Int
    /// Where the counted step stands, an index, a slice or a later filter:
    /// every step between the filter and it is a key or `*`.
    var position: Int

    /// The counted step in `query`, or `nil` when its path is not keys, a
    /// filter, keys or `*`, and an index, a slice or a filter (the first
    /// step after the filter that is no key or `*`).
    ///
    /// A later filter, like an index, takes the values the kept elements
    /// give over the whole array: it opens an array that reaches it alone,
    /// and tests each of several whole (`items[?id == 5 || id == 1990].tags[?. == 't1']`),
    /// which no batch read on its own tells; its targets are found one by one.
    init?(_ query: PathQuery, edit: Int) {
        func isKey(_ step: Step) -> Bool {
            if case .key = step.kind { true } else { false }
        }
        guard let filter = query.steps.firstIndex(where: { !isKey($0) }), case .filter = query.steps[filter].kind,
            let position = query.steps[(filter + 1)...].firstIndex(where: { step in
                if case .wildcard = step.kind { return false }
                return !isKey(step)
            })
        else { return nil }
        switch query.steps[position].kind {
        case .index, .slice, .filter: break
        default: return nil
        }
        self.edit = edit
        self.query = query
        self.filter = filter
        self.position = position
    }

    /// Which of the values the first pass counts it needs to know the
    /// elements of, for a counted step that names positions from `lower` to
    /// `upper` (an index names one): those up to the last position that
    /// counts from the start, and as many last ones as it counts back from
    /// the end (one when a slice runs to the end).
    var keeping: Tally.Keeping {
        let (from, upper) = query.steps[position].bounds ?? (0, nil)
        let lower: Int? = from ?? 0
        let head = [lower, upper.map { $0 - 1 }].compactMap { $0 }.filter { $0 >= 0 }.max()
        let tail = [lower.map { -$0 }, upper.map { 1 - $0 } ?? 1].compactMap { $0 }.filter { $0 > 0 }.max() ?? 0
        return Tally.Keeping(head: head, tail: tail)
    }

    /// Whether the first pass finds the edit's targets one by one
    /// (``targets(of:in:options:)``) rather than counting: `*` comes
    /// before the counted step (an element gives several values), or the
    /// counted step is a filter, or a filter, index or slice after it counts
    /// again, over the values the elements it names give
    /// (`items[?active][2:4].tags[1]`).
    var findsTargets: Bool {
        func counts(_ step: Step) -> Bool {
            if case .filter = step.kind { return true }
            return step.isPosition
        }
        let throughWildcard = query.steps[(filter + 1)..<position].contains { if case .wildcard = $0.kind { true } else { false } }
        if case .filter = query.steps[position].kind { return true }
        return throughWildcard || query.steps[(position + 1)...].contains(where: counts)
    }

    /// The path as the edit's own pass will take it, with a first element
    /// named: for ``findsTargets``, that element and the keys after the
    /// counted step (a target's path holds keys and indexes only).
    var namingFirstElement: PathQuery {
        guard findsTargets else { return named(.element(0, keepsPosition: false)) }
        var steps = Array(query.steps[...filter])
        steps[filter].kind = .index(0)
        steps += query.steps[(position + 1)...].filter { if case .key = $0.kind { true } else { false } }
        return query.withSteps(steps)
    }

    /// What the path names in place of the filter and the counted step.
    enum Naming {
        /// One element; the counted step stays after the keys when it goes
        /// into the one value they give, an array.
        case element(Int, keepsPosition: Bool)
        /// The elements from the first ordinal to the last, filtered again
        /// (the ones between that the filter does not keep).
        case elements(ClosedRange<Int>)
    }

    /// The leading keys, for the stream: they reach the array whose
    /// elements the filter tests.
    var keys: [StreamSelector.Step] { query.steps[..<filter].compactMap { StreamSelector.Step($0, of: query) } }

    /// The filter and the keys after it, as a path of its own.
    var kept: PathQuery {
        query.withSteps(query.steps[filter..<position])
    }

    /// `query` naming elements by ordinal (``Naming``): the element as an
    /// index in place of the filter, the keys after it, the counted step
    /// when kept, then the rest; or the run of elements as a slice before
    /// the filter, the keys, then the rest.
    func named(_ naming: Naming) -> PathQuery {
        var steps: [Step]
        switch naming {
        case .element(let ordinal, let keepsPosition):
            steps = Array(query.steps[..<(keepsPosition ? position + 1 : position)])
            steps[filter].kind = .index(ordinal)
        case .elements(let ordinals):
            var run = query.steps[position]
            run.kind = .slice(ordinals.lowerBound, ordinals.upperBound + 1)
            steps = Array(query.steps[..<filter]) + [run] + query.steps[filter..<position]
        }
        steps += query.steps[(position + 1)...]
        return query.withSteps(steps)
    }

    /// What a first pass learns of the values that the filter and keys give
    /// over the array: how many, whether the first is an array, and the
    /// kept elements that give the one indexed (or may: from the end, the
    /// last as many as it counts), each with how many values it gives.
    struct Tally {
        /// The values whose elements a tally keeps: up to `head` from the
        /// start (`nil`: none), and the last `tail`.
        struct Keeping {
            var head: Int?
            var tail: Int
        }
        typealias Giver = (ordinal: Int, values: Int, before: Int)
        var keeping: Keeping
        var total = 0
        var firstIsArray = false
        /// Whether an element gives several values.
        var givesSeveral = false
        /// Elements that give values (by ordinal in the array, with how
        /// many, and how many come before), in order: those that give the
        /// values up to ``Keeping/head``, and from `lateStart` on, those
        /// that give the last ``Keeping/tail``.
        var early: [Giver] = []
        var late: [Giver] = []
        var lateStart = 0
        /// How many elements the array holds.
        var elements = 0

        mutating func add(ordinal: Int, values: Int, isArray: Bool) {
            if total == 0 { firstIsArray = isArray }
            if values > 1 { givesSeveral = true }
            if let head = keeping.head, total <= head { early.append((ordinal, values, total)) }
            if keeping.tail > 0 {
                late.append((ordinal, values, total))
                // The ones before give more than the last `tail` values.
                while late.count - lateStart > 1, total + values - late[lateStart + 1].before >= keeping.tail { lateStart += 1 }
                if lateStart > 4096, lateStart * 2 > late.count {
                    late.removeFirst(lateStart)
                    lateStart = 0
                }
            }
            total += values
        }

        /// The kept element that gives value `value`.
        func giver(of value: Int) -> Giver? {
            early.last { $0.before <= value && value < $0.before + $0.values }
                ?? late[lateStart...].last { $0.before <= value && value < $0.before + $0.values }
        }

        /// The elements that give what the counted step names, or the one
        /// whose value, an array, it goes into (the only value the filter
        /// and keys give); `nil` when an element among them gives several
        /// values (keys through an array in it, `parts.k`), of which the edit
        /// would reach all: its targets are then found one by one.
        func naming(for counted: JSONCountedIndex) -> Naming? {
            if total == 1, firstIsArray, let giver = giver(of: 0) { return .element(giver.ordinal, keepsPosition: true) }
            let named = counted.query.steps[counted.position].positions(among: total)!
            guard let first = named.first, let last = named.last, let from = giver(of: first), let to = giver(of: last) else {
                // Past the array's end, so that nothing matches.
                return .element(elements, keepsPosition: false)
            }
            if from.ordinal == to.ordinal { return from.values > 1 ? nil : .element(from.ordinal, keepsPosition: false) }
            // Several elements: none may give several values, which the run would reach all of.
            return givesSeveral ? nil : .elements(from.ordinal...to.ordinal)
        }
    }
}

extension JSONCountedIndex {
    /// The counted indexes of `edits`, for a first pass: those of the
    /// edits whose path is a counted index and that `engine` (if any) does not pick
    /// as it reads (a filter then an index from the start, in strict JSON);
    /// empty unless their leading keys are the same (one array is spread).
    static func all(in edits: [Edit], engine: JSONEngine?) -> [JSONCountedIndex] {
        let picked: Set<Int> =
            if case .transaction(let transaction) = engine {
                Set(transaction.keptIndexes.indices.filter { transaction.keptIndexes[$0] != nil })
            } else { [] }
        let counted = edits.indices.compactMap { k -> JSONCountedIndex? in
            guard !picked.contains(k), let query = edits[k].query else { return nil }
            return JSONCountedIndex(query, edit: k)
        }
        guard let first = counted.first, counted.allSatisfy({ $0.keys == first.keys })
        else { return [] }
        return counted
    }

    /// Counts, in `input` read from its start, what each of `counted`
    /// (with the same leading keys) indexes; `nil` when their keys do not
    /// reach one array the stream spreads (then the edit holds what it
    /// reaches, as without a first pass), or an element that is an array
    /// comes alone (too large for a batch: the filter would open it).
    ///
    /// - Throws: `LoadError` for malformed or unreadable input, as the
    ///   edit's own pass would.
    static func count(_ counted: [JSONCountedIndex], in input: ChunkedInput, options: LoadOptions) throws -> [Tally]? {
        var tallies = counted.map { Tally(keeping: $0.keeping) }
        let queries = counted.map(\.kept)
        let elements = try forEachBatch(reachedBy: counted[0].keys, in: input, options: options) { document, elements, before in
            for (k, query) in queries.enumerated() {
                let values = try query.evaluate(on: document).items
                var v = 0
                while v < values.count {
                    guard let at = JSONTransactionOutput.position(holding: values[v], in: elements, of: document) else { throw NotCounted() }
                    let end = document.table.subtreeEnd(elements[at])
                    var w = v + 1
                    while w < values.count, values[w] >= elements[at], values[w] < end { w += 1 }
                    tallies[k].add(ordinal: before + at, values: w - v, isArray: document.node(at: values[v]).kind == .array)
                    v = w
                }
            }
        } end: {}
        guard let elements else { return nil }
        for k in tallies.indices { tallies[k].elements = elements }
        return tallies
    }

    /// The most targets a first pass names one by one
    /// (``targets(of:in:options:)``): each becomes an edit of its own,
    /// which every batch of the edit's own pass passes over unless it holds
    /// the target's element. At 4,000 targets on a 200 MB file that is
    /// 1.15× the time of holding the array, in 25 MB instead of 1.5 GB.
    static let targetLimit = 4096

    /// Finds, in `input` read from its start, the values each of `counted`
    /// (with the same leading keys) reaches, as the streamed query of its
    /// path does (``CountedSteps``: every filter, index and slice after the
    /// first filter counts over the whole array), and names each by its
    /// element's ordinal and its canonical path in the element: `count`'s
    /// rule where an element gives several values (`items[?id > 5].parts.k[1]`),
    /// or a step after the counted one counts again (`items[?active][2:4].tags[1]`).
    /// `nil` as for ``count(_:in:options:)``, or past ``targetLimit`` targets.
    static func targets(of counted: [JSONCountedIndex], in input: ChunkedInput, options: LoadOptions) throws -> [[PathQuery]]? {
        let rests = counted.map { CountedSteps($0.query.withSteps($0.query.steps[$0.filter...])) }
        var progress = rests.map { CountedSteps.Progress($0) }
        var found = Array(repeating: [PathQuery](), count: counted.count)
        // Where each batch that a held or kept value may still be in starts among the elements.
        var batches: [(document: Weak<Document>, elements: [UInt32], before: Int)] = []
        func deliver(_ k: Int) -> (QueryResult) throws -> Void {
            { result in
                guard let batch = batches.last(where: { $0.document.object === result.document }) else { throw NotCounted() }
                for item in result.items {
                    guard let at = JSONTransactionOutput.position(holding: item, in: batch.elements, of: result.document),
                        found[k].count < targetLimit,
                        let target = counted[k].named(element: batch.before + at, item, in: result.document, from: batch.elements[at])
                    else { throw NotCounted() }
                    found[k].append(target)
                }
            }
        }
        let elements = try forEachBatch(reachedBy: counted[0].keys, in: input, options: options) { document, elements, before in
            batches.removeAll { $0.document.object == nil }
            batches.append((Weak(document), elements, before))
            for (k, rest) in rests.enumerated() {
                let values = try rest.head.evaluate(
                    in: QueryScope(document: document, items: elements, computed: [], isToMany: elements.count > 1,
                                   origin: QueryOrigin(start: elements)),
                    oneOfSeveral: true)
                try rest.reach(values, &progress[k], deliver: deliver(k))
            }
        } end: {
            for (k, rest) in rests.enumerated() { try rest.release(&progress[k], deliver: deliver(k)) }
        }
        guard let elements else { return nil }
        // Nothing reached: a target past the array's end, so that the edit's own pass reports the miss.
        return counted.indices.map { k in found[k].isEmpty ? [counted[k].named(.element(elements, keepsPosition: false))] : found[k] }
    }

    /// The path naming `item` by the ordinal of the element it is in, and
    /// its canonical path in it: the leading keys, the ordinal as an index
    /// in place of the filter, then that path (its steps under the rest of
    /// the path as written, for carets).
    private func named(element ordinal: Int, _ item: UInt32, in document: Document, from element: UInt32) -> PathQuery? {
        var paths = CanonicalPathBuilder(document: document, onlyFor: item)
        var elementPath = CanonicalPathBuilder(document: document, onlyFor: element)
        guard let itemPath = paths.path(of: item), let prefix = elementPath.path(of: element), itemPath.hasPrefix(prefix)
        else { return nil }
        var within = itemPath.dropFirst(prefix.count)
        if within.hasPrefix(".") { within.removeFirst() }
        var steps = Array(query.steps[...filter])
        steps[filter].kind = .index(ordinal)
        var keys = query.keys
        if !within.isEmpty {
            guard let parsed = try? Parser.parse(String(within)) else { return nil }
            let range = query.steps[filter].range.lowerBound..<query.steps[query.steps.count - 1].range.upperBound
            for var step in parsed.steps {
                if case .key(let slot) = step.kind {
                    let key = parsed.keys[slot]
                    step.kind = .key(slot: keys.firstIndex(of: key) ?? keys.count)
                    if !keys.contains(key) { keys.append(key) }
                }
                step.range = range
                steps.append(step)
            }
        }
        return PathQuery(description: query.description, steps: steps, keys: keys)
    }

    private struct NotCounted: Error {}

    /// Reads `input` from its start, handing `body` each batch of the one
    /// array that `keys` reach and the stream spreads (its document, the
    /// elements in it, and how many came before), then calls `end` when
    /// the array closes; returns how many elements it holds, or `nil` when
    /// the keys reach no such array, or `body` throws ``NotCounted``.
    private static func forEachBatch(
        reachedBy keys: [StreamSelector.Step], in input: ChunkedInput, options: LoadOptions,
        _ body: (Document, [UInt32], Int) throws -> Void, end: () throws -> Void
    ) throws -> Int? {
        var options = options
        options.progress = nil
        let head = try InputHead.read(input, limit: StreamingLoad.chunkSize, format: .json)
        let selector = StreamSelector(steps: keys, keepsKeys: false, spreading: .whenLone)
        var scanner = JSONStreamScanner(
            input: input, head: head.bytes, skip: head.byteOrderMark, matcher: StreamMatcher(selector), options: options)
        var opened = 0
        var inArray = false
        var elementsBefore = 0
        do {
            try scanner.run(
                emit: { candidate in
                    guard inArray else { throw NotCounted() }
                    let document = candidate.document
                    let elements = JSONTransactionOutput.elementNodes(of: candidate)
                    if !candidate.isBatch, document.node(at: elements[0]).kind == .array { throw NotCounted() }
                    try body(document, elements, elementsBefore)
                    elementsBefore += elements.count
                },
                nextValue: { throw NotCounted() },
                arrayEdge: { edge in
                    opened += edge == .open ? 1 : 0
                    inArray = edge == .open
                    guard opened == 1 else { throw NotCounted() }
                    if edge == .close { try end() }
                })
        } catch {
            switch error {
            case .load(let error): throw error
            case .consumer(let error as LoadError): throw error
            case .consumer, .selector: return nil
            }
        }
        guard opened == 1 else { return nil }
        return elementsBefore
    }
}

/// A reference that does not keep its object alive.
private struct Weak<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
