#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Receives libxml2's SAX2 events for a streaming parse (from
/// ``LibXML2/streamChunks(first:next:options:router:)``, as plain Swift
/// calls) and decides with a ``StreamMatcher`` which elements and
/// attributes are candidates. Between candidates it only keeps one
/// selector state per open element; inside a candidate the events go to
/// an ``XMLTreeBuilder`` for that subtree alone, so namespaces, entities,
/// encodings and the limits of ``LoadOptions`` behave as in a normal load
/// (limits apply to each candidate).
///
/// Finished candidates wait in ``pending`` until the caller takes them
/// between chunks.
final class XMLStreamRouter {
    private var matcher: StreamMatcher
    private let options: LoadOptions
    /// Selector states of the open elements outside a candidate.
    private var states: [StreamNodeState] = []
    /// The candidate being built, and how many of its elements are open.
    private var builder: XMLTreeBuilder?
    private var openInCandidate = 0
    private var sawRoot = false
    /// The element whose start tag is being read (for attribute candidates).
    private var element: (local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?)?
    private var elementState = StreamNodeState.none

    /// The names of the candidates so far, so each is interned once per stream.
    private var seed: XMLTreeBuilder.NameSeed?

    /// Candidates finished and not yet taken.
    var pending: [StreamCandidate] = []
    /// Set when the selector cannot decide this document; the parse stops.
    private(set) var selectorError: StreamSelectorError?

    init(selector: StreamSelector, options: LoadOptions) {
        matcher = StreamMatcher(selector)
        self.options = options
    }

    /// Whether the root element was seen and closed.
    var isComplete: Bool { sawRoot && states.isEmpty && builder == nil }

    private func halt(_ error: StreamSelectorError) -> LoadError {
        selectorError = error
        return LoadError(.invalidSyntax, error.message)
    }

    private static func buffer(_ pointer: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: pointer, count: strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self)))
    }

    func startElement(
        local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, namespaceURI: UnsafePointer<UInt8>?
    ) throws(LoadError) {
        if builder != nil {
            try builder!.startElement(local: local, prefix: prefix, namespaceURI: namespaceURI)
            openInCandidate += 1
            element = nil
            return
        }
        let state: StreamNodeState
        do {
            if states.isEmpty {
                sawRoot = true
                state = try matcher.root(isArray: false)
            } else {
                state = try matcher.xmlChild(
                    of: states[states.count - 1], local: Self.buffer(local), prefix: prefix.map(Self.buffer),
                    isAttribute: false)
            }
        } catch {
            throw halt(error)
        }
        if state == .candidate {
            var started = XMLTreeBuilder(options: options, seed: seed)
            try started.startElement(local: local, prefix: prefix, namespaceURI: namespaceURI)
            builder = started
            openInCandidate = 1
            element = nil
        } else {
            states.append(state)
            elementState = state
            element = (local, prefix, namespaceURI)
        }
    }

    func attribute(
        local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, namespaceURI: UnsafePointer<UInt8>?,
        value: UnsafeBufferPointer<UInt8>
    ) throws(LoadError) {
        if builder != nil {
            try builder!.addAttribute(local: local, prefix: prefix, namespaceURI: namespaceURI, value: value)
            return
        }
        guard let element, case .applying = elementState else { return }
        let state: StreamNodeState
        do {
            state = try matcher.xmlChild(
                of: elementState, local: Self.buffer(local), prefix: prefix.map(Self.buffer), isAttribute: true)
        } catch {
            throw halt(error)
        }
        guard state == .candidate else { return }
        var tiny = XMLTreeBuilder(options: options, seed: seed)
        try tiny.startElement(local: element.local, prefix: element.prefix, namespaceURI: element.uri)
        try tiny.addAttribute(local: local, prefix: prefix, namespaceURI: namespaceURI, value: value)
        try tiny.endElement()
        seed = tiny.nameSeed
        pending.append(StreamCandidate(document: tiny.finish(), isWrapped: true))
    }

    func endElement() throws(LoadError) {
        element = nil
        if builder != nil {
            try builder!.endElement()
            openInCandidate -= 1
            if openInCandidate == 0 {
                seed = builder!.nameSeed
                pending.append(StreamCandidate(document: builder!.finish(), isWrapped: false))
                builder = nil
            }
            return
        }
        if !states.isEmpty { states.removeLast() }
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>, cdata: Bool) throws(LoadError) {
        element = nil
        try builder?.appendText(bytes, cdata: cdata)
    }

    func comment(_ bytes: UnsafeBufferPointer<UInt8>) throws(LoadError) {
        try builder?.appendComment(bytes)
    }

    func processingInstruction(target: UnsafePointer<UInt8>, data: UnsafeBufferPointer<UInt8>) throws(LoadError) {
        try builder?.appendProcessingInstruction(target: target, data: data)
    }

    /// Streams XML from `input` (whose first bytes, `first`, were read
    /// already), calling `emit` with each candidate between chunks.
    static func run(
        first: [UInt8], input: ChunkedInput, selector: StreamSelector, options: LoadOptions,
        emit: (StreamCandidate) throws -> Void
    ) throws(StreamFailure) {
        let router = XMLStreamRouter(selector: selector, options: options)
        var consumerError: (any Error)?
        func drain() -> Bool {
            let ready = router.pending
            router.pending.removeAll(keepingCapacity: true)
            for candidate in ready {
                do { try emit(candidate) } catch {
                    consumerError = error
                    return false
                }
            }
            return true
        }
        do {
            try LibXML2.streamChunks(
                first: first,
                next: { (chunk: inout [UInt8]) throws(LoadError) -> Bool in
                    guard drain() else { return false }
                    let more = try input.read(into: &chunk, limit: StreamingLoad.chunkSize) > 0
                    options.progress?.report(input.bytesRead)
                    return more
                },
                options: options, router: router)
        } catch {
            if let consumerError { throw StreamFailure.consumer(consumerError) }
            if let selectorError = router.selectorError { throw .selector(selectorError) }
            // Candidates finished before the error are still emitted.
            _ = drain()
            if let consumerError { throw StreamFailure.consumer(consumerError) }
            throw .load(error)
        }
        _ = drain()
        if let consumerError { throw StreamFailure.consumer(consumerError) }
    }
}
