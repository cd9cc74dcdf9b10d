#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether libxml2's names are the names a ``StreamMatching`` asks of the
/// children of XML elements (``StreamMatching/childNames``). libxml2 hands
/// every name over as a string of the parser's dictionary, the same pointer
/// for the same name until the parse ends (``XMLTreeBuilder`` relies on
/// this too), so a name is compared as bytes once per state, not once per
/// occurrence. Held in a `let`: nothing here is retained per look-up.
struct XMLChildNames {
    private let names: [[UInt8]?]
    /// By `k`, for the state ``StreamNodeState/applying(_:)`` `k`: whether
    /// names match the one asked (1) or not (0) by their (prefix, local)
    /// pointers.
    private let known: [PointerPairTable]

    /// Names for a selector that asks none (targets found beforehand).
    init() {
        names = []
        known = []
    }

    init(_ matcher: any StreamMatching) {
        self.init(names: matcher.childNames)
    }

    /// Names asked by `k` as by the state ``StreamNodeState/applying(_:)`` `k`.
    init(names: [[UInt8]?]) {
        self.names = names
        known = names.map { _ in PointerPairTable() }
    }

    /// Whether children of an element in state `.applying(k)` must have a
    /// name (so that attributes may be reached).
    @inline(__always)
    func asksName(under k: Int) -> Bool {
        names[k] != nil
    }

    /// Whether a child element or attribute of an element in state
    /// `.applying(k)` has the name asked for, if one is.
    @inline(__always)
    func admits(local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, under k: Int) -> Bool {
        guard let wanted = names[k] else { return true }
        let table = known[k]
        let prefixBits = UInt(bitPattern: prefix)
        let localBits = UInt(bitPattern: local)
        if let known = table.id(prefixBits, localBits) { return known != 0 }
        let matches = Self.matches(wanted, local: Self.buffer(local), prefix: prefix.map(Self.buffer))
        table.insert(matches ? 1 : 0, for: prefixBits, localBits)
        return matches
    }

    /// Whether `wanted` names an element or attribute: equal to its
    /// qualified name (`prefix:local`) or to its local name, byte for byte.
    static func matches(
        _ wanted: [UInt8], local: UnsafeBufferPointer<UInt8>, prefix: UnsafeBufferPointer<UInt8>?
    ) -> Bool {
        if wanted.count == local.count && local.elementsEqual(wanted) { return true }
        guard let prefix, wanted.count == prefix.count + 1 + local.count else { return false }
        return wanted.prefix(prefix.count).elementsEqual(prefix) && wanted[prefix.count] == UInt8(ascii: ":")
            && wanted.suffix(local.count).elementsEqual(local)
    }

    /// Whether `qualified` is exactly the name `prefix:local` (or `local` without a prefix).
    static func isQualifiedName(
        _ qualified: [UInt8], local: UnsafeBufferPointer<UInt8>, prefix: UnsafeBufferPointer<UInt8>?
    ) -> Bool {
        guard let prefix else { return qualified.elementsEqual(local) }
        return qualified.count == prefix.count + 1 + local.count && matches(qualified, local: local, prefix: prefix)
    }

    @inline(__always)
    static func buffer(_ pointer: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: pointer, count: strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self)))
    }
}
