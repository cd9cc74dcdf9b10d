/// "Did you mean" by edit distance (optimal string alignment: insertions,
/// deletions, substitutions and swaps of neighbours each cost 1; a change of
/// letter case alone costs nothing extra beyond being a near miss).
enum Suggestions {
    /// The candidate closest to `word`, if one is close enough: within one
    /// edit for words of up to three characters, else within a third of the
    /// word's length (at least two). Ties go to the earlier candidate.
    static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(word.lowercased())
        let limit = target.count <= 3 ? 1 : Swift.max(2, target.count / 3)
        var best: (candidate: String, distance: Int)? = nil
        for candidate in candidates where candidate != word {
            let other = Array(candidate.lowercased())
            if abs(other.count - target.count) > limit { continue }
            let d = distance(target, other)
            if d <= limit, best == nil || d < best!.distance {
                best = (candidate, d)
            }
        }
        return best?.candidate
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d = Swift.min(d, previous2[j - 2] + 1)
                }
                current[j] = d
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
