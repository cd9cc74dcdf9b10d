/// The sink of a whole-document load: every event goes to one
/// ``XMLTreeBuilder``, which the caller takes when the parse ends.
final class XMLDocumentSink: XMLEventSink {
    /// The tree being built. The parser calls in one event at a time and
    /// nothing re-enters the sink, so accesses cannot overlap; unchecked,
    /// since with the checks XML loads ran 9.9 % (map.osm) and 11.7 %
    /// (mondial) more instructions (callgrind, 2026-11-27).
    @exclusivity(unchecked) var builder: XMLTreeBuilder

    /// A sink whose builder expects about `estimatedBytes` of input; see
    /// ``XMLTreeBuilder`` for `dropsWhitespaceEarly`.
    init(options: LoadOptions, estimatedBytes: Int, dropsWhitespaceEarly: Bool) {
        builder = XMLTreeBuilder(
            options: options, estimatedBytes: estimatedBytes, dropsWhitespaceEarly: dropsWhitespaceEarly)
    }

    func startElement(
        local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, namespaceURI: UnsafePointer<UInt8>?,
        attributes: XMLAttributes, decoder: any XMLReferenceDecoder
    ) throws(LoadError) {
        try builder.startElement(local: local, prefix: prefix, namespaceURI: namespaceURI)
        try builder.addAttributes(attributes, decoder: decoder)
    }

    func endElement() throws(LoadError) {
        try builder.endElement()
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>, cdata: Bool) throws(LoadError) {
        try builder.appendText(bytes, cdata: cdata)
        // Text is what shows that whitespace was dropped too early.
        if builder.needsRestart { throw LoadError(.invalidSyntax, "the parse runs again keeping whitespace") }
    }

    func comment(_ bytes: UnsafeBufferPointer<UInt8>) throws(LoadError) {
        try builder.appendComment(bytes)
    }

    func processingInstruction(target: UnsafePointer<UInt8>, data: UnsafeBufferPointer<UInt8>) throws(LoadError) {
        try builder.appendProcessingInstruction(target: target, data: data)
    }

    func skipEntity(_ skipped: SkippedEntity) {
        builder.skipEntity(skipped)
    }

    var isComplete: Bool { builder.isComplete }

    var needsRestart: Bool { builder.needsRestart }
}
