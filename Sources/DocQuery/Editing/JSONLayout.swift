import DocTree

/// How a JSON document is laid out, learnt from the document itself
/// (``init(_:)``, ``Known``), so new
/// content looks like its neighbours: the line ending, the indentation unit
/// (or compact), whether objects and arrays inside others are expanded, and
/// the spacing after `:` and `,`.
struct JSONLayout {
    /// `"\n"` or `"\r\n"`.
    var newline = "\n"
    /// The indentation unit of pretty documents; `nil` when compact.
    var unit: String?
    /// What separates a key from its value: `":"`, `": "`, `" : "`.
    var colon = ":"
    /// What follows the comma between compact elements: `""` or `" "`.
    /// Held whole, it may show only at the end of the document (a pretty
    /// one may have no container on one line): it is then read on from the
    /// document when first needed (``Later``).
    var afterComma: String {
        get { knownAfterComma ?? later?.known.afterComma ?? "" }
        set { knownAfterComma = newValue }
    }
    var knownAfterComma: String?
    /// Where the facts left unsettled by a whole document's first scan are read on from.
    var later: Later?
    /// Whether new objects and arrays (in a pretty document, on a line of
    /// their own) are written over lines of their own, as the document's
    /// first non-empty object and array inside another container are (one of
    /// the other kind stands in for a kind not found; `true` when neither
    /// is): new content beside one-line siblings stays on one line.
    var expandsNested = Expansion()
    /// Whether the document writes trailing commas (JSON with comments),
    /// which new children of an empty container on lines of their own
    /// follow; `nil` while unknown (a stream learns it as it reads:
    /// ``JSONLayoutProbe``). Held whole, it may show only at the end of the
    /// document, and is read on when first needed (``Later``).
    var trailingComma: Bool? {
        get { knownTrailingComma ?? later?.known.trailingComma }
        set { knownTrailingComma = newValue }
    }
    var knownTrailingComma: Bool?

    /// Whether nested objects and arrays are expanded (``expandsNested``).
    struct Expansion: Hashable {
        var objects = true
        var arrays = true

        /// The expansion learnt from the first nested object and array, when found.
        init(objects: Bool? = nil, arrays: Bool? = nil) {
            self.objects = objects ?? arrays ?? true
            self.arrays = arrays ?? objects ?? true
        }
    }

    /// A layout of its own (a built document's): `unit` is `nil` for compact output.
    init(
        unit: String?, colon: String, newline: String = "\n", afterComma: String = "", expandsNested: Expansion = Expansion(),
        trailingComma: Bool? = nil
    ) {
        self.unit = unit
        self.knownTrailingComma = trailingComma
        self.expandsNested = expandsNested
        self.colon = colon
        self.newline = newline
        self.knownAfterComma = afterComma
    }

    /// One line, no spaces: how a built value is written on its own, and
    /// how any layout writes a scalar or an empty container.
    static var compact: JSONLayout { JSONLayout(unit: nil, colon: ":") }

    /// `content` in the ``compact`` layout, as UTF-8: what a `set` writes
    /// for a scalar or an empty container, held whole or streamed.
    static func compactBytes(_ content: EditValue.Content) -> [UInt8] {
        // A scalar needs no layout (a JSON Lines set writes one per record).
        if let text = scalarText(content) { return Array(text.utf8) }
        return Array(compact.render(content, indent: "", pretty: false).utf8)
    }

    /// A scalar as JSON writes it, whatever the layout; `nil` for a container.
    private static func scalarText(_ content: EditValue.Content) -> String? {
        switch content {
        case .string(let text): JSONWriter.quoted(text)
        case .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array, .object: nil
        }
    }

    /// `content` as JSON text whose first line is at the current position
    /// and whose later lines are indented from `indent`; multi-line when
    /// `pretty` (the content has a line of its own) and the layout has an
    /// indentation unit; each object and array in it as ``expandsNested`` says.
    func render(_ content: EditValue.Content, indent: String, pretty: Bool) -> String {
        var out = ""
        write(content, indent: indent, pretty: pretty && unit != nil, into: &out)
        return out
    }

    /// A member `"key": value` as this layout writes it.
    func member(_ key: String, _ content: EditValue.Content, indent: String, pretty: Bool) -> String {
        JSONWriter.quoted(key) + colon + render(content, indent: indent, pretty: pretty)
    }

    /// Writes `content` with a stack of the containers still open, not a
    /// call per level: a value nested thousands deep (which `--json` and
    /// decoding accept) is written without overflowing the thread's stack.
    private func write(_ content: EditValue.Content, indent: String, pretty: Bool, into out: inout String) {
        var open: [OpenContainer] = []
        var next = (content: content, indent: indent, pretty: pretty)
        while true {
            switch next.content {
            case .string, .number, .bool, .null: out += Self.scalarText(next.content)!
            case .array(let elements):
                out += "["
                if elements.isEmpty { out += "]" } else {
                    open.append(OpenContainer(.elements(elements), indent: next.indent, pretty: next.pretty && expandsNested.arrays, unit: unit))
                }
            case .object(let members):
                out += "{"
                if members.isEmpty { out += "}" } else {
                    open.append(OpenContainer(.members(members), indent: next.indent, pretty: next.pretty && expandsNested.objects, unit: unit))
                }
            }
            // The next child of the innermost open container, closing those done.
            while let container = open.last, container.next == container.count {
                if container.pretty { out += newline + container.indent }
                out += container.close
                open.removeLast()
            }
            guard let last = open.indices.last else { return }
            let k = open[last].next
            open[last].next += 1
            let container = open[last]
            if k > 0 { out += container.pretty ? "," : "," + afterComma }
            if container.pretty { out += newline + container.inner }
            switch container.children {
            case .elements(let elements): next.content = elements[k]
            case .members(let members):
                out += JSONWriter.quoted(members[k].key) + colon
                next.content = members[k].value
            }
            next.indent = container.inner
            next.pretty = container.pretty
        }
    }

    /// An array or object being written: its children, the next to write,
    /// and the indentation of its closing bracket and of its children.
    private struct OpenContainer {
        enum Children {
            case elements([EditValue.Content])
            case members([EditValue.Member])
        }
        let children: Children
        var next = 0
        let indent: String
        let inner: String
        let pretty: Bool
        var close: String {
            if case .elements = children { "]" } else { "}" }
        }
        var count: Int {
            switch children {
            case .elements(let elements): elements.count
            case .members(let members): members.count
            }
        }

        init(_ children: Children, indent: String, pretty: Bool, unit: String?) {
            self.children = children
            self.indent = indent
            self.inner = pretty ? indent + (unit ?? "") : indent
            self.pretty = pretty
        }
    }
}

extension EditValue.Content {
    /// Whether this is a non-empty object or array: content whose text
    /// depends on the indentation unit and on ``JSONLayout/expandsNested``.
    var isNonEmptyContainer: Bool {
        switch self {
        case .array(let items): !items.isEmpty
        case .object(let members): !members.isEmpty
        default: false
        }
    }
}
