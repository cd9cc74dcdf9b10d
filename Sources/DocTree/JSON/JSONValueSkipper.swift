/// The fast path of ``JSONStreamScanner``, and how ``RecordReader`` finds
/// where a record ends: the strict scan
/// (``Scanner/scan(from:maxDepth:into:)``) with a sink that builds
/// nothing, reading one value that lies in the buffer already and saying
/// where it ends.
///
/// It never reports an error. A mistake, or a value that runs past the
/// buffer, makes it give up, and the stream scanner's resumable path reads
/// the value instead, with the catalogue's messages and locations. It
/// validates with the strict scan's grammar, so it accepts only what that
/// path accepts.
struct JSONValueSkipper {
    /// The buffer's tokens.
    let scanner: Scanner

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.scanner = Scanner(bytes)
    }

    /// The offset just past the value starting at `start` (its first byte,
    /// not white space), nesting at most `depthLeft` containers; `nil` when
    /// the slow path must read it.
    @inline(__always)
    func skipValue(at start: Int, depthLeft: Int) -> Int? {
        var sink = ValidatingSink(count: scanner.count)
        return try? scanner.scan(from: start, maxDepth: depthLeft, into: &sink)
    }

    /// The offset just past the value starting at `start`, or the failure
    /// that stopped the scan: a mistake, or (``JSONMistake/declined``,
    /// ``JSONMistake/unterminatedString``, or a mistake at the buffer's end)
    /// a value that may go on past the buffer. For finding where a record
    /// of a stream ends (``RecordReader``).
    func valueEnd(at start: Int, maxDepth: Int) -> Result<Int, JSONFailure> {
        var sink = ValidatingSink(count: scanner.count)
        return Result { () throws(JSONFailure) in try scanner.scan(from: start, maxDepth: maxDepth, into: &sink) }
    }

    /// The offset past the closing quote of the string (or key) whose
    /// opening quote is at `start`, or `nil` when the slow path must read it.
    @inline(__always)
    func skipString(at start: Int) -> Int? { try? scanner.scanString(at: start).end }
}

/// Validates and keeps nothing. A number that ends the buffer may go on in
/// the next chunk, so it is declined (the slow path waits for more).
private struct ValidatingSink: JSONSink {
    let count: Int

    static var readsKeysApart: Bool { false }

    var root: Void { () }

    @inline(__always) mutating func string(from start: Int, to end: Int, escaped: Bool, in container: inout Void) {}

    @inline(__always)
    mutating func number(from start: Int, to end: Int, fractional: Bool, in container: inout Void) throws(JSONFailure) {
        guard end < count else { throw JSONFailure(mistake: .declined, offset: end) }
    }

    @inline(__always) mutating func literal(_ kind: Node.Kind, at start: Int, length: Int, in container: inout Void) {}

    @inline(__always)
    mutating func key(from start: Int, to end: Int, escaped: Bool, in container: inout Void, of scanner: Scanner) {}

    @inline(__always) mutating func open(isObject: Bool, at start: Int, in container: inout Void) {}

    @inline(__always) mutating func separator(at offset: Int) {}

    @inline(__always) mutating func close(_ container: Void, at end: Int) {}

    @inline(__always) mutating func finish(_ root: Void) {}
}
