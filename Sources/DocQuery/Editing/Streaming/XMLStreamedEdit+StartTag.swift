import DocTree

extension XMLStreamedEdit {
    /// The test a streamed edit can decide on each candidate's start tag
    /// (``XMLStartTagTest``), when the steps after the path's prefix
    /// (`rest`) are a filter, alone or followed by an index or slice from
    /// the start, one key, or both, whose test reads only keys of the
    /// element, compared with literals (`[?id == 7]`, `[?k == 'x' &&
    /// !deleted].v`, `[?id > 7][0:3].v`); `nil` for any other rest, which
    /// is decided on the candidate's tree. The index or slice counts the
    /// candidates that pass: each is one value, as XML has no arrays.
    ///
    /// The comparisons are the evaluator's own (``Evaluator/holds(_:_:_:)``),
    /// on the attribute values the tree would hold.
    static func startTagTest(_ edit: Edit, rest: PathQuery) -> XMLStartTagTest? {
        guard let first = rest.steps.first, case .filter(let expression) = first.kind else { return nil }
        var after = rest.steps.dropFirst()
        let picks = after.first?.positionsFromStart
        if picks != nil { after.removeFirst() }
        var then: [UInt8]?
        if after.count == 1, case .key(let slot) = after.first!.kind {
            then = Array(rest.keys[slot].utf8)
        } else if !after.isEmpty {
            return nil
        }
        guard let empty = try? Document(string: "<a/>") else { return nil }
        let evaluator = Evaluator(query: rest, document: empty)
        var slots: [Int] = []
        guard let test = StartTagCondition(expression, slots: &slots, evaluator: evaluator), slots.count <= 64 else { return nil }
        let filter = rest.withSteps([first])
        return XMLStartTagTest(
            keys: slots.map { Array(rest.keys[$0].utf8) }, then: then, picks: picks,
            decide: { values in test.holds(values, evaluator) },
            decideTree: { candidate in try !Self.decide(edit, rest: filter, on: candidate).elements.isEmpty })
    }
}

/// A filter's test on one element's keys (``XMLStreamedEdit/startTagTest(_:rest:)``),
/// each key by its place among the keys the test reads.
private indirect enum StartTagCondition {
    case or(StartTagCondition, StartTagCondition)
    case and(StartTagCondition, StartTagCondition)
    case not(StartTagCondition)
    case truth(Bool)
    case exists(key: Int)
    case comparison(key: Int, ComparisonOperator, Literal, literalOnLeft: Bool)

    /// `expression` as a test on keys, adding the slots of the keys it
    /// reads to `slots`; `nil` when it reads anything else (the element
    /// itself, a path of several steps, a reserved name).
    init?(_ expression: FilterExpression, slots: inout [Int], evaluator: Evaluator) {
        func key(_ operand: Operand) -> Int? {
            guard case .path(let steps) = operand, steps.count == 1, case .key(let slot) = steps[0].kind else { return nil }
            if let k = slots.firstIndex(of: slot) { return k }
            slots.append(slot)
            return slots.count - 1
        }
        switch expression {
        case .or(let a, let b), .and(let a, let b):
            guard let x = Self(a, slots: &slots, evaluator: evaluator), let y = Self(b, slots: &slots, evaluator: evaluator) else {
                return nil
            }
            if case .or = expression { self = .or(x, y) } else { self = .and(x, y) }
        case .not(let a):
            guard let x = Self(a, slots: &slots, evaluator: evaluator) else { return nil }
            self = .not(x)
        case .test(.literal(let literal)):
            self = .truth(literal.isTruthy)
        case .test(let operand):
            guard let k = key(operand) else { return nil }
            self = .exists(key: k)
        case .comparison(.literal(let a), let op, .literal(let b)):
            self = .truth(evaluator.holds(.literal(a), op, .literal(b)))
        case .comparison(let operand, let op, .literal(let literal)):
            guard let k = key(operand) else { return nil }
            self = .comparison(key: k, op, literal, literalOnLeft: false)
        case .comparison(.literal(let literal), let op, let operand):
            guard let k = key(operand) else { return nil }
            self = .comparison(key: k, op, literal, literalOnLeft: true)
        case .comparison:
            return nil
        }
    }

    /// Whether the element whose keys select `values` passes, as ``Evaluator/test(_:_:)`` decides.
    func holds(_ values: XMLStartTagValues, _ evaluator: Evaluator) -> Bool {
        switch self {
        case .or(let a, let b): a.holds(values, evaluator) || b.holds(values, evaluator)
        case .and(let a, let b): a.holds(values, evaluator) && b.holds(values, evaluator)
        case .not(let a): !a.holds(values, evaluator)
        case .truth(let truth): truth
        case .exists(let k): values.any(k) { _ in true }
        case .comparison(let k, let op, let literal, let literalOnLeft):
            values.any(k) { value in
                literalOnLeft ? evaluator.holds(.literal(literal), op, .text(value)) : evaluator.holds(.text(value), op, .literal(literal))
            }
        }
    }
}
