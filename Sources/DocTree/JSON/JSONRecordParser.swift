/// The JSON reader: parses UTF-8 bytes into documents by the strict scan into
/// ``JSONTreeSink``, keeping the names, the key cache and the duplicate-key
/// stamps from one document to the next. A one-shot load is a parser used
/// once; the records of a stream (or a stream's candidates) share one, so a
/// known key costs a hash and a compare, and records that add no name share
/// one ``NameTable``. Once the table holds more than ``maxSharedNames(nodes:)``
/// names after a record that added some, the next starts a new one.
///
/// Not thread-safe: one parser per reader; its documents are `Sendable`.
package final class JSONRecordParser {
    private let options: LoadOptions
    private var names = NameTable.Builder(splitsPrefixes: false)
    /// The frozen table for documents, while no name is added to ``names``.
    private var table: NameTable
    /// How many names ``table`` holds (with the placeholder for "no name").
    private var tableCount = 1
    private var keys = KeyCache()
    private var stamps = KeyStamps()

    /// A parser whose ``LoadOptions/maxDepth`` and ``LoadOptions/maxNodeCount`` apply to each document.
    package init(options: LoadOptions) {
        self.options = options
        self.table = NameTable(names)
    }

    deinit {
        keys.deallocate()
        stamps.deallocate()
    }

    /// How many names the shared table may hold after a record of `nodes`
    /// nodes added some: copying it then costs at most a few times the record.
    package static func maxSharedNames(nodes: Int) -> Int { max(1024, 4 * nodes) }

    /// How many names the shared table holds now (for tests and tuning).
    package var sharedNameCount: Int { names.strings.count - 1 }

    /// Parses `record`, exactly one JSON value (white space around it is
    /// fine), into a document whose text is a copy of `record`.
    ///
    /// - Throws: ``LoadError`` located in `record` (line 1, column 1 is its first byte).
    package func parse(_ record: ArraySlice<UInt8>) throws(LoadError) -> Document {
        // Without allowsMore a second value throws: the content is a document.
        try read(record, allowsMore: false, spans: NoSpans()) { Array(record) }.content.document!
    }

    /// Reads the value in `bytes` (after a byte order mark, if any) into a
    /// document whose text is `text()`, telling `spans` where each value and
    /// key stands. A second value is an error unless `allowsMore`, and then
    /// the content (no document).
    func read<Spans: SpanRecorder>(
        _ bytes: ArraySlice<UInt8>, allowsMore: Bool, spans: consuming Spans, text: () -> [UInt8]
    ) throws(LoadError) -> (content: JSONScanner.Content, spans: Spans) {
        options.readsJSONWithComments
            ? try read(bytes, allowsMore: allowsMore, spans: spans, text: text, JSONWithComments.self)
            : try read(bytes, allowsMore: allowsMore, spans: spans, text: text, StrictJSON.self)
    }

    /// ``read(_:allowsMore:spans:text:)`` in one dialect (see ``Scanner/scan(from:maxDepth:into:_:)``).
    @inline(never)
    private func read<Spans: SpanRecorder, Dialect: JSONDialect>(
        _ bytes: ArraySlice<UInt8>, allowsMore: Bool, spans: consuming Spans, text: () -> [UInt8], _ dialect: Dialect.Type
    ) throws(LoadError) -> (content: JSONScanner.Content, spans: Spans) {
        try Self.checkSize(bytes.count)
        var sink = begin(inputBytes: bytes.count, spans: spans)
        defer { end(&sink) }
        // A node takes at least two input bytes (`[0,0,…]`), so input of
        // fewer than twice the limit cannot pass it and is scanned unchecked.
        sink.maxNodes = bytes.count / 2 + 2 <= options.maxNodeCount ? Int.max : options.maxNodeCount
        let valueEnd = try bytes.withUnsafeBufferPointer { (input) throws(LoadError) in
            let scanner = Scanner(input)
            let end: Int
            do throws(JSONFailure) {
                let start = scanner.skipWhitespace(InputHead.byteOrderMarkLength(input))
                end = try scanner.skipSpace(
                    try scanner.scan(from: start, maxDepth: options.maxDepth, into: &sink, dialect),
                    comments: Dialect.readsComments)
            } catch {
                throw error.located(in: input)
            }
            guard end == input.count || allowsMore else { throw JSONMistake.trailingValue.error(at: end, in: input) }
            return end
        }
        guard sink.nodes.count <= options.maxNodeCount else {
            throw LoadError(.tooLarge, JSONMistake.tooManyNodesMessage(options.maxNodeCount))
        }
        if valueEnd < bytes.count { return (.values(secondAt: valueEnd), sink.spans) }
        return (.document(try finish(&sink, text: text())), sink.spans)
    }

    /// Reads the value at `bytes[0]`, a stream's record with more input after
    /// it, into a document whose text is `text(valueEnd, end)`: the offsets
    /// past the value and past the white space after it, returned too. A
    /// mistake comes raw (the caller judges ``Scanner/mayGoOn(_:)``); past the
    /// size limits (checked after the value) it is
    /// ``JSONMistake/tooManyNodes(maxNodes:)`` at the value's end.
    /// With `spans`, also where each value and key stands (``NodeSpans``,
    /// offsets in the document's text).
    func readRecord<Spans: SpanRecorder>(
        _ bytes: UnsafeBufferPointer<UInt8>, estimatedNodes: Int, spans: consuming Spans,
        text: (_ valueEnd: Int, _ end: Int) -> [UInt8]
    ) throws(JSONFailure) -> (document: Document, valueEnd: Int, end: Int, spans: Spans) {
        options.readsJSONWithComments
            ? try readRecord(bytes, estimatedNodes: estimatedNodes, spans: spans, text: text, JSONWithComments.self)
            : try readRecord(bytes, estimatedNodes: estimatedNodes, spans: spans, text: text, StrictJSON.self)
    }

    /// ``readRecord(_:estimatedNodes:spans:text:)`` in one dialect (see ``Scanner/scan(from:maxDepth:into:_:)``).
    @inline(never)
    private func readRecord<Spans: SpanRecorder, Dialect: JSONDialect>(
        _ bytes: UnsafeBufferPointer<UInt8>, estimatedNodes: Int, spans: consuming Spans,
        text: (_ valueEnd: Int, _ end: Int) -> [UInt8], _ dialect: Dialect.Type
    ) throws(JSONFailure) -> (document: Document, valueEnd: Int, end: Int, spans: Spans) {
        var sink = begin(inputBytes: bytes.count, estimatedNodes: estimatedNodes, spans: spans)
        defer { end(&sink) }
        let scanner = Scanner(bytes)
        let valueEnd = try scanner.scan(from: 0, maxDepth: options.maxDepth, into: &sink, dialect)
        // A comment after the value that is cut off or unterminated is no part
        // of the record: the next read says so (``RecordReader``).
        let spaceEnd = (try? scanner.skipSpace(valueEnd, comments: Dialect.readsComments)) ?? scanner.skipWhitespace(valueEnd)
        guard sink.nodes.count <= options.maxNodeCount, let document = try? finish(&sink, text: text(valueEnd, spaceEnd))
        else { throw JSONFailure(.tooManyNodes(maxNodes: options.maxNodeCount), at: valueEnd) }
        return (document, valueEnd, spaceEnd, sink.spans)
    }

    /// A tree sink that holds this parser's names, key cache and stamps until
    /// ``end(_:)``, for documents read one after another (each after the
    /// first begun by ``JSONTreeSink/restart(estimatedNodes:inputBytes:)``);
    /// the first has at most `inputBytes` bytes (`estimatedNodes` records, by
    /// default as many as that many bytes of JSON may hold).
    func begin<Spans: SpanRecorder>(
        inputBytes: Int, estimatedNodes: Int? = nil, spans: consuming Spans
    ) -> JSONTreeSink<Spans> {
        stamps.prepare(forInputOf: inputBytes)
        // The names move to the sink (an empty builder allocates nothing), which appends without a copy.
        var taken = NameTable.Builder(splitsPrefixes: false)
        swap(&taken, &names)
        return JSONTreeSink(
            builder: TreeBuilder(
                splitsPrefixes: false, maxDepth: options.maxDepth,
                estimatedNodes: estimatedNodes ?? Self.estimatedNodes(inputBytes), names: taken),
            keys: keys, stamps: stamps, spans: spans)
    }

    /// The document `sink` built, with `text` (the bytes its records point
    /// into): the one way a JSON document is finished.
    ///
    /// - Throws: ``LoadError/Kind-swift.struct/tooLarge`` past the table's 32-bit caps.
    func finish<Spans: SpanRecorder>(_ sink: inout JSONTreeSink<Spans>, text: [UInt8]) throws(LoadError) -> Document {
        try Self.checkSize(text.count)
        guard sink.builder.fitsLimits else {
            throw LoadError(.tooLarge, "the document has more than \(UInt32.max - 1) nodes")
        }
        let added = sink.builder.names.strings.count != tableCount
        if added {
            table = NameTable(sink.builder.names)
            tableCount = sink.builder.names.strings.count
        }
        sink.builder.text = text
        let document = sink.builder.finish(format: .json, frozenNames: table)
        if added, tableCount > Self.maxSharedNames(nodes: document.nodeCount) {
            // Later records start a new table.
            sink.builder.names = NameTable.Builder(splitsPrefixes: false)
            sink.keys.removeAll()
            table = NameTable(sink.builder.names)
            tableCount = 1
        }
        return document
    }

    /// Takes back what `sink` grew: names, key cache (perhaps moved) and
    /// stamps. A failed document's names stay: the key cache maps to them.
    func end(_ sink: inout JSONTreeSink<some SpanRecorder>) {
        swap(&names, &sink.builder.names)
        keys = sink.keys
        stamps = sink.stamps
        stamps.advance(past: sink.nodes.count)
    }

    /// Throws unless a document's text of `count` bytes fits the records' 32-bit offsets.
    private static func checkSize(_ count: Int) throws(LoadError) {
        guard count <= Int(UInt32.max) else {
            throw LoadError(.tooLarge, "the input is \(count) bytes; a document holds at most \(UInt32.max) bytes of text")
        }
    }

    /// Records to reserve for `inputBytes` of JSON: one per 8 bytes, so even
    /// canada.json (13.5 bytes a value) never regrows; `finish` trims the rest.
    static func estimatedNodes(_ inputBytes: Int) -> Int { max(min(inputBytes, Int(UInt32.max)) / 8, 16) }
}
