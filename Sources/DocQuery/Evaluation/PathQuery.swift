#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
/// when they were written the same way and bind the same values.
public struct PathQuery: Sendable, Hashable, CustomStringConvertible {
    /// The path as written.
    public let description: String
    let steps: [Step]
    /// The distinct keys the steps use, in slot order.
    let keys: [String]
    /// The name ids of ``keys`` in the last document evaluated on, so a query
    /// run again and again on one document hashes its keys once.
    let keyIDs = KeyIDCache()
    /// The values bound to `$name` placeholders, written out (`""` when none).
    private var bound = ""
    /// The step from which the values the steps take are some of several
    /// that reach it in a larger whole: from there a filter tests an array
    /// whole, as it tests each of several values, where it would open a
    /// lone one (``Evaluator/run(_:_:tracing:oneOfSeveralFrom:)``). A
    /// streamed edit's value, one of many its leading steps reach: 0; a
    /// batch of a spread array's elements, whose later filters several
    /// values reach in the document: 1. `nil`: the usual rule. Not part of
    /// equality: the path is the same.
    var amongOthersFrom: Int?

    /// The longest path compiled unless a limit is given: 65 536 UTF-8 bytes.
    public static let defaultMaxLength = 65_536

    /// Compiles a path.
    ///
    /// - Parameters:
    ///   - path: the path.
    ///   - maxLength: the longest path accepted, in UTF-8 bytes; a longer
    ///     one fails with ``QueryError/Kind-swift.struct/pathTooLong`` before
    ///     it is read (paths typed by people, or built from input, stay
    ///     cheap to reject).
    /// - Throws: ``QueryError`` when the path is malformed or too long.
    public init(_ path: String, maxLength: Int = PathQuery.defaultMaxLength) throws(QueryError) {
        guard path.utf8.count <= maxLength else { throw Self.tooLong(path, maxLength: maxLength) }
        let parsed = try Parser.parse(path)
        self.init(description: path, steps: parsed.steps, keys: parsed.keys)
    }

    /// Compiles a path whose `$name` placeholders take the given values.
    ///
    /// A placeholder stands for one filter value (`[?name == $name]`,
    /// `[?price > $min]`) and its value is never read as path syntax, so
    /// quotes, backslashes or any other text in it are safe:
    ///
    /// ```swift
    /// let byName = try PathQuery("lists.list[?name == $name].id", parameters: ["name": "Bob's list"])
    /// ```
    ///
    /// Values may be a `String` (or `Substring`), any integer type,
    /// `Double`, `Float`, `Decimal`, `Bool`, or `nil` for `null`.
    /// Placeholders stand only for filter values, not for keys or indexes.
    ///
    /// With no values bound (an empty dictionary, or ``init(_:maxLength:)``),
    /// `$name` is an ordinary key, in queries and edits alike (`[?$ref ==
    /// 'x']` reads the key `$ref`). With values bound, a `$name` none of
    /// them names is an error, since it is most likely a misspelt one.
    ///
    /// - Throws: ``QueryError`` when the path is malformed, or a placeholder
    ///   has no value or a value of another type (kind
    ///   ``QueryError/Kind-swift.struct/expectedOperand``).
    public init(_ path: String, parameters: [String: (any Sendable)?]) throws(QueryError) {
        guard !parameters.isEmpty else {
            try self.init(path)
            return
        }
        guard path.utf8.count <= Self.defaultMaxLength else { throw Self.tooLong(path, maxLength: Self.defaultMaxLength) }
        let bindings = PathParameters(named: parameters)
        let parsed = try Parser.parse(path, parameters: bindings)
        self.init(description: path, steps: parsed.steps, keys: parsed.keys)
        bound = bindings.identity
    }

