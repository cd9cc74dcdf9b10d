/// "Did you mean" for a key that is not there.
enum Suggestion {
    /// The name in `candidates` closest to `name` by edit distance, when it
    /// is close enough to be a likely typo (a third of the name's length,
    /// at least one edit) and not `name` itself.
    static func closest(to name: String, in candidates: [String]) -> String? {
        let target = Array(name.lowercased())
        let limit = max(1, target.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(target, Array(candidate.lowercased()), limit: limit)
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Edit distance counting insertions, deletions, substitutions and
    /// swaps of two neighbours (`nmae` is one edit from `name`); anything
    /// over `limit` comes back as `limit + 1`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                var distance = min(
                    previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1),
                    previous[j] + 1,
                    current[j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    distance = min(distance, beforePrevious[j - 2] + 1)
                }
                current[j] = distance
                rowMinimum = min(rowMinimum, distance)
            }
            if rowMinimum > limit { return limit + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return min(previous[b.count], limit + 1)
    }
}
