#if canImport(CLibXML2)
internal import CLibXML2
#else
// Apple platforms: the SDK's own libxml2 module (Package.swift links xml2
// there), which has no CLibXML2/shim.h; the same three helpers, for the
// SDK's thread-enabled build, where the error handler and its context are
// per-thread values reached through functions.
internal import libxml2

private func docquery_structuredErrorHandler() -> xmlStructuredErrorFunc? { __xmlStructuredError().pointee }
private func docquery_structuredErrorContext() -> UnsafeMutableRawPointer? { __xmlStructuredErrorContext().pointee }
private func docquery_xmlFree(_ pointer: UnsafeMutableRawPointer?) { xmlFree(pointer) }
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one door to libxml2: the only file that imports `CLibXML2`.
///
/// A load creates one parser context, points its SAX2 handler at the
/// callbacks below, and runs `xmlParseDocument` over the bytes (passed
/// with their length, never as a C string). The callbacks are `@convention(c)`
/// closures that capture nothing; they find the ``Session`` (and its
/// ``XMLEventSink``) through the context's `userData`, and turn each event
/// into one call on that sink, whichever it is. No libxml2 DOM is
/// built, and no C pointer outlives the load: the context, and the small
/// DTD-only document libxml2 keeps for entity declarations, are freed before
/// `parse` returns or throws.
///
/// ## Safety
///
/// - Options: `XML_PARSE_NONET` only, plus `XML_PARSE_IGNORE_ENC` when the
///   caller forces an encoding and `XML_PARSE_HUGE` when
///   ``LoadOptions/allowsHugeXML`` asks for it. Never `NOENT`, `DTDLOAD`,
///   `DTDATTR`, `DTDVALID`, `XINCLUDE`, `RECOVER`, `NOERROR` or `NOWARNING`.
/// - External entities and external DTDs are never loaded. A reference to
///   an external entity in content is left out (libxml2 skips an external
///   entity our `getEntity` hands back unloaded) and reported to the sink;
///   with ``LoadOptions/rejectsExternalEntities`` it fails with
///   ``LoadError/Kind-swift.struct/entityNotAllowed``, as one in an
///   attribute value always does. As defence in depth, the first load installs a process-wide external
///   entity loader that refuses every URL (`xmlSetExternalEntityLoader`);
///   this also applies to any other libxml2 user in the process.
/// - Internal entities are expanded (libxml2 replays their replacement text
///   through the callbacks), within a budget of
///   ``LoadOptions/maxEntityExpansion`` bytes of replacement text, charged
///   for every entity looked up outside the DTD (nested ones included,
///   and those of attribute values, which ``XMLTextRules`` expands). Past
///   the budget the load fails with
///   ``LoadError/Kind-swift.struct/entityNotAllowed`` after a bounded amount
///   of work, so billion-laughs and quadratic blow-up documents end quickly.
/// - Depth: the session counts open elements on every path (whole, in
///   chunks, streamed query or edit) and fails past
///   ``LoadOptions/maxDepth``, located where the start tag ends. libxml2's
///   own depth limit (256 levels without `HUGE`) is lifted once, process-wide
///   (`xmlParserMaxDepth`), so it never comes first. The builder enforces
///   ``LoadOptions/maxNodeCount`` as records arrive. `HUGE` lifts
///   libxml2's 10 MB cap on one attribute value, CDATA section, comment or
///   PI; it turns off libxml2's own entity amplification check, which is
///   why the budget above is charged in our `getEntity` and never depends
///   on libxml2's.
/// - Errors come from a structured handler on the context (`serror`), which
///   reads the `xmlError` libxml2 passes for this context: its line, its
///   column (`int2`), its code and message (never `xmlGetLastError`). The
///   character converters report without a context, through the calling
///   thread's handler, so a load also sets that (per thread in threaded
///   libxml2 builds) and puts the previous one back. The first error wins,
///   warnings are ignored, and nothing is printed.
enum LibXML2 {
    /// Parses XML bytes into a document.
    ///
    /// - Parameters:
    ///   - input: the document's bytes.
    ///   - encoding: an encoding to force (an IANA name, or `"UTF-8"` for
    ///     input transcoded already), overriding the BOM and the XML
    ///     declaration; `nil` lets libxml2 detect it.
    ///   - options: limits and what to keep.
    static func parse(_ input: UnsafeBufferPointer<UInt8>, encoding: String?, options: LoadOptions) throws(LoadError) -> Document {
        try checkWholeInput(input)
        // The tree is frozen only after libxml2's context (and its copy of
        // the input) is gone, which lowers the load's peak memory.
        var sink = XMLDocumentSink(options: options, estimatedBytes: input.count, dropsWhitespaceEarly: true)
        try parseOnce(input, encoding: encoding, options: options, into: sink)
        if sink.needsRestart {
            // Layout whitespace was dropped too early (mixed content): once
            // more, keeping it until the end. (The first attempt's storage
            // goes before the second one starts: a small sink replaces it first.)
            sink = XMLDocumentSink(options: options, estimatedBytes: 0, dropsWhitespaceEarly: false)
            sink = XMLDocumentSink(options: options, estimatedBytes: input.count, dropsWhitespaceEarly: false)
            try parseOnce(input, encoding: encoding, options: options, into: sink)
        }
        return sink.builder.finish()
    }

