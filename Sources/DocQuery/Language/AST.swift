/// The compiled form of a path: a flat list of steps.
///
/// Operator steps are not nested: `left.@op.right` is stored as the steps of
/// `left`, the operator, then the steps of `right`, which run up to the next
/// operator step or the end. The evaluator groups them; keeping the list flat
/// lets an explanation cut a path after any step.
struct Step: Sendable {
    enum Kind: Sendable {
        /// A key; its text is `PathQuery.keys[slot]`.
        case key(slot: Int)
        /// A reserved name written bare.
        case reserved(ReservedName)
        /// `*`: every member value or child element.
        case wildcard
        /// `..key` (or `..*` when `slot` is nil): matching descendants at any depth.
        case descendant(slot: Int?)
        /// `[i]`; negative counts from the end.
        case index(Int)
        /// `[a:b]`, half-open; nil bounds are omitted.
        case slice(Int?, Int?)
        /// `[?expression]`.
        case filter(FilterExpression)
        /// `@op`; the steps after it, up to the next operator, are its right side.
        case collectionOperator(CollectionOperator)
    }

    var kind: Kind
    /// Unicode-scalar offsets of the step in the path (without a leading `.`).
    var range: Range<Int>

    var isOperator: Bool {
        if case .collectionOperator = kind { return true }
        return false
    }

    /// Whether the step is an index or a slice, which picks values by
    /// their position among all those before it.
    var isPosition: Bool {
        switch kind {
        case .index, .slice: true
        default: false
        }
    }

    /// The positions an index or slice names among `count` values: an
    /// index or bound below zero counts from the end, a slice is clamped to
    /// the values, and an index out of range names none (an empty range);
    /// `nil` for any other step. The evaluator's rule, and a streamed
    /// edit's once it knows how many elements an array holds.
    func positions(among count: Int) -> Range<Int>? {
        switch kind {
        case .index(let index):
            let i = index < 0 ? count + index : index
            return i >= 0 && i < count ? i..<(i + 1) : count..<count
        case .slice(let lower, let upper):
            func clamped(_ bound: Int?, _ absent: Int) -> Int {
                guard let bound else { return absent }
                return Swift.min(Swift.max(bound < 0 ? count + bound : bound, 0), count)
            }
            let from = clamped(lower, 0)
            return from..<Swift.max(from, clamped(upper, count))
        default:
            return nil
        }
    }

    /// How many values at the end an index or slice that counts from there
    /// may name or leave out (`[-3]`: 3, `[2:-1]`: 1, `[-5:-2]`: 5): every
    /// value before that many last ones is decided without knowing how
    /// many follow. 0 for one that counts from the start, and any other step.
    var reachFromEnd: Int {
        func magnitude(_ bound: Int?) -> Int { bound.map { $0 < 0 ? ($0 == .min ? .max : -$0) : 0 } ?? 0 }
        switch kind {
        case .index(let i): return magnitude(i)
        case .slice(let lower, let upper): return Swift.max(magnitude(lower), magnitude(upper))
        default: return 0
        }
    }

    /// An index or slice as the bounds of the run it names (`[4]` is
    /// `[4:5]`, `[-1]` is `[-1:]`; an absent bound runs to that end); `nil`
    /// for any other step.
    var bounds: (lower: Int?, upper: Int?)? {
        switch kind {
        case .index(let i): (i, i == -1 ? nil : i + 1)
        case .slice(let lower, let upper): (lower, upper)
        default: nil
        }
    }

    /// Whether an index or slice names the value at `ordinal` when more
    /// than ``reachFromEnd`` values follow it: a bound from the end then
    /// leaves it out (a lower bound) or in (an upper one).
    func namesBeforeTheLast(_ ordinal: Int) -> Bool {
        guard let (lower, upper) = bounds else { return false }
        return (lower.map { $0 >= 0 && ordinal >= $0 } ?? true) && (upper.map { $0 < 0 || ordinal < $0 } ?? true)
    }

    /// This index or slice made to name `positions`, counted from the
    /// start (an index, their first): how a streamed edit rewrites one once
    /// it knows what it names (``positions(among:)``) among what it counts.
    func naming(_ positions: Range<Int>) -> Kind {
        if case .index = kind { return .index(positions.lowerBound) }
        return .slice(positions.lowerBound, positions.upperBound)
    }

    /// The positions an index or slice names when it counts from the start
    /// (`[5]`: 5..<6, `[2:9]`: 2..<9, `[3:]`: 3..<Int.max), which a stream
    /// can decide as values come; `nil` for one that counts from the end,
    /// and for any other step.
    var positionsFromStart: Range<Int>? {
        reachFromEnd == 0 ? positions(among: .max) : nil
    }
}

/// The condition of a filter.
indirect enum FilterExpression: Sendable {
    case or(FilterExpression, FilterExpression)
    case and(FilterExpression, FilterExpression)
    case not(FilterExpression)
    case comparison(Operand, ComparisonOperator, Operand)
    /// A lone operand: a path tests for existence, a literal for truth.
    case test(Operand)
}

/// One side of a comparison.
enum Operand: Sendable {
    /// A path relative to the member being tested (no steps: the member itself).
    case path([Step])
    case literal(Literal)
}

/// A literal in a filter.
enum Literal: Sendable {
    case string(String, utf8: [UInt8])
    /// The exact value and the text as written.
    case number(ExactNumber, text: String)
    case bool(Bool)
    case null

    /// Truth of a literal used on its own: `false` and `null` are false.
    var isTruthy: Bool {
        switch self {
        case .bool(let b): b
        case .null: false
        default: true
        }
    }
}

enum ComparisonOperator: Sendable {
    case equal, notEqual, less, lessEqual, greater, greaterEqual
    /// `=~ 'pattern'`: the left side's text matches the regular expression
    /// somewhere (docq's extension). Boxed: a filter copies its operator for
    /// each value it tests, and a `Regex` copied unboxed goes through its
    /// generic value witnesses (38% of the test of `[?id == 7]` on each element).
    indirect case matches(TextPattern)
}
