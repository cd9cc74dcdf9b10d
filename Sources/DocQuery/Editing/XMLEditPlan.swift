import DocTree

/// Turns a transaction of ``Edit``s on an XML document into patches over
/// its bytes, as ``JSONEditPlan`` does for JSON.
///
/// Every path is evaluated on the original document. An attribute's value
/// is replaced between its quotes; an element's text between its tags (an
/// empty-element tag gets an end tag); a removed element takes its own
/// line and indentation when it stands alone on it, a removed attribute
/// the white space before it; a rename rewrites the name in the start and
/// end tags; an insert adds a child element, an attribute (a key `@name`)
/// or text, laid out like its neighbours. New text is escaped minimally: `&` and `<`, the `>`
/// of `]]>` in text, and in an attribute value its own quote.
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
        let (targets, _, result) = try edit.targets(in: source.document)
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
            case .insert(let value, let key, let place): try insert(value.content, key: key, place, target, edit: edit, number: number)
            }
        }
    }

    // MARK: Operations

    private mutating func set(_ target: UInt32, _ value: EditValue.Content, edit: Edit, number: Int) throws {
        let text = try Self.text(of: value, edit: edit)
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
        let (range, replacement) = Self.textReplacement(
            of: tag, endTagStart: source.endTagStart(target), Self.escaped(text, quote: nil), in: source.text)
        patches.add(range, replacement.utf8, edit: number)
    }

    /// What replaces the content of the element whose start tag is `tag`
    /// (its end tag at `endTagStart`, or none for an empty-element tag) so
    /// that it holds the `escaped` text alone: the content, or for
    /// `<a/>` (or `<a x="1" />`) the tag's close, which becomes `>text</a>`.
    static func textReplacement<Text: RandomAccessCollection<UInt8>>(
        of tag: XMLStartTag, endTagStart: Int?, _ escaped: String, in text: Text
    ) -> (Range<Int>, String) where Text.Index == Int {
        if let endTagStart { return (tag.end..<endTagStart, escaped) }
        let name = String(decoding: text[tag.name], as: UTF8.self)
        return (emptyElementClose(of: tag, in: text), ">" + escaped + "</" + name + ">")
    }

    /// The close of empty-element tag `tag` with the white space before
    /// it, which an element given content replaces with `>`, the content
    /// and an end tag.
    static func emptyElementClose<Text: RandomAccessCollection<UInt8>>(
        of tag: XMLStartTag, in text: Text
    ) -> Range<Int> where Text.Index == Int {
        var close = tag.close
        while close > tag.name.upperBound, isSpace(text[close - 1]) { close -= 1 }
        return close..<tag.end
    }

    private mutating func remove(_ target: UInt32, edit: Edit, number: Int) throws {
        let span = source.span(target)!
        if source.kind(target) == .attribute {
            patches.add(Self.attributeRemoval(span, in: source.text), [], edit: number)
            return
        }
        guard source.parent(of: target) != 0 else { throw EditFailure.invalid(edit, "the root element cannot be removed") }
        let removed = Self.elementRemoval(span, line: source.lineIndent(at: span.lowerBound), in: source.text, atEnd: true)!
        patches.add(removed, [], edit: number)
    }

    /// What removing the attribute at `span` removes: it and the white space before it.
    static func attributeRemoval<Text: RandomAccessCollection<UInt8>>(_ span: Range<Int>, in text: Text) -> Range<Int>
    where Text.Index == Int {
        var start = span.lowerBound
        while isSpace(text[start - 1]) { start -= 1 }
        return start..<span.upperBound
    }

    /// What removing the element at `span` removes, given the line it
    /// starts on (``XMLSource/lineIndent(at:)``): alone on its line, the
    /// line, indentation and line break included; else the element. `nil`
    /// when `text` ends before that is known and more of it is to come
    /// (`atEnd` false: the streamed editor asks again with more).
    static func elementRemoval<Text: RandomAccessCollection<UInt8>>(
        _ span: Range<Int>, line: (indent: Range<Int>, onlySpaceBefore: Bool), in text: Text, atEnd: Bool
    ) -> Range<Int>? where Text.Index == Int {
        guard line.onlySpaceBefore else { return span }
        var end = span.upperBound
        while end < text.endIndex, text[end] == 0x20 || text[end] == 0x09 { end += 1 }
        if end == text.endIndex || (text[end] == 0x0D && end + 1 == text.endIndex) {
            // A CR may be followed by the LF of its pair.
            if !atEnd { return nil }
            if end == text.endIndex { return span }
        }
        guard text[end] == 0x0A || text[end] == 0x0D else { return span }
        if text[end] == 0x0D, end + 1 < text.endIndex, text[end + 1] == 0x0A { end += 1 }
        return line.indent.lowerBound..<(end + 1)
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
        for range in Self.elementNames(of: source.startTag(target), endTagStart: source.endTagStart(target)) {
            patches.add(range, name.utf8, edit: number)
        }
    }

    /// Where element's name is written: in its start tag `tag`, and in its
    /// end tag (whose `<` is at `endTagStart`) when it has one.
    static func elementNames(of tag: XMLStartTag, endTagStart: Int?) -> [Range<Int>] {
        guard let endTagStart else { return [tag.name] }
        return [tag.name, (endTagStart + 2)..<(endTagStart + 2 + tag.name.count)]
    }

    /// Inserts into element `target` (or beside it): with a `key`, a child
    /// element of that name holding the value as text, or with `@name` an
    /// attribute; without one, the value as text.
    private mutating func insert(
        _ value: EditValue.Content, key: String?, _ place: Edit.Place, _ target: UInt32, edit: Edit, number: Int
    ) throws {
        guard source.kind(target) == .element else {
            throw EditFailure.invalid(edit, "it matches \(describe(target)); XML inserts go into or beside an element")
        }
        let text = try Self.text(of: value, edit: edit)
        if let key, key.hasPrefix("@") {
            guard case .into = place else {
                throw EditFailure.invalid(edit, "an attribute goes into an element, not before or after one")
            }
            try insertAttribute(String(key.dropFirst()), text, into: target, edit: edit, number: number)
            return
        }
        if let key, !Self.isName(key) { throw EditFailure.invalid(edit, "'\(key)' is not an XML name") }
        let markup = key.map { "<\($0)>" + Self.escaped(text, quote: nil) + "</\($0)>" } ?? Self.escaped(text, quote: nil)
        switch place {
        case .before, .after:
            guard source.parent(of: target) != 0 else {
                throw EditFailure.invalid(edit, "the root element has no siblings; insert into it instead")
            }
            let span = source.span(target)!
            let line = source.lineIndent(at: span.lowerBound)
            let indent = String(decoding: source.text[line.indent], as: UTF8.self)
            let alone = line.onlySpaceBefore && key != nil
            if place == .before {
                patches.add(span.lowerBound..<span.lowerBound, (markup + (alone ? lineEnd + indent : "")).utf8, edit: number)
            } else {
                // On a line of its own, after the comments that end the match's line.
                let end = alone ? source.endOfTrailingComments(after: span.upperBound) : span.upperBound
                patches.add(end..<end, ((alone ? lineEnd + indent : "") + markup).utf8, edit: number)
            }
        case .into(let index):
            let elements = source.children(of: target).filter { source.kind($0) == .element }
            let wanted = index ?? elements.count
            let resolved = wanted < 0 ? elements.count + wanted : wanted
            guard (0...elements.count).contains(resolved) else {
                throw EditFailure.invalid(edit, "index \(wanted) is outside the \(elements.count) child elements of \(describe(target))")
            }
            if resolved < elements.count {
                let next = source.span(elements[resolved])!
                let line = source.lineIndent(at: next.lowerBound)
                let gap = line.onlySpaceBefore && key != nil ? lineEnd + String(decoding: source.text[line.indent], as: UTF8.self) : ""
                patches.add(next.lowerBound..<next.lowerBound, (markup + gap).utf8, edit: number)
            } else if let last = elements.last, key != nil {
                // After the last child element, on a line of its own when that one stands on its own
                // (after the comments that end its line).
                let span = source.span(last)!
                let line = source.lineIndent(at: span.lowerBound)
                let alone = line.onlySpaceBefore
                let gap = alone ? lineEnd + String(decoding: source.text[line.indent], as: UTF8.self) : ""
                let end = alone ? source.endOfTrailingComments(after: span.upperBound) : span.upperBound
                patches.add(end..<end, (gap + markup).utf8, edit: number)
            } else {
                // Text goes at the end of the content, after any text that follows the last element.
                try insertAtEnd(markup, isElement: key != nil, of: target, edit: edit, number: number)
            }
        }
    }

    /// Puts `markup` at the end of element `target`'s content: text
    /// anywhere, an element only into one without child elements. An
    /// element goes after the content, or, when the content is white
    /// space alone and `target` stands on its own line, on a line of its
    /// own one indentation unit deeper.
    private mutating func insertAtEnd(_ markup: String, isElement: Bool, of target: UInt32, edit: Edit, number: Int) throws {
        let tag = source.startTag(target)
        let span = source.span(target)!
        let line = source.lineIndent(at: span.lowerBound)
        let indent = String(decoding: source.text[line.indent], as: UTF8.self)
        let contentEnd = source.endTagStart(target) ?? tag.end
        let content = source.text[tag.end..<contentEnd]
        let blank = content.allSatisfy(Self.isSpace)
        let layout = isElement && blank && line.onlySpaceBefore && source.text.contains(0x0A)
        let inner = layout ? lineEnd + indent + indentUnit + markup + lineEnd + indent : markup
        if tag.isEmptyElement {
            let name = String(decoding: source.text[tag.name], as: UTF8.self)
            patches.add(Self.emptyElementClose(of: tag, in: source.text), (">" + inner + "</" + name + ">").utf8, edit: number)
        } else if layout {
            patches.add(tag.end..<contentEnd, inner.utf8, edit: number)
        } else {
            patches.add(contentEnd..<contentEnd, markup.utf8, edit: number)
        }
    }

    /// Adds attribute `name` after the last attribute of element `target`'s
    /// start tag, quoted like it, on a line of its own when it stands on one.
    private mutating func insertAttribute(_ name: String, _ value: String, into target: UInt32, edit: Edit, number: Int) throws {
        guard Self.isName(name) else { throw EditFailure.invalid(edit, "'\(name)' is not an XML name") }
        if source.children(of: target).contains(where: { source.kind($0) == .attribute && source.document.node(at: $0).name == name }) {
            throw EditFailure.invalid(edit, "the element already has an attribute named '\(name)'; set it instead")
        }
        let tag = source.startTag(target)
        let quote = tag.attributes.last?.quote ?? UInt8(ascii: "\"")
        let q = String(UnicodeScalar(quote))
        let attribute = name + "=" + q + Self.escaped(value, quote: quote) + q
        guard let last = tag.attributes.last else {
            patches.add(tag.name.upperBound..<tag.name.upperBound, (" " + attribute).utf8, edit: number)
            return
        }
        let line = source.lineIndent(at: last.name.lowerBound)
        let separator = line.onlySpaceBefore && line.indent.lowerBound > tag.start
            ? lineEnd + String(decoding: source.text[line.indent], as: UTF8.self) : " "
        patches.add(last.span.upperBound..<last.span.upperBound, (separator + attribute).utf8, edit: number)
    }

    /// The document's line ending: `\r\n` when its first line ends so.
    private var lineEnd: String {
        guard let newline = source.text.firstIndex(of: 0x0A) else { return "\n" }
        return newline > 0 && source.text[newline - 1] == 0x0D ? "\r\n" : "\n"
    }

    /// The document's indentation unit: how much deeper the first child
    /// element on a line of its own stands than its parent; two spaces
    /// when no element shows it.
    private var indentUnit: String {
        let nodes = source.document.table.nodes
        for index in 1..<nodes.count where nodes[index].kind == .element {
            let child = UInt32(index)
            let parent = source.parent(of: child)
            guard parent != 0, let childSpan = source.span(child), let parentSpan = source.span(parent) else { continue }
            let inner = source.lineIndent(at: childSpan.lowerBound)
            let outer = source.lineIndent(at: parentSpan.lowerBound)
            guard inner.onlySpaceBefore, outer.onlySpaceBefore, inner.indent.count > outer.indent.count else { continue }
            return String(decoding: source.text[(inner.indent.lowerBound + outer.indent.count)..<inner.indent.upperBound], as: UTF8.self)
        }
        return "  "
    }

    // MARK: Helpers

    /// A value as XML text: a string as it is, a number as written, a
    /// Boolean as `true` or `false`, `nil` as empty text.
    static func text(of value: EditValue.Content, edit: Edit) throws -> String {
        switch value {
        case .string(let string): string
        case .number(let number): number
        case .bool(let bool): bool ? "true" : "false"
        case .null: ""
        case .array, .object:
            throw EditFailure.invalid(edit, "XML text and attribute values hold text, not a JSON array or object")
        }
    }

    /// `text` with `&` and `<` escaped, the `>` of `]]>` in text, and
    /// `quote` when it is given.
    static func escaped(_ text: String, quote: UInt8?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            // `]]>` may not stand in text, so its `>` is escaped there.
            case ">" where quote == nil && out.hasSuffix("]]"): out += "&gt;"
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
