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
/// ``XMLTreeBuilder``) through the context's `userData`. No libxml2 DOM is
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
///   an external entity fails with ``LoadError/Kind-swift.struct/entityNotAllowed``.
///   As defence in depth, the first load installs a process-wide external
///   entity loader that refuses every URL (`xmlSetExternalEntityLoader`);
///   this also applies to any other libxml2 user in the process.
/// - Internal entities are expanded (libxml2 replays their replacement text
///   through the callbacks), within a budget of
///   ``LoadOptions/maxEntityExpansion`` bytes of replacement text, charged
///   for every entity libxml2 looks up outside the DTD (nested ones
///   included). Past the budget the load fails with
///   ``LoadError/Kind-swift.struct/entityNotAllowed`` after a bounded amount
///   of work, so billion-laughs and quadratic blow-up documents end quickly.
/// - Depth: libxml2 refuses more than 256 levels (without `HUGE`); the
///   builder also enforces ``LoadOptions/maxDepth``, and
///   ``LoadOptions/maxNodeCount`` as records arrive. `HUGE` also lifts
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
        _ = setUp
        guard !input.isEmpty else {
            throw LoadError(.invalidSyntax, "the document is empty",
                            location: SourceLocation(byteOffset: 0, line: 1, column: 1))
        }
        guard input.count <= Int(Int32.max) else {
            throw LoadError(.tooLarge, "XML input larger than 2 GiB is not supported")
        }
        // The tree is frozen only after libxml2's context (and its copy of
        // the input) is gone, which lowers the load's peak memory.
        var builder = try parseOnce(input, encoding: encoding, options: options, dropsWhitespaceEarly: true)
        if builder.needsRestart {
            // Layout whitespace was dropped too early (mixed content): once
            // more, keeping it until the end. (The first attempt's storage
            // goes before the second one starts.)
            builder = XMLTreeBuilder(options: options, estimatedBytes: 0)
            builder = try parseOnce(input, encoding: encoding, options: options, dropsWhitespaceEarly: false)
        }
        return builder.finish()
    }

    /// Runs libxml2 over the input once, and returns the builder it fed.
    ///
    /// - Parameter dropsWhitespaceEarly: whether the builder may drop layout
    ///   whitespace as it goes (see ``XMLTreeBuilder``). When that turns
    ///   out wrong, the parse stops and the builder says
    ///   ``XMLTreeBuilder/needsRestart``; nothing else is checked then.
    private static func parseOnce(
        _ input: UnsafeBufferPointer<UInt8>, encoding: String?, options: LoadOptions, dropsWhitespaceEarly: Bool
    ) throws(LoadError) -> XMLTreeBuilder {
        // libxml2 copies the bytes here. Reading them in place through a
        // static input buffer (as xmlCtxtReadMemory does) was tried: with
        // 2.9.14 it gave unbalanced element events on the benchmark corpus,
        // so the copy stays.
        let created = input.withMemoryRebound(to: CChar.self) {
            xmlCreateMemoryParserCtxt($0.baseAddress, Int32($0.count))
        }
        return try load(
            created, encoding: encoding, options: options, input: input,
            session: { Session(parser: $0, input: input, options: options, encoding: encoding,
                               dropsWhitespaceEarly: dropsWhitespaceEarly) },
            run: { (parser, _) throws(LoadError) in _ = xmlParseDocument(parser) })
    }

    /// Runs one load on a parser context libxml2 just `created`: points it
    /// at our SAX handler and a new ``Session``, borrows the thread's
    /// structured error handler, sets the safe options and any forced
    /// encoding, calls `run`, and frees the context (and the DTD document)
    /// whatever happens.
    private static func load(
        _ created: xmlParserCtxtPtr?, encoding: String?, options: LoadOptions, input: UnsafeBufferPointer<UInt8>,
        session makeSession: (xmlParserCtxtPtr) -> Session,
        run: (xmlParserCtxtPtr, Session) throws(LoadError) -> Void
    ) throws(LoadError) -> XMLTreeBuilder {
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

        let session = makeSession(parser)
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
        return try outcome(of: session, parser: parser, input: input)
    }

    /// The builder a finished parse fed, or the load's first error.
    private static func outcome(
        of session: Session, parser: xmlParserCtxtPtr, input: UnsafeBufferPointer<UInt8>
    ) throws(LoadError) -> XMLTreeBuilder {
        if session.builder.needsRestart { return session.builder }
        session.finishConversionError()
        if let failure = session.failure { throw failure }
        guard parser.pointee.wellFormed != 0 else {
            // Every fatal error goes through the handler; this is a fallback.
            throw withUnsafePointer(to: &parser.pointee.lastError) { session.loadError(from: $0) }
        }
        guard session.router?.isComplete ?? session.builder.isComplete else {
            // libxml2 said well-formed but its events did not add up; never
            // hand out a half-built tree.
            throw LoadError(.invalidSyntax, "the document ended before its root element was complete",
                            location: XMLLoader.locate(line: Int(parser.pointee.input?.pointee.line ?? 1),
                                                       column: Int(parser.pointee.input?.pointee.col ?? 1), in: input).location)
        }
        return session.builder
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
        _ = setUp
        let created = first.withUnsafeBufferPointer { head in
            head.withMemoryRebound(to: CChar.self) { xmlCreatePushParserCtxt(nil, nil, $0.baseAddress, Int32($0.count), nil) }
        }
        let noInput = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        return try load(
            created, encoding: encoding, options: options, input: noInput,
            session: { Session(parser: $0, input: noInput, options: options, encoding: encoding,
                               dropsWhitespaceEarly: dropsWhitespaceEarly, estimatedBytes: estimatedBytes) },
            run: { (parser, session) throws(LoadError) in try pushChunks(parser, session, next) })
    }

    /// Parses XML in chunks like ``parseChunks(first:next:estimatedBytes:encoding:options:dropsWhitespaceEarly:)``,
    /// but sends the events to `router`, which builds only the candidates
    /// of a streaming evaluation (see ``XMLStreamRouter``).
    ///
    /// - Throws: ``LoadError`` located by line and column.
    static func streamChunks(
        first: [UInt8], next: (inout [UInt8]) throws(LoadError) -> Bool, options: LoadOptions, router: XMLStreamRouter
    ) throws(LoadError) {
        _ = setUp
        let created = first.withUnsafeBufferPointer { head in
            head.withMemoryRebound(to: CChar.self) { xmlCreatePushParserCtxt(nil, nil, $0.baseAddress, Int32($0.count), nil) }
        }
        let noInput = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        _ = try load(
            created, encoding: nil, options: options, input: noInput,
            session: {
                let session = Session(parser: $0, input: noInput, options: options, encoding: nil,
                                      dropsWhitespaceEarly: false, estimatedBytes: 0)
                session.router = router
                return session
            },
            run: { (parser, session) throws(LoadError) in try pushChunks(parser, session, next) })
    }

    /// Feeds the push parser every chunk `next` gives, then ends the input.
    private static func pushChunks(
        _ parser: xmlParserCtxtPtr, _ session: Session, _ next: (inout [UInt8]) throws(LoadError) -> Bool
    ) throws(LoadError) {
        var chunk: [UInt8] = []
        while !session.stopped, !session.failed, parser.pointee.disableSAX == 0 {
            chunk.removeAll(keepingCapacity: true)
            guard try next(&chunk), !chunk.isEmpty else { break }
            guard chunk.count <= Int(Int32.max) else {
                throw LoadError(.tooLarge, "an input chunk larger than 2 GiB")
            }
            _ = chunk.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { xmlParseChunk(parser, $0.baseAddress, Int32($0.count), 0) }
            }
        }
        if !session.stopped, !session.failed { _ = xmlParseChunk(parser, nil, 0, 1) }
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
private final class Session {
    /// The tree being built. Callbacks run one at a time and never re-enter
    /// the builder, so accesses cannot overlap.
    @exclusivity(unchecked) var builder: XMLTreeBuilder
    /// For a streaming parse: where the events go instead of ``builder``.
    /// Set before the parse and only read by the callbacks.
    @exclusivity(unchecked) var router: XMLStreamRouter?
    /// The document's own parser context (entity expansions run in
    /// short-lived child contexts that share our callbacks and user data).
    let parser: xmlParserCtxtPtr
    /// The input, for locating errors.
    let input: UnsafeBufferPointer<UInt8>
    /// The first error; once set, callbacks do nothing.
    var failure: LoadError? {
        didSet { failed = failure != nil }
    }
    /// Whether ``failure`` is set (a plain flag for the callbacks' fast path;
    /// callbacks run one at a time, so accesses never overlap).
    @exclusivity(unchecked) private(set) var failed = false
    /// Whether `xmlStopParser` was called.
    @exclusivity(unchecked) var stopped = false
    /// A character-conversion error waiting for a location.
    var conversionError: String?
    /// The encoding the caller forced, if any.
    let forcedEncoding: String?
    /// Replacement-text bytes entities may still expand to.
    var entityBudget: Int
    let maxEntityExpansion: Int

