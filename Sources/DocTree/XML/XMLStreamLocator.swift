/// One thing ``XMLStreamLocator`` found while streaming: where a node some
/// selector reaches stands in the input, as libxml2's cursor showed it
/// (see ``XMLCursorObserver`` for what the cursor says at each event).
package enum XMLLocatedEvent {
    /// An element selector `selector` reaches started; the cursor stands at
    /// the end of its start tag's attributes (its `>` or `/>`). `isRoot`
    /// tells the root element. `defaulted` names (qualified, as written in
    /// the DTD) the attributes the DTD supplied that the tag does not
    /// write (XML 1.0 section 5.1); almost always none.
    case elementStart(selector: Int, cursor: Int, isRoot: Bool, defaulted: [String])
    /// That element ended; the cursor stands just past its end tag's `>`
    /// (or the `/>`).
    case elementEnd(selector: Int, cursor: Int)
    /// An attribute selector `selector` reaches, by its local name and
    /// prefix (the parser's strings, valid during the event only), in the
    /// start tag whose event left the cursor at `elementCursor`.
    case attribute(selector: Int, elementCursor: Int, local: UnsafeBufferPointer<UInt8>, prefix: UnsafeBufferPointer<UInt8>?)
    /// Inside an element selector `selector` reached (and that has not
    /// ended), something other than text.
    case content(selector: Int, what: XMLLocatedContent)
    /// A child element of the element selector `selector` reached started
    /// (the cursor as for ``elementStart(selector:cursor:isRoot:defaulted:)``),
    /// for a selector asked to report its candidates' children only; it
    /// follows the ``content(selector:what:)`` event of that element.
    case childStart(selector: Int, cursor: Int)
    /// That child element ended (the cursor as for ``elementEnd(selector:cursor:)``).
    case childEnd(selector: Int, cursor: Int)
    /// Text of the element selector `selector` reached, as the document's
    /// tree reads it (references and CDATA decoded, line ends normalised;
    /// the parser's bytes, valid during the event only), for a selector
    /// asked to report its candidates' text; text inside their child
    /// elements is not reported.
    case text(selector: Int, bytes: UnsafeBufferPointer<UInt8>)
    /// An element a filtering selector (``XMLEditSelector/filter(_:decide:startTag:)``)
    /// reaches started (the cursor as for ``elementStart(selector:cursor:isRoot:defaulted:)``):
    /// the events of every selector are held back from here until its
    /// filter is decided at its end, so the output must be held from here too.
    case hold(selector: Int, cursor: Int)
    /// The held events were all sent: the output need not be held any
    /// more. The cursor stands where the last held element ended.
    case release(cursor: Int)
}

/// What other than text an element a streamed edit matched holds (see
/// ``XMLLocatedEvent/content(selector:what:)``): named only when asked,
/// since most edits let it be.
package enum XMLLocatedContent {
    /// A child element, by the parser's strings (valid during the event only).
    case element(local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?)
    case comment
    case processingInstruction

    /// Its name in a message: "the element <a:b>", "a comment".
    package var description: String {
        switch self {
        case .element(let local, let prefix):
            let name = String(cString: local)
            return "the element <\(prefix.map { String(cString: $0) + ":" } ?? "")\(name)>"
        case .comment: return "a comment"
        case .processingInstruction: return "a processing instruction"
        }
    }
}

