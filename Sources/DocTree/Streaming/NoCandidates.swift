/// The ``StreamMatching`` that makes nothing a candidate: a stream read with
/// it checks every byte of its input (each value below the top level by
/// the check scan, whole) and hands on no value. A streamed edit reads its
/// output back with it.
package final class NoCandidates: StreamMatching {
    package init() {}

    package var keepsKeys: Bool { false }
    package var childNames: [[UInt8]?] { [] }
    package func root(isArray: Bool) -> StreamNodeState { .none }

    package func jsonChild(
        of parent: inout StreamNodeState, parentIsArray: Bool, isArray: Bool, isObject: Bool
    ) -> StreamNodeState { .none }

    package func xmlChild(of parent: StreamNodeState, isAttribute: Bool) -> StreamNodeState { .none }
    package func spreads(isArray: Bool, throughObjectsOnly: Bool) -> Bool { false }
}
