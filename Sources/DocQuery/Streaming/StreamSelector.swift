import DocTree

/// The streamable prefix of a path, in the terms a streaming parser can
/// decide as nodes open: which nodes are *candidates* (the values the
/// prefix reaches), judged from their ancestors alone.
///
/// A ``StreamPlan`` compiles a path's leading steps into these; a
/// ``StreamMatcher`` applies them for the parsers. The meaning of each
/// step is the in-memory evaluator's:
///
/// - `key`: a member of an object with that key, or a child element or
///   attribute of an element with that qualified or local name; applied
///   to a JSON array, it applies to each element (through nested arrays).
/// - `wildcard`: every member value or child element; through arrays too.
/// - `positions(r)`: the values of the sequence so far at positions in
///   `r` (from 0), or, when that sequence is one JSON array, its elements
///   there: an index `[i]` (`i >= 0`) is `i..<i + 1`, a slice `[a:b]` with
///   no negative bound is `a..<b`.
/// - `descendant(name)`: `..name` (`..*` when `nil`), the last step, whose
///   candidates are the outermost matches: a match inside one is found in
///   its subtree (``StreamPlan/expansion``), so candidates never nest.
struct StreamSelector: Sendable, Equatable {
    enum Step: Sendable, Equatable {
        case key([UInt8])
        case wildcard
        case positions(Range<Int>)
        case descendant([UInt8]?)

        /// `step` of `query`'s path as a selector step: a key, `*`, or an
        /// index or slice that counts from the start
        /// (`Step.positionsFromStart`); `nil` for any other.
        init?(_ step: DocQuery.Step, of query: PathQuery) {
            switch step.kind {
            case .key(let slot): self = .key(Array(query.keys[slot].utf8))
            case .wildcard: self = .wildcard
            default:
                guard let positions = step.positionsFromStart else { return nil }
                self = .positions(positions)
            }
        }

        /// Whether this is a key or `*`.
        var isKeyOrWildcard: Bool {
            switch self {
            case .key, .wildcard: true
            case .positions, .descendant: false
            }
        }

        /// Whether the step may give several values for one: `*`, and a
        /// slice wider than one position.
        var givesSeveral: Bool {
            switch self {
            case .key: false
            case .wildcard, .descendant: true
            case .positions(let range): range.count > 1
            }
        }
    }

    /// Which candidates that are JSON arrays are handed on element by
    /// element (each element a candidate of its own, between an
    /// `ArrayEdge.open` and an `ArrayEdge.close`) instead of whole, so
    /// memory stays bounded by one element however long the array.
    enum Spreading: Sendable, Equatable {
        /// Every candidate is built whole.
        case never
        /// Every array candidate, when the steps hold no positions (whose
        /// verdict may come after the array): for a consumer that only
        /// prints each array, which it can do element by element.
        case always
        /// An array candidate that is sure to be the only value the steps
        /// select in its top-level value, so that it is a *lone* array
        /// standing for its elements: the steps are keys only and every
        /// ancestor is an object. A second candidate in the same
        /// top-level value (a duplicate key) then fails with a
        /// `StreamSelectorError`, since the elements handed on were not
        /// the values the path selects.
        case whenLone
    }

    var steps: [Step]
    /// Whether a JSON member candidate must keep its key (the rest of the
    /// path may ask for `_elementName`): it is then built as `{"key":value}`.
    var keepsKeys: Bool
    var spreading: Spreading

    init(steps: [Step], keepsKeys: Bool = true, spreading: Spreading = .never) {
        self.steps = steps
        self.keepsKeys = keepsKeys
        self.spreading = spreading
    }
}
