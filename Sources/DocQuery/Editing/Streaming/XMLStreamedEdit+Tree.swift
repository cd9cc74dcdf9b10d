import DocTree

extension XMLStreamedEdit {
    /// Prepares `edits` on a document held whole: its tree finds what each
    /// path matches (filters, `..`, an index from the end: all a pass in
    /// order cannot know), and the stream then edits those targets, found
    /// by element ordinal (``XMLEditTargets``), with the rules it uses for
    /// every streamed edit.
    ///
    /// The tree says only what the stream cannot: which nodes match, and
    /// where an insert at an index from the end goes in each element.
    ///
    /// `matches` receives how many nodes each edit's path matched (the
    /// edit summary's counts), from the one evaluation that found them.
    ///
    /// - Throws: ``QueryError``: a malformed path, one that matches
    ///   nothing (``QueryError/Kind-swift.struct/noMatch``), or a match no
    ///   XML edit applies to (``QueryError/Kind-swift.struct/invalidEdit``).
    package init(_ edits: [Edit], in document: Document, options: LoadOptions, matches: inout [Int]) throws {
        matches = []
        var finders: [Finder] = []
        var intoIndexes: [[Int]?] = []
        for edit in edits {
            let (matched, _, miss) = try edit.targets(in: document)
            if matched.isEmpty { throw EditFailure.noMatch(edit, miss?.explanation) }
            matches.append(matched.count)
            let (targets, indexes) = try Self.targets(of: edit, matched, in: document)
            finders.append(.targets(targets))
            intoIndexes.append(indexes)
        }
        self.init(edits, finders: finders, intoIndexes: intoIndexes, options: options)
    }

    /// The targets of `edit` when its path matches the nodes `matched` of
    /// `document`, and, for an insert at an index from the end, the index
    /// it goes at in each element target.
    ///
    /// - Throws: ``QueryError/Kind-swift.struct/invalidEdit`` for a match
    ///   no XML edit applies to, or an index outside an element.
    static func targets(of edit: Edit, _ matched: [UInt32], in document: Document) throws -> (XMLEditTargets, [Int]?) {
        let ordinals = ElementOrdinals(document)
        func kind(_ node: UInt32) -> Node.Kind { document.table.nodes[Int(node)].kind }
        var nodes: [UInt32] = []
        nodes.reserveCapacity(matched.count)
        for var node in matched {
            // The text of an element that holds only text is set through the element.
            if kind(node) == .text, case .set = edit.operation { node = (document.node(at: node).parent?.index ?? 0) }
            guard node != 0 else { throw EditFailure.invalid(edit, "the document node cannot be edited") }
            guard kind(node) == .element || kind(node) == .attribute else {
                throw EditFailure.invalid(edit, "it matches \(Self.describe(node, in: document)); XML edits apply to elements and attributes")
            }
            nodes.append(node)
        }
        try Self.check(edit)
        nodes.sort()
        var targets = XMLEditTargets()
        var indexes: [Int]?
        let fromEnd: Int?
        if Self.insertsFromTheEnd(edit), case .insert(_, _, .into(let index?)) = edit.operation {
            fromEnd = index
            indexes = []
        } else {
            fromEnd = nil
        }
        for node in nodes {
            if kind(node) == .attribute {
                let element = (document.node(at: node).parent?.index ?? 0)
                targets.attributes.append((ordinals.ordinal(of: element), Array((document.node(at: node).name ?? "").utf8)))
                continue
            }
            targets.elements.append(ordinals.ordinal(of: node))
            if let fromEnd {
                let count = document.childIndexes(of: node).filter { kind($0) == .element }.count
                guard count + fromEnd >= 0 else {
                    throw Self.indexOutside(edit, fromEnd, count: count, of: document.node(at: node).name ?? "")
                }
                indexes?.append(count + fromEnd)
            }
        }
        return (targets, indexes)
    }

    /// Decides, on `candidate` (a document whose root is an element the
    /// prefix of `edit`'s path reached), what `rest` (the path's steps
    /// after that prefix) matches there: the targets a filtering selector
    /// reports (``XMLEditSelector/filter(_:decide:)``), by ordinal from the
    /// candidate's element.
    ///
    /// The candidate is one of several, as the in-memory evaluation sees
    /// the elements a prefix reaches.
    static func decide(
        _ edit: Edit, rest: PathQuery, on candidate: Document, insertIndexes: (([Int]) -> Void)? = nil
    ) throws -> XMLEditTargets {
        try targets(of: edit, try evaluate(rest, on: candidate), in: candidate, insertIndexes: insertIndexes)
    }

