/// Finds where one top-level JSON value of a stream ends without parsing
/// it, so that a malformed record can be cut out of the stream and the
/// records after it still read.
///
/// ## The rule
///
/// A record starts at its first byte that is not white space and ends at
/// the first of:
///
/// - the byte after the bracket that closes its first `{` or `[` (strings
///   and their escapes are skipped, so brackets inside them do not count);
/// - the end of a string, when the record is a string;
/// - white space or one of `{}[],:"` after a bare word or number;
/// - a raw line break (or other control character) inside a string, which
///   valid JSON never has: the record ends before it;
/// - a value that follows another value with only white space between them
///   inside a container (`{"a": 1⏎{"b": 2}`): valid JSON puts a comma or a
///   colon there, so the record ends before the second value.
///
/// The last two make a record that is missing a closing bracket or quote
/// end where the next line's record begins, so in JSON Lines one broken
/// line costs only itself. Well-formed records always end exactly where the
/// strict parser's value ends.
///
/// The scan is resumable: when it reaches the end of the bytes at hand, it
/// keeps its state, and ``scan(_:from:)`` continues once more bytes arrived.
package struct RecordBoundary {
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// The last significant byte ended a value (a closing bracket or quote,
    /// the last character of a number or word).
    private var afterValue = false
    /// White space came after that value.
    private var spaced = false
    /// What kind of record this is, from its first byte.
    private var shape: Shape = .unknown

    private enum Shape { case unknown, container, string, word }

    package init() {}

    /// Scans `bytes` from `start` (the record's first byte when the scan is
    /// new). Returns the offset just past the record, or `nil` when it goes
    /// on past the end of `bytes` (call again with the same offsets and more
    /// bytes after them, starting from `bytes.count` of this call).
    package mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        let count = bytes.count
        if shape == .unknown {
            guard i < count else { return nil }
            switch bytes[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["): shape = .container
            case UInt8(ascii: "\""): shape = .string; inString = true; i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"):
                return i + 1  // a stray byte: a record of its own, reported as malformed
            default: shape = .word
            }
        }
        switch shape {
        case .word:
            while i < count {
                if Self.endsWord(bytes[i]) { return i }
                i += 1
            }
            return nil
        case .string:
            while i < count {
                let c = bytes[i]
                if escaped {
                    escaped = false
                } else if c == UInt8(ascii: "\\") {
                    escaped = true
                } else if c == UInt8(ascii: "\"") {
                    return i + 1
                } else if c < 0x20 {
                    return i
                }
                i += 1
            }
            return nil
        default:
            break
        }
        while i < count {
            let c = bytes[i]
            if inString {
                if escaped {
                    escaped = false
                } else if c == UInt8(ascii: "\\") {
                    escaped = true
                } else if c == UInt8(ascii: "\"") {
                    inString = false
                    afterValue = true
                    spaced = false
                } else if c < 0x20 {
                    return i
                }
                i += 1
                continue
            }
            switch c {
            case 0x20, 0x09, 0x0A, 0x0D:
                if afterValue { spaced = true }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth > 0, afterValue, spaced { return i }
                depth += 1
                afterValue = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth <= 0 { return i + 1 }
                afterValue = true
                spaced = false
            case UInt8(ascii: "\""):
                if afterValue, spaced { return i }
                inString = true
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                afterValue = false
            default:
                if afterValue, spaced { return i }
                afterValue = true
                spaced = false
            }
            i += 1
        }
        return nil
    }

    /// Whether `c` ends a bare word or number at the top level.
    private static func endsWord(_ c: UInt8) -> Bool {
        switch c {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "\""):
            return true
        default:
            return false
        }
    }
}