/// The ``XMLEventSink`` of a streamed edit: finds, without building any
/// tree, the elements and attributes each of several ``StreamMatching``s
/// reaches, and reports each with the parser's cursor (``XMLLocatedEvent``),
/// from which the editor reads their markup in its own copy of the input.
///
/// Each matcher (a *selector* of the events, by its place in the list)
/// has its own stack of states, as ``XMLStreamRouter`` keeps for one; the
/// candidates of one selector never nest, those of different selectors may.
package final class XMLStreamLocator: XMLEventSink, XMLCursorObserver {
    private struct Tracker {
        /// The path's matcher, or `nil` for targets found beforehand.
        let matcher: (any StreamMatching)?
        var targets: XMLEditTargets?
        /// The next of ``targets``' elements and attributes to come.
        var nextElement = 0
        var nextAttribute = 0
        /// States of the open elements outside a candidate.
        var states: [StreamNodeState] = []
        /// Open elements of the current candidate (0: none is open).
        var openInCandidate = 0
        /// Whether the candidate's child elements are reported.
        var reportsChildren = false
    }

    /// A selector that filters (``XMLEditSelector/filter(_:decide:startTag:)``),
    /// following its prefix to its candidates.
    private struct Filter {
        /// Its place among the selectors (and its tracker's).
        let selector: Int
        let matcher: any StreamMatching
        let names: XMLChildNames
        let decide: (Document) throws -> XMLEditTargets
        /// Builds the candidate that is open, one at a time.
        var builder: XMLTreeBuilder
        /// States of the open elements outside a candidate.
        var states: [StreamNodeState] = []
        /// Open elements of the candidate (0: none is open).
        var openInCandidate = 0
        /// The ordinal of the open candidate's element.
        var candidate = 0
        /// Its test on start tags, if it has one; then a candidate is
        /// built as a tree only once a child element the test reads starts.
        let test: XMLStartTagTest?
        /// The test's keys as states `0..<keys.count`, its key after the filter as the next.
        let testNames: XMLChildNames
        /// How many keys the test reads, and whether it has a key after the
        /// filter: kept apart so that no event copies the test (a copy
        /// retains its arrays and closures).
        let keyCount: Int
        let hasThen: Bool
        /// The test's ``XMLStartTagTest/picks``, and how many candidates passed so far.
        let picks: Range<Int>?
        var passed = 0
        /// Whether there is a ``test``.
        let hasTest: Bool
        /// Of the open candidate: the attributes the test reads, what they
        /// decide, and whether the builder holds the small tree that
        /// decides instead (from the first child element the test reads).
        var values = XMLStartTagValues()
        /// The candidate's local name (the parser's, valid until the parse ends).
        var root: UnsafePointer<UInt8>?
        var verdict = false
        var spoiled = false
        /// Open elements of a child the test reads, fed to the builder (0: none).
        var feeding = 0
        /// The matches of the key after the filter: attributes by the
        /// parser's names (valid until the parse ends), child elements by
        /// ordinal from the candidate's.
        var thenAttributes: [(local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?)] = []
        var thenElements: [Int] = []

        init(
            selector: Int, matcher: any StreamMatching, decide: @escaping (Document) throws -> XMLEditTargets,
            test: XMLStartTagTest?, options: LoadOptions
        ) {
            self.selector = selector
            self.matcher = matcher
            names = XMLChildNames(matcher)
            self.decide = decide
            builder = XMLTreeBuilder(streaming: options)
            self.test = test
            testNames = XMLChildNames(names: (test?.keys ?? []) + [test?.then])
            keyCount = test?.keys.count ?? 0
            hasThen = test?.then != nil
            picks = test?.picks
            hasTest = test != nil
        }

        /// Whether the key `k` of the test (its key after the filter at `keys.count`) selects the name.
        @inline(__always)
        func selects(_ k: Int, local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) -> Bool {
            testNames.admits(local: local, prefix: prefix, under: k)
        }

        /// Reads the start tag of a candidate: what its attributes decide.
        mutating func readStartTag(
            local root: UnsafePointer<UInt8>, attributes: XMLAttributes, decoder: any XMLReferenceDecoder
        ) throws(LoadError) {
            self.root = root
            for index in 0..<attributes.count {
                guard let local = attributes.localName(at: index) else { continue }
                let prefix = attributes.prefix(at: index)
                if hasThen, selects(keyCount, local: local, prefix: prefix) { thenAttributes.append((local, prefix)) }
                var keys: UInt64 = 0
                for k in 0..<keyCount where selects(k, local: local, prefix: prefix) { keys |= 1 << UInt64(k) }
                guard keys != 0 else { continue }
                try attributes.withAttribute(at: index, decoder: decoder) { (local, prefix, uri, value) throws(LoadError) in
                    values.append(keys: keys, local: local, prefix: prefix, namespaceURI: uri, value: value)
                }
            }
            verdict = test!.decide(values)
        }

        /// A child element of a candidate decided on its start tag started
        /// (``openInCandidate`` counts it): a child the test reads, and
        /// what it holds, go to the builder, after the candidate itself.
        mutating func childStarted(
            local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, namespaceURI: UnsafePointer<UInt8>?,
            attributes: XMLAttributes, decoder: any XMLReferenceDecoder, ordinal: Int
        ) throws(LoadError) {
            if feeding > 0 {
                feeding += 1
            } else if openInCandidate == 2 {
                if hasThen, selects(keyCount, local: local, prefix: prefix) { thenElements.append(ordinal - candidate) }
                guard (0..<keyCount).contains(where: { selects($0, local: local, prefix: prefix) }) else { return }
                if !spoiled {
                    spoiled = true
                    // The root's name and namespace are not read by the test.
                    try builder.startElement(local: root!, prefix: nil, namespaceURI: nil)
                    try values.add(to: &builder)
                }
                feeding = 1
            } else {
                return
            }
            try builder.startElement(local: local, prefix: prefix, namespaceURI: namespaceURI)
            try builder.addAttributes(attributes, decoder: decoder)
        }

        /// Whether the builder takes what comes now (text, a comment...).
        var builds: Bool { openInCandidate > 0 && (!hasTest || feeding > 0) }

        /// Ends an element of a candidate decided on its start tag; at the
        /// candidate's end, adds its targets to `targets` if it passes and
        /// returns `true` (the candidate is decided).
        mutating func childEnded(into targets: inout XMLEditTargets) throws -> Bool {
            if feeding > 0 {
                try builder.endElement()
                feeding -= 1
            }
            openInCandidate -= 1
            guard openInCandidate == 0 else { return false }
            defer {
                spoiled = false
                values.clear()
                thenAttributes.removeAll(keepingCapacity: true)
                thenElements.removeAll(keepingCapacity: true)
            }
            var passes = verdict
            if spoiled {
                try builder.endElement()
                let document = builder.finish()
                builder.reset()
                passes = try test!.decideTree(document)
            }
            guard passes else { return true }
            if let picks {
                passed += 1
                guard picks.contains(passed - 1) else { return true }
            }
            if !hasThen {
                targets.elements.append(candidate)
            } else {
                for element in thenElements { targets.elements.append(candidate + element) }
                // By qualified name, as the tree names them.
                for (local, prefix) in thenAttributes {
                    let name = (prefix.map { Array(XMLChildNames.buffer($0)) + [UInt8(ascii: ":")] } ?? []) + XMLChildNames.buffer(local)
                    targets.attributes.append((candidate, name))
                }
            }
            return true
        }
    }

    // The parser calls in one event at a time and nothing re-enters the
    // locator, so accesses cannot overlap. Unchecked: with the checks,
    // streamed edits of map.osm ran 4.0–5.8 % more instructions (an insert
    // into, a delete, an attribute set; callgrind, 2026-11-27).
    @exclusivity(unchecked) private var trackers: [Tracker]
    /// The selectors that filter (``XMLEditSelector/filter(_:decide:startTag:)``):
    /// each finds its candidates by its path's prefix, holds one at a time
    /// as a tree, and turns what its filter decides into targets of its
    /// tracker, which then reports them as targets found beforehand.
    @exclusivity(unchecked) private var filters: [Filter] = []
    /// While a filter's candidate is open, every event, recorded to be
    /// handled (for every selector) once the filter is decided.
    @exclusivity(unchecked) private var held = HeldEvents()
    /// The selectors whose candidates' text is reported.
    private let textSelectors: [Int]
    /// The names each matcher asks, apart from the trackers (mutable) so
    /// that a look-up retains nothing.
    private let names: [XMLChildNames]
    @exclusivity(unchecked) private var cursor = -1
    @exclusivity(unchecked) private var depth = 0
    /// How many elements started before this one: its ordinal.
    @exclusivity(unchecked) private var ordinal = 0
    @exclusivity(unchecked) private var sawRoot = false
    /// Where events go; what it throws stops the parse.
    private let consumer: (XMLLocatedEvent) throws -> Void
    /// Told of every element's start and end while it asks for more.
    private let watch: ((_ cursor: Int, _ isEnd: Bool) -> Bool)?
    @exclusivity(unchecked) private var watching: Bool
    @exclusivity(unchecked) private(set) var consumerError: (any Error)?
    @exclusivity(unchecked) private(set) var selectorError: (selector: Int, error: StreamSelectorError)?

    init(
        selectors: [XMLEditSelector], reportingChildrenOf children: Set<Int> = [], reportingTextOf texts: Set<Int> = [],
        watch: ((_ cursor: Int, _ isEnd: Bool) -> Bool)? = nil, options: LoadOptions = LoadOptions(),
        consumer: @escaping (XMLLocatedEvent) throws -> Void
    ) {
        textSelectors = texts.sorted()
        trackers = selectors.indices.map { k in
            switch selectors[k] {
            case .path(let matcher): Tracker(matcher: matcher, targets: nil, reportsChildren: children.contains(k))
            case .targets(let targets): Tracker(matcher: nil, targets: targets, reportsChildren: children.contains(k))
            case .filter: Tracker(matcher: nil, targets: XMLEditTargets(), reportsChildren: children.contains(k))
            }
        }
        names = selectors.map { selector in
            guard case .path(let matcher) = selector else { return XMLChildNames() }
            return XMLChildNames(matcher)
        }
        filters = selectors.indices.compactMap { k in
            guard case .filter(let matcher, let decide, let test) = selectors[k] else { return nil }
            return Filter(selector: k, matcher: matcher, decide: decide, test: test, options: options)
        }
        self.consumer = consumer
        self.watch = watch
        watching = watch != nil
    }

    var isComplete: Bool { sawRoot && depth == 0 }
    var needsRestart: Bool { false }

    func started(at cursor: Int) { self.cursor = cursor }
    func ended(at cursor: Int) { self.cursor = cursor }

    private func send(_ event: XMLLocatedEvent) throws(LoadError) {
        do {
            try consumer(event)
        } catch {
            consumerError = error
            throw LoadError(.invalidSyntax, "the streamed edit stopped the parse")
        }
    }

    func startElement(
        local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, namespaceURI: UnsafePointer<UInt8>?,
        attributes: XMLAttributes, decoder: any XMLReferenceDecoder
    ) throws(LoadError) {
        let isRoot = !sawRoot
        sawRoot = true
        depth += 1
        if watching, let watch { watching = watch(cursor, false) }
        let ordinal = self.ordinal
        self.ordinal += 1
        if !filters.isEmpty {
            try followFilters(local: local, prefix: prefix, namespaceURI: namespaceURI, attributes: attributes, decoder: decoder, ordinal: ordinal)
            if held.isHolding {
                held.recordStart(cursor: cursor, local: local, prefix: prefix, attributes: attributes, ordinal: ordinal, isRoot: isRoot)
                return
            }
        }
        try locate(local: local, prefix: prefix, attributes: attributes, ordinal: ordinal, isRoot: isRoot)
    }

    /// Reports what every selector finds at the start of an element (the
    /// cursor at its start tag), as it is read or once a filter is decided.
    private func locate(
        local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, attributes: some XMLAttributeNames, ordinal: Int, isRoot: Bool
    ) throws(LoadError) {
        for k in trackers.indices {
            let inCandidate = trackers[k].openInCandidate > 0
            if inCandidate {
                trackers[k].openInCandidate += 1
                try send(.content(selector: k, what: .element(local: local, prefix: prefix)))
                if trackers[k].reportsChildren, trackers[k].openInCandidate == 2 { try send(.childStart(selector: k, cursor: cursor)) }
            }
            guard let matcher = trackers[k].matcher else {
                try locateTargets(k, ordinal: ordinal, isRoot: isRoot, attributes: attributes)
                continue
            }
            if inCandidate { continue }
            let state: StreamNodeState
            do throws(StreamSelectorError) {
                if isRoot {
                    state = try matcher.root(isArray: false)
                } else if let parent = trackers[k].states.last, case .applying(let step) = parent,
                    names[k].admits(local: local, prefix: prefix, under: step)
                {
                    state = try matcher.xmlChild(of: parent, isAttribute: false)
                } else {
                    // Inside what cannot match: nothing to measure or compare.
                    state = .none
                }
            } catch {
                selectorError = (k, error)
                throw LoadError(.invalidSyntax, error.message)
            }
            if state == .candidate {
                trackers[k].openInCandidate = 1
                try send(.elementStart(selector: k, cursor: cursor, isRoot: isRoot, defaulted: Self.defaultedNames(attributes)))
                continue
            }
            trackers[k].states.append(state)
            // Attributes this element's state may pick.
            guard attributes.count > 0, case .applying(let step) = state, names[k].asksName(under: step) else {
                continue
            }
            for index in 0..<attributes.count {
                guard let name = attributes.localName(at: index) else { continue }
                let attributePrefix = attributes.prefix(at: index)
                guard names[k].admits(local: name, prefix: attributePrefix, under: step) else { continue }
                let picked: StreamNodeState
                do throws(StreamSelectorError) {
                    picked = try matcher.xmlChild(of: state, isAttribute: true)
                } catch {
                    selectorError = (k, error)
                    throw LoadError(.invalidSyntax, error.message)
                }
                guard picked == .candidate else { continue }
                try send(.attribute(
                    selector: k, elementCursor: cursor, local: XMLChildNames.buffer(name),
                    prefix: attributePrefix.map(XMLChildNames.buffer)))
            }
        }
    }

    /// Follows each filter's prefix to its candidates: an element one
    /// reaches is built as a tree, and every event is held from its start
    /// (``XMLLocatedEvent/hold(selector:cursor:)``) to its end, where the
    /// filter decides.
    private func followFilters(
        local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, namespaceURI: UnsafePointer<UInt8>?,
        attributes: XMLAttributes, decoder: any XMLReferenceDecoder, ordinal: Int
    ) throws(LoadError) {
        for f in filters.indices {
            if filters[f].openInCandidate == 0 {
                let state: StreamNodeState
                do throws(StreamSelectorError) {
                    if filters[f].states.isEmpty && depth == 1 {
                        state = try filters[f].matcher.root(isArray: false)
                    } else if let parent = filters[f].states.last, case .applying(let step) = parent,
                        filters[f].names.admits(local: local, prefix: prefix, under: step)
                    {
                        state = try filters[f].matcher.xmlChild(of: parent, isAttribute: false)
                    } else {
                        state = .none
                    }
                } catch {
                    selectorError = (filters[f].selector, error)
                    throw LoadError(.invalidSyntax, error.message)
                }
                guard state == .candidate else {
                    filters[f].states.append(state)
                    continue
                }
                if !held.isHolding { try send(.hold(selector: filters[f].selector, cursor: cursor)) }
                held.holders += 1
                filters[f].candidate = ordinal
                if filters[f].hasTest {
                    filters[f].openInCandidate = 1
                    try filters[f].readStartTag(local: local, attributes: attributes, decoder: decoder)
                    continue
                }
            }
            filters[f].openInCandidate += 1
            if filters[f].hasTest {
                try filters[f].childStarted(
                    local: local, prefix: prefix, namespaceURI: namespaceURI, attributes: attributes, decoder: decoder,
                    ordinal: ordinal)
                continue
            }
            try filters[f].builder.startElement(local: local, prefix: prefix, namespaceURI: namespaceURI)
            try filters[f].builder.addAttributes(attributes, decoder: decoder)
        }
    }

    /// Ends the element in each filter's candidate; a candidate that ends
    /// is decided: its filter's matches become its tracker's targets.
    private func endInFilters() throws(LoadError) {
        for f in filters.indices {
            guard filters[f].openInCandidate > 0 else {
                if !filters[f].states.isEmpty { filters[f].states.removeLast() }
                continue
            }
            let k = filters[f].selector
            do {
                if filters[f].hasTest {
                    guard try filters[f].childEnded(into: &trackers[k].targets!) else { continue }
                } else {
                    try filters[f].builder.endElement()
                    filters[f].openInCandidate -= 1
                    guard filters[f].openInCandidate == 0 else { continue }
                    let document = filters[f].builder.finish()
                    filters[f].builder.reset()
                    let found = try filters[f].decide(document)
                    let base = filters[f].candidate
                    trackers[k].targets!.elements += found.elements.map { base + $0 }
                    trackers[k].targets!.attributes += found.attributes.map { (base + $0.element, $0.name) }
                }
            } catch let error as LoadError {
                throw error
            } catch {
                consumerError = error
                throw LoadError(.invalidSyntax, "the streamed edit stopped the parse")
            }
            held.holders -= 1
        }
    }

    /// Handles the events held while filters' candidates were open, now
    /// that every one is decided, as if they came now.
    private func replayHeld() throws(LoadError) {
        var events = HeldEvents()
        swap(&events, &held)
        defer {
            events.clear()
            swap(&events, &held)
        }
        try events.forEach { (event, cursor) throws(LoadError) in
            self.cursor = cursor
            switch event {
            case .start(let tag, let attributes):
                try locate(local: tag.local, prefix: tag.prefix, attributes: attributes, ordinal: tag.ordinal, isRoot: tag.isRoot)
            case .end: try locateEnd()
            case .text(let bytes): try locateText(bytes)
            case .comment: try locateComment()
            case .processingInstruction: try locateProcessingInstruction()
            }
        }
        // Every target of a decided candidate was reported.
        for f in filters.indices {
            let k = filters[f].selector
            trackers[k].targets = XMLEditTargets()
            trackers[k].nextElement = 0
            trackers[k].nextAttribute = 0
        }
        try send(.release(cursor: cursor))
    }

    /// Reports the targets of selector `k` (found beforehand) that the
    /// element with this `ordinal` is or holds as attributes. A target
    /// inside another of the same selector is reported too: its element
    /// start then comes while the outer one is open.
    private func locateTargets(_ k: Int, ordinal: Int, isRoot: Bool, attributes: some XMLAttributeNames) throws(LoadError) {
        // Most elements are no target: tell so without copying the targets.
        let (nextElement, nextAttribute) = (trackers[k].nextElement, trackers[k].nextAttribute)
        guard nextElement < trackers[k].targets!.elements.count && trackers[k].targets!.elements[nextElement] == ordinal
            || nextAttribute < trackers[k].targets!.attributes.count && trackers[k].targets!.attributes[nextAttribute].element == ordinal
        else { return }
        let targets = trackers[k].targets!
        if nextElement < targets.elements.count, targets.elements[nextElement] == ordinal {
            trackers[k].nextElement += 1
            if trackers[k].openInCandidate == 0 { trackers[k].openInCandidate = 1 }
            try send(.elementStart(selector: k, cursor: cursor, isRoot: isRoot, defaulted: Self.defaultedNames(attributes)))
        }
        while trackers[k].nextAttribute < targets.attributes.count, targets.attributes[trackers[k].nextAttribute].element == ordinal {
            let name = targets.attributes[trackers[k].nextAttribute].name
            trackers[k].nextAttribute += 1
            for index in 0..<attributes.count {
                guard let localName = attributes.localName(at: index) else { continue }
                let local = XMLChildNames.buffer(localName)
                let prefix = attributes.prefix(at: index).map(XMLChildNames.buffer)
                guard XMLChildNames.isQualifiedName(name, local: local, prefix: prefix) else { continue }
                try send(.attribute(selector: k, elementCursor: cursor, local: local, prefix: prefix))
                break
            }
        }
    }

    /// The qualified names of the attributes the DTD supplied to a tag.
    private static func defaultedNames(_ attributes: some XMLAttributeNames) -> [String] {
        guard attributes.defaultedCount > 0 else { return [] }
        return (attributes.count - attributes.defaultedCount..<attributes.count).compactMap { index in
            guard let local = attributes.localName(at: index) else { return nil }
            return (attributes.prefix(at: index).map { String(cString: $0) + ":" } ?? "") + String(cString: local)
        }
    }

    func endElement() throws(LoadError) {
        depth -= 1
        if watching, let watch { watching = watch(cursor, true) }
        if !filters.isEmpty, held.isHolding {
            held.record(.end, cursor: cursor)
            try endInFilters()
            if !held.isHolding { try replayHeld() }
            return
        } else if !filters.isEmpty {
            try endInFilters()
        }
        try locateEnd()
    }

    private func locateEnd() throws(LoadError) {
        for k in trackers.indices {
            if trackers[k].openInCandidate > 0 {
                trackers[k].openInCandidate -= 1
                if trackers[k].openInCandidate == 0 { try send(.elementEnd(selector: k, cursor: cursor)) }
                if trackers[k].reportsChildren, trackers[k].openInCandidate == 1 { try send(.childEnd(selector: k, cursor: cursor)) }
            } else if !trackers[k].states.isEmpty {
                trackers[k].states.removeLast()
            }
        }
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>, cdata: Bool) throws(LoadError) {
        guard held.isHolding else { return try locateText(bytes) }
        for f in filters.indices where filters[f].builds { try filters[f].builder.appendText(bytes, cdata: cdata) }
        if !textSelectors.isEmpty { held.recordText(bytes, cursor: cursor) }
    }

    private func locateText(_ bytes: UnsafeBufferPointer<UInt8>) throws(LoadError) {
        for k in textSelectors where trackers[k].openInCandidate == 1 { try send(.text(selector: k, bytes: bytes)) }
    }

    func comment(_ bytes: UnsafeBufferPointer<UInt8>) throws(LoadError) {
        if held.isHolding {
            for f in filters.indices where filters[f].builds { try filters[f].builder.appendComment(bytes) }
            return held.record(.comment, cursor: cursor)
        }
        try locateComment()
    }

    private func locateComment() throws(LoadError) {
        for k in trackers.indices where trackers[k].openInCandidate > 0 { try send(.content(selector: k, what: .comment)) }
    }

    func processingInstruction(target: UnsafePointer<UInt8>, data: UnsafeBufferPointer<UInt8>) throws(LoadError) {
        if held.isHolding {
            for f in filters.indices where filters[f].builds {
                try filters[f].builder.appendProcessingInstruction(target: target, data: data)
            }
            return held.record(.processingInstruction, cursor: cursor)
        }
        try locateProcessingInstruction()
    }

    private func locateProcessingInstruction() throws(LoadError) {
        for k in trackers.indices where trackers[k].openInCandidate > 0 {
            try send(.content(selector: k, what: .processingInstruction))
        }
    }

    func skipEntity(_ skipped: SkippedEntity) {}

    /// The encoding a streamed edit must convert the input from, learnt
    /// from its first bytes as a load for editing learns it (the encoding
    /// option, a byte order mark, zero bytes, the XML declaration), with
    /// the length of the byte order mark; `nil` for UTF-8.
    ///
    /// - Throws: ``LoadError/Kind-swift.struct/unsupportedEncoding`` for
    ///   an encoding name that names none.
    package static func legacyEncoding(
        of head: [UInt8], options: LoadOptions
    ) throws(LoadError) -> (encoding: CharacterEncoding, byteOrderMark: Int)? {
        let mark = head.withUnsafeBufferPointer { EncodingDetection.byteOrderMark($0) }
        let detected = try head.withUnsafeBufferPointer { (bytes) throws(LoadError) in
            try EncodingDetection.detect(bytes, option: options.encoding, charset: nil)
        }
        if let detected {
            return detected.encoding.isUTF8 ? nil : (detected.encoding, mark?.length ?? 0)
        }
        guard let label = XMLDeclaration.encodingLabel(in: Array(head.prefix(512))) else { return nil }
        let declared = try CharacterEncoding(label: label)
        return declared.isUTF8 ? nil : (declared, 0)
    }

    /// Streams UTF-8 XML from `first` and the chunks `next` appends to its
    /// argument (`false` at the end), reporting to `event` where each node
    /// the `matchers` reach stands. `next` is also told how far the parser
    /// has read (every byte before that offset has given its events), so
    /// that it can let go of what lies before. `transcoded` says the input
    /// was converted to UTF-8 from the encoding its declaration names
    /// (``legacyEncoding(of:options:)``): the parser is then told it is
    /// UTF-8 and ignores the declaration. The candidates of the matchers
    /// in `children` also report their child elements
    /// (``XMLLocatedEvent/childStart(selector:cursor:)``); `watch`, if
    /// given, is told where every element starts and ends (the cursor as for
    /// the events), until it returns `false`.
    ///
    /// - Throws: what `next` or `event` throws; ``LoadError`` for malformed
    ///   input (located by line and column), or for input that is not
    ///   UTF-8 and not `transcoded` (offsets must count the bytes as
    ///   given); ``XMLLocatorSelectorError`` when a selector cannot decide
    ///   the document.
    package static func run(
        first: [UInt8], transcoded: Bool = false, next: (inout [UInt8], _ parsedUpTo: Int) throws -> Bool,
        selectors: [XMLEditSelector], reportingChildrenOf children: Set<Int> = [], reportingTextOf texts: Set<Int> = [],
        watch: ((_ cursor: Int, _ isEnd: Bool) -> Bool)? = nil,
        options: LoadOptions, event: @escaping (XMLLocatedEvent) throws -> Void
    ) throws {
        if !transcoded, try legacyEncoding(of: first, options: options) != nil {
            throw LoadError(
                .unsupportedEncoding, "a streamed edit reads XML in UTF-8 only; edit this document without streaming")
        }
        let locator = XMLStreamLocator(
            selectors: selectors, reportingChildrenOf: children, reportingTextOf: texts, watch: watch, options: options, consumer: event)
        var nextError: (any Error)?
        let parsed: LoadError?
        do throws(LoadError) {
            try LibXML2.locateChunks(
                first: first,
                next: { (chunk: inout [UInt8], parsedUpTo: Int) throws(LoadError) -> Bool in
                    do {
                        return try next(&chunk, parsedUpTo)
                    } catch let error as LoadError {
                        throw error
                    } catch {
                        nextError = error
                        throw LoadError(.invalidSyntax, "the streamed edit stopped the parse")
                    }
                },
                encoding: transcoded ? "UTF-8" : nil, options: options, locator: locator)
            parsed = nil
        } catch {
            parsed = error
        }
        if let error = locator.consumerError ?? nextError { throw error }
        if let (k, error) = locator.selectorError { throw XMLLocatorSelectorError(selector: k, error: error) }
        if let parsed { throw parsed }
    }
}

