import Foundation

/// Key indexes for wide nodes, built lazily and kept with the document.
///
/// A key step scans a node's children, comparing interned name ids. For a
/// node with many children that scan is repeated on every query, so the
/// second time a query looks up a key on the same wide node, the node's
/// named children are grouped by name id once (``ChildGroups``) and later
/// lookups read the group directly. One-off queries therefore never pay for
/// building an index they use once.
///
/// The instance lives in the document's ``DerivedDataCache``, so it is shared
/// by every query on that document and freed with it.
final class WideNodeIndex {
    /// Nodes with at least this many children (JSON objects) or this many
    /// records below them (XML elements) are "wide".
    static let minimumWidth: UInt32 = 32

    private enum Entry {
        case seen
        case built(ChildGroups)
    }

    private let lock = NSLock()
    private var entries: [UInt32: Entry] = [:]

    /// The grouped children of `node`, or `nil` the first time it is asked
    /// for (the caller scans instead) unless `now` asks to build it at once.
    func groups(for node: UInt32, in table: NodeTable, now: Bool = false) -> ChildGroups? {
        lock.lock()
        switch entries[node] {
        case .built(let groups)?:
            lock.unlock()
            return groups
        case nil where !now:
            entries[node] = .seen
            lock.unlock()
            return nil
        case .seen?, nil:
            lock.unlock()
            let groups = ChildGroups(of: node, in: table)
            lock.lock()
            entries[node] = .built(groups)
            lock.unlock()
            return groups
        }
    }
}

/// The named children of one node (attributes, child elements, JSON
/// members), grouped by name id in document order. An XML child named
/// `soap:Body` is listed under `soap:Body` and under `Body`, so the group of
/// an id is exactly what a key step with that key yields.
final class ChildGroups: Sendable {
    let byName: [UInt32: [UInt32]]

    init(of node: UInt32, in table: NodeTable) {
        let nodes = table.nodes
        let localIDs = table.names.localNameIDs
        var groups: [UInt32: [UInt32]] = [:]
        var p = node + 1
        let end = table.subtreeEnd(node)
        let pi = Node.Kind.processingInstruction.rawValue
        while p < end {
            let record = nodes[Int(p)]
            let name = record.name
            if name != 0 && record.rawKind != pi {
                groups[name, default: []].append(p)
                let local = localIDs[Int(name)]
                if local != name { groups[local, default: []].append(p) }
            }
            p = Node.Kind(rawValue: record.rawKind)!.isContainer ? record.a : p + 1
        }
        self.byName = groups
    }

    /// The children a key with name id `id` selects.
    @inline(__always) subscript(id: UInt32) -> [UInt32] { byName[id] ?? [] }
}
