extension RecordReader {
    /// Reads the start of `input` into `head`, for ``startsStream(_:options:)``:
    /// enough to see the first line and the start of the next, at most
    /// ``defaultChunkSize``. A pipe that delivers records slowly is not
    /// waited on for a whole chunk, and what is read goes back to the input
    /// (``ChunkedInput/unread(_:)``) without a whole chunk staying resident
    /// beside a tree: it is read 64 KiB at a time. Each step searches only
    /// the bytes it read (searching the head from its start after every step
    /// cost 40 M instructions on a 1 MiB line of minified JSON).
    package static func readHead(of input: ChunkedInput, into head: inout [UInt8]) throws(LoadError) {
        var newline: Int?
        var searched = 0
        while head.count < defaultChunkSize {
            if let newline, head[max(newline, searched)...].contains(where: { !XMLWhitespace.contains($0) }) { return }
            if newline == nil, let found = ChunkBuffer.firstLineFeed(in: head, from: searched) {
                newline = found
                continue
            }
            searched = head.count
            guard try input.read(into: &head, limit: 1 << 16) > 0 else { return }
        }
    }

    /// Whether `head`, the start of an input, begins a stream of several
    /// values as this reader cuts it: its first value is whole and valid
    /// JSON (in the dialect of `options`), and something other than white
    /// space (or comments) follows it, which the reader reads as the next
    /// record. JSON Lines and pretty-printed values one after another alike;
    /// a first value longer than `head` is not judged a stream here, so its
    /// input is read whole (and split into records then, if it holds more).
    ///
    /// This is the one test of "several values" for callers that must
    /// choose before reading on: docq reads such a file record by record
    /// instead of holding it. A format or encoding other than UTF-8 JSON
    /// asked for in `options` is never a stream.
    ///
    /// The first value is validated without building its tree (the strict
    /// scan with a sink that keeps nothing): the head of a large single
    /// document is scanned at a few instructions a byte, never parsed.
    package static func startsStream(_ head: [UInt8], options: LoadOptions) -> Bool {
        guard options.format != .xml, options.encoding == nil else { return false }
        return head.withUnsafeBufferPointer { bytes in
            // A comment the head cuts after the value: whether a value follows is not known.
            guard let value = Scanner(bytes).checkedValue(options: options) else { return false }
            return value.next < bytes.count
        }
    }
}
