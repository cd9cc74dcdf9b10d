import DocTree

extension JMESParser {
    /// The value bound to the `$name` of `token`, as a literal of the
    /// expression: the value itself, never text read as syntax.
    func boundValue(_ token: JMESToken) throws(QueryError) -> JMESValue {
        let unbound = { (message: String) in
            QueryError(.expectedOperand, message, path: self.expression, scalarRange: token.range)
        }
        guard let parameters else {
            throw unbound("no value is bound to $\(token.text) (bind it with JMESPath(_:parameters:), or docq --arg / --argjson)")
        }
        switch try parameters.value(for: token.text, error: unbound) {
        case .string(let text): return .string(text)
        case .number(let text): return .number(Double(text) ?? 0)
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        case .node(let node):
            // Through the literal reader, so that a value nested too deep
            // to evaluate is refused as a literal is.
            guard let value = JMESLexer.jsonValue(node.jsonString(pretty: false)) else {
                throw unbound("$\(token.text) is bound to a value nested more than \(JMESParser.maxDepth) levels deep")
            }
            return value
        }
    }
}
