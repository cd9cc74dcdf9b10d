/// The fast path of ``JSONStreamScanner``: validates one whole JSON value
/// that lies in the buffer already, with the strict scanner's tokens
/// (strings, numbers and literals read a word at a time), and says where
/// it ends and how many lines it crossed.
///
/// It never reports an error. Whatever it does not take (a mistake, a
/// value that runs past the buffer, nesting deeper than it tracks, a lone
/// surrogate escape) makes it give up, and the stream scanner's resumable
/// path reads the value instead, with the catalogue's messages and
/// locations. So it accepts only what that path accepts.
struct JSONValueSkipper {
    /// The buffer's tokens.
    let scanner: Scanner
    var base: UnsafePointer<UInt8> { scanner.base }
    var count: Int { scanner.count }

    /// Where a skipped value ends, and the line breaks it held.
    struct Skip {
        /// The offset just past the value.
        var end: Int
        /// The line breaks in the value (CR LF is one).
        var lines: Int
        /// The offset where the value's last line starts, when it holds a line break.
        var lastLineStart: Int?
        /// UTF-8 continuation bytes on the value's last line (since
        /// `lastLineStart`, or since the value's start).
        var continuations: Int
    }

    /// Containers nested deeper than this (inside the value) are left to the slow path.
    static let maxNesting = 32

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.scanner = Scanner(bytes)
    }

    /// Skips the value starting at `start` (its first byte, not whitespace),
    /// nesting at most `depthLeft` containers; `nil` when the slow path must read it.
    func skipValue(at start: Int, depthLeft: Int) -> Skip? {
        let depthLimit = min(depthLeft, Self.maxNesting)
        var skip = Skip(end: start, lines: 0, lastLineStart: nil, continuations: 0)
        var i = start
        var depth = 0
        // Bit k is set when the container at depth k + 1 is an object.
        var objects: UInt64 = 0
        valueLoop: while true {
            guard i < count else { return nil }
            switch base[i] {
            case UInt8(ascii: "\""):
                guard let end = string(at: i, &skip) else { return nil }
                i = end
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                guard let end = number(at: i) else { return nil }
                i = end
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                guard let literal = scanner.literal(at: i) else { return nil }
                i &+= literal.length
            case let c where c == UInt8(ascii: "{") || c == UInt8(ascii: "["):
                guard depth < depthLimit else { return nil }
                let isObject = c == UInt8(ascii: "{")
                if isObject { objects |= 1 << UInt64(depth) } else { objects &= ~(1 << UInt64(depth)) }
                depth &+= 1
                i = whitespace(i &+ 1, &skip)
                guard i < count else { return nil }
                if base[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    depth &-= 1
                    i &+= 1
                } else if isObject {
                    guard let next = member(at: i, &skip) else { return nil }
                    i = next
                    continue valueLoop
                } else {
                    continue valueLoop
                }
            default:
                return nil
            }
            // After a value: the end of the skipped value, a comma or a closing bracket.
            while true {
                if depth == 0 {
                    skip.end = i
                    return skip
                }
                i = whitespace(i, &skip)
                guard i < count else { return nil }
                let isObject = objects & (1 << UInt64(depth &- 1)) != 0
                let c = base[i]
                if c == UInt8(ascii: ",") {
                    i = whitespace(i &+ 1, &skip)
                    if isObject {
                        guard let next = member(at: i, &skip) else { return nil }
                        i = next
                    }
                    continue valueLoop
                }
                guard c == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return nil }
                depth &-= 1
                i &+= 1
            }
        }
    }

    /// Skips the string (or key) whose opening quote is at `start`: the
    /// offset past its closing quote and its UTF-8 continuation bytes, or
    /// `nil` when the slow path must read it.
    func skipString(at start: Int) -> (end: Int, continuations: Int)? {
        var skip = Skip(end: start, lines: 0, lastLineStart: nil, continuations: 0)
        guard let end = string(at: start, &skip) else { return nil }
        return (end, skip.continuations)
    }

    /// A member's key, its colon and the whitespace after it: the offset of its value.
    @inline(__always)
    private func member(at i: Int, _ skip: inout Skip) -> Int? {
        guard i < count, base[i] == UInt8(ascii: "\""), let end = string(at: i, &skip) else { return nil }
        let colon = whitespace(end, &skip)
        guard colon < count, base[colon] == UInt8(ascii: ":") else { return nil }
        return whitespace(colon &+ 1, &skip)
    }

    /// Skips whitespace from `start`, counting line breaks.
    @inline(__always)
    private func whitespace(_ start: Int, _ skip: inout Skip) -> Int {
        var i = start
        while i < count {
            let c = base[i]
            if c > 0x20 { return i }
            switch c {
            case 0x20, 0x09: break
            case 0x0A:
                // The LF of CR LF ends the line the CR counted.
                if i == 0 || base[i &- 1] != 0x0D { skip.lines &+= 1 }
                skip.lastLineStart = i &+ 1
                skip.continuations = 0
            case 0x0D:
                skip.lines &+= 1
                skip.lastLineStart = i &+ 1
                skip.continuations = 0
            default: return i
            }
            i &+= 1
        }
        return i
    }

    /// The offset past the string whose opening quote is at `start`,
    /// counting its continuation bytes for columns.
    @inline(__always)
    private func string(at start: Int, _ skip: inout Skip) -> Int? {
        var tally = ContinuationBytes()
        guard let string = try? scanner.scanString(at: start, counting: &tally) else { return nil }
        skip.continuations &+= tally.count
        return string.end
    }

    /// The offset past the number at `start`, when a byte follows it in the
    /// buffer (a number at the buffer's end may go on in the next chunk).
    /// The grammar is the strict scanner's; a malformed number is left to
    /// the slow path, which reports it.
    @inline(__always)
    private func number(at start: Int) -> Int? {
        guard let end = try? scanner.scanNumber(at: start).end, end < count else { return nil }
        return end
    }
}