    /// Sets libxml2 up and refuses what a whole-document parse cannot
    /// take: no bytes at all, or more than libxml2's 2 GiB.
    private static func checkWholeInput(_ input: UnsafeBufferPointer<UInt8>) throws(LoadError) {
        _ = setUp
        guard !input.isEmpty else {
            throw LoadError(.invalidSyntax, "the document is empty",
                            location: SourceLocation(byteOffset: 0, line: 1, column: 1))
        }
        guard input.count <= Int(Int32.max) else {
            throw LoadError(.tooLarge, "XML input larger than 2 GiB is not supported")
        }
    }

    /// Runs libxml2 over the input once, feeding `sink`. When the sink
    /// stops the parse to have it run again (``XMLEventSink/needsRestart``),
    /// nothing else is checked.
    private static func parseOnce(
        _ input: UnsafeBufferPointer<UInt8>, encoding: String?, options: LoadOptions, into sink: XMLDocumentSink
    ) throws(LoadError) {
        // libxml2 copies the bytes here. Reading them in place through a
        // static input buffer (as xmlCtxtReadMemory does) was tried: with
        // 2.9.14 it gave unbalanced element events on the benchmark corpus,
        // so the copy stays.
        let created = input.withMemoryRebound(to: CChar.self) {
            xmlCreateMemoryParserCtxt($0.baseAddress, Int32($0.count))
        }
        try load(
            created, encoding: encoding, options: options, input: input, sink: sink,
            run: { (parser, _) throws(LoadError) in
                _ = xmlParseDocument(parser)
            })
    }

    /// Runs one load on a parser context libxml2 just `created`: points it
    /// at our SAX handler and a new ``Session`` feeding `sink`, borrows the thread's
    /// structured error handler, sets the safe options and any forced
    /// encoding, calls `run`, and frees the context (and the DTD document)
    /// whatever happens.
    private static func load(
        _ created: xmlParserCtxtPtr?, encoding: String?, options: LoadOptions, input: UnsafeBufferPointer<UInt8>,
        sink: any XMLEventSink, run: (xmlParserCtxtPtr, Session) throws(LoadError) -> Void
    ) throws(LoadError) {
        guard let parser = created else {
            throw LoadError(.tooLarge, "libxml2 could not create a parser (out of memory)")
        }
        defer {
            if let document = parser.pointee.myDoc {
                xmlFreeDoc(document)
                parser.pointee.myDoc = nil
            }
            xmlFreeParserCtxt(parser)
        }

        let session = Session(parser: parser, input: input, options: options, encoding: encoding, sink: sink)
        let userData = Unmanaged.passUnretained(session).toOpaque()
        parser.pointee.sax.pointee = makeSAXHandler()
        parser.pointee.userData = userData
        // The character converters report errors without a parser context,
        // through the calling thread's handler: borrow it for this load.
        let previousHandler = docquery_structuredErrorHandler()
        let previousContext = docquery_structuredErrorContext()
        xmlSetStructuredErrorFunc(userData, structuredErrorHandler)
        defer { xmlSetStructuredErrorFunc(previousContext, previousHandler) }
        var parseOptions = Int32(XML_PARSE_NONET.rawValue)
        if encoding != nil { parseOptions |= Int32(XML_PARSE_IGNORE_ENC.rawValue) }
        // Lifts libxml2's size and depth limits only; the entity budget is ours.
        if options.allowsHugeXML { parseOptions |= Int32(XML_PARSE_HUGE.rawValue) }
        xmlCtxtUseOptions(parser, parseOptions)
        if let encoding { try force(encoding, on: parser) }

        try withExtendedLifetime(session) { () throws(LoadError) in try run(parser, session) }
        try check(session, parser: parser, input: input)
    }

    /// Throws the load's first error, if a finished parse had one.
    private static func check(
        _ session: Session, parser: xmlParserCtxtPtr, input: UnsafeBufferPointer<UInt8>
    ) throws(LoadError) {
        if session.sink.needsRestart { return }
        session.finishConversionError()
        if let failure = session.failure { throw failure }
        guard parser.pointee.wellFormed != 0 else {
            // Every fatal error goes through the handler; this is a fallback.
            throw withUnsafePointer(to: &parser.pointee.lastError) { session.loadError(from: $0) }
        }
        guard session.sink.isComplete else {
            // libxml2 said well-formed but its events did not add up; never
            // hand out a half-built tree.
            throw LoadError(.invalidSyntax, "the document ended before its root element was complete",
                            location: XMLLoader.locate(line: Int(parser.pointee.input?.pointee.line ?? 1),
                                                       column: Int(parser.pointee.input?.pointee.col ?? 1), in: input).location)
        }
    }

