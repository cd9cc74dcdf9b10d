#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The values a path matched, in document order, with typed accessors whose
/// shape never depends on how many values there were.
///
/// `.string` is always the first value's text (or `nil`), `.strings` always
/// an array, whether the server sent one `<item>` or fifty:
///
/// ```swift
/// let result = try doc.query("body.items.item.sgName")
/// let names = result.strings   // every name, [] when there is none
/// let first = result.string     // the first name, or nil
/// let count = result.count      // how many matched
/// for match in result { print(match.path, match.string ?? "") }
/// ```
///
/// ## A lone JSON array is its elements
///
/// When a path matches exactly one node and it is a JSON array, the result
/// stands for the array's elements, as `@count`, `[i]` and decoding read it.
/// With `{"tags": ["swift", "xml", "json"]}`:
///
/// | expression | value |
/// |------------|-------|
/// | `doc.tags.count`, `doc["tags.@count"].int` | 3 |
/// | `doc.tags.strings` | `["swift", "xml", "json"]` |
/// | `doc.tags.string`, `doc.tags[0].string` | `"swift"` |
/// | `for tag in doc.tags` | three matches, `tags[0]` … `tags[2]` |
/// | `doc.tags.nodes` | the three string nodes |
/// | `doc.tags.arrayNode` | the array node itself |
///
/// Several matches (`doc.rows.cells` over many rows) are never expanded:
/// each array is one match.
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
public struct QueryResult: Sequence, Sendable, PathQueryable, QueryStart {
    let document: Document
    /// The matched node indices; an index past the document's nodes is the
    /// computed value `matchedComputed[index - nodes.count]`.
    let matchedItems: OneOrMany<UInt32>
    let matchedComputed: OneOrMany<ComputedValue>
    let isToMany: Bool
    let origin: QueryOrigin
    /// Whether ``description`` shows each value whole, as JSON, rather than
    /// a preview: a JMESPath result, whose values are what the expression
    /// built (a key path's are parts of a document, which may be large).
    var showsValues = false

    init(
        document: Document, items: OneOrMany<UInt32>, computed: OneOrMany<ComputedValue>, isToMany: Bool,
        origin: QueryOrigin
    ) {
        self.document = document
        self.matchedItems = items
        self.matchedComputed = computed
        self.isToMany = isToMany
        self.origin = origin
    }

    init(document: Document, items: [UInt32], computed: [ComputedValue], isToMany: Bool, origin: QueryOrigin) {
        self.init(
            document: document, items: OneOrMany(items), computed: OneOrMany(computed), isToMany: isToMany,
            origin: origin)
    }

    /// The matched node indices (see ``matchedItems``) as an array.
    var items: [UInt32] { matchedItems.array }
    /// The computed values the items past the document's nodes stand for.
    var computed: [ComputedValue] { matchedComputed.array }

    /// An empty result carrying the error that produced it.
    init(failed error: QueryError, in scope: QueryScope, query: PathQuery?) {
        var origin = query.map { scope.origin.appending($0) } ?? scope.origin
        if origin.error == nil { origin.error = error }
        self.init(document: scope.document, items: .empty, computed: OneOrMany(scope.computed), isToMany: false, origin: origin)
    }

    /// Continuing a path from this result starts at its values (a lone
    /// JSON array as itself: the path language expands it where it must).
    var queryScope: QueryScope {
        QueryScope(document: document, items: items, computed: computed, isToMany: isToMany, origin: origin)
    }

    /// The values the result stands for: the elements of a lone JSON array
    /// (a path that matched exactly one node, an array), otherwise the items.
    var values: OneOrMany<UInt32> {
        guard let array = lone else { return matchedItems }
        let nodes = document.table.nodes
        var out: [UInt32] = []
        out.reserveCapacity(Int(nodes[Int(array)].b))
        var position = array + 1
        let end = nodes[Int(array)].a
        while position < end {
            out.append(position)
            position = document.table.subtreeEnd(position)
        }
        return OneOrMany(out)
    }

    /// The index of the lone JSON array this result matched, if it did: a
    /// filter after it opens it (``Evaluator``), where it tests each of
    /// several values whole.
    var lone: UInt32? {
        guard matchedItems.count == 1 else { return nil }
        let item = matchedItems[0]
        // Through the buffer and the inlined reader: `NodeRecords`'
        // subscript and `kind` are calls across the module boundary.
        let nodes = document.table.nodes.buffer
        guard item < UInt32(truncatingIfNeeded: nodes.count), nodes[Int(item)].kind == .array else { return nil }
        return item
    }

