/// docq's own functions, in neither JMESPath edition: `deep_merge` (jq's
/// `*` on objects) and regular expressions (`regex_test`, `regex_match`,
/// `regex_replace`, with the standard library's `Regex` syntax).
extension JMESEvaluator {
    /// How deep `deep_merge` follows objects that are merged into each other.
    static let maxMergeDepth = 512

    func callExtensionFunction(_ call: JMESCall) throws(QueryError) -> JMESValue {
        switch call.function {
        case .deepMerge:
            var merged = JMESValue.object(JMESObject())
            for position in call.arguments.indices {
                guard type(of: call.arguments[position]) == .object else { throw call.invalidType(position, "object") }
                merged = try deepMerge(merged, call.arguments[position], depth: 0, call)
            }
            return merged
        case .regexTest:
            let subject = try call.string(0)
            return .bool(try pattern(call).test(subject))
        case .regexMatch:
            let subject = try call.string(0)
            guard let groups = try pattern(call).firstMatch(in: subject) else { return .null }
            return .array(groups.map { $0.map(JMESValue.string) ?? .null })
        case .regexReplace:
            let subject = try call.string(0)
            let template = try call.string(2)
            return .string(try pattern(call).replacingMatches(in: subject, with: template))
        default:
            preconditionFailure("\(call.function.rawValue)() is not an extension function")
        }
    }

    /// The call's pattern argument, compiled (once per expression and pattern).
    private func pattern(_ call: JMESCall) throws(QueryError) -> TextPattern {
        let position = call.function.patternArgument ?? 1
        switch program.patterns.pattern(try call.string(position)) {
        case .success(let pattern): return pattern
        case .failure(let problem): throw call.invalidValue(position, problem.message)
        }
    }

    /// `base` with `addition` merged in: members of both that are objects
    /// are merged in turn, any other member of `addition` replaces `base`'s.
    private func deepMerge(_ base: JMESValue, _ addition: JMESValue, depth: Int, _ call: JMESCall)
        throws(QueryError) -> JMESValue
    {
        guard depth < Self.maxMergeDepth else {
            throw call.invalidValue(0, "objects merged more than \(Self.maxMergeDepth) levels deep")
        }
        var merged = members(base)
        let added = members(addition)
        for (key, value) in zip(added.keys, added.values) {
            if let existing = merged[key], type(of: existing) == .object, type(of: value) == .object {
                merged[key] = try deepMerge(existing, value, depth: depth + 1, call)
            } else {
                merged[key] = value
            }
        }
        return .object(merged)
    }
}