    /// Parses XML that arrives in chunks, with libxml2's push parser
    /// (`xmlCreatePushParserCtxt` / `xmlParseChunk`), so the input is never
    /// held whole: only the chunk at hand and what libxml2 buffers of an
    /// unfinished token.
    ///
    /// - Parameters:
    ///   - first: the first chunk (at least the first four bytes, from
    ///     which libxml2 detects the encoding, unless the input is shorter).
    ///   - next: appends the next chunk to its argument; `false` at the end.
    ///   - estimatedBytes: the input's size if known, to size the tree.
    ///   - encoding: as ``parse(_:encoding:options:)``.
    ///   - dropsWhitespaceEarly: see ``XMLTreeBuilder``; when the builder
    ///     then says ``XMLTreeBuilder/needsRestart``, the caller reads the
    ///     input again with `false`.
    /// - Throws: ``LoadError`` located by line and column; the byte offset
    ///   and snippet are only known for an error in the chunk at hand, so a
    ///   caller that can read the input again locates it with
    ///   ``XMLLoader/locate(line:column:in:)``.
    static func parseChunks(
        first: [UInt8], next: (inout [UInt8]) throws(LoadError) -> Bool, estimatedBytes: Int,
        encoding: String?, options: LoadOptions, dropsWhitespaceEarly: Bool
    ) throws(LoadError) -> XMLTreeBuilder {
        let sink = XMLDocumentSink(
            options: options, estimatedBytes: estimatedBytes, dropsWhitespaceEarly: dropsWhitespaceEarly)
        try pushParse(first: first, encoding: encoding, options: options, sink: sink, trail: nil) {
            (chunk: inout [UInt8], _) throws(LoadError) -> Bool in try next(&chunk)
        }
        return sink.builder
    }

    /// Parses XML in chunks like ``parseChunks(first:next:estimatedBytes:encoding:options:dropsWhitespaceEarly:)``,
    /// but sends the events to `router`, which builds only the candidates
    /// of a streaming evaluation (see ``XMLStreamRouter``).
    ///
    /// - Throws: ``LoadError`` located by line and column.
    static func streamChunks(
        first: [UInt8], next: (inout [UInt8]) throws(LoadError) -> Bool, options: LoadOptions, router: XMLStreamRouter
    ) throws(LoadError) {
        try pushParse(first: first, encoding: nil, options: options, sink: router, trail: nil) {
            (chunk: inout [UInt8], _) throws(LoadError) -> Bool in try next(&chunk)
        }
    }

    /// Parses UTF-8 XML in chunks like ``streamChunks(first:next:options:router:)``,
    /// but sends the events to `locator`, which is shown the parser's
    /// cursor at each element event; `next` is told, with each chunk it is
    /// asked for, the offset up to which the parser has read everything.
    /// `encoding` is as for ``parse(_:encoding:options:)`` (`"UTF-8"` for
    /// input transcoded already), so the offsets count the bytes given.
    static func locateChunks(
        first: [UInt8], next: (inout [UInt8], _ parsedUpTo: Int) throws(LoadError) -> Bool, encoding: String?,
        options: LoadOptions, locator: XMLStreamLocator
    ) throws(LoadError) {
        try pushParse(first: first, encoding: encoding, options: options, sink: locator, trail: locator, next: next)
    }

    /// One push parse: `first` starts it, `next` gives the following
    /// chunks (told how far the parser has read), `sink` takes the events
    /// and `trail`, when given, is shown the parser's cursor.
    private static func pushParse(
        first: [UInt8], encoding: String?, options: LoadOptions, sink: any XMLEventSink, trail: (any XMLCursorObserver)?,
        next: (inout [UInt8], _ parsedUpTo: Int) throws(LoadError) -> Bool
    ) throws(LoadError) {
        _ = setUp
        let opening = min(first.count, pushSlice)
        let created = first[..<opening].withUnsafeBufferPointer { head in
            head.withMemoryRebound(to: CChar.self) { xmlCreatePushParserCtxt(nil, nil, $0.baseAddress, Int32($0.count), nil) }
        }
        let noInput = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        try load(
            created, encoding: encoding, options: options, input: noInput, sink: sink,
            run: { (parser, session) throws(LoadError) in
                session.trail = trail
                first[opening...].withUnsafeBufferPointer { push($0, to: parser, session) }
                var chunk: [UInt8] = []
                while isParsing(parser, session) {
                    chunk.removeAll(keepingCapacity: true)
                    guard try next(&chunk, session.cursor), !chunk.isEmpty else { break }
                    chunk.withUnsafeBufferPointer { push($0, to: parser, session) }
                }
                if !session.stopped, !session.failed { _ = xmlParseChunk(parser, nil, 0, 1) }
            })
    }

    /// The most bytes handed to the push parser at once. Without
    /// `XML_PARSE_HUGE`, libxml2 stops a push parse that holds more than
    /// 10 MB it has not parsed yet ("Huge input lookup"), so a larger chunk
    /// (a document held whole and edited as one chunk) goes in slices.
    private static let pushSlice = 1 << 20

    /// Feeds `bytes` to the push parser, a slice at a time, while it parses.
    private static func push(_ bytes: UnsafeBufferPointer<UInt8>, to parser: xmlParserCtxtPtr, _ session: Session) {
        var start = 0
        while start < bytes.count, isParsing(parser, session) {
            let end = min(bytes.count, start + pushSlice)
            _ = bytes[start..<end].withMemoryRebound(to: CChar.self) { xmlParseChunk(parser, $0.baseAddress, Int32($0.count), 0) }
            start = end
        }
    }

    /// Whether the parse goes on: neither stopped by the sink nor failed.
    private static func isParsing(_ parser: xmlParserCtxtPtr, _ session: Session) -> Bool {
        !session.stopped && !session.failed && parser.pointee.disableSAX == 0
    }