    /// What decides, on each candidate in document order, what `rest`
    /// matches in it (``decide(_:rest:on:insertIndexes:)``). Each index or
    /// slice in `rest` numbers the values that reach it across every
    /// candidate (``CountedSteps``, as a streamed query does), as the
    /// in-memory evaluation counts them over all the elements the prefix
    /// reaches: the closure keeps those counts, so it serves one run. One
    /// from the end was counted, and made one from the start, before any
    /// run (``resolvingCounts(in:)``), or comes after an index, whose one
    /// value is in one candidate, and counts among what reaches it there
    /// (``StreamPlan/init(_:printsArrays:positions:)``). XML has no arrays,
    /// so no candidate's values wait for the next.
    /// For an insert at an index from the end, `insertIndexes` receives
    /// the index it goes at in each element target, in order.
    static func decider(
        _ edit: Edit, rest: PathQuery, insertIndexes: (([Int]) -> Void)? = nil
    ) -> (Document) throws -> XMLEditTargets {
        let steps = CountedSteps(rest, holdsFromEnd: false)
        guard !steps.stages.isEmpty else {
            return { try decide(edit, rest: rest, on: $0, insertIndexes: insertIndexes) }
        }
        var progress = CountedSteps.Progress(steps)
        return { candidate in
            var found = XMLEditTargets()
            try steps.reach(try evaluate(steps.head, on: candidate), &progress) { matched in
                found = try targets(of: edit, matched, in: candidate, insertIndexes: insertIndexes)
            }
            return found
        }
    }

    /// The values the steps of `rest` (an index or slice's steps before
    /// it) give on each candidate, counted: what an index from the end in
    /// `rest` counts among.
    static func counter(_ rest: PathQuery, count: @escaping (Int) -> Void) -> (Document) throws -> XMLEditTargets {
        { candidate in
            count(try evaluate(rest, on: candidate).items.count)
            return XMLEditTargets()
        }
    }

    /// `rest` evaluated on `candidate` (a document whose root is an element
    /// a path's prefix reached), as one of several values, as the
    /// in-memory evaluation sees it.
    private static func evaluate(_ rest: PathQuery, on candidate: Document) throws -> QueryResult {
        let start = [candidate.rootIndex]
        return try rest.evaluate(
            in: QueryScope(document: candidate, items: start, computed: [], isToMany: false, origin: QueryOrigin(start: start)),
            oneOfSeveral: true)
    }

    /// The targets of `edit` among the nodes `result` (on `candidate`)
    /// holds, and to `insertIndexes`, the indexes an insert from the end goes at.
    private static func targets(
        of edit: Edit, _ result: QueryResult, in candidate: Document, insertIndexes: (([Int]) -> Void)?
    ) throws -> XMLEditTargets {
        let nodes = try edit.nodes(of: result, in: candidate)
        guard !nodes.isEmpty else { return XMLEditTargets() }
        let (targets, indexes) = try targets(of: edit, nodes, in: candidate)
        if let indexes { insertIndexes?(indexes) }
        return targets
    }

    /// A node in a message: "the element <a>", "a comment".
    private static func describe(_ node: UInt32, in document: Document) -> String {
        switch document.table.nodes[Int(node)].kind {
        case .element: "the element <\(document.node(at: node).name ?? "")>"
        case .attribute: "the attribute \(document.node(at: node).name ?? "")"
        case .text: "text"
        case .comment: "a comment"
        case .processingInstruction: "a processing instruction"
        case .document: "the document node"
        default: "a node"
        }
    }
}

/// The ordinal of each element record (how many element records come
/// before it), which is the ordinal of its start among a parse's element
/// events: learnt in one pass over the records as far as asked, targets
/// being asked in order.
private final class ElementOrdinals {
    private let document: Document
    private var index = 0
    private var count = 0

    init(_ document: Document) { self.document = document }

    /// Ordinal of element record `element`; asked in ascending order per edit.
    func ordinal(of element: UInt32) -> Int {
        if Int(element) < index {
            index = 0
            count = 0
        }
        let nodes = document.table.nodes
        while index < Int(element) {
            if nodes[index].kind == .element { count += 1 }
            index += 1
        }
        return count
    }
}
