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