    /// Makes libxml2 decode the input with `name`.
    private static func force(_ name: String, on parser: xmlParserCtxtPtr) throws(LoadError) {
        let upper = name.uppercased()
        if upper == "UTF-8" || upper == "UTF8" {
            // Native: no converter, so libxml2 itself reports invalid UTF-8 with a location.
            xmlSwitchEncoding(parser, XML_CHAR_ENCODING_UTF8)
            return
        }
        guard let handler = xmlFindCharEncodingHandler(name) else {
            throw LoadError(.unsupportedEncoding, "unknown encoding '\(name)'")
        }
        guard xmlSwitchToEncoding(parser, handler) >= 0 else {
            throw LoadError(.unsupportedEncoding, "cannot decode the input as '\(name)'")
        }
    }

    /// One-time set-up: `xmlInitParser()` and the refusing entity loader.
    private static let setUp: Void = {
        xmlInitParser()
        xmlSetExternalEntityLoader { _, _, _ in nil }
        // Depth has one rule, LoadOptions.maxDepth, checked by the session on
        // every path; libxml2's own 256 levels (which 2.9 applies to a whole
        // parse but not to a push parse) must never come first.
        docquery_liftDepthLimit()
    }()

    /// The kind of load failure an `xmlError` code stands for.
    fileprivate static func kind(of error: xmlError) -> LoadError.Kind {
        let code = error.code
        func matches(_ known: xmlParserErrors...) -> Bool { known.contains { Int32($0.rawValue) == code } }
        if error.domain == Int32(XML_FROM_I18N.rawValue) { return .invalidEncoding }
        if matches(XML_ERR_UNKNOWN_ENCODING, XML_ERR_UNSUPPORTED_ENCODING) { return .unsupportedEncoding }
        if matches(XML_ERR_INVALID_ENCODING) { return .invalidEncoding }
        if matches(XML_ERR_INVALID_CHAR) {
            // Invalid UTF-8 and UTF-8-encoded surrogates share this code with
            // characters XML does not allow (such as NUL).
            // (A character reference to a surrogate is a syntax error with another message.)
            let message = error.message.map { String(cString: $0) } ?? ""
            if message.contains("UTF-8") { return .invalidEncoding }
            if message.hasPrefix("Char 0x"), (0xD800...0xDFFF).contains(error.int1) { return .invalidEncoding }
            return .invalidSyntax
        }
        if matches(
            XML_ERR_UNDECLARED_ENTITY, XML_WAR_UNDECLARED_ENTITY, XML_ERR_UNPARSED_ENTITY,
            XML_ERR_ENTITY_IS_EXTERNAL, XML_ERR_ENTITY_IS_PARAMETER, XML_ERR_EXT_ENTITY_STANDALONE,
            XML_ERR_ENTITY_PE_INTERNAL, XML_ERR_ENTITY_LOOP, XML_ERR_ENTITY_BOUNDARY,
            XML_ERR_ENTITY_PROCESSING)
        {
            return .entityNotAllowed
        }
        if matches(XML_ERR_INTERNAL_ERROR), let message = error.message,
            String(cString: message).hasPrefix("Excessive depth")
        {
            return .nestingTooDeep
        }
        return .invalidSyntax
    }
}

// MARK: - Session

/// The state of one load, reached from every callback through `userData`.
///
/// Not `Sendable`: it lives on the loading thread for one parse only.
private final class Session: XMLReferenceDecoder {
    /// Where the events go: the one sink of this parse.
    let sink: any XMLEventSink
    /// The document's own parser context (entity expansions run in
    /// short-lived child contexts that share our callbacks and user data).
    let parser: xmlParserCtxtPtr
    /// The input, for locating errors.
    let input: UnsafeBufferPointer<UInt8>
    /// The first error; once set, callbacks do nothing.
    var failure: LoadError? {
        didSet { failed = failure != nil }
    }
    /// Whether ``failure`` is set (a plain flag for the callbacks' fast path).
    private(set) var failed = false
    /// Whether `xmlStopParser` was called.
    var stopped = false
    /// A character-conversion error waiting for a location.
    var conversionError: String?
    /// The encoding the caller forced, if any.
    let forcedEncoding: String?
    /// Replacement-text bytes entities may still expand to.
    var entityBudget: Int
    let maxEntityExpansion: Int
    /// Whether a reference to an external entity fails the load
    /// (``LoadOptions/rejectsExternalEntities``) instead of being skipped.
    let rejectsExternalEntities: Bool
    /// Whether the last CDATA piece the push parser handed over ended with
    /// a CR (it splits long sections; a CR LF pair may straddle two pieces).
    var cdataEndedWithCR = false
    /// The true replacement text of internal entities whose stored text
    /// got its CRs written as references (see
    /// ``XMLTextRules/protectingCarriageReturns(_:)``), by name: attribute
    /// values normalise the CRs themselves.
    var unprotectedEntityText: [String: [UInt8]] = [:]
    /// Shown the document parser's cursor at each element's start and end
    /// in a streamed edit; `nil` (a single test per element event) otherwise.
    var trail: (any XMLCursorObserver)?
    /// Elements open now, entity replacement text included.
    var depth = 0
    /// ``LoadOptions/maxDepth``: the one depth limit of every XML read.
    let maxDepth: Int

