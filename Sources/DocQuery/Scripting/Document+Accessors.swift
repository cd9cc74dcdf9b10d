#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The value accessors of ``QueryResult``, ``Match`` and `Node`, on a
/// document: each reads the document's root as the path `.` selects it,
/// so `doc.count` on a document whose root is an array of 3 is `3`, as
/// `doc["."].count` is, and `doc.string` is the root's text.
///
/// As on the other types, a declared member hides a key of the same name:
/// `doc["count"]` is the key.
extension Document {
    /// The root as the path `.` selects it.
    private var rootResult: QueryResult { PathQuery.wholeDocument.evaluateCapturingError(in: queryScope) }

    /// How many values the root is: a root array's element count, else 1.
    public var count: Int { rootResult.count }
    /// Whether the root is an empty array.
    public var isEmpty: Bool { rootResult.isEmpty }
    /// The root's first value (a root array's first element).
    public var first: Match? { rootResult.first }
    /// The root's text (a root array's first element's).
    public var string: String? { rootResult.string }
    /// The text of each of the root's values.
    public var strings: [String] { rootResult.strings }
    /// The root as an `Int`, when it is one exactly.
    public var int: Int? { rootResult.int }
    /// The root as an `Int64`, when it is one exactly.
    public var int64: Int64? { rootResult.int64 }
    /// The root as a `UInt64`, when it is one exactly.
    public var uint64: UInt64? { rootResult.uint64 }
    /// The root as a `Double`.
    public var double: Double? { rootResult.double }
    /// The root as a `Decimal`, when it is one exactly.
    public var decimal: Decimal? { rootResult.decimal }
    /// The root as a `Bool`.
    public var bool: Bool? { rootResult.bool }
    /// The root's text as a date (see `Node.date(format:timeZone:)`).
    public func date(format: String? = nil, timeZone: TimeZone = .gmt) -> Date? {
        rootResult.date(format: format, timeZone: timeZone)
    }
    /// The root's node (a root array's first element).
    public var node: Node? { rootResult.node }
    /// The root's nodes (a root array's elements).
    public var nodes: [Node] { rootResult.nodes }
}

extension PathQuery {
    /// The path `.`, compiled once.
    static let wholeDocument = try! PathQuery(".")
}
