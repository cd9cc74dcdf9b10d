/// Computing an edit's value (``Edit/set(_:computedBy:parameters:)``).
extension JMESPath {
    /// The value the expression computes for `match` (`nil`: on `null`),
    /// with `$` the root of `document` and arithmetic decimal and exact
    /// (``ExactArithmetic``), as an edit writes it; `nil` when it is `null`.
    func editContent(on match: Node?, in document: Document) throws(QueryError) -> EditValue.Content? {
        let keyIDs = program.keys.isEmpty ? [] : program.keyIDs.ids(of: program.keys, in: document.table.names)
        var evaluator = JMESEvaluator(document: document, program: program, keyIDs: keyIDs)
        evaluator.exactArithmetic = true
        if program.usesScope { evaluator.scope = JMESScope(root: .node(evaluator.rootIndex)) }
        let value = try evaluator.evaluate(program.expression, match.map { .node($0.index) } ?? .null)
        if evaluator.isNull(value) { return nil }
        return evaluator.editContent(value)
    }
}

extension JMESEvaluator {
    /// A value as an edit writes it: a node of the document as it is
    /// written there (``EditValue/content(of:)``), a built value member by member.
    func editContent(_ value: JMESValue) -> EditValue.Content {
        switch value {
        case .null, .expression: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(Self.numberText(number))
        case .decimal(let exact): return .number(exact.description)
        case .string(let text): return .string(text)
        case .node(let index): return EditValue.content(of: Node(document: document, index: resolved(index)))
        case .array, .repeated, .nodes:
            var elements: [EditValue.Content] = []
            _ = try! forEachElement(value) { (element: JMESValue) throws(QueryError) in elements.append(editContent(element)) }
            return .array(elements)
        case .object(let object):
            return .object(zip(object.keys, object.values).map { EditValue.Member(key: $0, value: editContent($1)) })
        }
    }
}
