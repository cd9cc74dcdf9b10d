#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A handle to one node of a ``Document``: the document and the node's index.
///
/// A node is two words, costs nothing to copy, and keeps its document alive.
/// Everything it offers is read from the document's flat table on request;
/// text becomes a `String` only when you ask for it.
///
/// ## What a node can be
///
/// See ``Kind-swift.enum``. XML elements have a ``name``, ``attributes``,
/// ``children`` (elements, text runs and any kept comments) and a ``string``
/// (their own character data). JSON objects have members, each a node whose
/// ``name`` is its key; arrays have elements; scalars have a ``string``
/// value and typed accessors.
///
/// ```swift
/// let user = doc.root.children(named: "auth").first?.children(named: "user").first
/// let username = user?.attribute(named: "username")?.string   // "bob"
/// ```
public struct Node: Sendable, Hashable {
    /// The document this node belongs to.
    public let document: Document
    /// The node's position in document order (0 is the document node).
    package let index: UInt32

    package init(document: Document, index: UInt32) {
        self.document = document
        self.index = index
    }

    @inline(__always) package var record: NodeRecord { document.table.nodes[Int(index)] }

    /// What this node is.
    public var kind: Kind { record.kind }

    /// The element, attribute or processing-instruction name as written
    /// (`soap:Body`), or the member key of a JSON value; `nil` for array
    /// elements, text, and other unnamed nodes.
    public var name: String? {
        let id = record.nameID
        // Id 0 means unnamed; the empty JSON key "" has an id of its own.
        return id == 0 ? nil : document.table.names[id]
    }

    /// The name without its namespace prefix (`Body` for `soap:Body`).
    public var localName: String? {
        let id = record.nameID
        guard id != 0 else { return nil }
        let names = document.table.names
        return names[names.localNameIDs[Int(id)]]
    }

    /// The namespace prefix of an XML name (`soap` for `soap:Body`), or `nil`.
    public var prefix: String? {
        guard document.format == .xml, let name, let colon = name.firstIndex(of: ":") else { return nil }
        return String(name[..<colon])
    }

    /// The namespace URI of an XML element or attribute, or `nil` when it has none.
    public var namespaceURI: String? {
        let record = self.record
        let table = document.table
        switch record.kind {
        case .element:
            return record.b == 0 ? nil : table.names[record.b]
        case .attribute:
            return table.attributeNamespaces[record: index, name: record.nameID].map { table.names[$0] }
        default:
            return nil
        }
    }

    /// The node that contains this one; `nil` for the document node.
    /// The root's parent is the ``Document/documentNode``.
    ///
    /// The first call on a document derives every node's parent in one pass
    /// over it (4 bytes per node, kept with the document): nodes store no
    /// parent link.
    public var parent: Node? {
        guard index != 0 else { return nil }
        return Node(document: document, index: document.parentTable.parents[Int(index)])
    }

    /// Whether this is the JSON `null`.
    public var isNull: Bool { record.kind == .null }

    public static func == (lhs: Node, rhs: Node) -> Bool {
        lhs.index == rhs.index && lhs.document === rhs.document
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(document))
        hasher.combine(index)
    }
}

// MARK: - Values a node stands for

extension Node {
    /// The nodes this node stands for as a value: a JSON array's elements,
    /// otherwise the node itself. The same rule makes a path that ends on a
    /// lone JSON array count, list and iterate its elements.
    public var nodes: [Node] {
        guard record.kind == .array else { return [self] }
        return Array(children)
    }

    /// The ``string`` of every node in ``nodes`` that has one:
    /// `["swift", "xml"]` for the array `["swift", "xml"]`, `["bob"]` for
    /// the string `"bob"`, `[]` for an object.
    public var strings: [String] { nodes.compactMap(\.string) }

    /// The node's text as a date: strict ISO 8601 when `format` is `nil`,
    /// else the whole text in a `DateFormatter` pattern such as
    /// `"yyyyMMdd"` (read with the `en_US_POSIX` locale).
    ///
    /// ISO 8601 here means exactly these forms (XML whitespace around them
    /// is ignored): `2024-04-10` (midnight), `2024-04-10T09:00`,
    /// `2024-04-10T09:00:00`, fractional seconds `…09:00:00.250`, each with
    /// an optional zone `Z`, `+09:00`, `+0900` or `+09`. A single space may
    /// stand for the `T` (`2024-04-10 09:00:00`, as RFC 3339 allows). The
    /// basic format, without `-` and `:`, is read too: `20180613`,
    /// `20180613T0900`, `20180613T090000Z`, `20180613T090000.5+0900` (all
    /// basic or all extended: `2018-0613` is not a date). Every
    /// field is checked: `2024-02-30`, `2024-04-10T25:00:00Z` and
    /// `2024-04-10junk` give `nil`. Text without a zone is read in
    /// `timeZone` (default UTC). The decoder's `.iso8601` strategy reads
    /// dates with the same rules.
    public func date(format: String? = nil, timeZone: TimeZone = .gmt) -> Date? {
        string.flatMap { DateText.date($0, format: format, timeZone: timeZone) }
    }
}
