import Foundation

/// The values a path matched, in document order, with typed accessors whose
/// shape never depends on how many values there were.
///
/// `.string` is always the first value's text (or `nil`), `.strings` always
/// an array, whether the server sent one `<item>` or fifty:
///
/// ```swift
/// let result = try doc.query("body.items.item.sgName")
/// result.strings     // every name, [] when there is none
/// result.string      // the first name, or nil
/// result.count       // how many matched
/// for match in result { print(match.path, match.string ?? "") }
/// ```
///
/// ## Empty results explain themselves
///
/// When nothing matched, ``explanation`` says how far the path got, which
/// keys were there, and suggests a near-miss key.
///
/// ## Members hide keys
///
/// A result is ``PathQueryable``, so `result.name` evaluates the key `name`
/// on its values — unless the name is one of the members below or a
/// `Sequence` method (`filter`, `map`, `min`, `max`, `sorted`, …). Write
/// `result["count"]` for a key the members hide.
public struct QueryResult: Sequence, Sendable, PathQueryable, CustomDebugStringConvertible {
    let document: Document
    let items: [UInt32]
    let computed: [ComputedValue]
    let isToMany: Bool
    let origin: QueryOrigin

    init(document: Document, items: [UInt32], computed: [ComputedValue], isToMany: Bool, origin: QueryOrigin) {
        self.document = document
        self.items = items
        self.computed = computed
        self.isToMany = isToMany
        self.origin = origin
    }

    /// An empty result carrying the error that produced it.
    init(failed error: QueryError, in scope: QueryScope, query: PathQuery?) {
        var origin = query.map { scope.origin.appending($0) } ?? scope.origin
        if origin.error == nil { origin.error = error }
        self.init(document: scope.document, items: [], computed: scope.computed, isToMany: false, origin: origin)
    }

    /// Continuing a path from this result starts at its values.
    public var queryScope: QueryScope {
        QueryScope(document: document, items: items, computed: computed, isToMany: isToMany, origin: origin)
    }

    // MARK: Sequence

    /// Iterates the matches in order.
    public struct Iterator: IteratorProtocol, Sendable {
        let result: QueryResult
        let resultPath: String
        var position = 0

        public mutating func next() -> Match? {
            guard position < result.items.count else { return nil }
            defer { position += 1 }
            return result.match(at: position, resultPath: resultPath)
        }
    }

    /// Iterates the matches in order.
    public func makeIterator() -> Iterator {
        Iterator(result: self, resultPath: origin.joined.text)
    }

    /// The number of matches (the exact count).
    public var underestimatedCount: Int { items.count }

    func match(at position: Int, resultPath: String) -> Match {
        let item = items[position]
        let base = UInt32(truncatingIfNeeded: document.table.nodes.count)
        if item < base {
            return Match(document: document, index: item, computed: nil, resultPath: resultPath)
        }
        return Match(document: document, index: .max, computed: computed[Int(item - base)], resultPath: resultPath)
    }

    private var firstMatch: Match? { first }

    /// The first match. (`Sequence.first(where:)` already hides a key named
    /// `first` from member lookup; write `result["first"]` for it.)
    public var first: Match? {
        items.isEmpty ? nil : match(at: 0, resultPath: origin.joined.text)
    }

    // MARK: Counting

    /// How many values matched. (A key named `count` is `result["count"]`.)
    public var count: Int { items.count }

    /// Whether nothing matched.
    public var isEmpty: Bool { items.isEmpty }

    // MARK: Typed values

    /// The first value as text: an element's own text, an attribute's value,
    /// a JSON string, a number exactly as written, `true`/`false`, a computed
    /// value; `nil` when nothing matched or the first value is null, an
    /// object or an array.
    public var string: String? { firstMatch?.string }

    /// Every value that has text, in order (nulls, objects and arrays are skipped).
    public var strings: [String] { compactMap(\.string) }

    /// The first value as an `Int`, when it is a number (or numeric text)
    /// whose value is an integer that fits (`42`, `1.0`, `1e2`); never rounded.
    public var int: Int? { firstMatch?.int }

    /// The first value as the nearest `Double`, when it is a number or numeric text.
    public var double: Double? { firstMatch?.double }

    /// The first value as a `Decimal`, when it is a number or numeric text
    /// that a `Decimal` holds exactly.
    public var decimal: Decimal? { firstMatch?.decimal }

    /// The first value as a `Bool`: JSON `true`/`false`, or the text `true`,
    /// `false`, `1` or `0`.
    public var bool: Bool? { firstMatch?.bool }

    /// The first value as a date: ISO 8601 (`2018-06-13`, `2018-06-13T10:00:00Z`)
    /// when `format` is `nil`, else parsed with a `DateFormatter` pattern such
    /// as `"yyyyMMdd"` and the `en_US_POSIX` locale. Dates without a zone are
    /// read in `timeZone` (default UTC).
    public func date(format: String? = nil, timeZone: TimeZone = TimeZone(identifier: "UTC")!) -> Date? {
        firstMatch?.date(format: format, timeZone: timeZone)
    }

    /// The first value when it is a node (not a computed value).
    public var node: Node? { firstMatch?.node }

    /// Every value that is a node, in order.
    public var nodes: [Node] {
        let base = UInt32(truncatingIfNeeded: document.table.nodes.count)
        return items.filter { $0 < base }.map { Node(document: document, index: $0) }
    }

    /// The canonical path of every value, in order (see ``Match/path``).
    public var paths: [String] {
        var builder = CanonicalPathBuilder(document: document, memoizing: items.count > 8)
        let resultPath = origin.joined.text
        let base = UInt32(truncatingIfNeeded: document.table.nodes.count)
        return items.map { item in
            item < base
                ? Match.path(index: item, computed: nil, resultPath: resultPath, builder: &builder)
                : Match.path(index: .max, computed: computed[Int(item - base)], resultPath: resultPath, builder: &builder)
        }
    }

    // MARK: Explaining

    /// Why nothing matched, or `nil` when something did. Carries the
    /// ``QueryError`` when the path was malformed (non-throwing subscripts).
    public var explanation: Explanation? {
        guard items.isEmpty else { return nil }
        return Explanation(explaining: self)
    }

    /// The matches, one per line, for debugging.
    public var debugDescription: String {
        if items.isEmpty { return explanation?.description ?? "no match" }
        return map(\.description).joined(separator: "\n")
    }
}
