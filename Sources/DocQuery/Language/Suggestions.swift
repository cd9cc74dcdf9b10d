/// "Did you mean" by edit distance (optimal string alignment: insertions,
/// deletions, substitutions and swaps of neighbours each cost 1; letter case
/// is ignored). The path language's explanations and errors and the
/// decoder's "key not found" messages all suggest through it.
package enum Suggestions {
    /// The candidate closest to `word`, if one is close enough, and not
    /// `word` itself; ties go to the earlier candidate.
    ///
    /// - Parameter limit: The most edits a suggestion may be away. By
    ///   default one for words of up to three characters, else a third of
    ///   the word's length (at least two).
    package static func closest(to word: String, in candidates: some Sequence<String>, limit: Int? = nil) -> String? {
        let target = Array(word.lowercased())
        let limit = limit ?? (target.count <= 3 ? 1 : Swift.max(2, target.count / 3))
        var best: (candidate: String, distance: Int)? = nil
        for candidate in candidates where candidate != word {
            let d = editDistance(target, Array(candidate.lowercased()), limit: limit)
            if d <= limit, d < (best?.distance ?? .max) {
                best = (candidate, d)
            }
        }
        return best?.candidate
    }

    /// Edit distance counting insertions, deletions, substitutions and
    /// swaps of two neighbours (`nmae` is one edit from `name`); anything
    /// over `limit` comes back as `limit + 1`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return Swift.max(a.count, b.count) }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                var distance = Swift.min(
                    previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1),
                    previous[j] + 1,
                    current[j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    distance = Swift.min(distance, beforePrevious[j - 2] + 1)
                }
                current[j] = distance
                rowMinimum = Swift.min(rowMinimum, distance)
            }
            if rowMinimum > limit { return limit + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return Swift.min(previous[b.count], limit + 1)
    }
}
