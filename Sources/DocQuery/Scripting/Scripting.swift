/// Values a path can start from: `Document`, `Node`, ``Match`` and ``QueryResult``.
///
/// The protocol brings dynamic member lookup and subscripts, so reading a
/// value takes one line:
///
/// ```swift
/// let username = doc.auth.user.username.string    // "bob"
/// let names = doc.lists.list.name.strings          // ["Inbox", "High Priority", "Personal"]
/// let same = doc["auth.user.username"].string      // a whole path
/// let first = doc.lists.list[0].name.string        // an index
/// let smart = try doc.query("lists.list[?smart == 1].name")   // throws on a bad path
/// let bobs = try doc.query("lists.list[?name == $name]", ["name": "Bob's list"])   // a bound value
/// ```
///
/// ## Members hide keys
///
/// `doc.name` reads the key `name` only when the type has no member of that
/// name. ``QueryResult`` and ``Match`` declare the value accessors `string`,
/// `strings`, `int`, `int64`, `uint64`, `double`, `decimal`, `bool`,
/// `date(format:timeZone:)`, `node` and `nodes`, and a few more (`path`,
/// `count`, `first`, `isEmpty`, `paths`, `explanation`, `value`, `parent`,
/// `query`); a result also inherits `Sequence`'s methods (`filter`, `map`,
/// `min`, `max`, `sorted`, …). `Node` declares `name`, `kind`, `string`,
/// `text`, `children`, `attributes`, `parent` and more. Such a name reads
/// the member, not the key: `doc.lists.list.filter` is `Sequence.filter`,
/// so `doc.lists.list.filter.string` does not compile. A subscript always
/// reaches the key: `doc["count"]`, `result["filter"].string`.
///
/// ## Errors
///
/// The subscripts and member lookups never throw. A path that does not
/// compile (or fails to evaluate) gives an empty result whose
/// ``QueryResult/explanation`` carries the ``QueryError``; ``query(_:)-(String)``
/// throws it instead.
///
/// Only DocQuery's own types conform; conforming another type is a
/// programming error that stops the program on its first query.
@dynamicMemberLookup
public protocol PathQueryable: Sendable {}

/// The conformance that does the work behind ``PathQueryable``: where a
/// path evaluated on the value starts. Internal, so the starting point stays
/// off the public surface.
protocol QueryStart {
    var queryScope: QueryScope { get }
}

/// Where a path starts: the document, the starting values, and how they
/// were reached (for explanations).
struct QueryScope: Sendable {
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
    /// The error that produced an empty result, if one did.
    var error: QueryError? {
        get { failure?.error }
        set { failure = newValue.map(Failure.init) }
    }
    /// The error, boxed: it is rare, and held inline it made every
    /// ``QueryResult`` (which holds an origin) 48 bytes longer to return,
    /// copy and destroy.
    private var failure: Failure? = nil

    init(start: [UInt32]) {
        self.start = start
    }

    private final class Failure: Sendable {
        let error: QueryError
        init(_ error: QueryError) { self.error = error }
    }

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
    /// Where a path evaluated on this value starts.
    var queryScope: QueryScope {
        guard let start = self as? any QueryStart else {
            preconditionFailure("\(Self.self) conforms to PathQueryable, which only DocQuery's types may do")
        }
        return start.queryScope
    }

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

    /// Evaluates a path whose `$name` placeholders take the given values,
    /// which never change the path's structure whatever text they hold:
    ///
    /// ```swift
    /// let bobs = try doc.query("lists.list[?name == $name]", ["name": "Bob's list"])
    /// ```
    ///
    /// See `PathQuery.init(_:parameters:)` (the form with names) for the values allowed.
    ///
    /// - Throws: ``QueryError`` when the path is malformed, names a
    ///   parameter that has no value, or cannot be evaluated.
    public func query(_ path: String, _ parameters: [String: (any Sendable)?]) throws(QueryError) -> QueryResult {
        try PathQuery(path, parameters: parameters).evaluate(in: queryScope)
    }

    /// Evaluates a path whose placeholders `$0`, `$1`, … take the values
    /// in order: `doc.query("items[?price > $0 && kind == $1]", [10, "book"])`.
    ///
    /// - Throws: ``QueryError`` as the form with named parameters does.
    public func query(_ path: String, _ parameters: [(any Sendable)?]) throws(QueryError) -> QueryResult {
        try PathQuery(path, parameters: parameters).evaluate(in: queryScope)
    }

    /// Evaluates a compiled path.
    ///
    /// - Throws: ``QueryError`` when the path cannot be evaluated.
    public func query(_ path: PathQuery) throws(QueryError) -> QueryResult {
        try path.evaluate(in: queryScope)
    }
}

extension Document: PathQueryable, QueryStart {
    /// Paths on a document start at its root.
    var queryScope: QueryScope {
        let root = self.root.index
        return QueryScope(document: self, items: [root], computed: [], isToMany: false, origin: QueryOrigin(start: [root]))
    }
}

extension Node: PathQueryable, QueryStart {
    /// Paths on a node start at that node.
    var queryScope: QueryScope {
        QueryScope(document: document, items: [index], computed: [], isToMany: false, origin: QueryOrigin(start: [index]))
    }
}

extension Match: QueryStart {
    /// Paths on a match start at its value.
    var queryScope: QueryScope {
        guard let computed else {
            return QueryScope(document: document, items: [index], computed: [], isToMany: false, origin: QueryOrigin(start: [index]))
        }
        let item = UInt32(truncatingIfNeeded: document.table.nodes.count)
        return QueryScope(document: document, items: [item], computed: [computed], isToMany: false, origin: QueryOrigin(start: [item]))
    }
}
