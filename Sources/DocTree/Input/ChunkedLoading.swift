extension Document {
    /// Loads one document from input read in chunks, the way files, standard input and file
    /// handles are loaded. XML in an encoding libxml2 detects itself (no byte order mark but
    /// UTF-8's, no forced encoding or transport charset) goes through libxml2's push parser
    /// (``XMLLoader/parse(first:input:reopen:options:)``), never held whole; anything else is
    /// read whole into one buffer, loaded as ``init(data:options:)`` does (JSON keeps it as its text).
    ///
    /// ``LoadOptions/progress`` hears the bytes read after each chunk;
    /// ``LoadOptions/maxInputBytes`` is checked against a regular file's size first, then
    /// after each chunk, so an endless stream fails instead of filling memory.
    ///
    /// - Throws: ``LoadError``. XML errors carry a line and column; their byte offset and
    ///   snippet are found by reading the input again when `reopen` allows it.
    package convenience init(
        chunks input: ChunkedInput, charset: String?, options: LoadOptions,
        reopen: (() throws(LoadError) -> ChunkedInput)?
    ) throws(LoadError) {
        try Self.checkInputSize(input.expectedSize, options: options)
        let chunkSize = RecordReader.defaultChunkSize
        var head: [UInt8] = []
        head.reserveCapacity(input.expectedSize > 0 ? input.expectedSize + 1 : chunkSize)
        // Sniffing needs 4 bytes; no more than a push chunk is read, as a
        // whole chunk would stay resident beside the XML tree.
        while head.count < 4, try input.read(into: &head, limit: XMLLoader.pushChunkSize) > 0 {}
        options.progress?.report(input.bytesRead)
        try Self.checkInputSize(input.bytesRead, isComplete: false, options: options)

        let detected = try head.withUnsafeBufferPointer { bytes throws(LoadError) in
            try EncodingDetection.detect(bytes, option: options.encoding, charset: charset)
        }
        let format = options.format ?? InputHead.sniffedFormat(head)
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
