/// Parses the records of one stream of JSON values (JSON Lines, or values
/// separated by white space) into documents that share one name table:
/// the entry point for parsing many small documents in a row.
///
/// A document parsed alone interns each of its keys (a `String` and a
/// dictionary lookup per distinct key) and builds its own name table. The
/// records of a stream mostly repeat the same keys, so this parser keeps
/// the names, and the scanner's cache from raw key bytes to name ids, from
/// one record to the next: after the first record, a known key costs one
/// hash and one comparison, and records that add no name get the very same
/// ``NameTable`` instance.
///
/// ## The shared table
///
/// - Name ids are stable: a name keeps its id in every later document this
///   parser returns, until the table is started afresh (below).
/// - A later record may add names. Tables are immutable and copy-on-write,
///   so a document from an earlier record keeps the table it was given and
///   stays valid; the new names appear only in later documents' tables.
/// - When records keep adding names (keys that are ids or timestamps), the
///   table would grow without bound and every new name would copy it: once
///   it holds more than ``maxSharedNames(nodes:)`` names after a record
///   that added some, the next record starts a new, empty table.
///
/// Each document owns its own copy of its record's bytes as its text, so it
/// keeps nothing of the stream alive but the name table.
///
/// Not thread-safe: one parser per reader; documents it returns are
/// `Sendable` like any other.
package final class JSONRecordParser {
    private let options: LoadOptions
    private var names = NameTable.Builder(splitsPrefixes: false)
    /// The frozen table for documents, while no name is added to ``names``.
    private var table: NameTable
    /// How many names ``table`` holds (with the placeholder for "no name").
    private var tableCount = 1
    private var keys = KeyCache()
    private var stamps = KeyStamps()

    /// A parser for documents loaded with `options` (its ``LoadOptions/maxDepth``
    /// and ``LoadOptions/maxNodeCount`` apply to each record).
    package init(options: LoadOptions) {
        self.options = options
        self.table = NameTable(names)
    }

    deinit {
        keys.deallocate()
        stamps.deallocate()
    }

    /// How many names the shared table may hold after a record of `nodes`
    /// nodes added some, before the next record starts a new table: copying
    /// the table for a new name then costs at most a few times the record.
    package static func maxSharedNames(nodes: Int) -> Int { max(1024, 4 * nodes) }

    /// How many names the shared table holds now (for tests and tuning).
    package var sharedNameCount: Int { names.strings.count - 1 }

    /// Parses `record`, exactly one JSON value (white space around it is
    /// fine), into a document whose text is a copy of `record`.
    ///
    /// - Throws: ``LoadError`` located in `record` (offset 0, line 1,
    ///   column 1 is its first byte), as ``JSONScanner/parse(_:options:)`` would.
    package func parse(_ record: ArraySlice<UInt8>) throws(LoadError) -> Document {
        try parse(record, text: { Array(record) })
    }

    /// Parses `bytes`, exactly one JSON value, into a document that keeps
    /// `bytes` as its text (no copy).
    package func parse(_ bytes: [UInt8]) throws(LoadError) -> Document {
        try parse(bytes[...], text: { bytes })
    }

    private func parse(_ record: ArraySlice<UInt8>, text: () -> [UInt8]) throws(LoadError) -> Document {
        var sink = JSONTreeSink(
            builder: TreeBuilder(
                splitsPrefixes: false, maxDepth: options.maxDepth,
                estimatedNodes: JSONScanner.estimatedNodes(min(record.count, Int(UInt32.max))), names: takeNames()),
            keys: keys, stamps: stamps, spans: NoSpans())
        do {
            try record.withUnsafeBufferPointer { (input) throws(LoadError) in
                _ = try JSONScanner.build(input, into: &sink, options: options)
            }
        } catch {
            // The names a failed record interned stay: the key cache maps to them.
            keep(&sink)
            throw error
        }
        keep(&sink)
        let added = names.strings.count != tableCount
        if added {
            table = NameTable(names)
            tableCount = names.strings.count
        }
        sink.builder.text = text()
        let document = sink.builder.finish(format: .json, frozenNames: table)
        if added, names.strings.count > Self.maxSharedNames(nodes: document.nodeCount) { startNewTable() }
        return document
    }

    /// Takes back what `sink` grew from one record to the next: the names,
    /// the key cache (which may have moved its storage) and the stamps.
    private func keep(_ sink: inout JSONTreeSink<NoSpans>) {
        swap(&names, &sink.builder.names)
        keys = sink.keys
        stamps = sink.stamps
        stamps.advance(past: sink.nodes.count)
    }

    /// Moves ``names`` out (leaving an empty builder that allocates
    /// nothing), so the tree builder appends to it without a copy.
    private func takeNames() -> NameTable.Builder {
        var taken = NameTable.Builder(splitsPrefixes: false)
        swap(&taken, &names)
        return taken
    }

    /// Forgets every name: later records get ids from a new, empty table.
    private func startNewTable() {
        names = NameTable.Builder(splitsPrefixes: false)
        table = NameTable(names)
        tableCount = 1
        keys.removeAll()
    }
}
