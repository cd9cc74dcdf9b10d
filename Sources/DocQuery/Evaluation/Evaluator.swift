/// Runs compiled steps over a document.
///
/// ## Model
///
/// Evaluation works on an ordered sequence of *items*: a `UInt32` that is a
/// node index when below ``base`` (the document's node count) and otherwise
/// the index of a ``ComputedValue`` plus `base`. A step maps the whole
/// sequence to the next one. Two buffers are swapped between steps and spare
/// buffers are pooled for filters and operators, so after the first few
/// items evaluation allocates nothing per visited node.
///
/// Key steps compare interned name ids, resolved once per evaluation
/// (``keyIDs``); a key that no node of the document uses costs nothing.
/// The members a key selects come from DocTree's member lookup
/// (`Document.appendMembers(of:named:into:)`), which keeps the one index of
/// wide nodes.
struct Evaluator {
    let document: Document
    let table: NodeTable
    /// The document's records; valid while `document` (held above) lives.
    let nodes: UnsafeBufferPointer<NodeRecord>
    let localNameIDs: [UInt32]
    let isXML: Bool
    /// Items at or above this are computed values.
    let base: UInt32
    /// The name id of each key slot of the query; 0 when no node uses the key.
    let keyIDs: [UInt32]
    /// The path as written, for errors and for the paths of computed results.
    let source: String
    var computed: [ComputedValue]
    /// Whether the current sequence is "to-many" in KVC's sense (see
    /// `Document.value(forKeyPath:)`).
    var fannedOut = false
    /// When tracing, the first step that turned a non-empty sequence empty,
    /// with the sequence it received.
    var failure: (step: Int, input: [UInt32])?

    private var pool: [[UInt32]] = []

    init(query: PathQuery, document: Document, computed: [ComputedValue] = []) {
        self.document = document
        self.table = document.table
        self.nodes = table.nodes.buffer
        self.localNameIDs = table.names.localNameIDs
        self.isXML = document.format == .xml
        self.base = UInt32(truncatingIfNeeded: table.nodes.count)
        let names = table.names
        self.keyIDs = query.keys.isEmpty ? [] : query.keyIDs.ids(of: query.keys, in: names)
        self.source = query.description
        self.computed = computed
    }

    // MARK: Records

    @inline(__always) func kind(_ item: UInt32) -> Node.Kind { nodes[Int(item)].kind }

    @inline(__always) func subtreeEnd(_ index: UInt32) -> UInt32 { nodes[Int(index)].subtreeEnd(at: index) }

    @inline(__always) func isNode(_ item: UInt32) -> Bool { item < base }

    // MARK: Buffers

    mutating func takeBuffer() -> [UInt32] {
        if var buffer = pool.popLast() {
            buffer.removeAll(keepingCapacity: true)
            return buffer
        }
        var buffer: [UInt32] = []
        buffer.reserveCapacity(16)
        return buffer
    }

    mutating func giveBack(_ buffer: consuming [UInt32]) {
        pool.append(buffer)
    }

    /// Stores a computed value and returns its item.
    mutating func item(for value: ComputedValue, at step: Step) throws(QueryError) -> UInt32 {
        let (item, overflow) = base.addingReportingOverflow(UInt32(truncatingIfNeeded: computed.count))
        guard !overflow, computed.count < Int(UInt32.max) else {
            throw QueryError(.resultTooLarge, "too many computed values", path: source, scalarRange: step.range)
        }
        computed.append(value)
        return item
    }

    // MARK: Running steps

    /// Applies `steps` to `items` in place. With `tracing`, records the first
    /// step that empties a non-empty sequence in ``failure``.
    ///
    /// From the step at offset `oneOfSeveralFrom` in `steps` on, the values
    /// a step takes are one part of a longer sequence (a streamed
    /// candidate, see `StreamEvaluation`, from the first step: 0): a part
    /// that is one JSON array is then not a lone array, so a filter tests
    /// the array itself, as it tests each value of a sequence of several.
    /// Paths inside filters keep the usual rule.
    mutating func run(
        _ steps: ArraySlice<Step>, _ items: inout [UInt32], tracing: Bool = false, oneOfSeveralFrom: Int = .max
    ) throws(QueryError) {
        var spare = takeBuffer()
        defer { giveBack(spare) }
        var i = steps.startIndex
        while i < steps.endIndex {
            let step = steps[i]
            if case .collectionOperator(let op) = step.kind {
                var j = i + 1
                while j < steps.endIndex && !steps[j].isOperator { j += 1 }
                try applyOperator(op, at: i, in: steps, right: steps[(i + 1)..<j], &items, tracing: tracing)
                i = j
                continue
            }
            if items.isEmpty {
                // Only an operator can turn nothing into something.
                i += 1
                while i < steps.endIndex && !steps[i].isOperator { i += 1 }
                continue
            }
            spare.removeAll(keepingCapacity: true)
            try apply(step, to: items, into: &spare, opensLoneArray: i - steps.startIndex < oneOfSeveralFrom)
            if tracing && spare.isEmpty && failure == nil {
                failure = (i, items)
            }
            swap(&items, &spare)
            i += 1
        }
    }

