/// The ``XMLEventSink`` of a streaming parse (from
/// ``LibXML2/streamChunks(first:next:options:router:)``): decides with a
/// ``StreamMatching`` which elements and
/// attributes are candidates. Between candidates it only keeps one
/// selector state per open element; inside a candidate the events go to
/// an ``XMLTreeBuilder`` for that subtree alone, so namespaces, entities,
/// encodings and the limits of ``LoadOptions`` behave as in a normal load
/// (limits apply to each candidate).
///
/// A finished candidate goes to the consumer at once, from within the
/// parser's callback, so its document is freed before the next one is
/// built (the allocator then reuses the same few blocks); when the
/// consumer throws, the parse stops.
final class XMLStreamRouter: XMLEventSink {
    // The parser calls in one event at a time and nothing re-enters the
    // router, so no access to its state can overlap. Unchecked: with the
    // checks, `docq --stream node.id map.osm` ran 8.1 % more instructions
    // (callgrind, 2026-11-27).
    private let matcher: any StreamMatching
    /// Selector states of the open elements outside a candidate.
    @exclusivity(unchecked) private var states: [StreamNodeState] = []
    /// Builds every candidate in turn, keeping the names of the stream.
    @exclusivity(unchecked) private var builder: XMLTreeBuilder
    /// How many elements of the candidate being built are open (0: none is).
    @exclusivity(unchecked) private var openInCandidate = 0
    @exclusivity(unchecked) private var sawRoot = false
    /// The element whose start tag is being read (for attribute candidates).
    @exclusivity(unchecked) private var element: (
        local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?
    )?
    @exclusivity(unchecked) private var elementState = StreamNodeState.none
    /// The names the matcher asks of children, and which names match them.
    private let names: XMLChildNames

    /// Where finished candidates go (set for the parse by ``run(first:input:matcher:options:emit:)``).
    @exclusivity(unchecked) private var consumer: ((StreamCandidate) throws -> Void)?
    /// What the consumer threw; the parse stops.
    @exclusivity(unchecked) private(set) var consumerError: (any Error)?
    /// Set when the selector cannot decide this document; the parse stops.
    @exclusivity(unchecked) private(set) var selectorError: StreamSelectorError?

    init(matcher: any StreamMatching, options: LoadOptions) {
        self.matcher = matcher
        builder = XMLTreeBuilder(streaming: options)
        names = XMLChildNames(matcher)
    }

    /// Whether the root element was seen and closed.
    var isComplete: Bool { sawRoot && states.isEmpty && openInCandidate == 0 }

    private func halt(_ error: StreamSelectorError) -> LoadError {
        selectorError = error
        return LoadError(.invalidSyntax, error.message)
    }

    /// The matcher's state for a child element or attribute of an element
    /// in state `parent`, its name compared by ``names``.
    @inline(__always)
    private func childState(
        of parent: StreamNodeState, local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, isAttribute: Bool
    ) throws(StreamSelectorError) -> StreamNodeState {
        if case .applying(let k) = parent {
            guard names.admits(local: local, prefix: prefix, under: k) else { return .none }
            return try matcher.xmlChild(of: parent, isAttribute: isAttribute)
        }
        guard case .descending(let k) = parent else { return .none }
        // `..name` goes on looking inside the elements without the name.
        guard names.admits(local: local, prefix: prefix, under: k) else { return isAttribute ? .none : parent }
        return try matcher.xmlChild(of: parent, isAttribute: isAttribute)
    }

    /// Opens an element and passes on the attributes that matter: all of
    /// them inside a candidate, outside only those the selector picks (the
    /// others are never decoded).
    func startElement(
        local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, namespaceURI: UnsafePointer<UInt8>?,
        attributes: XMLAttributes, decoder: any XMLReferenceDecoder
    ) throws(LoadError) {
        try openElement(local: local, prefix: prefix, namespaceURI: namespaceURI)
        guard attributes.count > 0, readsAttributes else { return }
        for index in 0..<attributes.count {
            guard let name = attributes.localName(at: index),
                try selectsAttribute(local: name, prefix: attributes.prefix(at: index))
            else { continue }
            try attributes.withAttribute(at: index, decoder: decoder) { (local, prefix, uri, value) throws(LoadError) in
                try attribute(local: local, prefix: prefix, namespaceURI: uri, value: value)
            }
        }
    }

    private func openElement(
        local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, namespaceURI: UnsafePointer<UInt8>?
    ) throws(LoadError) {
        if openInCandidate > 0 {
            try builder.startElement(local: local, prefix: prefix, namespaceURI: namespaceURI)
            openInCandidate += 1
            return
        }
        let state: StreamNodeState
        do {
            if states.isEmpty {
                sawRoot = true
                state = try matcher.root(isArray: false)
            } else {
                state = try childState(of: states[states.count - 1], local: local, prefix: prefix, isAttribute: false)
            }
        } catch {
            throw halt(error)
        }
        if state == .candidate {
            try builder.startElement(local: local, prefix: prefix, namespaceURI: namespaceURI)
            openInCandidate = 1
            element = nil
        } else {
            states.append(state)
            elementState = state
            element = (local, prefix, namespaceURI)
        }
    }

