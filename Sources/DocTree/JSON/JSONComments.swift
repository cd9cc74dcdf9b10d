/// Which JSON a scan reads, as a type: the scan loop is specialised for
/// each, so strict JSON's loop holds no trace of comments (see
/// ``Scanner/scan(from:maxDepth:isFinal:into:state:_:)``).
protocol JSONDialect {
    /// Whether comments and trailing commas are read (``LoadOptions/readsJSONWithComments``).
    static var readsComments: Bool { get }
}

/// RFC 8259 JSON.
enum StrictJSON: JSONDialect {
    static var readsComments: Bool { false }
}

/// JSON with comments and trailing commas.
enum JSONWithComments: JSONDialect {
    static var readsComments: Bool { true }
}

/// JSON with comments (``LoadOptions/readsJSONWithComments``): the one
/// token the strict grammar lacks. The scan calls it only where strict JSON
/// fails (see ``Scanner/scan(from:maxDepth:isFinal:into:state:_:)``), so
/// strict reading never runs it.
extension Scanner {
    /// The first offset from `start` on that is neither white space nor a
    /// comment (`// …` to the line's end, `/* … */`); `start` when no
    /// comment begins there. A comment's text must be UTF-8.
    ///
    /// - Throws: ``JSONMistake/unterminatedComment`` at a `/*` without its `*/`.
    @inline(never)
    func skipComments(_ start: Int) throws(JSONFailure) -> Int {
        var i = start
        while i &+ 1 < count, base[i] == UInt8(ascii: "/") {
            let opening = i
            let isBlock = base[i &+ 1] == UInt8(ascii: "*")
            guard isBlock || base[i &+ 1] == UInt8(ascii: "/") else { return i }
            i &+= 2
            while true {
                guard i < count else {
                    if isBlock { throw JSONFailure(.unterminatedComment, at: opening) }
                    break
                }
                let c = base[i]
                if isBlock {
                    if c == UInt8(ascii: "*"), i &+ 1 < count, base[i &+ 1] == UInt8(ascii: "/") {
                        i &+= 2
                        break
                    }
                } else if c == 0x0A || c == 0x0D {
                    break
                }
                if c >= 0x80 {
                    let length = UTF8Validation.sequenceLength(at: i, in: input)
                    // (One cut by the buffer's end may go on past it: ``Scanner/mayGoOn(_:)``.)
                    guard length != 0 else { throw JSONFailure(.invalidUTF8, at: i) }
                    i &+= length
                } else {
                    i &+= 1
                }
            }
            i = skipWhitespace(i)
        }
        return i
    }

    /// The first offset from `start` on that is not white space, nor with
    /// `comments` a comment: where a top-level value begins or the input ends.
    func skipSpace(_ start: Int, comments: Bool) throws(JSONFailure) -> Int {
        let i = skipWhitespace(start)
        guard comments, i < count, base[i] == UInt8(ascii: "/") else { return i }
        return try skipComments(i)
    }
}

extension ChunkBuffer {
    /// JSON with comments, between top-level values: where the comments
    /// and white space from `i` end (``Scanner/skipComments(_:)``; `i` when
    /// no comment begins there), or the failure there. `nil` when one (or a
    /// '/' that may begin one) may go on past the bytes held: read on from
    /// `i`, then ask again.
    func commentsEnd(from i: Int) -> Result<Int, JSONFailure>? {
        let isFinal = isAtEnd
        return bytes.withUnsafeBufferPointer { bytes in
            let scanner = Scanner(bytes)
            let result = Result { () throws(JSONFailure) in try scanner.skipComments(i) }
            switch result {
            case .success(let end) where isFinal || (end < bytes.count && !(end == i && i + 1 == bytes.count)): return result
            case .failure(let failure) where isFinal || !scanner.mayGoOn(failure): return result
            default: return nil
            }
        }
    }
}
