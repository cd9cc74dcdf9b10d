extension Explanation {
    /// When a key that matched nothing is written `$name`, the user most
    /// likely meant a bound parameter: a path compiled without parameters
    /// reads `$name` as an ordinary key. Says so, or `nil`.
    static func unboundParameterNote(_ key: String) -> String? {
        guard key.count > 1, key.hasPrefix("$") else { return nil }
        return "'\(key)' was read as a key: no parameter is bound to it"
    }

    /// ``unboundParameterNote(_:)`` for the first `$name` that a filter
    /// compares as a key.
    static func unboundParameterHint(in expression: FilterExpression, query: PathQuery) -> String? {
        var pending = [expression]
        while let next = pending.popLast() {
            switch next {
            case .or(let a, let b), .and(let a, let b): pending += [a, b]
            case .not(let a): pending.append(a)
            case .test(.path(let steps)):
                if let note = note(for: steps, query: query) { return note }
            case .test: break
            case .comparison(let left, _, let right):
                for case .path(let steps) in [left, right] {
                    if let note = note(for: steps, query: query) { return note }
                }
            }
        }
        return nil
    }

    private static func note(for steps: [Step], query: PathQuery) -> String? {
        for step in steps {
            if case .key(let slot) = step.kind, let note = unboundParameterNote(query.keys[slot]) { return note }
        }
        return nil
    }

    /// The path written the way that works when the failed key and the
    /// steps after it, joined by their dots, name a key that is there
    /// (`properties.java.version` on `<properties><java.version>` gives
    /// `properties."java.version"`), or `nil`.
    static func dottedKeyPath(_ path: String, failedAt range: Range<Int>, keys: [String]) -> String? {
        let characters = Array(path)
        guard range.upperBound <= characters.count else { return nil }
        let rest = String(characters[range.lowerBound...])
        var best: String?
        for key in keys where key.contains(".") && !Syntax.isBareKey(key) && rest.hasPrefix(key) {
            let after = rest.dropFirst(key.count)
            guard after.isEmpty || after.first == "." || after.first == "[" else { continue }
            if best.map({ $0.count < key.count }) ?? true { best = key }
        }
        guard let key = best else { return nil }
        let written = Syntax.quotedIfNeeded(key)
        let head = String(characters[..<range.lowerBound])
        return head + written + rest.dropFirst(key.count)
    }
}