    /// The JSON array the path matched, when it matched exactly one array
    /// (which the result otherwise presents as its elements); `nil` otherwise.
    ///
    /// ```swift
    /// // {"tags": ["swift", "xml"]}
    /// let count = doc.tags.count            // 2: the elements
    /// let kind = doc.tags.arrayNode?.kind   // .array: the array itself
    /// ```
    public var arrayNode: Node? { lone.map { Node(document: document, index: $0) } }

    // MARK: Sequence

    /// Iterates the matches in order.
    public struct Iterator: IteratorProtocol, Sendable {
        let result: QueryResult
        let values: OneOrMany<UInt32>
        let resultPath: String
        var position = 0

        public mutating func next() -> Match? {
            guard position < values.count else { return nil }
            defer { position += 1 }
            return result.match(values[position], resultPath: resultPath)
        }
    }

    /// Iterates the matches in order (a lone JSON array's elements).
    public func makeIterator() -> Iterator {
        Iterator(result: self, values: values, resultPath: origin.joined.text)
    }

    /// The number of matches (the exact count).
    public var underestimatedCount: Int { count }

    func match(_ item: UInt32, resultPath: String) -> Match {
        let base = UInt32(truncatingIfNeeded: document.table.nodes.count)
        if item < base {
            return Match(document: document, index: item, computed: nil, resultPath: resultPath)
        }
        return Match(document: document, index: .max, computed: matchedComputed[Int(item - base)], resultPath: resultPath)
    }

    /// The first match. (`Sequence.first(where:)` already hides a key named
    /// `first` from member lookup; write `result["first"]` for it.)
    public var first: Match? {
        guard let item = lone.map({ $0 + 1 }) ?? matchedItems.first else { return nil }
        if let array = lone, document.table.nodes[Int(array)].b == 0 { return nil }
        return match(item, resultPath: origin.joined.text)
    }

    // MARK: Counting

    /// How many values matched; a lone JSON array counts its elements, as
    /// `@count` does. (A key named `count` is `result["count"]`.)
    public var count: Int {
        lone.map { Int(document.table.nodes[Int($0)].b) } ?? matchedItems.count
    }

    /// Whether nothing matched (or the one match is an empty JSON array).
    public var isEmpty: Bool { count == 0 }

    // MARK: Typed values

    /// The first value as text: an element's own text, an attribute's value,
    /// a JSON string, a number exactly as written, `true`/`false`, a computed
    /// value; `nil` when nothing matched or the first value is null, an
    /// object or an array.
    public var string: String? { first?.string }

    /// Every value that has text, in order (nulls, objects and arrays are skipped).
    public var strings: [String] { compactMap(\.string) }

    /// The first value as an `Int`; see ``Match/int``.
    public var int: Int? { first?.int }

    /// The first value as an `Int64`; see ``Match/int64``.
    public var int64: Int64? { first?.int64 }

    /// The first value as a `UInt64`; see ``Match/uint64``.
    public var uint64: UInt64? { first?.uint64 }

    /// The first value as the nearest `Double`; see ``Match/double``.
    public var double: Double? { first?.double }

    /// The first value as a `Decimal`; see ``Match/decimal``.
    public var decimal: Decimal? { first?.decimal }

    /// The first value as a `Bool`; see ``Match/bool``.
    public var bool: Bool? { first?.bool }

    /// The first value as a date; see ``Match/date(format:timeZone:)``.
    public func date(format: String? = nil, timeZone: TimeZone = .gmt) -> Date? {
        first?.date(format: format, timeZone: timeZone)
    }

    /// The first value when it is a node (not a computed value).
    public var node: Node? { first?.node }

    /// Every value that is a node, in order.
    public var nodes: [Node] {
        let base = UInt32(truncatingIfNeeded: document.table.nodes.count)
        return values.filter { $0 < base }.map { Node(document: document, index: $0) }
    }

    /// The canonical path of every value, in order (see ``Match/path``).
    public var paths: [String] { paths(of: values) }

    func paths(of values: OneOrMany<UInt32>) -> [String] {
        var builder = CanonicalPathBuilder(document: document, memoizing: values.count > 8)
        let resultPath = origin.joined.text
        let base = UInt32(truncatingIfNeeded: document.table.nodes.count)
        return values.map { item in
            item < base
                ? Match.path(index: item, computed: nil, resultPath: resultPath, builder: &builder)
                : Match.path(
                    index: .max, computed: matchedComputed[Int(item - base)], resultPath: resultPath, builder: &builder)
        }
    }

    // MARK: Explaining

    /// Why nothing matched, or `nil` when something did (an empty JSON
    /// array is a match). Carries the ``QueryError`` when the path was
    /// malformed (non-throwing subscripts).
    public var explanation: Explanation? {
        guard matchedItems.isEmpty else { return nil }
        return Explanation(explaining: self)
    }
}
