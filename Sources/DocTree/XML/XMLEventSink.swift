#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the events of one libxml2 parse go: the one protocol between the
/// parser and what it feeds.
///
/// ``LibXML2``'s SAX2 callbacks turn each event into one call on the
/// parse's sink, after applying XML 1.0's text rules (``XMLTextRules``)
/// and resolving entities, so no callback knows which sink it feeds. Two
/// sinks exist: ``XMLDocumentSink`` builds a whole document with an
/// ``XMLTreeBuilder``; ``XMLStreamRouter`` builds only the candidates of a
/// streaming evaluation, each with an ``XMLTreeBuilder`` of its own.
///
/// Names arrive as the parser's NUL-terminated, dictionary-interned C
/// strings: during one parse the same name is always the same pointer.
/// Nothing here knows libxml2's types.
///
/// A method that throws stops the parse, and the load fails with its error,
/// unless ``needsRestart`` is `true` by then: that asks for the input to be
/// read again (see ``XMLTreeBuilder/needsRestart``).
protocol XMLEventSink: AnyObject {
    /// An element starts, with its attributes, which `decoder` decodes
    /// when one is read (see ``XMLAttributes/withAttribute(at:decoder:_:)``).
    func startElement(
        local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, namespaceURI: UnsafePointer<UInt8>?,
        attributes: XMLAttributes, decoder: any XMLReferenceDecoder
    ) throws(LoadError)
    /// The innermost open element ends.
    func endElement() throws(LoadError)
    /// Character data of the current element: a piece of a run (the parser
    /// reports text in pieces) or of a CDATA section.
    func text(_ bytes: UnsafeBufferPointer<UInt8>, cdata: Bool) throws(LoadError)
    /// A comment outside the DTD.
    func comment(_ bytes: UnsafeBufferPointer<UInt8>) throws(LoadError)
    /// A processing instruction outside the DTD.
    func processingInstruction(target: UnsafePointer<UInt8>, data: UnsafeBufferPointer<UInt8>) throws(LoadError)
    /// A reference to an external entity was left out here.
    func skipEntity(_ skipped: SkippedEntity)
    /// Whether the events added up to one complete root element.
    var isComplete: Bool { get }
    /// Whether the sink stopped the parse to have the input read again.
    var needsRestart: Bool { get }
}

/// The attributes of one start tag as the parser holds them, in document
/// order, defaulted ones (XML 1.0 section 5.1) last.
///
/// Each attribute is five pointers: local name, prefix, namespace URI,
/// and the start and end of its value. The parser leaves references in a
/// value or URI undecoded (a `&` shows where); ``withAttribute(at:decoder:_:)``
/// decodes them, so a sink that skips an attribute never pays for it.
///
/// The decoder travels beside this value, not in it: a stored reference
/// would be retained and released once per start tag (0.7% of the
/// instructions of a load, measured on mondial-3.0.xml).
struct XMLAttributes {
    /// How many attributes the start tag has.
    let count: Int
    /// How many of them (the last ones) the DTD supplied: not written in the tag.
    let defaultedCount: Int
    private let fields: UnsafeMutablePointer<UnsafePointer<UInt8>?>?

    init(count: Int, defaulted: Int = 0, fields: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
        self.count = fields == nil ? 0 : count
        self.defaultedCount = fields == nil ? 0 : min(max(defaulted, 0), self.count)
        self.fields = fields
    }

    /// The local name of attribute `index`, or `nil` when the parser left
    /// its entry incomplete (such an entry is skipped).
    @inline(__always)
    func localName(at index: Int) -> UnsafePointer<UInt8>? {
        guard let entry = fields.map({ $0 + 5 * index }), entry[3] != nil, entry[4] != nil else { return nil }
        return entry[0]
    }

    /// The prefix of attribute `index` as written, or `nil`.
    @inline(__always)
    func prefix(at index: Int) -> UnsafePointer<UInt8>? { fields.flatMap { $0[5 * index + 1] } }

    /// Calls `body` with attribute `index`'s local name, prefix, namespace
    /// URI and value, their references decoded by `decoder` (the one
    /// ``XMLEventSink/startElement(local:prefix:namespaceURI:attributes:decoder:)``
    /// was given); does nothing for an incomplete entry.
    @inline(__always)
    func withAttribute(
        at index: Int, decoder: any XMLReferenceDecoder,
        _ body: (
            _ local: UnsafePointer<UInt8>, _ prefix: UnsafePointer<UInt8>?, _ namespaceURI: UnsafePointer<UInt8>?,
            _ value: UnsafeBufferPointer<UInt8>
        ) throws(LoadError) -> Void
    ) throws(LoadError) {
        guard let entry = fields.map({ $0 + 5 * index }), let local = entry[0], let value = entry[3], let end = entry[4]
        else { return }
        var uri = entry[2]
        if let written = uri, strchr(UnsafeRawPointer(written).assumingMemoryBound(to: CChar.self), Int32(UInt8(ascii: "&"))) != nil {
            uri = try decoder.decodedNamespaceURI(written)
        }
        let length = end - value
        if !Self.containsAmpersand(value, count: length) {
            return try body(local, entry[1], uri, UnsafeBufferPointer(start: value, count: length))
        }
        try decoder.withDecodedAttribute(value, length: length) { (decoded) throws(LoadError) in
            try body(local, entry[1], uri, decoded)
        }
    }
}

extension XMLAttributes {
    /// Whether `count` bytes at `bytes` hold a `&`: eight bytes at a time
    /// (see ``ByteWords``) for the short values most attributes have,
    /// `memchr` for longer ones. (Calling `memchr` for every value took 3%
    /// of a map.osm load's time, sampled with perf; a byte loop took 33
    /// instructions per attribute there, a fifth of what the builder adds
    /// to libxml2's own work per attribute, callgrind.)
    @inline(__always)
    static func containsAmpersand(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        if count > 32 { return memchr(bytes, Int32(UInt8(ascii: "&")), count) != nil }
        return ByteWords.any(bytes, count: count) { ByteWords.contains($0, UInt8(ascii: "&")) }
    }
}

/// Decodes the references the parser leaves in attribute values and
/// namespace URIs (entity references, and `&#38;` for a literal `&`).
protocol XMLReferenceDecoder: AnyObject {
    /// A namespace URI with its references decoded, as a string of the
    /// parser's dictionary (the same URI is always the same pointer).
    func decodedNamespaceURI(_ uri: UnsafePointer<UInt8>?) throws(LoadError) -> UnsafePointer<UInt8>?
    /// Calls `body` with an attribute value, its references decoded and the
    /// value normalised as XML 1.0 section 3.3.3 says.
    func withDecodedAttribute(
        _ value: UnsafePointer<UInt8>, length: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(LoadError) -> Void
    ) throws(LoadError)
}
