/// What a streaming driver (``JSONStreamScanner``, ``XMLStreamRouter``,
/// ``XMLStreamLocator``) asks of the path it streams, node by node in
/// document order: each node's ``StreamNodeState``, from its parent's state
/// and its kind. The path language's rules live in the conformer (DocQuery's
/// `StreamMatcher`); a driver never asks below ``StreamNodeState/none`` or a
/// candidate. A class, holding counts for one run of one driver, so that
/// `any StreamMatching` projects no box on each call.
package protocol StreamMatching: AnyObject {
    /// Whether a JSON member candidate keeps its key (the rest of the path
    /// may ask for `_elementName`): it is then built as `{"key":value}`.
    var keepsKeys: Bool { get }

    /// The state of a top-level value (the root element for XML); the
    /// previous top-level value's counts start afresh.
    func root(isArray: Bool) throws(StreamSelectorError) -> StreamNodeState

    /// For each state ``StreamNodeState/applying(_:)`` (or
    /// ``StreamNodeState/descending(_:)``) `k`, the name a named
    /// child (a JSON member, an XML element or attribute) needs to be other
    /// than ``StreamNodeState/none``, or `nil` for any (then no attribute).
    /// Drivers compare it themselves, so an unreachable node costs no call.
    var childNames: [[UInt8]?] { get }

    /// The state of an element of a JSON array in state `parent` (which it
    /// may update, to count elements), or of a member with the asked name.
    /// Drivers do not ask for an element of a ``StreamNodeState/spreading``
    /// array: each is a candidate.
    func jsonChild(
        of parent: inout StreamNodeState, parentIsArray: Bool, isArray: Bool, isObject: Bool
    ) throws(StreamSelectorError) -> StreamNodeState

    /// The state of a child element (an attribute, if `isAttribute`) with the
    /// asked name of an XML element in state `parent`.
    func xmlChild(of parent: StreamNodeState, isAttribute: Bool) throws(StreamSelectorError) -> StreamNodeState

    /// Whether a JSON candidate comes element by element (each a candidate,
    /// between the ``ArrayEdge``s) instead of whole. Asked once per candidate
    /// that is no such element, in document order; `throughObjectsOnly`:
    /// every ancestor is an object.
    func spreads(isArray: Bool, throughObjectsOnly: Bool) throws(StreamSelectorError) -> Bool
}

/// Where a spread array candidate begins or ends.
package enum ArrayEdge: Sendable, Equatable {
    case open
    case close
}

/// Why a document cannot be streamed with a path, found while reading it:
/// `step` is the index of the path's step at fault.
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
    /// Step `k`, `..name`, applies to this node's children and every node
    /// below them: a child element, or a JSON object or array member,
    /// without the name ``StreamMatching/childNames`` asks keeps this
    /// state. Otherwise as ``applying(_:)``.
    case descending(Int)
    /// A JSON array whose elements step `k` (an index or slice) selects by position;
    /// `seen` counts the elements so far.
    case indexing(step: Int, seen: Int)
    /// The node is a candidate: its subtree is materialised.
    case candidate
    /// A JSON array candidate that is spread: each element is a candidate.
    case spreading
}
