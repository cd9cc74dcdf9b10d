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