/// What one selector of ``XMLStreamLocator`` reports: the nodes a path
/// reaches, decided while streaming, or targets found beforehand in the
/// document's tree.
package enum XMLEditSelector {
    case path(any StreamMatching)
    case targets(XMLEditTargets)
    /// The elements a path's prefix reaches, each held as a tree (a
    /// document of its own, its root the element) until its end, where
    /// `decide` names the targets in it (by ordinal from 0, the element
    /// itself); those are then reported as ``targets(_:)`` are. Every
    /// selector's events wait meanwhile (``XMLLocatedEvent/hold(selector:cursor:)``),
    /// so events still come in document order. With a `startTag` test,
    /// a candidate is decided without a tree while it can be
    /// (``XMLStartTagTest``), with the same targets as `decide` gives.
    case filter(any StreamMatching, decide: (Document) throws -> XMLEditTargets, startTag: XMLStartTagTest? = nil)
}

/// The nodes a streamed edit targets, found beforehand in the document's
/// tree and named so that one pass finds them: an element by its ordinal
/// (the k-th element to start, from 0, is the k-th element record of the
/// tree: both come from the same parse events), an attribute by its
/// element's ordinal and its qualified name.
package struct XMLEditTargets: Sendable {
    /// Element ordinals, ascending.
    package var elements: [Int] = []
    /// Attributes by their element's ordinal (ascending) and qualified name (`prefix:local`).
    package var attributes: [(element: Int, name: [UInt8])] = []

    package init() {}
}

/// A matcher of ``XMLStreamLocator/run(first:next:matchers:options:event:)``
/// that cannot decide the document, with its position in the list.
package struct XMLLocatorSelectorError: Error {
    package var selector: Int
    package var error: StreamSelectorError
}

/// What libxml2's cursor is shown to at each element event of a streamed
/// edit's parse (``XMLStreamLocator``). libxml2 reports no offsets, but
/// when it calls `startElementNs` its cursor stands at the end of the start
/// tag's attributes (at its `>` or `/>`), and when it calls `endElementNs`
/// just past the end tag's `>` (or the `/>`); a start tag begins at the
/// last `<` before the first, since a start tag holds no other `<`.
protocol XMLCursorObserver: AnyObject {
    /// An element starts; the cursor is at the end of its start tag's attributes.
    func started(at cursor: Int)
    /// An element ends; the cursor is just past its end tag.
    func ended(at cursor: Int)
}
