import DocTree

/// A regular expression of a query (docq's extension to both path
/// languages: `regex_test`, `regex_match` and `regex_replace` in JMESPath,
/// `=~` in a key path's filters), compiled by the standard library's
/// `Regex` with its syntax, and matched by Unicode scalar (code point), as
/// JMESPath's `length()` counts.
struct TextPattern: @unchecked Sendable {
    // `Regex<AnyRegexOutput>` is immutable once built; it is shared, read only.
    let regex: Regex<AnyRegexOutput>
    /// The pattern as written.
    let source: String

    /// The most patterns one compiled query remembers.
    static let cacheCapacity = 32

    /// Compiles `source`; the message says why a pattern is not one.
    static func compile(_ source: String) -> Result<TextPattern, PatternError> {
        do {
            let regex = try Regex(source).matchingSemantics(.unicodeScalar)
            return .success(TextPattern(regex: regex, source: source))
        } catch {
            return .failure(PatternError(message: "'\(source)' is not a regular expression: \(error)"))
        }
    }

    /// Whether the pattern matches somewhere in `text`.
    func test(_ text: String) -> Bool {
        text.contains(regex)
    }

    /// The first match in `text`: the matched text, then each capture
    /// group's (`nil` for a group that took no part); `nil` when none.
    func firstMatch(in text: String) -> [String?]? {
        guard let match = text.firstMatch(of: regex) else { return nil }
        return match.output.map { $0.substring.map(String.init) }
    }

    /// `text` with every match replaced by `template`, in which `$0` … `$9`
    /// stand for the match and its capture groups and `$$` for a `$`.
    func replacingMatches(in text: String, with template: String) -> String {
        text.replacing(regex) { match in
            var out = ""
            var scalars = template.unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                guard scalar == "$" else {
                    out.unicodeScalars.append(scalar)
                    continue
                }
                guard let next = scalars.next() else {
                    out += "$"
                    break
                }
                if next == "$" {
                    out += "$"
                } else if let digit = next.properties.numericType == .decimal ? Int(String(next)) : nil,
                    digit < match.output.count
                {
                    out += match.output[digit].substring.map(String.init) ?? ""
                } else {
                    out.unicodeScalars.append(scalar)
                    out.unicodeScalars.append(next)
                }
            }
            return out
        }
    }
}

/// Why a pattern did not compile.
struct PatternError: Error {
    let message: String
}

/// The patterns a compiled query has met, by their text, so a pattern
/// computed per element is compiled once (at most
/// ``TextPattern/cacheCapacity`` are kept).
final class TextPatternCache: @unchecked Sendable {
    private let lock = Lock()
    /// Read and written only with `lock` held.
    private var patterns: [String: TextPattern] = [:]

    /// `source` compiled, from the cache when it was compiled before.
    func pattern(_ source: String) -> Result<TextPattern, PatternError> {
        if let known = lock.withLock({ patterns[source] }) { return .success(known) }
        let compiled = TextPattern.compile(source)
        if case .success(let pattern) = compiled {
            lock.withLock {
                if patterns.count >= TextPattern.cacheCapacity { patterns.removeAll() }
                patterns[source] = pattern
            }
        }
        return compiled
    }
}