    /// Applies one non-operator step; a filter opens a lone array only when `opensLoneArray`.
    private mutating func apply(
        _ step: Step, to input: [UInt32], into out: inout [UInt32], opensLoneArray: Bool
    ) throws(QueryError) {
        switch step.kind {
        case .key(let slot):
            let id = keyIDs[slot]
            if id != 0 {
                // About one value per input item, or per element of a lone array.
                let expected = loneArray(input).map { Int(nodes[Int($0)].b) } ?? input.count
                out.reserveCapacity(out.count + expected)
                appendKeyed(input, id, into: &out)
            }
            if out.count > 1 { fannedOut = true }
        case .reserved(let name):
            try applyReserved(name, step, to: input, into: &out)
        case .wildcard:
            fannedOut = true
            document.appendWildcardChildren(ofEach: input, below: base, into: &out)
        case .descendant(let slot):
            fannedOut = true
            appendDescendants(of: input, id: slot.map { keyIDs[$0] }, into: &out)
        case .index:
            fannedOut = false
            appendPositions(step, of: input, into: &out)
        case .slice:
            fannedOut = true
            appendPositions(step, of: input, into: &out)
        case .filter(let expression):
            fannedOut = true
            if opensLoneArray, let array = loneArray(input) {
                var p = array + 1
                let end = nodes[Int(array)].a
                while p < end {
                    if try test(expression, p) { out.append(p) }
                    p = subtreeEnd(p)
                }
            } else {
                for item in input {
                    if try test(expression, item) { out.append(item) }
                }
            }
        case .collectionOperator:
            preconditionFailure("operators are grouped by run(_:_:)")
        }
    }

    // MARK: Collections

    /// The array node when `items` is exactly one JSON array.
    @inline(__always) func loneArray(_ items: [UInt32]) -> UInt32? {
        guard items.count == 1, isNode(items[0]), kind(items[0]) == .array else { return nil }
        return items[0]
    }

    /// The collection of `items`: a lone JSON array's elements, otherwise the items.
    func appendCollection(_ items: [UInt32], into out: inout [UInt32]) {
        if let array = loneArray(items) {
            appendChildren(of: array, into: &out)
        } else {
            out.append(contentsOf: items)
        }
    }

    /// Replaces every JSON array among `values` by its elements, in place
    /// and in order (one level: an array inside an array stays whole).
    mutating func openArrays(_ values: inout [UInt32]) {
        var opened = takeBuffer()
        for item in values {
            if isNode(item) && kind(item) == .array {
                appendChildren(of: item, into: &opened)
            } else {
                opened.append(item)
            }
        }
        swap(&values, &opened)
        giveBack(opened)
    }

    /// Every child of a container except attributes, text, comments and
    /// PIs (DocTree's walk).
    func appendChildren(of node: UInt32, into out: inout [UInt32]) {
        document.appendChildren(of: node, into: &out)
    }

    /// The values an index or slice names (`Step.positions(among:)`):
    /// among a lone JSON array's elements, otherwise among the items.
    private func appendPositions(_ step: Step, of input: [UInt32], into out: inout [UInt32]) {
        let array = loneArray(input)
        let count = array.map { Int(nodes[Int($0)].b) } ?? input.count
        guard let named = step.positions(among: count), !named.isEmpty else { return }
        guard let array else {
            out.append(contentsOf: input[named])
            return
        }
        var p = array + 1
        for _ in 0..<named.lowerBound { p = subtreeEnd(p) }
        for i in named {
            out.append(p)
            if i + 1 < named.upperBound { p = subtreeEnd(p) }
        }
    }

    // MARK: Keys

    /// The children of each input node that key `id` selects (on a JSON
    /// array, through its elements, as key-value coding does): DocTree's
    /// member lookup, one call for the whole input, so its loops run beside
    /// the record layout.
    private mutating func appendKeyed(_ input: [UInt32], _ id: UInt32, into out: inout [UInt32]) {
        document.appendKeyedMembers(ofEach: input, below: base, named: id, into: &out)
    }

    /// `..key` (or `..*` when `id` is nil): every descendant the key selects,
    /// in document order, each once. The input is walked in document order
    /// (sorted first when a step before left it otherwise, as `_contents`
    /// of nested nodes does), and a node inside the subtree of the previous
    /// input item is skipped, so nested inputs do not yield a descendant twice.
    private func appendDescendants(of input: [UInt32], id: UInt32?, into out: inout [UInt32]) {
        if id == 0 { return }
        var inOrder = true
        var previous: UInt32 = 0
        for item in input where isNode(item) {
            if item < previous { inOrder = false; break }
            previous = item
        }
        if !inOrder {
            appendDescendants(of: input.filter(isNode).sorted(), id: id, into: &out)
            return
        }
        document.appendDescendants(ofEach: input, below: base, named: id, into: &out)
    }

    // MARK: Reserved names

    private mutating func applyReserved(_ name: ReservedName, _ step: Step, to input: [UInt32], into out: inout [UInt32]) throws(QueryError) {
        switch name {
        case .contents:
            fannedOut = true
            for item in input where isNode(item) {
                let k = kind(item)
                if k == .object || k == .array || k == .element || k == .document {
                    appendChildren(of: item, into: &out)
                }
            }
        case .attributes:
            fannedOut = true
            document.appendAttributes(ofEach: input, below: base, into: &out)
        case .string:
            for item in input {
                if !isNode(item) {
                    out.append(item)
                    continue
                }
                switch kind(item) {
                case .object, .array, .null, .document: continue
                default: out.append(try self.item(for: .ownText(item), at: step))
                }
            }
        case .text:
            for item in input {
                if !isNode(item) {
                    out.append(item)
                } else if kind(item) != .null {
                    out.append(try self.item(for: .deepText(item), at: step))
                }
            }
        case .elementName:
            for item in input where isNode(item) {
                let record = nodes[Int(item)]
                if record.nameID != 0 && record.kind != .processingInstruction {
                    out.append(try self.item(for: .name(item), at: step))
                }
            }
        }
    }
}