    /// Whether the attributes of the element just started matter: it is
    /// part of a candidate, or the selector's next step may pick one of them.
    /// When not, they are skipped without decoding their values.
    private var readsAttributes: Bool {
        if openInCandidate > 0 { return true }
        guard element != nil else { return false }
        switch elementState {
        case .applying(let k), .descending(let k): return names.asksName(under: k)
        default: return false
        }
    }

    /// Whether the attribute with this name is to be passed to
    /// ``attribute(local:prefix:namespaceURI:value:)``: inside a candidate
    /// every attribute is, outside only a candidate attribute. Asked once
    /// per attribute, in order, after ``readsAttributes`` said yes.
    private func selectsAttribute(local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) throws(LoadError) -> Bool {
        if openInCandidate > 0 { return true }
        do {
            return try childState(of: elementState, local: local, prefix: prefix, isAttribute: true) == .candidate
        } catch {
            throw halt(error)
        }
    }

    /// An attribute ``selectsAttribute(local:prefix:)`` chose: part of the
    /// candidate being built, or a candidate of its own (a copy of its
    /// element holding only this attribute).
    private func attribute(
        local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, namespaceURI: UnsafePointer<UInt8>?,
        value: UnsafeBufferPointer<UInt8>
    ) throws(LoadError) {
        if openInCandidate > 0 {
            try builder.addAttribute(local: local, prefix: prefix, namespaceURI: namespaceURI, value: value)
            return
        }
        guard let element else { return }
        try builder.startElement(local: element.local, prefix: element.prefix, namespaceURI: element.uri)
        try builder.addAttribute(local: local, prefix: prefix, namespaceURI: namespaceURI, value: value)
        try builder.endElement()
        try emitCandidate(isWrapped: true)
    }

    /// Hands the finished tree to the consumer as a candidate and starts
    /// the next; what the consumer throws stops the parse.
    private func emitCandidate(isWrapped: Bool) throws(LoadError) {
        let candidate = StreamCandidate(document: builder.finish(), isWrapped: isWrapped)
        builder.reset()
        do {
            try consumer?(candidate)
        } catch {
            consumerError = error
            throw LoadError(.invalidSyntax, "the consumer of the stream stopped it")
        }
    }

    func endElement() throws(LoadError) {
        element = nil
        if openInCandidate > 0 {
            try builder.endElement()
            openInCandidate -= 1
            if openInCandidate == 0 { try emitCandidate(isWrapped: false) }
            return
        }
        if !states.isEmpty { states.removeLast() }
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>, cdata: Bool) throws(LoadError) {
        element = nil
        if openInCandidate > 0 { try builder.appendText(bytes, cdata: cdata) }
    }

    func comment(_ bytes: UnsafeBufferPointer<UInt8>) throws(LoadError) {
        if openInCandidate > 0 { try builder.appendComment(bytes) }
    }

    func processingInstruction(target: UnsafePointer<UInt8>, data: UnsafeBufferPointer<UInt8>) throws(LoadError) {
        if openInCandidate > 0 { try builder.appendProcessingInstruction(target: target, data: data) }
    }

    /// Candidates are documents of their own; what a skipped reference
    /// inside one would say is not kept.
    func skipEntity(_ skipped: SkippedEntity) {}

    /// A stream never reads its input again.
    var needsRestart: Bool { false }

    /// Streams XML from `input` (whose first bytes, `first`, were read
    /// already), calling `emit` with each candidate as soon as it is complete.
    static func run(
        first: [UInt8], input: ChunkedInput, matcher: any StreamMatching, options: LoadOptions,
        emit: (StreamCandidate) throws -> Void
    ) throws(StreamFailure) {
        let router = XMLStreamRouter(matcher: matcher, options: options)
        let parsed = withoutActuallyEscaping(emit) { consumer -> LoadError? in
            router.consumer = consumer
            defer { router.consumer = nil }
            do throws(LoadError) {
                try LibXML2.streamChunks(
                    first: first,
                    next: { (chunk: inout [UInt8]) throws(LoadError) -> Bool in
                        let more = try input.read(into: &chunk, limit: StreamingLoad.chunkSize) > 0
                        options.progress?.report(input.bytesRead)
                        return more
                    },
                    options: options, router: router)
                return nil
            } catch {
                return error
            }
        }
        // Candidates finished before an error were emitted already.
        if let consumerError = router.consumerError { throw .consumer(consumerError) }
        if let selectorError = router.selectorError { throw .selector(selectorError) }
        if let parsed { throw .load(parsed) }
    }
}
