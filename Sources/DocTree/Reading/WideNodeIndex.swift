#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Key indexes for wide nodes, built lazily and kept with the document.
///
/// A key step scans a node's children, comparing interned name ids. For a
/// node with many children (``minimumChildren``) that scan would be repeated
/// on every query, so the second time a key is looked up on the same wide
/// node, its named children are grouped by name id once (``ChildGroups``)
/// and later lookups read the group directly. One-off queries therefore never pay for
/// building an index they use once.
///
/// The instance lives in the document's ``DerivedDataCache``, so it is shared
/// by every query, JMESPath expression and decoder on that document and
/// freed with it. It is the one member index: every lookup by name, for
/// every reader (key paths and their filters, the JMESPath view, the
/// decoder, canonical paths, docq's leaf paths), goes through the member
/// lookup of `Document+Members.swift`, which asks it.
package final class WideNodeIndex {
    /// A node is wide when it has at least this many children. Below that a
    /// scan of the children is faster than locking and hashing.
    package static let minimumChildren = 128
    /// XML elements keep no child count: those with at least this many
    /// records below them are counted on their second lookup.
    package static let minimumRecords: UInt32 = 256

    /// Whether the node at `node` may be wide: an object with at least
    /// ``minimumChildren`` members, or another container spanning at least
    /// ``minimumRecords`` records.
    @inline(__always) static func mayBeWide(_ node: UInt32, _ record: NodeRecord) -> Bool {
        record.kind == .object ? record.b >= minimumChildren : record.a &- node >= minimumRecords
    }

    private enum Entry {
        case seen
        case narrow
        case built(ChildGroups)
    }

    private let lock = Lock()
    private var entries: [UInt32: Entry] = [:]

    /// The grouped children of `node`, or `nil` when the caller should scan:
    /// the first time it is asked for (unless `now`), and for nodes that turn
    /// out to have fewer than ``minimumChildren`` children.
    package func groups(for node: UInt32, in table: NodeTable, now: Bool = false) -> ChildGroups? {
        lock.lock()
        let entry = entries[node]
        switch entry {
        case .built(let groups)?:
            lock.unlock()
            return groups
        case .narrow?:
            lock.unlock()
            return nil
        case nil where !now:
            entries[node] = .seen
            lock.unlock()
            return nil
        case .seen?, nil:
            lock.unlock()
            let groups = ChildGroups(of: node, in: table)
            let isWide = groups.childCount >= Self.minimumChildren
            lock.lock()
            entries[node] = isWide ? .built(groups) : .narrow
            lock.unlock()
            return isWide ? groups : nil
        }
    }
}

/// The named children of one node (attributes, child elements, JSON
/// members), grouped by name id in document order. An XML child named
/// `soap:Body` is listed under `soap:Body` and under `Body`, so the group of
/// an id is exactly what a key step with that key yields.
package final class ChildGroups: Sendable {
    package let byName: [UInt32: [UInt32]]
    /// How many children the node has (named or not).
    package let childCount: Int

    package init(of node: UInt32, in table: NodeTable) {
        let nodes = table.nodes.buffer
        let localIDs = table.names.localNameIDs
        var groups: [UInt32: [UInt32]] = [:]
        var count = 0
        var p = node + 1
        let end = table.subtreeEnd(node)
        let pi = Node.Kind.processingInstruction
        while p < end {
            let record = nodes[Int(p)]
            count += 1
            let name = record.nameID
            if name != 0 && record.kind != pi {
                groups[name, default: []].append(p)
                let local = localIDs[Int(name)]
                if local != name { groups[local, default: []].append(p) }
            }
            p = record.subtreeEnd(at: p)
        }
        self.byName = groups
        self.childCount = count
    }

    /// The children a key with name id `id` selects.
    @inline(__always) package subscript(id: UInt32) -> [UInt32] { byName[id] ?? [] }
}

extension Array where Element: Comparable {
    /// How many elements of this ascending array are below `value`: the
    /// position of `value` when it is there, found by binary search. The one
    /// halving search over sorted positions: node indexes, line starts.
    @inlinable
    package func ordinal(of value: Element) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
