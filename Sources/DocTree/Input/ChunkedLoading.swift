extension Document {
    /// Loads one document from input read in chunks, the way files,
    /// standard input and file handles are loaded.
    ///
    /// - XML in an encoding libxml2 detects itself (no byte order mark
    ///   other than UTF-8's, no forced encoding or transport charset) goes
    ///   through libxml2's push parser chunk by chunk: the input is never
    ///   held whole, only the tree. When the tree builder asks to start
    ///   again (whitespace dropped before mixed content showed up), the
    ///   input is read again through `reopen`; without one (standard
    ///   input) the first pass keeps all whitespace instead.
    /// - Anything else is read whole into one buffer that becomes JSON's
    ///   text buffer as it is (no second copy), or goes through
    ///   ``InputDecoding`` as ``init(data:options:)`` does.
    ///
    /// ``LoadOptions/progress`` hears the bytes consumed after each chunk.
    /// ``LoadOptions/maxInputBytes`` is checked against a regular file's
    /// size before anything is read, and against the bytes read after each
    /// chunk, so an endless stream fails instead of filling memory.
    ///
    /// - Throws: ``LoadError``. XML errors carry a line and column; their
    ///   byte offset and snippet are found by reading the input again when
    ///   `reopen` allows it.
    package convenience init(
        chunks input: ChunkedInput, charset: String?, options: LoadOptions,
        reopen: (() throws(LoadError) -> ChunkedInput)?
    ) throws(LoadError) {
        try Self.checkInputSize(input.expectedSize, options: options)
        let chunkSize = RecordReader.defaultChunkSize
        var head: [UInt8] = []
        head.reserveCapacity(input.expectedSize > 0 ? input.expectedSize + 1 : chunkSize)
        // Sniffing needs 4 bytes; XML then goes to the push parser a small
        // chunk at a time, and a whole chunk read here would stay resident
        // beside the tree through the parse (in `head` and in the input's
        // read buffer), so this reads no more than one push chunk.
        while head.count < 4, try input.read(into: &head, limit: XMLLoader.pushChunkSize) > 0 {}
        options.progress?.report(input.bytesRead)
        try Self.checkInputSize(input.bytesRead, isComplete: false, options: options)

        let detected = try head.withUnsafeBufferPointer { bytes throws(LoadError) in
            try EncodingDetection.detect(bytes, option: options.encoding, charset: charset)
        }
        let format = options.format ?? InputDecoding.sniffedFormat(head)
        if format == .xml, detected == nil {
            let loaded = try XMLLoader.parse(
                first: head, input: input, reopen: reopen, options: options)
            self.init(table: loaded.table, format: loaded.format, skippedEntities: loaded.skippedEntities)
            return
        }
        while try input.read(into: &head, limit: chunkSize) > 0 {
            options.progress?.report(input.bytesRead)
            try Self.checkInputSize(input.bytesRead, isComplete: false, options: options)
        }
        try self.init(bytes: head, charset: charset, options: options)
    }
}

extension XMLLoader {
    /// Parses XML from `input` (whose first bytes, `first`, were read
    /// already) with the push parser; see ``Document/init(chunks:charset:options:reopen:)``.
    static func parse(
        first: [UInt8], input: ChunkedInput, reopen: (() throws(LoadError) -> ChunkedInput)?, options: LoadOptions
    ) throws(LoadError) -> Document {
        let estimate = input.expectedSize
        do {
            var builder = try pushParse(first: first, input: input, estimate: estimate, options: options,
                                        dropsWhitespaceEarly: reopen != nil)
            if builder.needsRestart, let reopen {
                builder = XMLTreeBuilder(options: options, estimatedBytes: 0)
                let again = try reopen()
                var head: [UInt8] = []
                _ = try again.read(into: &head, limit: pushChunkSize)
                builder = try pushParse(first: head, input: again, estimate: estimate, options: options,
                                        dropsWhitespaceEarly: false)
            }
            return builder.finish()
        } catch {
            throw located(error, reopen: reopen)
        }
    }

    /// The most bytes handed to libxml2's push parser at once.
    ///
    /// libxml2 keeps its input buffer at a few times the chunk it is given
    /// and regrows it by copying: with 1 MiB chunks the buffer reached
    /// 4 MiB, and 6 MiB while it moved, all of it resident beside the tree
    /// at the peak of a load. With 64 KiB chunks it stays in the hundreds
    /// of KiB, and the per-chunk cost is still negligible.
    static let pushChunkSize = 1 << 16

    /// Runs the push parser over `first`, then the rest of `input`, in
    /// chunks of at most ``pushChunkSize`` (a long `first`, the sniffed
    /// head of the input, is split too).
    private static func pushParse(
        first: [UInt8], input: ChunkedInput, estimate: Int, options: LoadOptions, dropsWhitespaceEarly: Bool
    ) throws(LoadError) -> XMLTreeBuilder {
        var rest = first.dropFirst(pushChunkSize)
        return try LibXML2.parseChunks(
            first: Array(first.prefix(pushChunkSize)),
            next: { (chunk: inout [UInt8]) throws(LoadError) -> Bool in
                if !rest.isEmpty {
                    chunk.append(contentsOf: rest.prefix(pushChunkSize))
                    rest = rest.dropFirst(pushChunkSize)
                    return true
                }
                let more = try input.read(into: &chunk, limit: pushChunkSize) > 0
                options.progress?.report(input.bytesRead)
                try Document.checkInputSize(input.bytesRead, isComplete: false, options: options)
                return more
            },
            estimatedBytes: estimate, encoding: nil, options: options, dropsWhitespaceEarly: dropsWhitespaceEarly)
    }

    /// `error` with its byte offset and snippet, found by reading the
    /// input again, when it has a line and column but no snippet.
    private static func located(_ error: LoadError, reopen: (() throws(LoadError) -> ChunkedInput)?) -> LoadError {
        guard let reopen, let location = error.location, error.snippet == nil,
              let again = try? reopen()
        else { return error }
        var bytes: [UInt8] = []
        while (try? again.read(into: &bytes, limit: RecordReader.defaultChunkSize)) ?? 0 > 0 {}
        var error = error
        let found = bytes.withUnsafeBufferPointer { locate(line: location.line, column: location.column, in: $0) }
        error.location = found.location
        error.snippet = found.snippet
        return error
    }
}
