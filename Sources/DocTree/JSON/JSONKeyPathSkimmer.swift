#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Answers a path made only of keys (`actor.id`) on one JSON record
/// straight from its bytes, without building a document: the fast lane for
/// docq's JSON Lines, where building a tree per record costs several times
/// the scan.
///
/// It validates the whole record with the strict scanner's own rules for
/// strings (escapes, UTF-8, control characters) and numbers, and follows
/// the keys down through objects. It only answers when the answer is
/// certainly what the document path would print, one line per value:
///
/// - every value the keys select is a number, `true`, `false`, `null`, or a
///   string without escapes (printed as its bytes between the quotes);
/// - along the way each object holds each key at most once, no key on the
///   way has an escape, and no value on the way is an array (a key step
///   over an array maps over its elements: the evaluator's business).
///
/// Anything else (a malformed record, a container to print, the cases
/// above, a record deeper or bigger than ``LoadOptions`` allows or than the
/// skimmer's own recursion bound) leaves the record *undecided*: the caller
/// parses it into a ``Document`` as before, which also yields the exact
/// error with its location. The skimmer never accepts a record the strict
/// parser rejects.
package struct JSONKeyPathSkimmer: Sendable {
    private let keys: [[UInt8]]
    private let maxDepth: Int
    private let maxNodeCount: Int

    /// Deeper records are left to the parser (which keeps no call stack per level).
    private static let maxRecursion = 64

    /// A skimmer for the path whose steps are `keys` (UTF-8, at least one),
    /// under the limits of `options`.
    package init(keys: [[UInt8]], options: LoadOptions) {
        precondition(!keys.isEmpty, "a skimmed path has at least one key")
        self.keys = keys
        self.maxDepth = options.maxDepth
        self.maxNodeCount = options.maxNodeCount
    }

    /// Skims `record`, which must hold exactly one JSON value (white space
    /// around it is fine). Appends the byte ranges (offsets in `record`) of
    /// the values the path selects, in document order, and returns `true`;
    /// returns `false`, leaving `spans` as it was, when the record is
    /// undecided (see the type's documentation).
    package func skim(_ record: UnsafeBufferPointer<UInt8>, into spans: inout [Range<Int>]) -> Bool {
        // As in JSONScanner.build: input under twice the node limit cannot pass it.
        guard record.count / 2 + 2 <= maxNodeCount, record.count < Int(UInt32.max) else { return false }
        let kept = spans.count
        var walk = Walk(scanner: Scanner(record), keys: keys, maxDepth: min(maxDepth - 1, Self.maxRecursion))
        do {
            swap(&walk.spans, &spans)
            defer { swap(&walk.spans, &spans) }
            var i = walk.scanner.skipWhitespace(0)
            i = try walk.value(at: i, level: 0, depth: 0)
            guard walk.scanner.skipWhitespace(i) == record.count else { throw Undecided() }
            return true
        } catch {
            spans.removeSubrange(kept...)
            return false
        }
    }
}

/// Why a record is left to the parser (the reason does not matter).
private struct Undecided: Error {}

/// One pass over one record.
private struct Walk {
    let scanner: Scanner
    let keys: [[UInt8]]
    /// Containers may nest this deep; deeper is undecided.
    let maxDepth: Int
    var spans: [Range<Int>] = []

    /// Marks a value at `level` that is not on the path (below any key).
    static let offPath = -1

    init(scanner: Scanner, keys: [[UInt8]], maxDepth: Int) {
        self.scanner = scanner
        self.keys = keys
        self.maxDepth = maxDepth
    }

