/// One value a streaming parse materialised: the subtree of a node the
/// ``StreamMatching`` made a candidate, as a small document of its own.
package struct StreamCandidate {
    /// A document whose root is the candidate (a JSON value, an XML element),
    /// or (``isWrapped``) holds only the candidate: a JSON object with it as
    /// its one member (so it keeps its key), or a copy of an XML attribute's
    /// element with only that attribute.
    package var document: Document
    /// The candidate is the first child of the root, not the root.
    package var isWrapped: Bool
    /// The root is an array of several consecutive elements of a spread array
    /// (``StreamMatching/spreads(isArray:throughObjectsOnly:)``), each a
    /// candidate, gathered to be built and evaluated together.
    package var isBatch = false
    /// For a JSON batch: where each element's value lies in the batch's
    /// text (the document's), in order, so that an editor can cut or keep
    /// elements without loading the batch again with spans.
    package var elementSpans: [Range<Int>] = []
}

/// Where a member or element begins, and the gap before it, as the JSON
/// stream scanner read them (``JSONStreamScanner/slotBegins``): offsets
/// in the whole input.
package struct StreamSlot: Equatable {
    /// The member's key (its opening quote), or the element.
    package var start: Int
    /// Where the gap before it begins: just past the container's opening
    /// bracket (``isFirst``), else the end of the value before it (the
    /// comma between them lies in the gap).
    package var gapStart: Int
    /// Whether it is its container's first child.
    package var isFirst: Bool
}

/// What the JSON stream scanner tells of an object that the path reaches
/// by keys alone from the root, through objects only
/// (``JSONStreamScanner/keyChain``): a keys-only `set` that matches
/// nothing creates the missing members in the deepest of them.
package enum KeyChainEvent: Equatable {
    /// It opens (inside the one that is innermost, or as the root).
    case opens
    /// A member of the innermost one begins where `slot` says; `isAsked`:
    /// its key is the one the path asks of that object.
    case member(StreamSlot, isAsked: Bool)
    /// The innermost one closes.
    case closes
}

/// Why a streaming parse stopped.
package enum StreamFailure: Error {
    /// The input is malformed or unreadable (located in the whole input).
    case load(LoadError)
    /// The path cannot decide this document (see ``StreamSelectorError``).
    case selector(StreamSelectorError)
    /// The consumer of candidates threw.
    case consumer(any Error)
}

/// Streams candidates out of XML or JSON input, whichever its
/// ``InputHead`` says.
package enum StreamingLoad {
    /// Bytes read at a time: with libxml2's copy for XML, what the input
    /// costs in memory besides the current candidate.
    package static let chunkSize = 1 << 16

    /// Reads `input` to its end, calling `emit` with each candidate in
    /// document order as soon as it is complete; only the current candidate's
    /// subtree is ever built. For JSON, the arguments are
    /// ``JSONStreamScanner/run(emit:nextValue:arrayEdge:malformed:)``'s.
    ///
    /// - Throws: ``StreamFailure``; candidates emitted before it stay emitted.
    package static func run(
        _ input: ChunkedInput, matcher: any StreamMatching, options: LoadOptions,
        nextValue: () throws -> Void = {}, arrayEdge: (ArrayEdge) throws -> Void = { _ in },
        malformed: (LoadError) throws -> Void = { throw $0 }, emit: (StreamCandidate) throws -> Void
    ) throws(StreamFailure) {
        let head: InputHead
        do {
            head = try readHead(input, options: options)
        } catch {
            throw .load(error)
        }
        try run(input, head: head, matcher: matcher, options: options, nextValue: nextValue, arrayEdge: arrayEdge,
                malformed: malformed, emit: emit)
    }

    /// The first look at `input` that ``run(_:matcher:options:nextValue:arrayEdge:malformed:emit:)``
    /// takes, for a caller whose matcher depends on the format.
    package static func readHead(_ input: ChunkedInput, options: LoadOptions) throws(LoadError) -> InputHead {
        try InputHead.read(input, limit: chunkSize, format: options.format)
    }

    /// ``run(_:matcher:options:nextValue:arrayEdge:malformed:emit:)`` after
    /// its first look, `head` (``readHead(_:options:)``).
    package static func run(
        _ input: ChunkedInput, head: InputHead, matcher: any StreamMatching, options: LoadOptions,
        nextValue: () throws -> Void = {}, arrayEdge: (ArrayEdge) throws -> Void = { _ in },
        malformed: (LoadError) throws -> Void = { throw $0 }, emit: (StreamCandidate) throws -> Void
    ) throws(StreamFailure) {
        options.progress?.report(input.bytesRead)
        if head.format == .xml {
            try XMLStreamRouter.run(first: head.bytes, input: input, matcher: matcher, options: options, emit: emit)
        } else {
            if let scheme = head.wideUnicode {
                throw .load(LoadError(
                    .unsupportedEncoding, "streaming reads JSON in UTF-8 only, and this input is "
                        + "\(EncodingDetection.name(of: scheme)); load the document without streaming"))
            }
            if options.encoding != nil {
                throw .load(LoadError(
                    .unsupportedEncoding, "streaming reads JSON in UTF-8 only; load the document without streaming"))
            }
            var scanner = JSONStreamScanner(input: input, head: head.bytes, skip: head.byteOrderMark, matcher: matcher, options: options)
            try scanner.run(emit: emit, nextValue: nextValue, arrayEdge: arrayEdge, malformed: malformed)
        }
    }
}