    init(
        parser: xmlParserCtxtPtr, input: UnsafeBufferPointer<UInt8>, options: LoadOptions, encoding: String?,
        dropsWhitespaceEarly: Bool, estimatedBytes: Int? = nil
    ) {
        self.builder = XMLTreeBuilder(
            options: options, estimatedBytes: estimatedBytes ?? input.count, dropsWhitespaceEarly: dropsWhitespaceEarly)
        self.parser = parser
        self.input = input
        self.forcedEncoding = encoding
        self.entityBudget = options.maxEntityExpansion
        self.maxEntityExpansion = options.maxEntityExpansion
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
        if conversionError != nil {
            located.kind = .invalidEncoding
            located.message = conversionMessage()
        }
        failure = located
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
            message = "elements are nested deeper than 256 levels (libxml2's limit; LoadOptions.allowsHugeXML lifts it)"
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
        default:
            fail(LoadError(.entityNotAllowed,
                           "external entity '&\(String(cString: name));' is not loaded (external entities are never read)"),
                 stopping: false)
            return nil
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

    /// Decodes the entity references libxml2 leaves in an attribute value
    /// (without entity substitution it keeps `&name;`, and writes a literal
    /// `&` as `&#38;`), then hands the value to `body`.
    /// A namespace URI with its references decoded, as a string in the
    /// parser's dictionary (so the same URI is always the same pointer).
    ///
    /// libxml2 hands URIs over as the `xmlns` attribute was written, less
    /// its character references but with `&#38;` for a literal `&` and
    /// `&name;` for an internal entity: undecoded, like attribute values.
    /// Most URIs have no `&` and pass through as they are.
    func decodedNamespaceURI(_ uri: UnsafePointer<xmlChar>?) throws(LoadError) -> UnsafePointer<xmlChar>? {
        guard let uri, strchr(UnsafeRawPointer(uri).assumingMemoryBound(to: CChar.self), Int32(UInt8(ascii: "&"))) != nil else {
            return uri
        }
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

    func withDecodedAttribute(
        _ value: UnsafePointer<xmlChar>, length: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(LoadError) -> Void
    ) throws(LoadError) {
        if length == 0 || memchr(value, Int32(UInt8(ascii: "&")), length) == nil {
            try body(UnsafeBufferPointer(start: value, count: length))
            return
        }
        guard let decoded = xmlStringLenDecodeEntities(parser, value, Int32(length), Int32(XML_SUBSTITUTE_REF), 0, 0, 0) else {
            if !failed { throw LoadError(.entityNotAllowed, "cannot expand the entities in an attribute value") }
            return
        }
        defer { docquery_xmlFree(decoded) }
        try body(UnsafeBufferPointer(start: decoded, count: Int(xmlStrlen(decoded))))
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

/// Runs a builder step, recording a thrown error and stopping the parser.
@inline(__always)
private func build(_ session: Session, _ step: (inout XMLTreeBuilder) throws(LoadError) -> Void) {
    guard !session.failed else {
        session.stop()
        return
    }
    do {
        try step(&session.builder)
        // The tree went wrong (see XMLTreeBuilder.needsRestart): stop; the load runs again.
        if session.builder.needsRestart { session.stop() }
    } catch {
        session.fail(error, stopping: true)
    }
}

/// Runs a streaming step (see ``XMLStreamRouter``), recording a thrown
/// error and stopping the parser.
@inline(__always)
private func route(_ session: Session, _ step: () throws(LoadError) -> Void) {
    guard !session.failed else {
        session.stop()
        return
    }
    do {
        try step()
    } catch {
        session.fail(error, stopping: true)
    }
}

/// Calls `body` with each of the first `count` attributes of a start tag
/// (libxml2's five pointers per attribute): name, prefix, decoded
/// namespace URI and decoded value; only with those `selects` (given the
/// name and prefix) says yes to, when given: the others are never decoded.
@inline(__always)
private func forEachAttribute(
    _ session: Session, _ count: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    selects: ((UnsafePointer<xmlChar>, UnsafePointer<xmlChar>?) throws(LoadError) -> Bool)? = nil,
    _ body: (UnsafePointer<xmlChar>, UnsafePointer<xmlChar>?, UnsafePointer<xmlChar>?, UnsafeBufferPointer<UInt8>) throws(LoadError) -> Void
) throws(LoadError) {
    guard count > 0, let attributes else { return }
    for i in 0..<count {
        let fields = attributes + 5 * i
        guard let name = fields[0], let value = fields[3], let end = fields[4] else { continue }
        if let selects, try !selects(name, fields[1]) { continue }
        try session.withDecodedAttribute(value, length: end - value) { bytes throws(LoadError) in
            try body(name, fields[1], session.decodedNamespaceURI(fields[2]), bytes)
        }
    }
}

private func makeSAXHandler() -> xmlSAXHandler {
    var sax = xmlSAXHandler()
    sax.initialized = UInt32(XML_SAX2_MAGIC)

    sax.startElementNs = { context, local, prefix, uri, _, _, attributeCount, defaultedCount, attributes in
        withSession(context) { session in
            guard let local else { return }
            if let router = session.router {
                route(session) { () throws(LoadError) in
                    try router.startElement(local: local, prefix: prefix, namespaceURI: session.decodedNamespaceURI(uri))
                    guard router.readsAttributes else { return }
                    try forEachAttribute(
                        session, Int(attributeCount - defaultedCount), attributes,
                        selects: { (name, prefix) throws(LoadError) in try router.selectsAttribute(local: name, prefix: prefix) }
                    ) { (name, prefix, uri, value) throws(LoadError) in
                        try router.attribute(local: name, prefix: prefix, namespaceURI: uri, value: value)
                    }
                }
                return
            }
            build(session) { builder throws(LoadError) in
                try builder.startElement(local: local, prefix: prefix, namespaceURI: session.decodedNamespaceURI(uri))
                // Defaulted attributes (from an ATTLIST) come last; like
                // libxml2's own tree builder without DTDATTR, leave them out.
                try forEachAttribute(session, Int(attributeCount - defaultedCount), attributes) {
                    (name, prefix, uri, value) throws(LoadError) in
                    try builder.addAttribute(local: name, prefix: prefix, namespaceURI: uri, value: value)
                }
            }
        }
    }
    sax.endElementNs = { context, _, _, _ in
        withSession(context) { session in
            if let router = session.router { return route(session) { () throws(LoadError) in try router.endElement() } }
            build(session) { builder throws(LoadError) in try builder.endElement() }
        }
    }
    let characters: charactersSAXFunc = { context, bytes, length in
        withSession(context) { session in
            guard let bytes else { return }
            if let router = session.router {
                return route(session) { () throws(LoadError) in
                    try router.text(UnsafeBufferPointer(start: bytes, count: Int(length)), cdata: false)
                }
            }
            build(session) { builder throws(LoadError) in
                try builder.appendText(UnsafeBufferPointer(start: bytes, count: Int(length)), cdata: false)
            }
        }
    }
    sax.characters = characters
    // The same function, so libxml2 never tries to classify whitespace itself.
    sax.ignorableWhitespace = characters
    sax.cdataBlock = { context, bytes, length in
        withSession(context) { session in
            guard let bytes else { return }
            if let router = session.router {
                return route(session) { () throws(LoadError) in
                    try router.text(UnsafeBufferPointer(start: bytes, count: Int(length)), cdata: true)
                }
            }
            build(session) { builder throws(LoadError) in
                try builder.appendText(UnsafeBufferPointer(start: bytes, count: Int(length)), cdata: true)
            }
        }
    }
    sax.comment = { context, text in
        withSession(context) { session in
            guard let text, session.parser.pointee.inSubset == 0 else { return }
            if let router = session.router {
                return route(session) { () throws(LoadError) in
                    try router.comment(UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text))))
                }
            }
            build(session) { builder throws(LoadError) in
                try builder.appendComment(UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text))))
            }
        }
    }
    sax.processingInstruction = { context, target, data in
        withSession(context) { session in
            guard let target, session.parser.pointee.inSubset == 0 else { return }
            let bytes = data.map { UnsafeBufferPointer(start: $0, count: Int(xmlStrlen($0))) }
                ?? UnsafeBufferPointer(start: nil, count: 0)
            if let router = session.router {
                return route(session) { () throws(LoadError) in try router.processingInstruction(target: target, data: bytes) }
            }
            build(session) { builder throws(LoadError) in
                try builder.appendProcessingInstruction(target: target, data: bytes)
            }
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
            xmlSAX2EntityDecl(session.parser, name, type, publicID, systemID, content)
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
