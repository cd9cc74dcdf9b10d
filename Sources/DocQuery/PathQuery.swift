/// A compiled path: parse once, evaluate on any number of documents or
/// nodes, from any number of tasks.
///
/// ```swift
/// let names = try PathQuery("lists._contents.name")
/// for doc in responses {
///     print(try names.evaluate(on: doc).strings)   // ["Inbox", "High Priority", "Personal"]
/// }
/// ```
///
/// The language is described in the "Path syntax" article and in
/// docs/PathLanguage.md. A path that does not compile throws a
/// ``QueryError`` with the position of the problem. Two queries are equal
/// when they were written the same way.
public struct PathQuery: Sendable, Hashable, CustomStringConvertible {
    /// The path as written.
    public let description: String
    let steps: [Step]
    /// The distinct keys the steps use, in slot order.
    let keys: [String]

    /// Compiles a path.
    ///
    /// - Throws: ``QueryError`` when the path is malformed.
    public init(_ path: String) throws(QueryError) {
        let parsed = try Parser.parse(path)
        self.init(description: path, steps: parsed.steps, keys: parsed.keys)
    }

    private init(description: String, steps: [Step], keys: [String]) {
        self.description = description
        self.steps = steps
        self.keys = keys
    }

    /// A path of one key, taken literally: no reserved names, no syntax.
    /// Its ``description`` is the key as it must be written in a path.
    public init(key: String) {
        let written = Syntax.quotedIfNeeded(key)
        self.init(description: written, steps: [Step(kind: .key(slot: 0), range: 0..<written.unicodeScalars.count)], keys: [key])
    }

    /// One member name as dynamic member lookup passes it: a reserved name
    /// when it is one, else a key.
    init(member: String) {
        if let reserved = ReservedName(rawValue: member) {
            self.init(description: member, steps: [Step(kind: .reserved(reserved), range: 0..<member.unicodeScalars.count)], keys: [])
        } else {
            self.init(key: member)
        }
    }

    /// `[index]`.
    init(index: Int) {
        let written = "[\(index)]"
        self.init(description: written, steps: [Step(kind: .index(index), range: 0..<written.unicodeScalars.count)], keys: [])
    }

    /// Evaluates the path from the document's root (the root element of
    /// XML, the top-level value of JSON).
    ///
    /// - Throws: ``QueryError`` when evaluation fails, such as `@sum` over
    ///   text. A path that finds nothing returns an empty result.
    public func evaluate(on document: Document) throws(QueryError) -> QueryResult {
        try evaluate(in: document.queryScope)
    }

    /// Evaluates the path from a node. Canonical paths of the matches are
    /// still from the document's root.
    public func evaluate(on node: Node) throws(QueryError) -> QueryResult {
        try evaluate(in: node.queryScope)
    }

    /// Evaluates the path from the matches of an earlier result, as if its
    /// steps continued that result's path.
    public func evaluate(on result: QueryResult) throws(QueryError) -> QueryResult {
        try evaluate(in: result.queryScope)
    }

    func evaluate(in scope: QueryScope) throws(QueryError) -> QueryResult {
        if let error = scope.origin.error { throw error }
        var evaluator = Evaluator(query: self, document: scope.document, computed: scope.computed)
        evaluator.fannedOut = scope.isToMany
        var items = scope.items
        try evaluator.run(steps[...], &items)
        return QueryResult(
            document: scope.document, items: items, computed: evaluator.computed,
            isToMany: evaluator.fannedOut, origin: scope.origin.appending(self))
    }

    /// Evaluates, turning a failure into an empty result whose explanation
    /// carries the error (for the non-throwing subscripts).
    func evaluateCapturingError(in scope: QueryScope) -> QueryResult {
        do {
            return try evaluate(in: scope)
        } catch {
            return QueryResult(failed: error, in: scope, query: self)
        }
    }

    /// The canonical path of a node from its document's root (`.` for the
    /// root itself), or `nil` for text runs, comments, processing
    /// instructions and the document node, which no path selects.
    public static func canonicalPath(of node: Node) -> String? {
        var builder = CanonicalPathBuilder(document: node.document)
        return builder.path(of: node.index).map { $0.isEmpty ? "." : $0 }
    }

    /// A key as it must be written in a path: unchanged when it is a valid
    /// bare key, otherwise double-quoted with JSON escapes (`"a.b"`,
    /// `"_contents"`, `"@type"`).
    public static func quotedKey(_ key: String) -> String {
        Syntax.quotedIfNeeded(key)
    }

    public static func == (lhs: PathQuery, rhs: PathQuery) -> Bool {
        lhs.description == rhs.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
