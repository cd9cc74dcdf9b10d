/// What a transaction of edits did: how many values it replaced, created,
/// removed, inserted and renamed, and how many nodes each edit matched.
///
/// A `set` whose path matched nothing and that created the missing members
/// counts as created, not replaced, so a caller can tell a typo (or a flat
/// key such as VS Code's `"editor.fontSize"`) from a replacement:
///
/// ```swift
/// let summary = try editor.apply(.set("editor.fontsize", to: 14))
/// if summary.created > 0 { print("created a new member; was the key spelled right?") }
/// ```
public struct EditSummary: Sendable, Equatable {
    /// Values replaced by a `set`.
    public var replaced = 0
    /// Members created by a keys-only `set` that matched nothing (one per
    /// such edit: the new member that holds the rest of its path).
    public var created = 0
    /// Members and elements (XML: elements and attributes) removed.
    public var removed = 0
    /// Values inserted.
    public var inserted = 0
    /// Keys (XML: element and attribute names) renamed.
    public var renamed = 0
    /// How many nodes each edit matched, in the order the edits were given.
    public var matches: [Int] = []

    /// A summary of nothing.
    public init() {}

    /// The summary of `edits`, which matched `matches` nodes each; those
    /// in `creating` created what their path names instead.
    init(_ edits: [Edit], matches: [Int], creating: Set<Int> = []) {
        self.matches = matches
        for (number, (edit, count)) in zip(edits, matches).enumerated() {
            switch edit.operation {
            case .set: if creating.contains(number) { created += 1 } else { replaced += count }
            case .remove: removed += count
            case .insert: inserted += count
            case .rename: renamed += count
            }
        }
    }

    /// Per-edit match counts of resolved edits (computed sets turned into
    /// one literal set per match by `Edit.resolved`) added
    /// up per edit they came from: `origins[k]` is the given edit of
    /// resolved edit `k` (`nil`: each is the given one).
    static func matches(_ matches: [Int], foldedInto count: Int, by origins: [Int]?) -> [Int] {
        guard let origins else { return matches }
        var folded = Array(repeating: 0, count: count)
        for (k, found) in matches.enumerated() { folded[origins[k]] += found }
        return folded
    }
}
