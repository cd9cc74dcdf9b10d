/// The sink that builds the tree: a node record for each value, its key
/// interned as its name; objects with repeated keys marked; `spans` told
/// where each value and key stands. Records point into the input, the text,
/// so loading copies no string or number: a string is the span between its
/// quotes (``NodeRecord/Flags/escaped`` when it has a backslash), a number
/// the span of its text (``NodeRecord/Flags/fractional`` with a fraction or
/// exponent), a literal its span.
struct JSONTreeSink<Spans: SpanRecorder>: JSONSink {
    /// An open container: its record and how many children it has so far.
    struct Container {
        var index: UInt32
        var children: UInt32
    }

    var builder: TreeBuilder
    /// The builder's records (the same storage, one load away).
    private(set) var nodes: RecordStorage
    var keys: KeyCache
    var stamps: KeyStamps
    var spans: Spans
    /// More records than this fail (checked at each comma and container,
    /// so at most two records past the limit are ever written).
    var maxNodes = Int.max
    /// The key id of the value about to be read (0 for none).
    private var name: UInt32 = 0

    init(builder: TreeBuilder, keys: KeyCache, stamps: KeyStamps, spans: Spans) {
        self.builder = builder
        self.nodes = builder.nodes
        self.keys = keys
        self.stamps = stamps
        self.spans = spans
    }

    /// Empties the sink for the next document of at most `inputBytes` bytes,
    /// with no node limit, keeping the names, the key cache and the stamps.
    mutating func restart(estimatedNodes: Int, inputBytes: Int) {
        stamps.advance(past: nodes.count)
        stamps.prepare(forInputOf: inputBytes)
        builder.restart(estimatedNodes: estimatedNodes)
        nodes = builder.nodes
        maxNodes = .max
        name = 0
    }

    /// Drops the records from `count` on, those of a value whose scan failed
    /// (cut off by a buffer's end, or a mistake), to read it again: the key
    /// stamps its objects set go back to "none yet". Right while every
    /// object before `count` is closed (the value is an element of an array
    /// outside any open object).
    mutating func drop(from count: Int) {
        for index in count..<nodes.count where nodes[index].nameID != 0 {
            _ = stamps.exchange(nodes[index].nameID, 0)
        }
        // A key read before the cut, its value not yet.
        if name != 0 { _ = stamps.exchange(name, 0) }
        nodes.removeLast(nodes.count - count)
        name = 0
    }

    static var readsKeysApart: Bool { true }

    var root: Container { Container(index: 0, children: 0) }

    @inline(__always)
    mutating func string(from start: Int, to end: Int, escaped: Bool, in container: inout Container) {
        leaf(.string, escaped ? .escaped : [], start &+ 1, end &- start &- 2, from: start, to: end, in: &container)
    }

    @inline(__always)
    mutating func number(from start: Int, to end: Int, fractional: Bool, in container: inout Container) {
        leaf(.number, fractional ? .fractional : [], start, end &- start, from: start, to: end, in: &container)
    }

    @inline(__always)
    mutating func literal(_ kind: Node.Kind, at start: Int, length: Int, in container: inout Container) {
        leaf(kind, [], start, length, from: start, to: start &+ length, in: &container)
    }

    /// Appends the record of a value spanning `start..<end`, whose text is `length` bytes at `text`.
    @inline(__always)
    private mutating func leaf(
        _ kind: Node.Kind, _ flags: NodeRecord.Flags, _ text: Int, _ length: Int, from start: Int, to end: Int,
        in container: inout Container
    ) {
        spans.begin(nodes.count, at: start)
        spans.end(nodes.count, at: end)
        let (a, b) = (UInt32(truncatingIfNeeded: text), UInt32(truncatingIfNeeded: length))
        nodes.append(NodeRecord(kind: kind, flags: flags, name: name, a: a, b: b))
        container.children &+= 1
    }

    @inline(__always)
    mutating func key(
        from start: Int, to end: Int, escaped: Bool, in container: inout Container, of scanner: Scanner
    ) throws(JSONFailure) {
        spans.key(at: start)
        name = try keys.id(
            ofKeyAt: start &+ 1, length: end &- start &- 2, escaped: escaped, in: scanner, names: &builder.names)
        Self.noteKey(name, in: container.index, &stamps, nodes)
    }

    @inline(__always)
    mutating func open(isObject: Bool, at start: Int, in container: inout Container) throws(JSONFailure) -> Container {
        guard nodes.count <= maxNodes else { throw JSONFailure(.tooManyNodes(maxNodes: maxNodes), at: start) }
        let index = UInt32(truncatingIfNeeded: nodes.count)
        spans.begin(nodes.count, at: start)
        nodes.append(NodeRecord(kind: isObject ? .object : .array, name: name, a: 0, b: 0))
        container.children &+= 1
        // An array's elements have no name; an object's first key sets one.
        name = 0
        return Container(index: index, children: 0)
    }

    @inline(__always)
    mutating func separator(at offset: Int) throws(JSONFailure) {
        guard nodes.count <= maxNodes else { throw JSONFailure(.tooManyNodes(maxNodes: maxNodes), at: offset) }
    }

    /// Records where `container` ends and how many children it has.
    @inline(__always)
    mutating func close(_ container: Container, at end: Int) {
        spans.end(Int(container.index), at: end)
        let index = Int(container.index)
        nodes[index].a = UInt32(truncatingIfNeeded: nodes.count)
        nodes[index].b = container.children
        // The next value is an element of the array around it, or follows a key.
        name = 0
    }

    @inline(__always)
    mutating func finish(_ root: Container) { nodes[0].b = root.children }

    /// Marks `object` with ``NodeRecord/Flags/duplicateKeys`` when it already
    /// has a member named `name`, so lookups elsewhere may stop at the first
    /// match. A stamp below `object`'s is an earlier object's; one above is a
    /// descendant's (pre-order) and hides whether `object` used the key, so
    /// its members so far are scanned (closed subtrees: jumps are exact).
    @inline(__always)
    private static func noteKey(_ name: UInt32, in object: UInt32, _ stamps: inout KeyStamps, _ nodes: RecordStorage) {
        let mine = stamps.origin &+ object &+ 1
        let stamp = stamps.exchange(name, mine)
        if stamp < mine { return }
        if stamp == mine || hasMember(named: name, in: object, nodes) {
            nodes[Int(object)].insert(.duplicateKeys)
        }
    }

    @inline(never)
    private static func hasMember(named name: UInt32, in object: UInt32, _ nodes: RecordStorage) -> Bool {
        var p = Int(object) &+ 1
        while p < nodes.count {
            let record = nodes[p]
            if record.nameID == name { return true }
            switch record.kind {
            case .object, .array: p = Int(record.a)
            default: p &+= 1
            }
        }
        return false
    }
}