    /// How far the document parser has read: the offset in the input of
    /// the byte its cursor points at.
    var cursor: Int {
        guard let position = parser.pointee.input, let cur = position.pointee.cur, let base = position.pointee.base
        else { return -1 }
        return Int(position.pointee.consumed) + (cur - base)
    }

    init(
        parser: xmlParserCtxtPtr, input: UnsafeBufferPointer<UInt8>, options: LoadOptions, encoding: String?,
        sink: any XMLEventSink
    ) {
        self.sink = sink
        self.parser = parser
        self.input = input
        self.forcedEncoding = encoding
        self.entityBudget = options.maxEntityExpansion
        self.maxEntityExpansion = options.maxEntityExpansion
        self.rejectsExternalEntities = options.rejectsExternalEntities
        self.maxDepth = options.maxDepth
    }

    /// Records an error found by our own code, located where the parser is.
    ///
    /// `stopping` halts the parser at once (`xmlStopParser`), which is safe
    /// from content callbacks. Entity look-ups must not halt it (libxml2 may
    /// be in the middle of an attribute value); they set the failure, and
    /// the next content callback halts the parser instead.
    func fail(_ error: LoadError, stopping: Bool) {
        guard !failed else { return }
        var error = error
        if error.location == nil, let position = parser.pointee.input {
            let located = XMLLoader.locate(
                line: Int(position.pointee.line), column: Int(position.pointee.col), in: input)
            error.location = located.location
            error.snippet = located.snippet
        }
        failure = error
        if stopping { stop() }
    }

    /// Halts the document's parser, once.
    func stop() {
        guard !stopped else { return }
        stopped = true
        xmlStopParser(parser)
    }

    /// Records an error libxml2 reported; warnings are ignored.
    ///
    /// A failed character conversion has no location of its own; the
    /// parser then stops where the decoded text ends, which is where the
    /// bad bytes are, so the conversion message waits for that next error's
    /// location.
    func record(_ error: UnsafePointer<xmlError>) {
        guard !failed, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let domain = error.pointee.domain
        if domain == Int32(XML_FROM_I18N.rawValue)
            || (domain == Int32(XML_FROM_IO.rawValue) && error.pointee.code == Int32(XML_IO_ENCODER.rawValue))
        {
            if conversionError == nil {
                conversionError = error.pointee.message.map { XMLLoader.oneLine(String(cString: $0)) } ?? ""
            }
            return
        }
        var located = loadError(from: error)
        if let truncated = truncationMessage(error.pointee.code) { located.message = truncated }
        if conversionError != nil {
            located.kind = .invalidEncoding
            located.message = conversionMessage()
        }
        failure = located
    }

    /// What libxml2's push parser should have said when the input ended
    /// early, or `nil` for any other error.
    ///
    /// Told the input is over, the push parser reports "Extra content at the
    /// end of the document" from any state but the epilogue, even when the
    /// input simply stopped. Reading a whole document, libxml2 says what is
    /// missing; this says the same: "Premature end of data in tag a" (the
    /// innermost open element) or "Document is empty".
    private func truncationMessage(_ code: Int32) -> String? {
        guard code == Int32(XML_ERR_DOCUMENT_END.rawValue) else { return nil }
        let state = parser.pointee.instate
        guard state != XML_PARSER_EPILOG, state != XML_PARSER_EOF else { return nil }
        let depth = Int(parser.pointee.nameNr)
        if depth > 0, let names = parser.pointee.nameTab, let name = names[depth - 1] {
            return "Premature end of data in tag \(String(cString: name))"
        }
        if state == XML_PARSER_START_TAG { return "Premature end of data in the root element's start tag" }
        return state == XML_PARSER_START ? "Document is empty" : "Start tag expected, '<' not found"
    }

    /// Turns a conversion error no parser error followed into the failure.
    func finishConversionError() {
        guard !failed, conversionError != nil, let position = parser.pointee.input else { return }
        let located = XMLLoader.locate(line: Int(position.pointee.line), column: Int(position.pointee.col), in: input)
        failure = LoadError(.invalidEncoding, conversionMessage(), location: located.location, snippet: located.snippet)
    }

    private func conversionMessage() -> String {
        let name = forcedEncoding
            ?? parser.pointee.input?.pointee.encoding.map { String(cString: $0) }
            ?? parser.pointee.encoding.map { String(cString: $0) }
        let what = name.map { "valid \($0)" } ?? "in the declared encoding"
        return "the input is not \(what) (\(conversionError ?? ""))"
    }

    /// Whether the parse runs with `XML_PARSE_HUGE`.
    private var parserIsHuge: Bool { parser.pointee.options & Int32(XML_PARSE_HUGE.rawValue) != 0 }

