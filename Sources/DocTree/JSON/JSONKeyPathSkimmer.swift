#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Answers a path made only of keys (`actor.id`) on one JSON record straight
/// from its bytes, without building a document: docq's fast lane for JSON
/// Lines, where building a tree per record costs several times the scan.
///
/// It is the strict scan (so it never accepts a record the parser rejects)
/// with a sink that follows the keys through objects. It answers only when
/// the document path would print the same, one line per value: each selected
/// value is a number, a literal or a string without escapes (printed as its
/// bytes between the quotes), and on the way no object repeats the key, no
/// key has an escape and no value is an array (a key step maps over an
/// array's elements). Anything else, a malformed record or one past the
/// ``LoadOptions`` limits included, is *undecided*: the caller parses it into
/// a ``Document``, which also gives the exact error.
package struct JSONKeyPathSkimmer: Sendable {
    /// The keys' bytes one after the other; key `k` ends at `keyEnds[k]`.
    private let keyBytes: [UInt8]
    private let keyEnds: [Int]
    private let maxDepth: Int
    private let maxNodeCount: Int
    private let comments: Bool

    /// A skimmer for the path whose steps are `keys` (UTF-8, at least one),
    /// under the limits of `options`.
    package init(keys: [[UInt8]], options: LoadOptions) {
        precondition(!keys.isEmpty, "a skimmed path has at least one key")
        self.keyBytes = keys.flatMap { $0 }
        var end = 0
        self.keyEnds = keys.map {
            end += $0.count
            return end
        }
        self.maxDepth = options.maxDepth
        self.maxNodeCount = options.maxNodeCount
        self.comments = options.readsJSONWithComments
    }

    /// Skims `record`, exactly one JSON value (white space around it is fine):
    /// appends the byte ranges in `record` of the values the path selects, in
    /// document order, and returns `true`; or returns `false`, `spans`
    /// unchanged, when the record is undecided.
    package func skim(_ record: UnsafeBufferPointer<UInt8>, into spans: inout [Range<Int>]) -> Bool {
        comments ? skim(record, into: &spans, JSONWithComments.self) : skim(record, into: &spans, StrictJSON.self)
    }

    /// ``skim(_:into:)`` in one dialect (see ``Scanner/scan(from:maxDepth:into:_:)``).
    @inline(never)
    private func skim<Dialect: JSONDialect>(
        _ record: UnsafeBufferPointer<UInt8>, into spans: inout [Range<Int>], _ dialect: Dialect.Type
    ) -> Bool {
        // As in JSONRecordParser: input under twice the node limit cannot pass it.
        guard record.count / 2 + 2 <= maxNodeCount, record.count < Int(UInt32.max) else { return false }
        let scanner = Scanner(record)
        let kept = spans.count
        return keyBytes.withUnsafeBufferPointer { keyBytes in
            keyEnds.withUnsafeBufferPointer { keyEnds in
                var sink = KeyPathSink(keyBytes: keyBytes, keyEnds: keyEnds)
                swap(&sink.spans, &spans)
                defer { swap(&sink.spans, &spans) }
                let end = try? scanner.scan(from: scanner.skipWhitespace(0), maxDepth: maxDepth, into: &sink, dialect)
                if let end, (try? scanner.skipSpace(end, comments: Dialect.readsComments)) == record.count { return true }
                sink.spans.removeSubrange(kept...)
                return false
            }
        }
    }
}

/// The skimmer's sink: follows the keys, keeps the selected values' spans,
/// and declines (``JSONMistake/declined``) what it cannot answer.
private struct KeyPathSink: JSONSink {
    /// An open container: how many keys led to it (``offPath`` off the path),
    /// and whether its key on the path was seen.
    struct Container {
        var level: Int
        var found: Bool
    }

    /// The level of a value that is not on the path (below any key).
    static let offPath = -1

    /// The skimmer's keys, valid while it skims.
    let keyBytes: UnsafeBufferPointer<UInt8>
    let keyEnds: UnsafeBufferPointer<Int>
    var spans: [Range<Int>] = []
    /// The level of the value about to be read.
    var next = 0

    var root: Container { Container(level: Self.offPath, found: false) }

    /// Whether the value about to be read is one the path selects.
    private var selected: Bool { next == keyEnds.count }

    @inline(__always)
    mutating func string(
        from start: Int, to end: Int, escaped: Bool, in container: inout Container
    ) throws(JSONFailure) {
        guard selected else { return }
        guard !escaped else { throw JSONFailure(.declined, at: start) }
        spans.append((start &+ 1)..<(end &- 1))
    }

    @inline(__always)
    mutating func number(from start: Int, to end: Int, fractional: Bool, in container: inout Container) {
        if selected { spans.append(start..<end) }
    }

    @inline(__always)
    mutating func literal(_ kind: Node.Kind, at start: Int, length: Int, in container: inout Container) {
        if selected { spans.append(start..<(start &+ length)) }
    }

    @inline(__always)
    mutating func key(
        from start: Int, to end: Int, escaped: Bool, in container: inout Container, of scanner: Scanner
    ) throws(JSONFailure) {
        next = Self.offPath
        guard container.level != Self.offPath else { return }
        guard !escaped else { throw JSONFailure(.declined, at: start) }
        if matches(key: container.level, scanner.base + (start &+ 1), count: end &- start &- 2) {
            // A repeated key: the evaluator's business.
            guard !container.found else { throw JSONFailure(.declined, at: start) }
            container.found = true
            next = container.level &+ 1
        }
    }

    @inline(__always)
    mutating func open(isObject: Bool, at start: Int, in container: inout Container) throws(JSONFailure) -> Container {
        // A container to print, or an array on the path: the evaluator's business.
        guard !selected, isObject || next == Self.offPath else {
            throw JSONFailure(.declined, at: start)
        }
        defer { next = Self.offPath }
        return Container(level: next, found: false)
    }

    @inline(__always) mutating func close(_ container: Container, at end: Int) { next = Self.offPath }

    /// Whether the `count` bytes at `bytes` are key number `k`.
    @inline(__always)
    private func matches(key k: Int, _ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        let start = k == 0 ? 0 : keyEnds[k &- 1]
        guard count == keyEnds[k] &- start else { return false }
        // memcmp: `elementsEqual` ran 4% more instructions on JSON Lines.
        return count == 0 || memcmp(bytes, keyBytes.baseAddress! + start, count) == 0
    }
}
