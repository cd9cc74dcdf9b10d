import DocTree

/// Applies a ``StreamSelector`` for a streaming parser, node by node in
/// document order: which nodes are candidates, and which array candidates
/// are spread.
///
/// A node's state depends only on its parent's state, its own name and
/// kind, and (for position steps) how many values of the same sequence came
/// before it. Every node has at most one state, and candidates never nest.
/// One matcher serves one run of one parser.
final class StreamMatcher: StreamMatching {
    let selector: StreamSelector
    private let steps: [StreamSelector.Step]
    /// Whether array candidates are spread (``StreamSelector/Spreading``):
    /// all of them (no positions, whose verdict may come after the array), or
    /// a lone one (keys only).
    private let spreadsAll: Bool
    private let spreadsLone: Bool
    /// For each position step, the values of its input sequence seen so far.
    private var seen: [Int]
    /// For each position step, whether its input sequence began with a JSON
    /// array taken as a lone array (its elements are counted).
    private var lone: [Bool]
    /// Candidates (a spread array counting as one) in the current
    /// top-level value, and whether the first of them was spread.
    private var candidates = 0
    private var spreadFirst = false
    /// The first step that a JSON array in the current top-level value
    /// applies to its elements (a key spread through them), so that the
    /// steps after it may take several values; `steps.count` when none does.
    /// Set when the array opens, conservatively: an empty one counts too
    /// (which only makes ``betting`` hold matches until the value ends).
    private var spreadStep: Int
    /// The step that is `..*` (every descendant, array elements too), or -1.
    private let everyDescendantStep: Int
    /// Whether a step gives several values of one: `*`, `..`, or positions
    /// that name more than one.
    private let fansOut: Bool
    /// Whether an index or slice of the current top-level value counts
    /// the elements of a JSON array that came through an array's elements
    /// (`items.tags[0]`, `items` an array), on the bet that no other value
    /// reaches it: a second value then fails with a `StreamSelectorError`
    /// (and ``lostBet`` says where), and only the value's end shows the bet
    /// was right. A consumer that hands matches on as they come holds them meanwhile.
    private(set) var betting = false

    /// Where a first JSON array is one value among several, not taken as a
    /// lone array: bets lost on an earlier reading of the same input
    /// (``readingAgain(_:mayReadAgain:_:)``).
    private let lost: Set<Bet>
    /// The bet that a second value has just lost, while its matches were
    /// held (``betting``): `nil` when none was lost, or matches went out.
    private(set) var lostBet: Bet?
    /// The current top-level value's ordinal, from 0.
    private(set) var valueOrdinal = -1

    /// A matcher of `selector`'s steps; `lost` names the bets that an
    /// earlier reading of the same input lost, which this one does not make.
    init(_ selector: StreamSelector, lost: Set<Bet> = []) {
        self.selector = selector
        self.lost = lost
        steps = selector.steps
        spreadsAll = selector.spreading == .always && !steps.contains { if case .positions = $0 { true } else { false } }
        spreadsLone = selector.spreading == .whenLone && steps.allSatisfy { if case .key = $0 { true } else { false } }
        seen = Array(repeating: 0, count: steps.count)
        lone = Array(repeating: false, count: steps.count)
        spreadStep = steps.count
        everyDescendantStep = steps.firstIndex(of: .descendant(nil)) ?? -1
        fansOut = steps.contains { step in
            switch step {
            case .key: false
            case .positions(let wanted): wanted.count != 1
            case .wildcard, .descendant: true
            }
        }
    }

    /// Whether more than one candidate may come in the current top-level
    /// value, as far as the input read so far tells: a step fans out, or a
    /// key went through an array's elements (``spreadStep``). Without
    /// either, the keys (and single positions) reach at most one value.
    var mayReachSeveral: Bool { fansOut || spreadStep < steps.count }

    var keepsKeys: Bool { selector.keepsKeys }

    /// How many values of the current top-level value reached position step `step` so far.
    func valuesSeen(at step: Int) -> Int { seen[step] }

    func root(isArray: Bool) throws(StreamSelectorError) -> StreamNodeState {
        for k in seen.indices {
            seen[k] = 0
            lone[k] = false
        }
        candidates = 0
        spreadFirst = false
        spreadStep = steps.count
        betting = false
        valueOrdinal += 1
        return try enter(0, isArray: isArray)
    }

