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
/// start only: up to its end). An element that gives several values (keys
/// through an array in it: `items[?id > 5].parts.k[1]`) is not named: the
/// edit runs as given, holding the array.
///
/// Like the evaluator, the index counts among the values, except that when
/// the filter and keys give one value, an array, it indexes into it.
struct JSONCountedIndex: Sendable {
    /// The edit's position among the edits of the run.
    var edit: Int
    var query: PathQuery
    /// Where the filter stands: every step before it is a key.
    var filter: Int
    /// Where the index or slice stands: every step between the filter and it is a key.
    var position: Int

    /// The counted index or slice in `query`, or `nil` when its path is not
    /// keys, a filter, keys and an index or slice (the first after the filter).
    init?(_ query: PathQuery, edit: Int) {
        func isKey(_ step: Step) -> Bool {
            if case .key = step.kind { true } else { false }
        }
        guard let filter = query.steps.firstIndex(where: { !isKey($0) }), case .filter = query.steps[filter].kind,
            let position = query.steps[(filter + 1)...].firstIndex(where: { !isKey($0) }), query.steps[position].isPosition
        else { return nil }
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
        PathQuery(description: query.description, steps: Array(query.steps[filter..<position]), keys: query.keys)
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
        return PathQuery(description: query.description, steps: steps, keys: query.keys)
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
        /// would reach all: the array is then held whole.
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
        struct NotCounted: Error {}
        var options = options
        options.progress = nil
        let head = try InputHead.read(input, limit: StreamingLoad.chunkSize, format: .json)
        let selector = StreamSelector(steps: counted[0].keys, keepsKeys: false, spreading: .whenLone)
        var scanner = JSONStreamScanner(
            input: input, head: head.bytes, skip: head.byteOrderMark, matcher: StreamMatcher(selector), options: options)
        var tallies = counted.map { Tally(keeping: $0.keeping) }
        let queries = counted.map(\.kept)
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
                    for (k, query) in queries.enumerated() {
                        let values = try query.evaluate(on: document).items
                        var v = 0
                        while v < values.count {
                            guard let at = JSONTransactionOutput.position(holding: values[v], in: elements, of: document) else { throw NotCounted() }
                            let end = document.table.subtreeEnd(elements[at])
                            var w = v + 1
                            while w < values.count, values[w] >= elements[at], values[w] < end { w += 1 }
                            tallies[k].add(ordinal: elementsBefore + at, values: w - v, isArray: document.node(at: values[v]).kind == .array)
                            v = w
                        }
                    }
                    elementsBefore += elements.count
                },
                nextValue: { throw NotCounted() },
                arrayEdge: { edge in
                    opened += edge == .open ? 1 : 0
                    inArray = edge == .open
                    guard opened == 1 else { throw NotCounted() }
                })
        } catch {
            switch error {
            case .load(let error): throw error
            case .consumer(let error as LoadError): throw error
            case .consumer, .selector: return nil
            }
        }
        guard opened == 1 else { return nil }
        for k in tallies.indices { tallies[k].elements = elementsBefore }
        return tallies
    }
}
