/// The streamable prefix of a path, in the terms a streaming parser can
/// decide as nodes open: which nodes are *candidates* (the values the
/// prefix reaches), judged from their ancestors alone.
///
/// DocQuery compiles a path's leading steps into these; the parsers
/// (``JSONStreamScanner``, ``XMLStreamRouter``) drive a ``StreamMatcher``
/// with them. The meaning of each step is the in-memory evaluator's:
///
/// - `key`: a member of an object with that key, or a child element or
///   attribute of an element with that qualified or local name; applied
///   to a JSON array, it applies to each element (through nested arrays).
/// - `wildcard`: every member value or child element; through arrays too.
/// - `index(i)`: the `i`-th value of the sequence so far (`i >= 0`), or,
///   when that sequence is one JSON array, its `i`-th element.
package struct StreamSelector: Sendable, Equatable {
    package enum Step: Sendable, Equatable {
        case key([UInt8])
        case wildcard
        case index(Int)
    }

    /// Which candidates that are JSON arrays are handed on element by
    /// element (each element a candidate of its own, between an
    /// ``ArrayEdge/open`` and an ``ArrayEdge/close``) instead of whole, so
    /// memory stays bounded by one element however long the array.
    package enum Spreading: Sendable, Equatable {
        /// Every candidate is built whole.
        case never
        /// Every array candidate, when the steps hold no index (whose
        /// verdict may come after the array): for a consumer that only
        /// prints each array, which it can do element by element.
        case always
        /// An array candidate that is sure to be the only value the steps
        /// select in its top-level value, so that it is a *lone* array
        /// standing for its elements: the steps are keys only and every
        /// ancestor is an object. A second candidate in the same
        /// top-level value (a duplicate key) then fails with a
        /// ``StreamSelectorError``, since the elements handed on were not
        /// the values the path selects.
        case whenLone
    }

    package var steps: [Step]
    /// Whether a JSON member candidate must keep its key (the rest of the
    /// path may ask for `_elementName`): it is then built as `{"key":value}`.
    package var keepsKeys: Bool
    package var spreading: Spreading

    package init(steps: [Step], keepsKeys: Bool = true, spreading: Spreading = .never) {
        self.steps = steps
        self.keepsKeys = keepsKeys
        self.spreading = spreading
    }

    /// Whether an array candidate is spread, given whether all its
    /// ancestors are objects (see ``Spreading``).
    package func spreads(throughObjectsOnly: Bool) -> Bool {
        switch spreading {
        case .never:
            return false
        case .always:
            return !steps.contains { if case .index = $0 { true } else { false } }
        case .whenLone:
            return throughObjectsOnly && steps.allSatisfy { if case .key = $0 { true } else { false } }
        }
    }
}

/// Where a spread array candidate begins or ends (see ``StreamSelector/Spreading``).
package enum ArrayEdge: Sendable, Equatable {
    case open
    case close
}

/// Why a document cannot be streamed with a selector, found while reading
/// it: `step` is the index of the selector step at fault.
package struct StreamSelectorError: Error, Sendable {
    package var step: Int
    package var message: String
}

/// The selector's verdict on one open node.
package enum StreamNodeState: Sendable, Equatable {
    /// Nothing inside this node can be a candidate.
    case none
    /// Step `k` applies to this node's children (the node is a value of
    /// the sequence before step `k`, or a JSON array or object that step
    /// `k` reaches through an array).
    case applying(Int)
    /// A JSON array whose `i`-th element step `k` (an index) selects;
    /// `seen` counts the elements so far.
    case indexing(step: Int, seen: Int)
    /// The node is a candidate: its subtree is materialised.
    case candidate
    /// A JSON array candidate that is spread: each element is a candidate.
    case spreading
}

