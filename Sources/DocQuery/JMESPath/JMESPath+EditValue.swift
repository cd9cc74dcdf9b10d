/// An expression computing edit values (``Edit/set(_:computedBy:parameters:)``)
/// on one document: one evaluator for every match, with `$` the document's
/// root and arithmetic decimal and exact (``ExactArithmetic``).
struct JMESEditComputation {
    let expression: JMESPath
    private let evaluator: JMESEvaluator

    init(_ expression: JMESPath, on document: Document) {
        self.expression = expression
        let program = expression.program
        let keyIDs = program.keys.isEmpty ? [] : program.keyIDs.ids(of: program.keys, in: document.table.names)
        var evaluator = JMESEvaluator(document: document, program: program, keyIDs: keyIDs)
        evaluator.exactArithmetic = true
        if program.usesScope { evaluator.scope = JMESScope(root: .node(evaluator.rootIndex)) }
        self.evaluator = evaluator
    }

    /// The value computed for the node at `match` (`nil`: from `null`), as
    /// an edit writes it; `nil` when it is `null`.
    func content(for match: UInt32?) throws(QueryError) -> EditValue.Content? {
        let value = try evaluator.evaluate(expression.program.expression, match.map { .node($0) } ?? .null)
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
