#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A trailing `@count`, `@sum`, `@avg`, `@min` or `@max` folded across candidates, with the
/// in-memory meaning: the operator's collection is every value the rest of
/// the path yields over the whole document, except that a lone JSON array
/// (exactly one value in all, an array) stands for its elements. So the
/// first value waits, unfolded, until a second one comes: alone, the
/// operator runs on it as on a lone array (an array of numbers sums its
/// elements); one of several, it is folded like the rest.
struct StreamFold {
    let op: CollectionOperator
    let step: Step
    /// The operator alone, evaluated on a single value's result.
    let alone: PathQuery
    private var values = 0
    private var sum = Evaluator.Sum()
    /// The first value's result, while it is the only value.
    private var first: QueryResult?
    /// A document for the folded number to live in.
    private var holder: Document?
    /// `@min`/`@max`: the best value by number and by text so far (which
    /// one counts is known at the end: numbers when every value was one),
    /// and the first number and the first plain text, for the error when
    /// both occur.
    private var bestNumber: (match: Match, number: ExactNumber)?
    private var bestText: (match: Match, bytes: [UInt8])?
    private var firstNumber: String?
    private var firstPlainText: String?

    init(op: CollectionOperator, step: Step, query: PathQuery) {
        self.op = op
        self.step = step
        self.alone = query.withSteps([step])
    }

    /// Adds the values one candidate's rest of the path yielded.
    /// `amongOthers` says they are elements of a lone array, never one
    /// value alone (the array already stood for its elements).
    mutating func add(_ result: QueryResult, amongOthers: Bool = false) throws(QueryError) {
        let items = result.items
        if items.isEmpty { return }
        if values == 0 && items.count == 1 && !amongOthers {
            first = result
            values = 1
            return
        }
        if let pending = first {
            first = nil
            try fold(pending)
        }
        values += items.count
        try fold(result)
    }

    /// Folds the values of `result` into the running count, sum or extremes.
    private mutating func fold(_ result: QueryResult) throws(QueryError) {
        let items = result.items
        holder = result.document
        let evaluator = Evaluator(query: alone, document: result.document, computed: result.computed)
        if op == .min || op == .max {
            try compare(items, result, evaluator)
            return
        }
        guard op == .sum || op == .avg else { return }
        try evaluator.sum(items, step, into: &sum)
    }

    /// Folds `items` into the best values, as ``Evaluator/extreme(_:largest:_:)`` orders them.
    private mutating func compare(_ items: [UInt32], _ result: QueryResult, _ evaluator: Evaluator) throws(QueryError) {
        let largest = op == .max
        for item in items {
            let cls = evaluator.valueClass(item)
            if cls == .null || (cls == .text && evaluator.isBlank(item)) { continue }
            guard cls == .number || cls == .text else {
                throw QueryError(
                    .incomparableValues, "\(op) cannot order \(evaluator.describe(item))",
                    path: alone.description, scalarRange: step.range)
            }
            let number = evaluator.numericValue(item)
            if number == nil, firstPlainText == nil { firstPlainText = evaluator.describe(item) }
            if cls == .number, firstNumber == nil { firstNumber = evaluator.describe(item) }
            func match() -> Match {
                QueryResult(document: result.document, items: [item], computed: result.computed, isToMany: false,
                            origin: result.origin).selectedMatches[0]
            }
            if let number, bestNumber.map({ largest ? ExactNumber.compare(number, $0.number) > 0 : ExactNumber.compare(number, $0.number) < 0 }) ?? true {
                bestNumber = (match(), number)
            }
            let bytes = evaluator.withBytes(item) { Array($0) }
            let better = bestText.map { best in
                let order = bytes.withUnsafeBufferPointer { x in best.bytes.withUnsafeBufferPointer { TextOrder.compare(x, $0) } }
                return largest ? order > 0 : order < 0
            }
            if better ?? true {
                bestText = (match(), bytes)
            }
        }
    }

    /// The folded result, as the in-memory evaluator would give it.
    func finish() throws(QueryError) -> [Match] {
        if let first { return try alone.evaluate(on: first).selectedMatches }
        if op == .min || op == .max {
            if let number = firstNumber, let text = firstPlainText {
                throw QueryError(
                    .incomparableValues, "\(op) cannot order \(number) and \(text) together",
                    path: alone.description, scalarRange: step.range)
            }
            return (firstPlainText == nil ? bestNumber?.match : bestText?.match).map { [$0] } ?? []
        }
        let number: ComputedNumber?
        switch op {
        case .count: number = .int(values)
        case .sum: number = sum.total
        default: number = try Evaluator.average(of: sum, step, source: alone.description)
        }
        guard let number else { return [] }
        guard let document = holder ?? (try? JSONScanner.parse(Array("0".utf8), options: LoadOptions())) else { return [] }
        return [Match(document: document, index: .max, computed: .number(number), resultPath: alone.description)]
    }
}
