/// A compiled expression: what ``JMESPath`` holds, shared by its copies and
/// by every evaluation (which reads it without retaining it).
final class JMESProgram: Sendable {
    /// The expression as written, for `description` and error messages.
    let source: String
    let expression: JMESExpression
    /// The distinct identifiers of the expression, by slot.
    let keys: [String]
    /// The keys' name ids in the last document evaluated on.
    let keyIDs = KeyIDCache()

    init(source: String, expression: JMESExpression, keys: [String]) {
        self.source = source
        self.expression = expression
        self.keys = keys
    }
}

/// A compiled JMESPath expression: the tree the parser builds.
///
/// Identifiers are resolved to slots (indices into the expression's list of
/// distinct keys), so evaluation looks each key up in a document's name
/// table once, not once per visited node.
indirect enum JMESExpression: Sendable {
    /// `@`, and the implicit right side of a projection.
    case current
    /// An identifier, by key slot.
    case field(slot: Int)
    /// `a.b.c`: identifiers only, by key slot (the common case, kept flat).
    case fields([Int])
    /// `left.right`.
    case subexpression(JMESExpression, JMESExpression)
    /// `[n]` on `base`.
    case index(JMESExpression, Int)
    /// `[start:stop:step]` on `base` (a projection follows it).
    case slice(JMESExpression, start: Int?, stop: Int?, step: Int?)
    /// `left[*]…`, `left[]…` and friends: `right` evaluated on each element
    /// of the array `left` gives, nulls dropped.
    case listProjection(JMESExpression, JMESExpression)
    /// `left.*…`: `right` on each value of the object `left` gives.
    case valueProjection(JMESExpression, JMESExpression)
    /// `left[?condition]…`.
    case filterProjection(JMESExpression, JMESExpression, condition: JMESExpression)
    /// `left[]`: one level of nested arrays merged.
    case flatten(JMESExpression)
    case literal(JMESValue)
    /// `[a, b]`; `builds` when some item may build a value (so the list
    /// collects values, not node indices, from the start).
    case multiSelectList([JMESExpression], builds: Bool)
    case multiSelectHash(keys: [String], values: [JMESExpression])
    case comparison(JMESComparison, JMESExpression, JMESExpression)
    case or(JMESExpression, JMESExpression)
    case and(JMESExpression, JMESExpression)
    case not(JMESExpression)
    case pipe(JMESExpression, JMESExpression)
    case function(JMESFunction, [JMESExpression], range: Range<Int>)
    /// `&expr`.
    case reference(JMESExpression)
}

/// The comparators of a filter or expression.
enum JMESComparison: Sendable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
}

extension JMESExpression {
    /// Whether the value is always a node or null (a lookup), never a
    /// value the expression builds.
    var yieldsNodes: Bool {
        switch self {
        case .current, .field, .fields: true
        case .index(let base, _): base.yieldsNodes
        case .subexpression(let left, let right), .pipe(let left, let right): left.yieldsNodes && right.yieldsNodes
        default: false
        }
    }
}
