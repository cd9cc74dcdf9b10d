/// What a streaming driver (``JSONStreamScanner``, ``XMLStreamRouter``,
/// ``XMLStreamLocator``) asks of the path it streams, node by node in
/// document order: each node's ``StreamNodeState``, from its parent's state
/// and its kind, once its key or name is the one the parent's state asks for
/// (``childNames``). The path language's rules live in the conformer
/// (DocQuery's `StreamMatcher`); a driver keeps the open nodes' states and
/// never asks below ``StreamNodeState/none`` or a candidate.
///
/// A conformer keeps counts for one run of one driver: a class, so a driver
/// holds it as `any StreamMatching` without projecting a box on every call.
package protocol StreamMatching: AnyObject {
    /// Whether a JSON member candidate keeps its key (the rest of the path
    /// may ask for `_elementName`): it is then built as `{"key":value}`.
    var keepsKeys: Bool { get }

    /// The state of a top-level value (the root element for XML). The
    /// counts of the previous top-level value start afresh.
    func root(isArray: Bool) throws(StreamSelectorError) -> StreamNodeState

    /// By `k`, for each state ``StreamNodeState/applying(_:)`` `k`: the name
    /// a named child (a JSON member, an XML child element or attribute) must
    /// have not to be ``StreamNodeState/none``, or `nil` for any (then no
    /// attribute is reached). Drivers compare it themselves (XML names:
    /// ``XMLChildNames``), so a node the path cannot reach costs no call.
    var childNames: [[UInt8]?] { get }

    /// The state of a child of a JSON container in state `parent` (which
    /// it may update, to count elements): an array element, or a member
    /// whose key is the one ``childNames`` asks for, if it asks.
    func jsonChild(
        of parent: inout StreamNodeState, parentIsArray: Bool, isArray: Bool, isObject: Bool
    ) throws(StreamSelectorError) -> StreamNodeState

    /// The state of a child element (or, with `isAttribute`, an attribute)
    /// of an XML element in state `parent`, whose name is the one
    /// ``childNames`` asks for, if it asks.
    func xmlChild(of parent: StreamNodeState, isAttribute: Bool) throws(StreamSelectorError) -> StreamNodeState

    /// Whether a JSON candidate is handed on element by element (each a
    /// candidate, between ``ArrayEdge/open`` and ``ArrayEdge/close``) instead
    /// of whole. Asked once per candidate that is not such an element, in
    /// document order; `throughObjectsOnly`: every ancestor is an object.
    func spreads(isArray: Bool, throughObjectsOnly: Bool) throws(StreamSelectorError) -> Bool
}

/// Where a spread array candidate begins or ends (see
/// ``StreamMatching/spreads(isArray:throughObjectsOnly:)``).
package enum ArrayEdge: Sendable, Equatable {
    case open
    case close
}

/// Why a document cannot be streamed with a path, found while reading
/// it: `step` is the index of the path's step at fault.
package struct StreamSelectorError: Error, Sendable {
    package var step: Int
    package var message: String

    package init(step: Int, message: String) {
        self.step = step
        self.message = message
    }
}

/// The verdict of a ``StreamMatching`` on one open node.
package enum StreamNodeState: Sendable, Equatable {
    /// Nothing inside this node can be a candidate.
    case none
    /// Step `k` of the path applies to this node's children.
    case applying(Int)
    /// A JSON array whose `i`-th element step `k` (an index) selects;
    /// `seen` counts the elements so far.
    case indexing(step: Int, seen: Int)
    /// The node is a candidate: its subtree is materialised.
    case candidate
    /// A JSON array candidate that is spread: each element is a candidate.
    case spreading
}