    /// Skims the value at `start` (not white space). `level` is how many
    /// keys led to it (``offPath`` when it is not on the path); `depth` is
    /// how many containers hold it. Returns the offset just past it.
    mutating func value(at start: Int, level: Int, depth: Int) throws(Undecided) -> Int {
        let base = scanner.base
        guard start < scanner.count else { throw Undecided() }
        let selected = level == keys.count
        switch base[start] {
        case UInt8(ascii: "{"):
            guard depth < maxDepth, !selected else { throw Undecided() }
            return try object(at: start, level: level, depth: depth + 1)
        case UInt8(ascii: "["):
            guard depth < maxDepth, level == Self.offPath else { throw Undecided() }
            return try array(at: start, depth: depth + 1)
        case UInt8(ascii: "\""):
            let string: (end: Int, escaped: Bool)
            do { string = try scanner.scanString(at: start) } catch { throw Undecided() }
            if selected {
                guard !string.escaped else { throw Undecided() }
                spans.append((start + 1)..<(string.end - 1))
            }
            return string.end
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            guard let (_, length) = scanner.literal(at: start) else { throw Undecided() }
            if selected { spans.append(start..<(start + length)) }
            return start + length
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let end: Int
            do { end = try scanner.scanNumber(at: start).end } catch { throw Undecided() }
            if selected { spans.append(start..<end) }
            return end
        default:
            throw Undecided()
        }
    }

    /// The object whose `{` is at `start`; its members on the path when
    /// `level` is not ``offPath``.
    private mutating func object(at start: Int, level: Int, depth: Int) throws(Undecided) -> Int {
        let base = scanner.base
        var i = scanner.skipWhitespace(start + 1)
        guard i < scanner.count else { throw Undecided() }
        if base[i] == UInt8(ascii: "}") { return i + 1 }
        var found = false
        while true {
            guard i < scanner.count, base[i] == UInt8(ascii: "\"") else { throw Undecided() }
            let key: (end: Int, escaped: Bool)
            do { key = try scanner.scanString(at: i) } catch { throw Undecided() }
            var next = Self.offPath
            if level != Self.offPath {
                guard !key.escaped else { throw Undecided() }
                if matches(keys[level], start: i + 1, end: key.end - 1) {
                    guard !found else { throw Undecided() }  // a repeated key: the evaluator's business
                    found = true
                    next = level + 1
                }
            }
            i = scanner.skipWhitespace(key.end)
            guard i < scanner.count, base[i] == UInt8(ascii: ":") else { throw Undecided() }
            i = try value(at: scanner.skipWhitespace(i + 1), level: next, depth: depth)
            guard try goesOn(after: &i, closedBy: UInt8(ascii: "}")) else { return i }
        }
    }

    /// The array whose `[` is at `start` (never on the path).
    private mutating func array(at start: Int, depth: Int) throws(Undecided) -> Int {
        let base = scanner.base
        var i = scanner.skipWhitespace(start + 1)
        guard i < scanner.count else { throw Undecided() }
        if base[i] == UInt8(ascii: "]") { return i + 1 }
        while true {
            i = try value(at: i, level: Self.offPath, depth: depth)
            guard try goesOn(after: &i, closedBy: UInt8(ascii: "]")) else { return i }
        }
    }

    /// After a member or element that ends at `i`: moves past a comma to
    /// the next one and returns `true`, or past `close` and returns `false`.
    @inline(__always)
    private func goesOn(after i: inout Int, closedBy close: UInt8) throws(Undecided) -> Bool {
        i = scanner.skipWhitespace(i)
        guard i < scanner.count else { throw Undecided() }
        if scanner.base[i] == UInt8(ascii: ",") {
            i = scanner.skipWhitespace(i + 1)
            return true
        }
        guard scanner.base[i] == close else { throw Undecided() }
        i += 1
        return false
    }

    /// Whether the record's bytes `start..<end` are `key`.
    private func matches(_ key: [UInt8], start: Int, end: Int) -> Bool {
        guard end - start == key.count else { return false }
        return key.withUnsafeBufferPointer { key in
            key.isEmpty || memcmp(scanner.base + start, key.baseAddress!, key.count) == 0
        }
    }
}
