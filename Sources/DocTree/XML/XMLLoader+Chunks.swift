extension XMLLoader {
    /// Parses XML from `input` (whose first bytes, `first`, were read
    /// already) with the push parser; see ``Document/init(chunks:charset:options:reopen:)``.
    /// When the tree builder asks to start again (whitespace dropped before
    /// mixed content showed up), the input is read again through `reopen`;
    /// without one (standard input) the first pass keeps all whitespace.
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