    func loadError(from pointer: UnsafePointer<xmlError>) -> LoadError {
        let error = pointer.pointee
        var kind = LibXML2.kind(of: error)
        var message = error.message.map { XMLLoader.oneLine(String(cString: $0)) } ?? ""
        if message.isEmpty {
            message = parser.pointee.wellFormed == 0 ? "the document is not well-formed" : "XML error \(error.code)"
        }
        if kind == .nestingTooDeep {
            // Not expected: xmlParserMaxDepth is lifted in setUp. A libxml2
            // that ignores it would come here.
            message = "elements are nested deeper than libxml2 allows (its own limit, below LoadOptions.maxDepth)"
        }
        // libxml2 says "entity reference loop" both for a loop (entities
        // nested 40 deep, 1024 with HUGE, in the context that expands them)
        // and for text that entities amplify past its limit, which is what a
        // billion-laughs document does.
        let entityDepth = error.ctxt.map { $0.assumingMemoryBound(to: xmlParserCtxt.self).pointee.depth } ?? parser.pointee.depth
        if error.code == Int32(XML_ERR_ENTITY_LOOP.rawValue), entityDepth < (parserIsHuge ? 1024 : 40) {
            message = "entity references expand to far more text than the document holds "
                + "(beyond libxml2's entity amplification limit, as in a billion-laughs attack)"
        }
        if error.code == Int32(XML_ERR_NO_MEMORY.rawValue) { kind = .tooLarge }
        if kind == .invalidSyntax, !parserIsHuge, message.hasSuffix(" too long") || message.hasSuffix(" too big found") {
            // libxml2's caps on one value (10 000 000 bytes) or name (50 000):
            // "AttValue length too long", "CData section too big found", …
            kind = .tooLarge
            message += " (libxml2's limit; LoadOptions.allowsHugeXML lifts it)"
        }
        var line = Int(error.line)
        var column = Int(error.int2)
        // An error inside an entity's replacement text comes from a child
        // context and counts lines in that text; point at the reference.
        let inEntity = error.ctxt.map { $0 != UnsafeMutableRawPointer(parser) } ?? false
        if line <= 0 || inEntity, let position = parser.pointee.input {
            line = Int(position.pointee.line)
            column = Int(position.pointee.col)
        }
        let located = XMLLoader.locate(line: max(line, 1), column: max(column, 1), in: input)
        return LoadError(kind, message, location: located.location, snippet: located.snippet)
    }

    // MARK: Entities

    /// Looks up a general entity, charging internal ones to the budget and
    /// refusing external and undeclared ones.
    ///
    /// Predefined entities (`&amp;` …) never get here: libxml2 resolves them first.
    func entity(named name: UnsafePointer<xmlChar>) -> xmlEntityPtr? {
        guard !failed else { return Session.inertEntity }
        let found = xmlSAX2GetEntity(parser, name)
        if parser.pointee.inSubset != 0 { return found }
        guard let entity = found else {
            // libxml2 only warns when an external DTD (never read) might declare it.
            fail(LoadError(.entityNotAllowed, "entity '&\(String(cString: name));' is not declared"), stopping: false)
            return nil
        }
        switch entity.pointee.etype {
        case XML_INTERNAL_PREDEFINED_ENTITY:
            return entity
        case XML_INTERNAL_GENERAL_ENTITY:
            return charge(entity) ? entity : nil
        case XML_EXTERNAL_GENERAL_PARSED_ENTITY where !rejectsExternalEntities:
            // libxml2 leaves an external entity it may not load out of
            // the content (and refuses one in an attribute value itself).
            skip(entity, named: name)
            return entity
        default:
            let advice = rejectsExternalEntities ? "; LoadOptions.rejectsExternalEntities is set" : ""
            fail(LoadError(.entityNotAllowed,
                           "external entity '&\(String(cString: name));' is not loaded (external entities are never read\(advice))"),
                 stopping: false)
            return nil
        }
    }

    /// Tells the sink that the reference to `entity` just read is left out,
    /// located at its `&` (the parser stands after its `;`).
    private func skip(_ entity: xmlEntityPtr, named name: UnsafePointer<xmlChar>) {
        let text = String(cString: name)
        let width = text.utf8.count + 2
        let line = Int(parser.pointee.input?.pointee.line ?? 1)
        let column = Int(parser.pointee.input?.pointee.col ?? 1)
        let location = SourceLocation(
            byteOffset: max(0, Int(xmlByteConsumed(parser)) - width), line: max(line, 1),
            column: max(1, column - text.count - 2))
        let systemID = entity.pointee.SystemID.map { String(cString: $0) }
        let skipped = SkippedEntity(name: text, systemID: systemID, location: location)
        sink.skipEntity(skipped)
    }

