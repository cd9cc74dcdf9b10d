/// Values a path can start from: ``Document``, ``Node`` and ``QueryResult``.
///
/// The protocol brings dynamic member lookup and subscripts, so reading a
/// value takes one line:
///
/// ```swift
/// doc.auth.user.username.string        // "bob"
/// doc.lists.list.name.strings          // ["Inbox", "High Priority", "Personal"]
/// doc["auth.user.username"].string     // a whole path
/// doc.items[0].nameID.string             // an index
/// try doc.query("lists.list[?smart == 1].nameID")   // throws on a bad path
/// ```
///
/// ## Members hide keys
///
/// `doc.name` reads the key `name` only when the type has no member of that
/// name. ``QueryResult`` declares `string`, `strings`, `int`, `double`,
/// `decimal`, `bool`, `date`, `node`, `nodes`, `first`, `count`, `isEmpty`,
/// `paths`, `explanation` and `query`, and inherits `Sequence`'s methods (`filter`,
/// `map`, `min`, `max`, `first`, …); ``Node`` declares `name`, `kind`,
/// `string`, `text`, `children`, `attributes`, `parent`, `value` and more.
/// A subscript always works: `doc["count"]`, `result["filter"]`.
///
/// ## Errors
///
/// The subscripts and member lookups never throw. A path that does not
/// compile (or fails to evaluate) gives an empty result whose
/// ``QueryResult/explanation`` carries the ``QueryError``; ``query(_:)-(String)``
/// throws it instead.
///
/// Only DocQuery's own types can conform: the requirement's type has no
/// public initializer.
@dynamicMemberLookup
public protocol PathQueryable: Sendable {
    /// Where a path evaluated on this value starts.
    var queryScope: QueryScope { get }
}

/// Where a path starts: the document, the starting values, and how they
/// were reached (for explanations). Opaque; obtained from ``PathQueryable/queryScope``.
public struct QueryScope: Sendable {
    let document: Document
    let items: [UInt32]
    let computed: [ComputedValue]
    let isToMany: Bool
    let origin: QueryOrigin
}

/// How a result was reached: the start of the first path and every path
/// evaluated since, in order (dynamic member chains add one per member).
struct QueryOrigin: Sendable {
    var start: [UInt32]
    var trail: [PathQuery] = []
    var error: QueryError? = nil

    func appending(_ query: PathQuery) -> QueryOrigin {
        var copy = self
        copy.trail.append(query)
        return copy
    }

    /// The trail written as one path, with the character offset at which
    /// each segment starts.
    var joined: (text: String, offsets: [Int]) {
        var text = ""
        var offsets: [Int] = []
        for query in trail {
            let segment = query.description
            if !text.isEmpty, !segment.hasPrefix("["), !segment.isEmpty { text += "." }
            offsets.append(text.count)
            text += segment
        }
        return (text, offsets)
    }
}

extension PathQueryable {
    /// The values one key (or reserved name) selects: `doc.auth.user`.
    public subscript(dynamicMember key: String) -> QueryResult {
        PathQuery(member: key).evaluateCapturingError(in: queryScope)
    }

    /// The values a path selects: `doc["auth.user.username"]`, `doc["count"]`.
    /// A malformed path gives an empty result whose explanation carries the error.
    public subscript(_ path: String) -> QueryResult {
        let scope = queryScope
        let query: PathQuery
        do {
            query = try PathQuery(path)
        } catch {
            return QueryResult(failed: error, in: scope, query: nil)
        }
        return query.evaluateCapturingError(in: scope)
    }

    /// The value at an index, as the path `[index]` selects it: the element
    /// of a lone JSON array, otherwise the index-th value (negative counts
    /// from the end). Out of range gives an empty result.
    public subscript(_ index: Int) -> QueryResult {
        PathQuery(index: index).evaluateCapturingError(in: queryScope)
    }

    /// Evaluates a path.
    ///
    /// - Throws: ``QueryError`` when the path is malformed or cannot be evaluated.
    public func query(_ path: String) throws(QueryError) -> QueryResult {
        try PathQuery(path).evaluate(in: queryScope)
    }

    /// Evaluates a compiled path.
    ///
    /// - Throws: ``QueryError`` when the path cannot be evaluated.
    public func query(_ path: PathQuery) throws(QueryError) -> QueryResult {
        try path.evaluate(in: queryScope)
    }
}

extension Document: PathQueryable {
    /// Paths on a document start at its root.
    public var queryScope: QueryScope {
        let root = self.root.index
        return QueryScope(document: self, items: [root], computed: [], isToMany: false, origin: QueryOrigin(start: [root]))
    }
}

extension Node: PathQueryable {
    /// Paths on a node start at that node.
    public var queryScope: QueryScope {
        QueryScope(document: document, items: [index], computed: [], isToMany: false, origin: QueryOrigin(start: [index]))
    }
}
