import DocTree

/// Turns a transaction of ``Edit``s on an XML document into patches over
/// its bytes, as ``JSONEditPlan`` does for JSON.
///
/// Every path is evaluated on the original document. An attribute's value
/// is replaced between its quotes; an element's text between its tags (an
/// empty-element tag gets an end tag); a removed element takes its own
/// line and indentation when it stands alone on it, a removed attribute
/// the white space before it; a rename rewrites the name in the start and
/// end tags. New text is escaped minimally: `&` and `<`, and in an
/// attribute value its own quote.
struct XMLEditPlan {
    let source: XMLSource
    private var patches = Patches()

    init(_ source: XMLSource) {
        self.source = source
    }

    /// The patches that make the edits.
    static func patches(for edits: [Edit], in source: XMLSource) throws -> Patches {
        var plan = XMLEditPlan(source)
        for (number, edit) in edits.enumerated() { try plan.add(edit, number: number) }
        if let (a, b) = plan.patches.firstConflict() {
            throw JSONEditPlan.conflict(edits[min(a.edit, b.edit)], edits[max(a.edit, b.edit)], same: a.edit == b.edit)
        }
        return plan.patches
    }

    private mutating func add(_ edit: Edit, number: Int) throws {
        let query = try PathQuery(edit.path, parameters: edit.parameters)
        let result = try query.evaluate(on: source.document)
        var targets: [UInt32] = []
        var seen = Set<UInt32>()
        for match in result.selectedMatches {
            guard let node = match.node, node.document === source.document else {
                throw EditFailure.invalid(edit, "the path selects a computed value, not a part of the document")
            }
            if seen.insert(node.index).inserted { targets.append(node.index) }
        }
        if targets.isEmpty { throw EditFailure.noMatch(edit, result.explanation) }
        for var target in targets {
            // The text of an element that holds only text is set through the element.
            if source.kind(target) == .text, case .set = edit.operation { target = source.parent(of: target) }
            guard target != 0 else { throw EditFailure.invalid(edit, "the document node cannot be edited") }
            guard source.kind(target) == .element || source.kind(target) == .attribute else {
                throw EditFailure.invalid(edit, "it matches \(describe(target)); XML edits apply to elements and attributes")
            }
            guard source.span(target) != nil else {
                throw EditFailure.invalid(
                    edit, "it matches \(describe(target)), which is not written in the document as such (an entity or a DTD default gives it)")
            }
            switch edit.operation {
            case .set(let value): try set(target, value.content, edit: edit, number: number)
            case .remove: try remove(target, edit: edit, number: number)
            case .rename(let name): try rename(target, name, edit: edit, number: number)
            case .insert: throw EditFailure.invalid(edit, "inserting into XML documents is not supported yet")
            }
        }
    }

    // MARK: Operations

    private mutating func set(_ target: UInt32, _ value: EditValue.Content, edit: Edit, number: Int) throws {
        let text: String
        switch value {
        case .string(let string): text = string
        case .number(let number): text = number
        case .bool(let bool): text = bool ? "true" : "false"
        case .null: text = ""
        case .array, .object:
            throw EditFailure.invalid(edit, "XML text and attribute values hold text, not a JSON array or object")
        }
        if source.kind(target) == .attribute {
            let attribute = source.attribute(target)
            patches.add(attribute.value, Self.escaped(text, quote: attribute.quote).utf8, edit: number)
            return
        }
        if let child = source.children(of: target).first(where: { source.kind($0) != .attribute && source.kind($0) != .text }) {
            throw EditFailure.invalid(
                edit, "it matches an element that holds \(describe(child)); only an element that holds text alone can be set")
        }
        let tag = source.startTag(target)
        let escaped = Self.escaped(text, quote: nil)
        if let endTag = source.endTagStart(target) {
            patches.add(tag.end..<endTag, escaped.utf8, edit: number)
        } else {
            // `<a/>` (or `<a x="1" />`) becomes `<a>text</a>`.
            var close = tag.close
            while close > tag.name.upperBound, Self.isSpace(source.text[close - 1]) { close -= 1 }
            let name = String(decoding: source.text[tag.name], as: UTF8.self)
            patches.add(close..<tag.end, (">" + escaped + "</" + name + ">").utf8, edit: number)
        }
    }

    private mutating func remove(_ target: UInt32, edit: Edit, number: Int) throws {
        let span = source.span(target)!
        if source.kind(target) == .attribute {
            var start = span.lowerBound
            while Self.isSpace(source.text[start - 1]) { start -= 1 }
            patches.add(start..<span.upperBound, [], edit: number)
            return
        }
        guard source.parent(of: target) != 0 else { throw EditFailure.invalid(edit, "the root element cannot be removed") }
        // Alone on its line: the line goes, indentation and line break included.
        let line = source.lineIndent(at: span.lowerBound)
        var end = span.upperBound
        while end < source.text.count, source.text[end] == 0x20 || source.text[end] == 0x09 { end += 1 }
        if line.onlySpaceBefore, end < source.text.count, source.text[end] == 0x0A || source.text[end] == 0x0D {
            if source.text[end] == 0x0D, end + 1 < source.text.count, source.text[end + 1] == 0x0A { end += 1 }
            patches.add(line.indent.lowerBound..<(end + 1), [], edit: number)
        } else {
            patches.add(span, [], edit: number)
        }
    }

    private mutating func rename(_ target: UInt32, _ name: String, edit: Edit, number: Int) throws {
        guard Self.isName(name) else { throw EditFailure.invalid(edit, "'\(name)' is not an XML name") }
        if source.kind(target) == .attribute {
            let parent = source.parent(of: target)
            if source.children(of: parent).contains(where: {
                $0 != target && source.kind($0) == .attribute && source.document.node(at: $0).name == name
            }) {
                throw EditFailure.invalid(edit, "the element already has an attribute named '\(name)'")
            }
            patches.add(source.attribute(target).name, name.utf8, edit: number)
            return
        }
        let tag = source.startTag(target)
        patches.add(tag.name, name.utf8, edit: number)
        if let endTag = source.endTagStart(target) {
            patches.add((endTag + 2)..<(endTag + 2 + tag.name.count), name.utf8, edit: number)
        }
    }

    // MARK: Helpers

    /// `text` with `&` and `<` escaped, and `quote` when it is given.
    static func escaped(_ text: String, quote: UInt8?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case "\"" where quote == UInt8(ascii: "\""): out += "&quot;"
            case "'" where quote == UInt8(ascii: "'"): out += "&apos;"
            // Kept as characters, white space in an attribute value would be normalised away.
            case "\n" where quote != nil: out += "&#10;"
            case "\r": out += "&#13;"
            case "\t" where quote != nil: out += "&#9;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Whether `name` can stand as an element or attribute name.
    static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !"-.0123456789".unicodeScalars.contains(first) else { return false }
        return !name.unicodeScalars.contains { " \t\r\n<>&\"'=/!?;,()[]{}|`$%*+\\#@^~".unicodeScalars.contains($0) }
    }

    private func describe(_ i: UInt32) -> String {
        switch source.kind(i) {
        case .element: "the element <\(source.document.node(at: i).name ?? "")>"
        case .attribute: "the attribute \(source.document.node(at: i).name ?? "")"
        case .text: "text"
        case .comment: "a comment"
        case .processingInstruction: "a processing instruction"
        case .document: "the document node"
        default: "a node"
        }
    }
}
