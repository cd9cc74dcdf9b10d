/// A compiled expression: what ``JMESPath`` holds, shared by its copies and
/// by every evaluation (which reads it without retaining it).
final class JMESProgram: Sendable {
    /// The expression as written, for `description` and error messages.
    let source: String
    let expression: JMESExpression
    /// The distinct identifiers of the expression, by slot.
    let keys: [String]
    /// The slot of `_string` (an XML element's own text), when a key.
    let textSlot: Int?
    /// Whether the expression reads `$` or a variable, so that an
    /// evaluation needs a ``JMESScope`` (the others need none and allocate none).
    let usesScope: Bool
    /// Whether the expression reads `$`.
    let readsRoot: Bool
    /// The keys' name ids in the last document evaluated on.
    let keyIDs = KeyIDCache()
    /// The regular expressions the expression's functions met, compiled.
    let patterns = TextPatternCache()
    /// The values bound to `$name`, written out (`""` when none), so that
    /// two expressions are equal only when they bind the same values.
    let bound: String

    init(source: String, expression: JMESExpression, keys: [String], usesScope: Bool, readsRoot: Bool, bound: String = "") {
        self.source = source
        self.expression = expression
        self.keys = keys
        self.textSlot = keys.firstIndex(of: ReservedKey.string)
        self.usesScope = usesScope
        self.readsRoot = readsRoot
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

    // JMESPath Community (see docs/JMESPath.md).

    /// `left + right` and the other binary arithmetic operators.
    indirect case arithmetic(JMESArithmetic, JMESExpression, JMESExpression, range: Range<Int>)
    /// `-operand` (`negates`) or `+operand`.
    indirect case unary(negates: Bool, JMESExpression, range: Range<Int>)
    /// `condition ? whenTrue : whenFalse`.
    indirect case conditional(JMESExpression, JMESExpression, JMESExpression)
    /// `$`: the value the evaluation started on.
    case root
    /// `$name`: a variable bound by `let` (or by the caller).
    indirect case variable(String, range: Range<Int>)
    /// `let $a = …, $b = … in body`.
    indirect case letBinding(names: [String], values: [JMESExpression], body: JMESExpression)
    /// A function call on the right of a `.`: null when the left side is
    /// null, not called on it (JEP 19: `missing.to_string(@)` is null).
    indirect case skippedOnNull(JMESExpression)
    /// A multi-select on the right of a `|`: built even on null (JEP 19:
    /// `` `null` | [@] `` is `[null]`). Marked when parsing, so that other
    /// pipes and sub-expressions test nothing more when evaluated.
    indirect case builtOnNull(JMESExpression)
}

/// The binary operators of JMESPath Community's arithmetic.
enum JMESArithmetic: String, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", modulo = "%", integerDivide = "//"
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

extension JMESExpression {
    /// Whether the value is never a non-empty array or object: arithmetic,
    /// comparisons, scalar literals and the functions that give a number, a
    /// string or a Boolean (or null, or an error). `false` when it may be a
    /// container (a lookup, a projection, a function that gives one).
    var yieldsScalar: Bool {
        switch self {
        case .arithmetic, .unary, .comparison, .not: true
        case .literal(let value):
            switch value {
            case .null, .bool, .number, .decimal, .string: true
            default: false
            }
        case .function(let function, _, _): function.yieldsScalar
        case .conditional(_, let whenTrue, let whenFalse): whenTrue.yieldsScalar && whenFalse.yieldsScalar
        case .or(let left, let right), .and(let left, let right): left.yieldsScalar && right.yieldsScalar
        case .pipe(_, let right), .subexpression(_, let right): right.yieldsScalar
        case .letBinding(_, _, let body): body.yieldsScalar
        case .skippedOnNull(let inner), .builtOnNull(let inner): inner.yieldsScalar
        default: false
        }
    }
}

extension JMESFunction {
    /// Whether the function gives a number, a string, a Boolean or null,
    /// never an array or object.
    var yieldsScalar: Bool {
        switch self {
        case .abs, .avg, .ceil, .contains, .floor, .join, .length, .max, .min, .sum, .type, .endsWith, .startsWith,
            .toNumber, .toString, .findFirst, .findLast, .lower, .upper, .replace, .trim, .trimLeft, .trimRight,
            .padLeft, .padRight, .regexTest, .regexReplace:
            true
        default:
            false
        }
    }
}
