/// A compiled JMESPath expression: the standard language for reshaping
/// JSON, over DocQuery's tree, for JSON and XML documents alike.
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
/// evaluating (a function given the wrong type) throws one too. Two
/// expressions are equal when they were written the same way.
///
/// XML documents are seen through the mapping that
/// `Node.jsonString(pretty:)` writes: see docs/JMESPath.md.
public struct JMESPath: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written.
    public let description: String
    let expression: JMESExpression
    /// The distinct identifiers of the expression, by slot.
    let keys: [String]
    /// The keys' name ids in the last document evaluated on.
    let keyIDs = KeyIDCache()

    /// Compiles an expression.
    ///
    /// - Throws: ``QueryError`` when the expression is malformed, names an
    ///   unknown function or calls one with the wrong number of arguments.
    public init(_ expression: String) throws(QueryError) {
        var parser = try JMESParser(expression)
        self.expression = try parser.parse()
        self.keys = parser.keys
        self.description = expression
    }

    /// Evaluates the expression on the document's root (the root element
    /// of XML, the top-level value of JSON), as a key path starts.
    ///
    /// - Throws: ``QueryError`` when a function is given an argument of the
    ///   wrong type. An expression whose value is `null` returns an empty result.
    public func evaluate(on document: Document) throws(QueryError) -> QueryResult {
        try evaluate(on: document.root)
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

    /// Evaluates on `value`, returning the evaluator (which knows how to
    /// read the result) and the result.
    func run(on document: Document, from value: JMESValue) throws(QueryError) -> (JMESEvaluator, JMESValue) {
        let evaluator = JMESEvaluator(document: document, keys: keys, keyIDs: keyIDs, source: description)
        return (evaluator, try evaluator.evaluate(expression, value))
    }

    /// The result of evaluating on the document's root, as compact JSON.
    func jsonString(on document: Document) throws(QueryError) -> String {
        let (evaluator, value) = try run(on: document, from: .node(document.root.index))
        return evaluator.jsonString(value)
    }

    /// The names of the built-in functions, for completion.
    package static var functionNames: [String] { JMESFunction.allCases.map(\.rawValue).sorted() }

    public static func == (lhs: JMESPath, rhs: JMESPath) -> Bool {
        lhs.description == rhs.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
