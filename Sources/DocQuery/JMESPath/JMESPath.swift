/// A compiled JMESPath expression: the standard language for reshaping
/// JSON, over DocQuery's tree, for JSON and XML documents alike, with
/// JMESPath Community's additions (arithmetic, `cond ? a : b`, `let $x = …
/// in …`, the root `$`, string slices, string functions, `group_by`, …).
///
/// ```swift
/// let titles = try JMESPath("channel.item[*].{title: title, date: pubDate}")
/// let result = try feed.query(titles)          // or titles.evaluate(on: feed)
/// let pairs = try result.decode([Headline].self)
/// ```
///
/// Compile once, evaluate on any number of documents from any number of
/// tasks. An expression that does not compile throws a ``QueryError``
/// whose range points at the problem; an expression that fails while
/// evaluating (a function given the wrong type, arithmetic on a string, an
/// unbound variable) throws one too. Two expressions are equal when they
/// were written the same way and bind the same values
/// (`init(_:parameters:)`).
///
/// XML documents are seen through the mapping that
/// `Node.jsonString(pretty:)` writes: see docs/JMESPath.md.
public struct JMESPath: Sendable, Hashable, CustomStringConvertible {
    /// What the expression compiled to (one reference, so copies are cheap).
    let program: JMESProgram

    /// The expression as written.
    public var description: String { program.source }

    /// Compiles an expression.
    ///
    /// - Throws: ``QueryError`` when the expression is malformed, names an
    ///   unknown function or calls one with the wrong number of arguments.
    public init(_ expression: String) throws(QueryError) {
        var parser = try JMESParser(expression)
        let tree = try parser.parse()
        self.program = JMESProgram(source: expression, expression: tree, keys: parser.keys, usesScope: parser.usesScope, readsRoot: parser.readsRoot)
    }

    /// Evaluates the expression on the document's root (the root element
    /// of XML, the top-level value of JSON), as a key path starts.
    ///
    /// - Throws: ``QueryError`` when a function is given an argument of the
    ///   wrong type. An expression whose value is `null` returns an empty result.
    public func evaluate(on document: Document) throws(QueryError) -> QueryResult {
        let (evaluator, value) = try run(on: document, from: nil)
        return evaluator.result(value, origin: QueryOrigin(start: []))
    }

    /// Evaluates the expression on a node.
    ///
    /// The result is a ``QueryResult`` like a key path's: a value taken from
    /// the document is a node match (with its canonical path); an array of
    /// such values gives one match per element; anything the expression
    /// built (objects, arrays holding built values, numbers from functions)
    /// is one match whose node lives in a small JSON document of its own, so
    /// it prints, serializes and decodes like any node. `null` is an empty result.
    public func evaluate(on node: Node) throws(QueryError) -> QueryResult {
        let (evaluator, value) = try run(on: node.document, from: .node(node.index))
        // No trail to replay: a JMESPath result explains nothing beyond being empty.
        return evaluator.result(value, origin: QueryOrigin(start: []))
    }

    /// Evaluates on `value` (the document's root when `nil`), returning the
    /// evaluator (which knows how to read the result) and the result.
    /// Inlined into its callers so that the evaluator, the value and the
    /// result are not copied from frame to frame (a tenth of a one-key
    /// expression's time).
    @inline(__always)
    func run(on document: Document, from value: JMESValue?) throws(QueryError) -> (JMESEvaluator, JMESValue) {
        let keyIDs = program.keys.isEmpty ? [] : program.keyIDs.ids(of: program.keys, in: document.table.names)
        let evaluator = JMESEvaluator(document: document, program: program, keyIDs: keyIDs)
        if program.usesScope { return try evaluateInScope(evaluator, from: value) }
        return (evaluator, try evaluator.evaluate(program.expression, value ?? .node(evaluator.rootIndex)))
    }

    /// ``evaluate(on:from:keyIDs:)`` for an expression that reads `$` or a
    /// variable: the evaluation gets a scope whose root is where it starts.
    /// Kept apart so that other expressions pay one test for it.
    @inline(never)
    private func evaluateInScope(_ evaluator: JMESEvaluator, from value: JMESValue?)
        throws(QueryError) -> (JMESEvaluator, JMESValue)
    {
        var evaluator = evaluator
        let start = value ?? .node(evaluator.rootIndex)
        let scope = JMESScope(root: start)
        evaluator.scope = scope
        let result = try evaluator.evaluate(program.expression, start)
        evaluator.scope = nil
        return (evaluator, result)
    }

    /// The result of evaluating on the document's root, as compact JSON.
    func jsonString(on document: Document) throws(QueryError) -> String {
        let (evaluator, value) = try run(on: document, from: nil)
        return evaluator.jsonString(value)
    }

    /// The names of the built-in functions, for completion.
    package static var functionNames: [String] { JMESFunction.allCases.map(\.rawValue).sorted() }

    public static func == (lhs: JMESPath, rhs: JMESPath) -> Bool {
        lhs.description == rhs.description && lhs.program.bound == rhs.program.bound
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
        hasher.combine(program.bound)
    }
}
