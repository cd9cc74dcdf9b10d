/// The built-in functions: the JMESPath specification's, then JMESPath
/// Community's (string, grouping and pair functions), then docq's own
/// extensions (a deep merge and regular expressions).
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
    // JMESPath Community.
    case findFirst = "find_first"
    case findLast = "find_last"
    case fromItems = "from_items"
    case groupBy = "group_by"
    case items, lower, replace, split, trim, upper, zip
    case padLeft = "pad_left"
    case padRight = "pad_right"
    case trimLeft = "trim_left"
    case trimRight = "trim_right"
    // docq's extensions (docs/JMESPath.md, "docq's extensions").
    case deepMerge = "deep_merge"
    case regexMatch = "regex_match"
    case regexReplace = "regex_replace"
    case regexTest = "regex_test"

    /// The least number of arguments, and the most (`nil` when any number
    /// more may follow).
    var arity: (minimum: Int, maximum: Int?) {
        switch self {
        case .abs, .avg, .ceil, .floor, .keys, .length, .max, .min, .reverse, .sort, .sum, .type, .values,
            .toArray, .toNumber, .toString, .fromItems, .items, .lower, .upper:
            (1, 1)
        case .contains, .endsWith, .join, .map, .maxBy, .minBy, .sortBy, .startsWith, .groupBy: (2, 2)
        case .merge, .notNull, .zip, .deepMerge: (1, nil)
        case .regexMatch, .regexTest: (2, 2)
        case .regexReplace: (3, 3)
        case .trim, .trimLeft, .trimRight: (1, 2)
        case .padLeft, .padRight, .split: (2, 3)
        case .findFirst, .findLast: (2, 4)
        case .replace: (3, 4)
        }
    }

    /// Whether the function is one of JMESPath Community's additions.
    var isCommunity: Bool {
        switch self {
        case .findFirst, .findLast, .fromItems, .groupBy, .items, .lower, .replace, .split, .trim, .upper, .zip,
            .padLeft, .padRight, .trimLeft, .trimRight:
            true
        default: false
        }
    }

    /// Whether the function is one of docq's extensions, in neither edition.
    var isExtension: Bool {
        switch self {
        case .deepMerge, .regexMatch, .regexReplace, .regexTest: true
        default: false
        }
    }

    /// The argument that is a regular expression, for the functions that take one.
    var patternArgument: Int? {
        switch self {
        case .regexMatch, .regexReplace, .regexTest: 1
        default: nil
        }
    }

    /// Why `count` arguments do not fit, or `nil` when they do.
    func arityProblem(_ count: Int) -> String? {
        let (minimum, maximum) = arity
        if count >= minimum && count <= (maximum ?? .max) { return nil }
        func arguments(_ n: Int) -> String { "\(n) argument\(n == 1 ? "" : "s")" }
        let expected: String
        switch maximum {
        case nil: expected = "at least \(arguments(minimum))"
        case minimum?: expected = arguments(minimum)
        case let maximum?: expected = "\(minimum) to \(arguments(maximum))"
        }
        return "\(rawValue)() takes \(expected), got \(count)"
    }
}