    /// The state of a node that is a value of the sequence before step `k`.
    @inline(__always)
    private func enter(_ k: Int, isArray: Bool) throws(StreamSelectorError) -> StreamNodeState {
        if k == steps.count { return .candidate }
        guard case .positions = steps[k] else { return applying(k, isArray: isArray) }
        return try count(from: k, isArray: isArray)
    }

    /// The state of a node that step `k`, a key, `*` or `..`, applies to
    /// the children of. An array spreads a key or `*` to its elements, so
    /// the steps after `k` may take several values (``spreadStep``).
    @inline(__always)
    private func applying(_ k: Int, isArray: Bool) -> StreamNodeState {
        if case .descendant = steps[k] { return .descending(k) }
        if isArray && k < spreadStep { spreadStep = k }
        return .applying(k)
    }

    /// ``enter(_:isArray:)`` where step `k` is positions: counts the value
    /// for it (and for the position steps right after it that it passes).
    private func count(from k: Int, isArray: Bool) throws(StreamSelectorError) -> StreamNodeState {
        var k = k
        while k < steps.count, case .positions(let wanted) = steps[k] {
            let position = seen[k]
            seen[k] += 1
            if lone[k] {
                // Held matches only (none went out): a reading that does not bet can follow.
                if betting { lostBet = Bet(value: valueOrdinal, step: k) }
                throw StreamSelectorError(
                    step: k,
                    message: "this index or slice met a JSON array and then more values, so it counts the values, "
                        + "not the array's elements; the stream cannot tell which until the end")
            }
            if position == 0 && isArray && (lost.isEmpty || !lost.contains(Bet(value: valueOrdinal, step: k))) {
                if spreadStep < k { betting = true }
                lone[k] = true
                return .indexing(step: k, seen: 0)
            }
            guard wanted.contains(position) else { return .none }
            k += 1
        }
        return k == steps.count ? .candidate : applying(k, isArray: isArray)
    }

    var childNames: [[UInt8]?] {
        steps.map { step in
            switch step {
            case .key(let name): name
            case .descendant(let name): name
            default: nil
            }
        }
    }

    func jsonChild(
        of parent: inout StreamNodeState, parentIsArray: Bool, isArray: Bool, isObject: Bool
    ) throws(StreamSelectorError) -> StreamNodeState {
        switch parent {
        case .none, .candidate:
            return .none
        case .spreading:
            return .candidate
        case .indexing(let k, let count):
            parent = .indexing(step: k, seen: count + 1)
            guard case .positions(let wanted) = steps[k], wanted.contains(count) else { return .none }
            return try enter(k + 1, isArray: isArray)
        case .applying(let k):
            if parentIsArray {
                // A key or `*` on an array applies to its elements (through nested arrays).
                return isArray || isObject ? .applying(k) : .none
            }
            // A member of an object: any for `*`, and for a key the driver
            // passed only the one childNames asks for.
            if case .positions = steps[k] { return .none }  // position steps are resolved in enter(_:isArray:)
            return try enter(k + 1, isArray: isArray)
        case .descending(let k):
            // `..*` takes every element; `..name` looks inside the containers
            // (the driver kept looking inside members without the name).
            if parentIsArray && k != everyDescendantStep { return isArray || isObject ? parent : .none }
            return try enter(k + 1, isArray: isArray)
        }
    }

    func xmlChild(of parent: StreamNodeState, isAttribute: Bool) throws(StreamSelectorError) -> StreamNodeState {
        let k: Int
        switch parent {
        case .applying(let step), .descending(let step): k = step
        default: return .none
        }
        switch steps[k] {
        case .wildcard, .descendant(nil):
            return isAttribute ? .none : try enter(k + 1, isArray: false)
        case .key, .descendant:
            // The driver compared the name with childNames (and, for `..name`, kept looking below the others).
            return try enter(k + 1, isArray: false)
        case .positions:
            return .none
        }
    }

    func spreads(isArray: Bool, throughObjectsOnly: Bool) throws(StreamSelectorError) -> Bool {
        guard selector.spreading == .whenLone else { return isArray && spreadsAll }
        candidates += 1
        if candidates == 1 {
            spreadFirst = isArray && throughObjectsOnly && spreadsLone
            return spreadFirst
        }
        if spreadFirst {
            throw StreamSelectorError(
                step: max(steps.count - 1, 0),
                message: "the path selects an array and then another value (a key that occurs twice), "
                    + "so the array is not its elements; the stream cannot tell that before the second value")
        }
        return false
    }
}
