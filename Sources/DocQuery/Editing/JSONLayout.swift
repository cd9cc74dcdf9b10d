import DocTree

/// How a JSON document is laid out, learnt from the document itself, so new
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
    var afterComma = ""
    /// Whether new objects and arrays (in a pretty document, on a line of
    /// their own) are written over lines of their own, as the document's
    /// first non-empty object and array inside another container are (one of
    /// the other kind stands in for a kind not found; `true` when neither
    /// is): new content beside one-line siblings stays on one line.
    var expandsNested = Expansion()
    /// Whether the document writes trailing commas (JSON with comments),
    /// which new children of an empty container on lines of their own
    /// follow; `nil` until needed, when the editor learns it from the
    /// whole document (``JSONSource/writesTrailingCommas()``); a stream
    /// learns it as it reads (``JSONLayoutProbe``).
    var trailingComma: Bool?

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
        self.trailingComma = trailingComma
        self.expandsNested = expandsNested
        self.colon = colon
        self.newline = newline
        self.afterComma = afterComma
    }

    /// Learns the layout from the first non-empty container (indentation,
    /// line ending, spacing after commas), the first non-empty object and
    /// array inside another container (whether nested ones expand) and the
    /// first member (the colon).
    init(_ source: JSONSource) {
        let nodes = source.document.table.nodes
        var foundContainer = false
        var foundColon = false
        var foundComma = false
        var nestedObjects: Bool?
        var nestedArrays: Bool?
        var i = 1
        while i < nodes.count,
            !(foundContainer && foundColon && foundComma && (unit == nil || (nestedObjects != nil && nestedArrays != nil))) {
            let record = nodes[i]
            if (record.kind == .object || record.kind == .array) && record.b > 0 {
                let first = UInt32(i + 1)
                if foundContainer, (record.kind == .object ? nestedObjects : nestedArrays) == nil,
                    source.parent(of: UInt32(i)) != 0 {
                    let expands = source.text[(source.start(UInt32(i)) + 1)..<source.slotStart(first)].contains(0x0A)
                    if record.kind == .object { nestedObjects = expands } else { nestedArrays = expands }
                }
                if !foundContainer {
                    foundContainer = true
                    let lead = source.text[(source.start(UInt32(i)) + 1)..<source.slotStart(first)]
                    if let lineFeed = lead.lastIndex(of: 0x0A) {
                        newline = lineFeed > lead.startIndex && source.text[lineFeed - 1] == 0x0D ? "\r\n" : "\n"
                        let childIndent = String(decoding: lead[(lineFeed + 1)...], as: UTF8.self)
                        let ownIndent = source.lineIndent(at: source.start(UInt32(i)))
                        let unit = childIndent.hasPrefix(ownIndent) ? String(childIndent.dropFirst(ownIndent.count)) : childIndent
                        self.unit = unit.isEmpty ? "  " : unit
                    }
                }
                if !foundComma, record.b > 1 {
                    let second = source.document.table.subtreeEnd(first)
                    let gap = source.text[source.end(first)..<source.slotStart(second)]
                    // A gap with a comment (JSON with comments) shows no spacing.
                    if !gap.contains(0x0A), !gap.contains(UInt8(ascii: "/")) {
                        foundComma = true
                        afterComma = String(decoding: gap.filter { $0 != UInt8(ascii: ",") }, as: UTF8.self)
                    }
                }
                if record.kind == .object, !foundColon {
                    foundColon = true
                    let keyEnd = source.keyEnd(first)
                    colon = String(decoding: source.text[keyEnd..<source.start(first)], as: UTF8.self)
                }
            }
            i += 1
        }
        // No one-line container showed its commas: space them like the colons.
        if !foundComma, colon.hasSuffix(" ") { afterComma = " " }
        expandsNested = Expansion(objects: nestedObjects, arrays: nestedArrays)
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

    private func write(_ content: EditValue.Content, indent: String, pretty: Bool, into out: inout String) {
        switch content {
        case .string(let text): out += JSONWriter.quoted(text)
        case .number(let text): out += text
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case .array(let elements):
            let pretty = pretty && expandsNested.arrays
            writeContainer("[", "]", elements.count, indent: indent, pretty: pretty, into: &out) { k, inner, out in
                write(elements[k], indent: inner, pretty: pretty, into: &out)
            }
        case .object(let members):
            let pretty = pretty && expandsNested.objects
            writeContainer("{", "}", members.count, indent: indent, pretty: pretty, into: &out) { k, inner, out in
                out += JSONWriter.quoted(members[k].key) + colon
                write(members[k].value, indent: inner, pretty: pretty, into: &out)
            }
        }
    }

    private func writeContainer(
        _ open: String, _ close: String, _ count: Int, indent: String, pretty: Bool, into out: inout String,
        item: (Int, String, inout String) -> Void
    ) {
        out += open
        guard count > 0 else { return out += close }
        let inner = pretty ? indent + (unit ?? "") : indent
        for k in 0..<count {
            if k > 0 { out += pretty ? "," : "," + afterComma }
            if pretty { out += newline + inner }
            item(k, inner, &out)
        }
        if pretty { out += newline + indent }
        out += close
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
