/// A sink that keeps nothing but how many values it saw: a scan with it
/// validates a value, finds its end and counts its nodes without building
/// a tree (a few instructions a byte).
struct JSONCheckSink: JSONSink {
    /// The values read: scalars and containers, each a node of a tree.
    private(set) var values = 0
    var root: Void { () }
    mutating func string(from start: Int, to end: Int, escaped: Bool, in container: inout Void) { values &+= 1 }
    mutating func number(from start: Int, to end: Int, fractional: Bool, in container: inout Void) { values &+= 1 }
    mutating func literal(_ kind: Node.Kind, at start: Int, length: Int, in container: inout Void) { values &+= 1 }
    func key(from start: Int, to end: Int, escaped: Bool, in container: inout Void, of scanner: Scanner) {}
    mutating func open(isObject: Bool, at start: Int, in container: inout Void) { values &+= 1 }
    func close(_ container: Void, at end: Int) {}
}

extension Scanner {
    /// The check scan: the value after any UTF-8 byte order mark and blank
    /// space, read in the dialect `options` names (comments count as blank
    /// space there) with a ``JSONCheckSink``, within the depth limit. Where
    /// the blank space after it ends, and how many values it holds; `nil`
    /// when there is no whole, well-formed value (or a comment after it is
    /// cut off). The one such scan of ``JSONScanner/check(_:options:parser:)``
    /// and ``RecordReader/startsStream(_:options:)``.
    func checkedValue(options: LoadOptions) -> (next: Int, values: Int)? {
        let comments = options.readsJSONWithComments
        var sink = JSONCheckSink()
        guard let start = try? skipSpace(InputHead.byteOrderMarkLength(input), comments: comments),
              let end = try? (comments
                  ? scan(from: start, maxDepth: options.maxDepth, into: &sink, JSONWithComments.self)
                  : scan(from: start, maxDepth: options.maxDepth, into: &sink, StrictJSON.self)),
              let next = try? skipSpace(end, comments: comments)
        else { return nil }
        return (next, sink.values)
    }
}
