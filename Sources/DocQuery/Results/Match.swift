#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One value a path matched: a node of the document, or a value the path
/// computed from it (`_string`, `_elementName`, `@count`, …).
///
/// Every match knows where it came from: ``path`` is its canonical path from
/// the root, which selects exactly this value when evaluated, and ``parent``
/// is the node that holds it. A match is ``PathQueryable``: `match["due"]`,
/// `match.task.due.date()` continue the path from it.
///
/// ```swift
/// for match in try doc.query("lists.list.name") {
///     print(match.path, match.string ?? "")   // lists.list[0].name Inbox
/// }
/// for list in try doc.query("lists.list") {
///     print(list["id"].int ?? 0)               // 1: a match is queryable like a node
/// }
/// ```
public struct Match: Sendable, Hashable, PathQueryable {
    let document: Document
    /// The node index, or `UInt32.max` for a computed value.
    let index: UInt32
    let computed: ComputedValue?
    /// The path that produced the result, for values computed by operators.
    let resultPath: String

    init(document: Document, index: UInt32, computed: ComputedValue?, resultPath: String) {
        self.document = document
        self.index = index
        self.computed = computed
        self.resultPath = resultPath
    }

    /// What a match is.
    public enum Value: Sendable, Hashable {
        /// A node of the document.
        case node(Node)
        /// Text computed by a reserved name (`_string`, `_text`,
        /// `_elementName`) or an operator (`@keys`).
        case string(String)
        /// A number computed by `@count`, `@sum` or `@avg`, as text (`3`, `10.5`).
        case number(String)
    }

    /// The match as a node or a computed value.
    public var value: Value {
        guard let computed else { return .node(Node(document: document, index: index)) }
        if case .number(let number) = computed { return .number(number.text) }
        return .string(computedText(computed))
    }

    /// The node, or `nil` for a computed value.
    public var node: Node? {
        computed == nil ? Node(document: document, index: index) : nil
    }

    /// The canonical path from the root that selects this value: `auth.user.username`,
    /// `tasks.list[0].taskseries[1].name`, `auth.token._string`; `.` for the
    /// root. Values computed by an operator give the path that computed them.
    public var path: String {
        var builder = CanonicalPathBuilder(document: document)
        return Self.path(index: index, computed: computed, resultPath: resultPath, builder: &builder)
    }

    static func path(index: UInt32, computed: ComputedValue?, resultPath: String, builder: inout CanonicalPathBuilder) -> String {
        guard let computed else {
            let path = builder.path(of: index) ?? ""
            return path.isEmpty ? "." : path
        }
        guard let source = computed.source, let reserved = computed.reservedName,
            let base = builder.path(of: source)
        else {
            return resultPath.isEmpty ? "." : resultPath
        }
        return base.isEmpty ? reserved.rawValue : base + "." + reserved.rawValue
    }

    /// The node that holds this value: a node's parent (the root's parent
    /// is the document node), or the node a `_string`, `_text` or
    /// `_elementName` was computed from; `nil` for operator results.
    public var parent: Node? {
        guard let computed else { return Node(document: document, index: index).parent }
        return computed.source.map { Node(document: document, index: $0) }
    }

    /// The value as text: an element's own text, an attribute's value, a
    /// JSON string, a number as written, `true`/`false`, a computed value's
    /// text; `nil` for JSON null, objects and arrays.
    public var string: String? {
        guard let computed else {
            let node = Node(document: document, index: index)
            return node.kind == .null ? nil : node.string
        }
        if case .number(let number) = computed { return number.text }
        return computedText(computed)
    }

    /// The values this match stands for: the elements of a JSON array,
    /// otherwise the match itself (see ``QueryResult`` for the rule).
    public var strings: [String] {
        if let node { return node.strings }
        return string.map { [$0] } ?? []
    }

    /// The nodes this match stands for: the elements of a JSON array, the
    /// node itself otherwise; `[]` for a computed value.
    public var nodes: [Node] { node?.nodes ?? [] }

    /// The value as an `Int`, when it is a number (or numeric text) whose
    /// value is an integer that fits (`42`, `1.0`, `1e2`); never rounded.
    public var int: Int? { read(\.int) { try? NumberText.integer(Int.self, from: $0).get() } }

    /// The value as an `Int64`, when it is an integer that fits.
    public var int64: Int64? { read(\.int64) { try? NumberText.integer(Int64.self, from: $0).get() } }

    /// The value as a `UInt64`, when it is a non-negative integer that fits.
    public var uint64: UInt64? { read(\.uint64) { try? NumberText.integer(UInt64.self, from: $0).get() } }

    /// The value as the nearest `Double`, when it is a number or numeric
    /// text that does not overflow `Double`.
    public var double: Double? { read(\.double) { try? NumberText.floatingPoint(Double.self, from: $0).get() } }

    /// The value as a `Decimal`, when it is a number or numeric text that a
    /// `Decimal` holds (38 significant digits).
    public var decimal: Decimal? { read(\.decimal) { try? NumberText.decimal(from: $0).get() } }

    /// The value as a `Bool`: JSON `true`/`false`, or the text `true`,
    /// `false`, `1` or `0`.
    public var bool: Bool? { read(\.bool) { ValueConversion.bool(String($0)) } }

    /// The value as a date: strict ISO 8601 when `format` is `nil`
    /// (`2024-04-10`, `2024-04-10T09:00:00Z`, `2024-04-10 09:00:00.5+09:00`;
    /// see `Node.date(format:timeZone:)`), else the whole text in a
    /// `DateFormatter` pattern such as `"yyyyMMdd"` (`en_US_POSIX` locale).
    /// Text without a zone is read in `timeZone` (default UTC).
    public func date(format: String? = nil, timeZone: TimeZone = .gmt) -> Date? {
        read({ $0.date(format: format, timeZone: timeZone) }) { DateText.date(String($0), format: format, timeZone: timeZone) }
    }

    /// The node whose accessors read this value: the node itself, or the
    /// element a `_string` was computed from; `nil` for other computed values.
    private var valueNode: Node? {
        switch computed {
        case nil: Node(document: document, index: index)
        case .ownText(let n)?: Node(document: document, index: n)
        default: nil
        }
    }

    /// Reads the value with the node's accessor, or a computed value's text
    /// (trimmed of XML whitespace) with `text`.
    private func read<T>(_ node: (Node) -> T?, _ text: (Substring) -> T?) -> T? {
        if let valueNode { return node(valueNode) }
        return string.flatMap { text($0.trimmingXMLWhitespace()) }
    }

    private func computedText(_ computed: ComputedValue) -> String {
        let table = document.table
        switch computed {
        case .ownText(let n):
            return Node(document: document, index: n).string ?? ""
        case .deepText(let n):
            return Node(document: document, index: n).text
        case .name(let n):
            return table.names[table.nodes[Int(n)].nameID]
        case .keyName(let id):
            return table.names[id]
        case .number(let number):
            return number.text
        case .text(let string):
            return string
        }
    }

    public static func == (lhs: Match, rhs: Match) -> Bool {
        lhs.document === rhs.document && lhs.index == rhs.index && lhs.computed == rhs.computed
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(document))
        hasher.combine(index)
        hasher.combine(computed)
    }
}
