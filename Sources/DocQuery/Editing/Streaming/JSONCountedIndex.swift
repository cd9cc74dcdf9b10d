import DocTree

/// An index that counts what a filter keeps, in a path of JSON that the
/// batches of a spread array cannot pick in one pass: from the end
/// (`items[?id == 7][-1].name`), or after keys after the filter
/// (`items[?id == 7].tags[1]`, which indexes the `tags` values the kept
/// elements give, not each `tags` array), or in JSON with comments. A first
/// pass over the input counts those values, a batch at a time, and names the
/// element that gives the one indexed; the path then names that element
/// by its ordinal (`items[4711].tags`), and the edit streams as one by
/// index does. Memory stays one batch, and as many kept elements as the
/// index counts from the end. An element that gives several values (keys
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
    /// Where the index stands: every step between the filter and it is a key.
    var position: Int
    var index: Int

    /// The counted index in `query`, or `nil` when its path is not keys, a
    /// filter, keys and an index (the first after the filter).
    init?(_ query: PathQuery, edit: Int) {
        func isKey(_ step: Step) -> Bool {
            if case .key = step.kind { true } else { false }
        }
        guard let filter = query.steps.firstIndex(where: { !isKey($0) }), case .filter = query.steps[filter].kind,
            let position = query.steps[(filter + 1)...].firstIndex(where: { !isKey($0) }),
            case .index(let index) = query.steps[position].kind
        else { return nil }
        self.edit = edit
        self.query = query
        self.filter = filter
        self.position = position
        self.index = index
    }

    /// The leading keys, for the stream: they reach the array whose
    /// elements the filter tests.
    var keys: [StreamSelector.Step] { query.steps[..<filter].compactMap { StreamSelector.Step($0, of: query) } }

    /// The filter and the keys after it, as a path of its own.
    var kept: PathQuery {
        PathQuery(description: query.description, steps: Array(query.steps[filter..<position]), keys: query.keys)
    }

    /// `query` with the filter in place of element `ordinal` of the array
    /// (as an index), the keys after it, then the counted index when
    /// `keepsIndex` (none: dropped), then the rest.
    func naming(element ordinal: Int, keepsIndex: Bool) -> PathQuery {
        var steps = Array(query.steps[..<(keepsIndex ? position + 1 : position)])
        steps[filter].kind = .index(ordinal)
        steps += query.steps[(position + 1)...]
        return PathQuery(description: query.description, steps: steps, keys: query.keys)
    }

    /// What a first pass learns of the values that the filter and keys give
    /// over the array: how many, whether the first is an array, and the
    /// kept elements that give the one indexed (or may: from the end, the
    /// last as many as it counts), each with how many values it gives.
    struct Tally {
        var index: Int
        var total = 0
        var firstIsArray = false
        /// Elements that give values, by ordinal in the array, in order:
        /// from the start, up to the one indexed; from the end, the last
        /// ones that give as many values as it counts back.
        var givers: [(ordinal: Int, values: Int, before: Int)] = []
        /// How many elements the array holds.
        var elements = 0

        mutating func add(ordinal: Int, values: Int, isArray: Bool) {
            if total == 0 { firstIsArray = isArray }
            if index >= 0 {
                if total <= index { givers.append((ordinal, values, total)) }
            } else {
                givers.append((ordinal, values, total))
                // The ones before are more than the index counts back from the end.
                while givers.count > 1, total + values - givers[1].before >= -index { givers.removeFirst() }
            }
            total += values
        }

        /// The element that gives what the counted index names, and whether
        /// the index stays after the keys (it indexes into the one value they
        /// give, an array); `nil` when the element gives several values
        /// (keys through an array in it, `parts.k`), of which the edit would
        /// reach all: the array is then held whole.
        func named(by counted: JSONCountedIndex) -> (ordinal: Int, keepsIndex: Bool)? {
            if total == 1, firstIsArray { return (givers[0].ordinal, true) }
            let named = counted.query.steps[counted.position].positions(among: total)!
            guard let value = named.first, let giver = givers.last(where: { $0.before <= value }) else {
                // Past the array's end, so that nothing matches.
                return (elements, false)
            }
            return giver.values > 1 ? nil : (giver.ordinal, false)
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
        var tallies = counted.map { Tally(index: $0.index) }
        let queries = counted.map(\.kept)
        var opened = 0
        var inArray = false
        var elementsBefore = 0
        do {
            try scanner.run(
                emit: { candidate in
                    guard inArray else { throw NotCounted() }
                    let document = candidate.document
                    let root = document.rootIndex
                    let elements = candidate.isBatch ? document.childIndexes(of: root) : [root]
                    if !candidate.isBatch, document.node(at: root).kind == .array { throw NotCounted() }
                    let scope = QueryScope(document: document, items: [root], computed: [], isToMany: false, origin: QueryOrigin(start: [root]))
                    for (k, query) in queries.enumerated() {
                        let values = try query.evaluate(in: scope).items
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