    /// Stores an entity declaration in libxml2's DTD document, with the
    /// CRs of an internal general entity's replacement text written as
    /// references so they survive libxml2 reading that text again (see
    /// ``XMLTextRules/protectingCarriageReturns(_:)``).
    func declareEntity(
        _ name: UnsafePointer<xmlChar>?, type: Int32, publicID: UnsafePointer<xmlChar>?,
        systemID: UnsafePointer<xmlChar>?, content: UnsafeMutablePointer<xmlChar>?
    ) {
        guard let name, let content, type == Int32(XML_INTERNAL_GENERAL_ENTITY.rawValue),
            xmlSAX2GetEntity(parser, name) == nil,
            var protected = XMLTextRules.protectingCarriageReturns(
                UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))))
        else {
            xmlSAX2EntityDecl(parser, name, type, publicID, systemID, content)
            return
        }
        unprotectedEntityText[String(cString: name)] = Array(UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))))
        protected.append(0)
        protected.withUnsafeMutableBufferPointer {
            xmlSAX2EntityDecl(parser, name, type, publicID, systemID, $0.baseAddress)
        }
    }

    /// What entity look-ups return once the load has failed: libxml2's
    /// static `&amp;`, which it substitutes without expanding, checking or
    /// reporting anything, so the rest of the input is skimmed in linear
    /// time (every callback ignores it) instead of raising one
    /// undefined-entity error per remaining reference.
    private static var inertEntity: xmlEntityPtr? { xmlGetPredefinedEntity("amp") }

    /// Looks up a parameter entity, charging it to the budget.
    func parameterEntity(named name: UnsafePointer<xmlChar>) -> xmlEntityPtr? {
        guard !failed, let entity = xmlSAX2GetParameterEntity(parser, name) else { return nil }
        return charge(entity) ? entity : nil
    }

    private func charge(_ entity: xmlEntityPtr) -> Bool {
        entityBudget -= Int(entity.pointee.length)
        guard entityBudget >= 0 else {
            fail(LoadError(.entityNotAllowed,
                           "entity expansion exceeds the limit of \(maxEntityExpansion) bytes (LoadOptions.maxEntityExpansion)"),
                 stopping: false)
            return false
        }
        return true
    }

    /// A namespace URI with its references decoded, as a string in the
    /// parser's dictionary (so the same URI is always the same pointer).
    ///
    /// libxml2 hands URIs over as the `xmlns` attribute was written, less
    /// its character references but with `&#38;` for a literal `&` and
    /// `&name;` for an internal entity: undecoded, like attribute values.
    /// Most URIs have no `&` and pass through as they are.
    @inline(__always)
    func decodedNamespaceURI(_ uri: UnsafePointer<UInt8>?) throws(LoadError) -> UnsafePointer<UInt8>? {
        guard let uri, strchr(UnsafeRawPointer(uri).assumingMemoryBound(to: CChar.self), Int32(UInt8(ascii: "&"))) != nil else {
            return uri
        }
        return try decodingNamespaceURI(uri)
    }

    /// ``decodedNamespaceURI(_:)`` for a URI with a `&`.
    @inline(never)
    private func decodingNamespaceURI(_ uri: UnsafePointer<UInt8>) throws(LoadError) -> UnsafePointer<UInt8>? {
        var decoded: UnsafePointer<xmlChar>?
        try withDecodedAttribute(uri, length: Int(xmlStrlen(uri))) { bytes throws(LoadError) in
            decoded = xmlDictLookup(parser.pointee.dict, bytes.baseAddress, Int32(bytes.count))
        }
        if decoded == nil && !failed {
            throw LoadError(.tooLarge, "libxml2 could not store a namespace URI (out of memory)")
        }
        // After a failure (an entity past the budget) the load is over; any pointer will do.
        return decoded ?? uri
    }

    /// Decodes the entity references libxml2 leaves in an attribute value
    /// (without entity substitution it keeps `&name;`, and writes a literal
    /// `&` as `&#38;`), then hands the value to `body`.
    ///
    /// The references are replaced as section 3.3.3 of XML 1.0 says (see
    /// ``XMLTextRules/appendAttributeValue(_:to:isReplacementText:depth:entity:)``),
    /// each entity charged to the budget.
    func withDecodedAttribute(
        _ value: UnsafePointer<UInt8>, length: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(LoadError) -> Void
    ) throws(LoadError) {
        if !XMLAttributes.containsAmpersand(value, count: length) {
            try body(UnsafeBufferPointer(start: value, count: length))
            return
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(length)
        let complete = try XMLTextRules.appendAttributeValue(
            UnsafeBufferPointer(start: value, count: length), to: &decoded, isReplacementText: false,
            entity: { (name) throws(LoadError) in try attributeEntity(named: name) })
        guard complete else { return }
        try decoded.withUnsafeBufferPointer { (bytes) throws(LoadError) in try body(bytes) }
    }

    /// What the entity reference `&name;` in an attribute value stands for;
    /// `nil` once the load failed (an undeclared entity, the budget spent).
    private func attributeEntity(named name: [UInt8]) throws(LoadError) -> XMLTextRules.EntityText? {
        guard !failed else { return nil }
        let found = (name + [0]).withUnsafeBufferPointer { xmlSAX2GetEntity(parser, $0.baseAddress) }
        let text = String(decoding: name, as: UTF8.self)
        guard let entity = found else {
            fail(LoadError(.entityNotAllowed, "entity '&\(text);' is not declared"), stopping: false)
            return nil
        }
        let content = entity.pointee.content.map { Array(UnsafeBufferPointer(start: $0, count: Int(xmlStrlen($0)))) } ?? []
        switch entity.pointee.etype {
        case XML_INTERNAL_PREDEFINED_ENTITY:
            return .character(content)
        case XML_INTERNAL_GENERAL_ENTITY:
            guard charge(entity) else { return nil }
            return .replacement(unprotectedEntityText[text] ?? content)
        default:
            // Well-formedness constraint "No External Entity References".
            throw LoadError(.entityNotAllowed, "an attribute value references the external entity '&\(text);'")
        }
    }
}

@available(*, unavailable)
extension Session: Sendable {}

// MARK: - Callbacks

/// Runs `body` with the session a callback's user data points to, without
/// retaining it (the load keeps it alive).
@inline(__always)
private func withSession(_ context: UnsafeMutableRawPointer?, _ body: (Session) -> Void) {
    guard let context else { return }
    Unmanaged<Session>.fromOpaque(context)._withUnsafeGuaranteedRef(body)
}

