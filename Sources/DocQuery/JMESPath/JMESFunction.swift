/// The built-in functions of the JMESPath specification.
enum JMESFunction: String, Sendable, CaseIterable {
    case abs, avg, ceil, contains, floor, join, keys, length, map, max, merge, min, reverse, sort, sum, type, values
    case endsWith = "ends_with"
    case maxBy = "max_by"
    case minBy = "min_by"
    case notNull = "not_null"
    case sortBy = "sort_by"
    case startsWith = "starts_with"
    case toArray = "to_array"
    case toNumber = "to_number"
    case toString = "to_string"

    /// The number of arguments, and whether more may follow.
    var arity: (count: Int, variadic: Bool) {
        switch self {
        case .abs, .avg, .ceil, .floor, .keys, .length, .max, .min, .reverse, .sort, .sum, .type, .values,
            .toArray, .toNumber, .toString:
            (1, false)
        case .contains, .endsWith, .join, .map, .maxBy, .minBy, .sortBy, .startsWith: (2, false)
        case .merge, .notNull: (1, true)
        }
    }

    /// Why `count` arguments do not fit, or `nil` when they do.
    func arityProblem(_ count: Int) -> String? {
        let (expected, variadic) = arity
        if variadic ? count >= expected : count == expected { return nil }
        let amount = "\(expected) argument\(expected == 1 ? "" : "s")"
        return "\(rawValue)() takes \(variadic ? "at least " : "")\(amount), got \(count)"
    }
}