/// Decides, node by node in document order, which nodes are candidates.
///
/// A node's state depends only on its parent's state, its own name and
/// kind, and (for index steps) how many values of the same sequence came
/// before it. Every node has at most one state, and candidates never nest.
package struct StreamMatcher {
    package let steps: [StreamSelector.Step]
    /// For each index step, the values of its input sequence seen so far.
    private var seen: [Int]
    /// For each index step, whether its input sequence began with a JSON
    /// array taken as a lone array (its elements are indexed).
    private var lone: [Bool]

    package init(_ selector: StreamSelector) {
        steps = selector.steps
        seen = Array(repeating: 0, count: selector.steps.count)
        lone = Array(repeating: false, count: selector.steps.count)
    }

    /// The state of the root value (the root element for XML).
    package mutating func root(isArray: Bool) throws(StreamSelectorError) -> StreamNodeState {
        try enter(0, isArray: isArray)
    }

    /// The state of a node that is a value of the sequence before step `k`.
    package mutating func enter(_ k: Int, isArray: Bool) throws(StreamSelectorError) -> StreamNodeState {
        var k = k
        while k < steps.count, case .index(let i) = steps[k] {
            let position = seen[k]
            seen[k] += 1
            if lone[k] {
                throw StreamSelectorError(
                    step: k,
                    message: "this index met a JSON array and then more values, so it indexes the values, "
                        + "not the array's elements; the stream cannot tell which until the end")
            }
            if position == 0 && isArray {
                lone[k] = true
                return .indexing(step: k, seen: 0)
            }
            guard position == i else { return .none }
            k += 1
        }
        return k == steps.count ? .candidate : .applying(k)
    }

    /// The state of a child of a JSON container in state `parent` (updated
    /// for index counting). `key` is the member's key (unescaped UTF-8), or
    /// `nil` for an array element.
    package mutating func jsonChild(
        of parent: inout StreamNodeState, parentIsArray: Bool, key: UnsafeBufferPointer<UInt8>?,
        isArray: Bool, isObject: Bool
    ) throws(StreamSelectorError) -> StreamNodeState {
        switch parent {
        case .none, .candidate:
            return .none
        case .spreading:
            return .candidate
        case .indexing(let k, let count):
            parent = .indexing(step: k, seen: count + 1)
            guard case .index(let i) = steps[k], count == i else { return .none }
            return try enter(k + 1, isArray: isArray)
        case .applying(let k):
            if parentIsArray {
                // A key or `*` on an array applies to its elements (through nested arrays).
                return isArray || isObject ? .applying(k) : .none
            }
            switch steps[k] {
            case .wildcard:
                return try enter(k + 1, isArray: isArray)
            case .key(let wanted):
                guard let key, key.elementsEqual(wanted) else { return .none }
                return try enter(k + 1, isArray: isArray)
            case .index:
                return .none  // index steps are resolved in enter(_:isArray:)
            }
        }
    }

    /// The state of a child element (or, with `isAttribute`, an attribute)
    /// of an XML element in state `parent`. Names are UTF-8: the local name
    /// and the prefix, if any.
    package mutating func xmlChild(
        of parent: StreamNodeState, local: UnsafeBufferPointer<UInt8>, prefix: UnsafeBufferPointer<UInt8>?,
        isAttribute: Bool
    ) throws(StreamSelectorError) -> StreamNodeState {
        guard case .applying(let k) = parent else { return .none }
        switch steps[k] {
        case .wildcard:
            return isAttribute ? .none : try enter(k + 1, isArray: false)
        case .key(let wanted):
            guard Self.nameMatches(wanted, local: local, prefix: prefix) else { return .none }
            return try enter(k + 1, isArray: false)
        case .index:
            return .none
        }
    }

    /// Whether key `wanted` selects a name: equal to the qualified name
    /// (`prefix:local`) or to the local name, byte for byte.
    package static func nameMatches(
        _ wanted: [UInt8], local: UnsafeBufferPointer<UInt8>, prefix: UnsafeBufferPointer<UInt8>?
    ) -> Bool {
        if wanted.count == local.count && local.elementsEqual(wanted) { return true }
        guard let prefix, wanted.count == prefix.count + 1 + local.count else { return false }
        return wanted.prefix(prefix.count).elementsEqual(prefix) && wanted[prefix.count] == UInt8(ascii: ":")
            && wanted.suffix(local.count).elementsEqual(local)
    }
}