/// Delivers one event to the session's sink; a thrown error is recorded
/// and stops the parser (or, when the sink asks for the input to be read
/// again, only stops it).
@inline(__always)
private func deliver(_ session: Session, _ event: (any XMLEventSink) throws(LoadError) -> Void) {
    guard !session.failed else {
        session.stop()
        return
    }
    do {
        try event(session.sink)
    } catch {
        if session.sink.needsRestart {
            session.stop()
        } else {
            session.fail(error, stopping: true)
        }
    }
}

private func makeSAXHandler() -> xmlSAXHandler {
    var sax = xmlSAXHandler()
    sax.initialized = UInt32(XML_SAX2_MAGIC)

    sax.startElementNs = { context, local, prefix, uri, _, _, attributeCount, defaultedCount, attributes in
        withSession(context) { session in
            guard let local else { return }
            session.cdataEndedWithCR = false
            // Defaulted attributes (from an ATTLIST in the internal subset)
            // come last, as XML 1.0 section 5.1 asks.
            let all = XMLAttributes(count: Int(attributeCount), defaulted: Int(defaultedCount), fields: attributes)
            session.depth += 1
            guard session.depth <= session.maxDepth else {
                session.fail(XMLLoader.nestingTooDeep(session.maxDepth), stopping: true)
                return
            }
            if let trail = session.trail { trail.started(at: session.cursor) }
            deliver(session) { sink throws(LoadError) in
                try sink.startElement(local: local, prefix: prefix, namespaceURI: session.decodedNamespaceURI(uri),
                                      attributes: all, decoder: session)
            }
        }
    }
    sax.endElementNs = { context, _, _, _ in
        withSession(context) { session in
            session.cdataEndedWithCR = false
            session.depth -= 1
            if let trail = session.trail { trail.ended(at: session.cursor) }
            deliver(session) { sink throws(LoadError) in try sink.endElement() }
        }
    }
    let characters: charactersSAXFunc = { context, bytes, length in
        withSession(context) { session in
            guard let bytes else { return }
            session.cdataEndedWithCR = false
            deliver(session) { sink throws(LoadError) in
                try sink.text(UnsafeBufferPointer(start: bytes, count: Int(length)), cdata: false)
            }
        }
    }
    sax.characters = characters
    // The same function, so libxml2 never tries to classify whitespace itself.
    sax.ignorableWhitespace = characters
    sax.cdataBlock = { context, bytes, length in
        withSession(context) { session in
            guard let bytes else { return }
            let raw = UnsafeBufferPointer(start: bytes, count: Int(length))
            // The push parser hands CDATA over as it stands in the input;
            // its line ends are normalised here (section 2.11). Inside an
            // entity's replacement text (depth > 0) a CR came from a
            // character reference and stays.
            let inDocument = session.parser.pointee.depth == 0
            let normalized = inDocument ? XMLTextRules.normalizingLineEnds(raw, afterCR: session.cdataEndedWithCR) : nil
            session.cdataEndedWithCR = inDocument && raw.last == 0x0D
            func send(_ text: UnsafeBufferPointer<UInt8>) {
                deliver(session) { sink throws(LoadError) in try sink.text(text, cdata: true) }
            }
            if let normalized { normalized.withUnsafeBufferPointer(send) } else { send(raw) }
        }
    }
    sax.comment = { context, text in
        withSession(context) { session in
            guard let text, session.parser.pointee.inSubset == 0 else { return }
            deliver(session) { sink throws(LoadError) in
                try sink.comment(UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text))))
            }
        }
    }
    sax.processingInstruction = { context, target, data in
        withSession(context) { session in
            guard let target, session.parser.pointee.inSubset == 0 else { return }
            let bytes = data.map { UnsafeBufferPointer(start: $0, count: Int(xmlStrlen($0))) }
                ?? UnsafeBufferPointer(start: nil, count: 0)
            deliver(session) { sink throws(LoadError) in try sink.processingInstruction(target: target, data: bytes) }
        }
    }

    // The DTD: only the internal subset's entity declarations are kept, in
    // the small document libxml2's own SAX2 functions maintain.
    sax.internalSubset = { context, name, externalID, systemID in
        withSession(context) { session in
            if session.parser.pointee.myDoc == nil { xmlSAX2StartDocument(session.parser) }
            xmlSAX2InternalSubset(session.parser, name, externalID, systemID)
        }
    }
    sax.entityDecl = { context, name, type, publicID, systemID, content in
        withSession(context) { session in
            guard !session.failed else { return }
            session.declareEntity(name, type: type, publicID: publicID, systemID: systemID, content: content)
        }
    }
    sax.getEntity = { context, name in
        guard let context, let name else { return nil }
        return Unmanaged<Session>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.entity(named: name) }
    }
    sax.getParameterEntity = { context, name in
        guard let context, let name else { return nil }
        return Unmanaged<Session>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.parameterEntity(named: name) }
    }
    sax.serror = structuredErrorHandler
    return sax
}

/// Receives every error of a load: the parser's own, through the SAX
/// handler, and context-free ones, through the thread's handler.
private let structuredErrorHandler: xmlStructuredErrorFunc = { context, error in
    withSession(context) { session in
        guard let error else { return }
        session.record(error)
    }
}
