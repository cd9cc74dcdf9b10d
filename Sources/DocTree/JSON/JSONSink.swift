/// What differs between the readers of JSON: the strict scan reads the one
/// grammar and tells its sink each token, at byte offsets into the buffer,
/// as it validates it. A sink may stop the scan by throwing
/// (``JSONMistake/declined``). The scan is specialised for each sink, so
/// the hooks left to the defaults below (which do nothing) cost nothing.
protocol JSONSink {
    /// What the sink keeps for each open container; each hook gets the innermost.
    associatedtype Container

    /// Whether the scan reads each member name in a function of its own
    /// (default `false`): `true` for the tree's sink, whose key interning is
    /// large (inlined into the loop it pushed the key cache's helpers out of
    /// line, 4.7% more instructions loading twitter.json); sinks with small
    /// hooks keep their state in registers (out of line, the key-path skimmer
    /// ran 3% more instructions on JSON Lines).
    static var readsKeysApart: Bool { get }

    /// Whether the sink reads input in chunks, through
    /// ``Scanner/resume(from:state:maxDepth:isFinal:into:)`` (default `false`;
    /// static, so the others pay nothing for it). It reads keys in the loop.
    static var resumes: Bool { get }

    /// Whether the scan offers the sink each object or array inside the
    /// top-level value before it reads it (``takeValue(at:depth:in:of:_:)``;
    /// default `false`, which costs the others nothing).
    static var takesValues: Bool { get }
    /// The container of the top-level value.
    var root: Container { get }

    /// A string from its opening quote at `start` to just past its closing
    /// quote at `end`; `escaped` when it holds a backslash.
    mutating func string(from start: Int, to end: Int, escaped: Bool, in container: inout Container) throws(JSONFailure)

    /// A number spanning `start..<end`; `fractional` when it has a fraction or an exponent.
    mutating func number(
        from start: Int, to end: Int, fractional: Bool, in container: inout Container
    ) throws(JSONFailure)

    /// `true`, `false` or `null` at `start`, `length` bytes long.
    mutating func literal(
        _ kind: Node.Kind, at start: Int, length: Int, in container: inout Container
    ) throws(JSONFailure)

    /// A member key from its opening quote at `start` to just past its
    /// closing quote at `end`; the next value is that member's.
    mutating func key(
        from start: Int, to end: Int, escaped: Bool, in container: inout Container, of scanner: Scanner
    ) throws(JSONFailure)

    /// A container opens at `start` inside `container`: what to keep for it.
    mutating func open(isObject: Bool, at start: Int, in container: inout Container) throws(JSONFailure) -> Container

    /// The comma at `offset`: another element or member follows (default: nothing).
    mutating func separator(at offset: Int) throws(JSONFailure)

    /// `container` closes; its closing bracket ends just before `end`.
    mutating func close(_ container: Container, at end: Int) throws(JSONFailure)

    /// The top-level value has been read; `root` is its container (default: nothing).
    mutating func finish(_ root: Container)
    /// For a sink that ``takesValues``: the object or array at `start` in
    /// `container`, `depth` containers deep, read by the sink itself (no
    /// hook is called for its tokens): returns the offset past it, or `nil`
    /// to have the scan read it token by token, from its start (for a
    /// resumable sink, when the buffer ends inside it; default: `nil`).
    mutating func takeValue<Dialect: JSONDialect>(
        at start: Int, depth: Int, in container: inout Container, of scanner: Scanner, _ dialect: Dialect.Type
    ) throws(JSONFailure) -> Int?
}

extension JSONSink {
    static var readsKeysApart: Bool { false }
    static var resumes: Bool { false }
    static var takesValues: Bool { false }
    @inline(__always)
    mutating func takeValue<Dialect: JSONDialect>(
        at start: Int, depth: Int, in container: inout Container, of scanner: Scanner, _ dialect: Dialect.Type
    ) -> Int? { nil }
    @inline(__always) mutating func separator(at offset: Int) {}
    @inline(__always) mutating func finish(_ root: Container) {}
}