    /// Compiles a path whose placeholders `$0`, `$1`, … take `parameters`
    /// in order; see the form with names for the values allowed and for
    /// an empty array (no values bound: `$0` is a key).
    ///
    /// - Throws: ``QueryError`` as the named form does.
    public init(_ path: String, parameters: [(any Sendable)?]) throws(QueryError) {
        guard !parameters.isEmpty else {
            try self.init(path)
            return
        }
        guard path.utf8.count <= Self.defaultMaxLength else { throw Self.tooLong(path, maxLength: Self.defaultMaxLength) }
        let bindings = PathParameters(positional: parameters)
        let parsed = try Parser.parse(path, parameters: bindings)
        self.init(description: path, steps: parsed.steps, keys: parsed.keys)
        bound = bindings.identity
    }

    /// The error of a path over `maxLength` bytes, covering its characters past the limit.
    private static func tooLong(_ path: String, maxLength: Int) -> QueryError {
        var bytes = 0
        var scalars = 0
        for scalar in path.unicodeScalars {
            bytes += UTF8.width(scalar)
            if bytes > maxLength { break }
            scalars += 1
        }
        return QueryError(
            .pathTooLong, "the path is \(path.utf8.count) bytes long, more than the limit of \(maxLength)",
            path: path, scalarRange: scalars..<path.unicodeScalars.count)
    }

    init(description: String, steps: [Step], keys: [String]) {
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

    /// The items ``evaluate(on:)`` matches from `document`'s root, without
    /// the result around them (its origin, for explanations and paths): a
    /// streamed edit asks this of each small value it reads, to pass on
    /// those it does not touch.
    func items(from document: Document) throws(QueryError) -> [UInt32] {
        var evaluator = Evaluator(query: self, document: document)
        var items = [document.rootIndex]
        try evaluator.run(steps[...], &items, oneOfSeveralFrom: amongOthersFrom ?? .max)
        return items
    }

    /// This path's text and keys with other steps (a part of its own, or
    /// its steps changed), so that errors still point into the path as
    /// written.
    func withSteps(_ steps: some Sequence<Step>) -> PathQuery {
        var query = PathQuery(description: description, steps: Array(steps), keys: keys)
        query.amongOthersFrom = amongOthersFrom
        return query
    }

    /// Where the filters after the first step stand (`[?id > 5].tags[?. == 'a']`:
    /// 2). A filter opens an array that reaches it alone and tests each of
    /// several values whole, so what these test depends on how many values
    /// reach them in the whole input, which a part of it read on its own
    /// (a streamed batch) does not tell.
    var filtersAfterFirstStep: [Int] {
        steps.indices.dropFirst().filter { j in
            if case .filter = steps[j].kind { true } else { false }
        }
    }

    func evaluate(in scope: QueryScope, oneOfSeveral: Bool = false) throws(QueryError) -> QueryResult {
        if let error = scope.origin.error { throw error }
        var evaluator = Evaluator(query: self, document: scope.document, computed: scope.computed)
        evaluator.fannedOut = scope.isToMany
        var items = scope.items
        try evaluator.run(steps[...], &items, oneOfSeveralFrom: oneOfSeveral ? 0 : amongOthersFrom ?? .max)
        return QueryResult(
            document: scope.document, items: items, computed: evaluator.computed,
            isToMany: evaluator.fannedOut, origin: scope.origin.appending(self))
    }

    /// For a path of one `..name` (or `..*`) step, appends the matches
    /// below `start` in `document` to `out`, in document order: what
    /// evaluating it on `start` gives, by the evaluator's own walk
    /// (`Document.appendDescendants`) without an evaluator's setup, which a
    /// stream's `..` candidates would pay one by one (``StreamPlan/expansion``).
    func appendDescendants(below start: UInt32, in document: Document, into out: inout [UInt32]) {
        guard case .descendant(let slot) = steps.first?.kind else { return }
        let id = slot.map { keyIDs.ids(of: keys, in: document.table.names)[$0] }
        if id == 0 { return }  // no node has the name
        document.appendDescendants(ofEach: [start], below: UInt32(truncatingIfNeeded: document.table.nodes.count), named: id, into: &out)
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
        lhs.description == rhs.description && lhs.bound == rhs.bound
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
        hasher.combine(bound)
    }
}
