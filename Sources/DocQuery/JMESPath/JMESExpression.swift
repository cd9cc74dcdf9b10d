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
    /// The values bound to `$name`, written out (`""` when none), so that
    /// two expressions are equal only when they bind the same values.
    let bound: String

    init(source: String, expression: JMESExpression, keys: [String], bound: String = "") {
        self.source = source
        self.expression = expression
        self.keys = keys
        self.bound = bound
    }
}

/// A compiled JMESPath expression: the tree the parser builds.
///
/// Identifiers are resolved to slots (indices into the expression's list of
/// distinct keys), so evaluation looks each key up in a document's name
/// table once, not once per visited node. Only the cases holding
/// expressions or values are boxed (`indirect`): `@`, a field and a field
/// chain are stored inline, so evaluating one retains nothing.
enum JMESExpression: Sendable {
    /// `@`, and the implicit right side of a projection.
    case current
    /// An identifier, by key slot.
    case field(slot: Int)
    /// `a.b.c`: identifiers only, by key slot (the common case, kept flat).
    case fields([Int])
    /// `left.right`.
    indirect case subexpression(JMESExpression, JMESExpression)
    /// `[n]` on `base`.
    indirect case index(JMESExpression, Int)
    /// `[start:stop:step]` on `base` (a projection follows it).
    indirect case slice(JMESExpression, start: Int?, stop: Int?, step: Int?)
    /// `left[*]…`, `left[]…` and friends: `right` evaluated on each element
    /// of the array `left` gives, nulls dropped.
    indirect case listProjection(JMESExpression, JMESExpression)
    /// `left.*…`: `right` on each value of the object `left` gives.
    indirect case valueProjection(JMESExpression, JMESExpression)
    /// `left[?condition]…`.
    indirect case filterProjection(JMESExpression, JMESExpression, condition: JMESExpression)
    /// `left[]`: one level of nested arrays merged.
    indirect case flatten(JMESExpression)
    indirect case literal(JMESValue)
    /// `[a, b]`; `builds` when some item may build a value (so the list
    /// collects values, not node indices, from the start).
    indirect case multiSelectList([JMESExpression], builds: Bool)
    indirect case multiSelectHash(keys: [String], values: [JMESExpression])
    indirect case comparison(JMESComparison, JMESExpression, JMESExpression)
    indirect case or(JMESExpression, JMESExpression)
    indirect case and(JMESExpression, JMESExpression)
    indirect case not(JMESExpression)
    indirect case pipe(JMESExpression, JMESExpression)
    indirect case function(JMESFunction, [JMESExpression], range: Range<Int>)
    /// `&expr`.
    indirect case reference(JMESExpression)
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
