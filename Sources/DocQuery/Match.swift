import Foundation

/// One value a path matched: a node of the document, or a value the path
/// computed from it (`_string`, `_elementName`, `@count`, …).
///
/// Every match knows where it came from: ``path`` is its canonical path from
/// the root, which selects exactly this value when evaluated, and ``parent``
/// is the node that holds it.
///
/// ```swift
/// for match in try doc.query("lists.list.name") {
///     print(match.path, match.string ?? "")   // lists.list[0].nameID  Inbox
/// }
/// ```
public struct Match: Sendable, Hashable, CustomStringConvertible {
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
    /// `tasks.list[0].taskseries[1].nameID`, `auth.token._string`; `.` for the
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

    /// The value as an `Int`, when it is a number (or numeric text) whose
    /// value is an integer that fits; nodes read as ``Node/int`` does.
    public var int: Int? {
        computed == nil ? Node(document: document, index: index).int : string.flatMap(ValueConversion.int)
    }
    /// The value as the nearest `Double`, when it is a number or numeric
    /// text; nodes read as ``Node/double`` does.
    public var double: Double? {
        computed == nil ? Node(document: document, index: index).double : string.flatMap(ValueConversion.double)
    }
    /// The value as a `Decimal`, when it is a number or numeric text that a
    /// `Decimal` holds exactly; nodes read as ``Node/decimal`` does.
    public var decimal: Decimal? {
        if case .number(.decimal(let value))? = computed { return value }
        return computed == nil ? Node(document: document, index: index).decimal : string.flatMap(ValueConversion.decimal)
    }
    /// The value as a `Bool`: JSON `true`/`false`, or the text `true`,
    /// `false`, `1` or `0`.
    public var bool: Bool? {
        if computed == nil {
            let node = Node(document: document, index: index)
            switch node.kind {
            case .true: return true
            case .false: return false
            case .object, .array, .null, .document: return nil
            default: break
            }
        }
        return string.flatMap(ValueConversion.bool)
    }

    /// The value as a date: ISO 8601 when `format` is `nil`, else parsed
    /// with a `DateFormatter` pattern such as `"yyyyMMdd"` (`en_US_POSIX`
    /// locale). Dates without a zone are read in `timeZone` (default UTC).
    public func date(format: String? = nil, timeZone: TimeZone = TimeZone(identifier: "UTC")!) -> Date? {
        string.flatMap { ValueConversion.date($0, format: format, timeZone: timeZone) }
    }

    /// `path: value`, for debugging.
    public var description: String {
        switch value {
        case .node(let node):
            let shown: String
            switch node.kind {
            case .object: shown = "{…}"
            case .array: shown = "[…]"
            case .element: shown = "<\(node.name ?? "")>"
            case .null: shown = "null"
            case .string, .attribute: shown = Syntax.quoted(node.string ?? "")
            default: shown = node.string ?? "\(node.kind)"
            }
            return "\(path): \(shown)"
        case .string(let text): return "\(path): \(Syntax.quoted(text))"
        case .number(let text): return "\(path): \(text)"
        }
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
