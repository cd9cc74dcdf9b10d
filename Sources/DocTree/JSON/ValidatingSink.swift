/// The sink that keeps nothing: the one scan
/// (``Scanner/resume(from:state:maxDepth:isFinal:into:)``) validates a
/// value and says where it ends. How ``RecordReader`` finds where a record
/// that is not one line ends, reading on chunk after chunk.
struct ValidatingSink: JSONSink {
    static var readsKeysApart: Bool { false }
    static var resumes: Bool { true }

    var root: Void { () }

    @inline(__always) mutating func string(from start: Int, to end: Int, escaped: Bool, in container: inout Void) {}

    @inline(__always) mutating func number(from start: Int, to end: Int, fractional: Bool, in container: inout Void) {}

    @inline(__always) mutating func literal(_ kind: Node.Kind, at start: Int, length: Int, in container: inout Void) {}

    @inline(__always)
    mutating func key(from start: Int, to end: Int, escaped: Bool, in container: inout Void, of scanner: Scanner) {}

    @inline(__always) mutating func open(isObject: Bool, at start: Int, in container: inout Void) {}

    @inline(__always) mutating func separator(at offset: Int) {}

    @inline(__always) mutating func close(_ container: Void, at end: Int) {}

    @inline(__always) mutating func finish(_ root: Void) {}
}
