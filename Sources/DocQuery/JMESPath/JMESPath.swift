/// A compiled JMESPath expression: the standard language for reshaping
/// JSON, over DocQuery's tree, for JSON and XML documents alike.
///
/// ```swift
/// let titles = try JMESPath("channel.item[*].{title: title, date: pubDate}")
/// let result = try titles.evaluate(on: feed)
/// ```
///
/// Compile once, evaluate on any number of documents from any number of
/// tasks. An expression that does not compile throws a ``QueryError``
/// whose range points at the problem; an expression that fails while
/// evaluating (a function given the wrong type) throws one too. Two
/// expressions are equal when they were written the same way.
///
/// XML documents are seen through the mapping that
/// ``Node/jsonString(pretty:)`` writes: see docs/JMESPath.md.
public struct JMESPath: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written.
    public let description: String
    let expression: JMESExpression
    /// The distinct identifiers of the expression, by slot.
    let keys: [String]

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

    /// Evaluates on `value`, returning the evaluator (which knows how to
    /// read the result) and the result.
    func run(on document: Document, from value: JMESValue) throws(QueryError) -> (JMESEvaluator, JMESValue) {
        let evaluator = JMESEvaluator(document: document, keys: keys, source: description)
        return (evaluator, try evaluator.evaluate(expression, value))
    }

    /// The result of evaluating on the document's root, as compact JSON.
    func jsonString(on document: Document) throws(QueryError) -> String {
        let (evaluator, value) = try run(on: document, from: .node(document.root.index))
        return evaluator.jsonString(value)
    }

    public static func == (lhs: JMESPath, rhs: JMESPath) -> Bool {
        lhs.description == rhs.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
