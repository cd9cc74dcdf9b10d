@testable import DocTree

/// A ``StreamMatching`` for the tests of the streaming drivers themselves:
/// members reached by a chain of keys (`nil`: any member), through arrays,
/// a member candidate keeping its key. It stands for a path of keys and
/// `*`; the path language's own matcher (DocQuery's `StreamMatcher`) is
/// tested in DocQueryTests. With `spreadsArrays`, an array candidate comes
/// element by element.
final class MemberChainMatcher: StreamMatching {
    let keys: [[UInt8]?]
    let spreadsArrays: Bool

    init(_ keys: [String?], spreadsArrays: Bool = false) {
        self.keys = keys.map { $0.map { Array($0.utf8) } }
        self.spreadsArrays = spreadsArrays
    }

    var keepsKeys: Bool { true }

    func root(isArray: Bool) -> StreamNodeState { state(after: 0) }

    private func state(after k: Int) -> StreamNodeState { k == keys.count ? .candidate : .applying(k) }

    var childNames: [[UInt8]?] { keys }

    func jsonChild(of parent: inout StreamNodeState, parentIsArray: Bool, isArray: Bool, isObject: Bool) -> StreamNodeState {
        if case .spreading = parent { return .candidate }
        guard case .applying(let k) = parent else { return .none }
        if parentIsArray { return isArray || isObject ? parent : .none }
        return state(after: k + 1)  // the driver passes only members with the key asked for
    }

    func xmlChild(of parent: StreamNodeState, isAttribute: Bool) -> StreamNodeState { .none }
    func spreads(isArray: Bool, throughObjectsOnly: Bool) -> Bool { spreadsArrays && isArray }
}
