/// The names a ``StreamMatching`` asks of the children of nodes in each
/// state (``StreamMatching/childName(under:)``), asked of it once per state
/// and compared by the driver, byte for byte, so that a member or element
/// the path cannot reach costs no call to the matcher.
struct StreamChildNames {
    private let matcher: any StreamMatching
    /// By `k`: the name asked of the children in state ``StreamNodeState/applying(_:)`` `k`.
    private var names: [[UInt8]?] = []

    init(_ matcher: any StreamMatching) {
        self.matcher = matcher
    }

    /// The name the children of a node in state `.applying(k)` must have, if any.
    @inline(__always)
    mutating func name(under k: Int) -> [UInt8]? {
        if k >= names.count {
            while names.count <= k { names.append(matcher.childName(under: .applying(names.count))) }
        }
        return names[k]
    }

    /// Whether `key` is the name the children of a node in state
    /// `.applying(k)` must have, or they need none.
    @inline(__always)
    mutating func admits(_ key: UnsafeBufferPointer<UInt8>, under k: Int) -> Bool {
        guard let wanted = name(under: k) else { return true }
        return wanted.count == key.count && key.elementsEqual(wanted)
    }
}
