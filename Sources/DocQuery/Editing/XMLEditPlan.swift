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
/// or text, laid out like its neighbours. An array or keyed value set or
/// inserted becomes elements by ``XMLMarkup``, the mapping the encoder
/// builds documents with. New text is escaped as ``XMLText`` says.
struct XMLEditPlan {
    let source: XMLSource
    private var patches = Patches()
    /// The document's line ending and indentation unit, and whether it has
    /// a line feed at all, learnt once (not once per insert).
    private let lineEnd: String
    private let indentUnit: String
    private let hasLineFeed: Bool

    init(_ source: XMLSource) {
        self.source = source
        lineEnd = Self.lineEnd(of: source)
        hasLineFeed = source.text.contains(0x0A)
        indentUnit = Self.indentUnit(of: source)
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
        if source.kind(target) == .element, Self.isStructured(value) {
            try replace(target, with: value, edit: edit, number: number)
            return
        }
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
        while close > tag.name.upperBound, XMLWhitespace.contains(text[close - 1]) { close -= 1 }
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
        while XMLWhitespace.contains(text[start - 1]) { start -= 1 }
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
        guard Self.isName(name) else { throw EditFailure.invalid(edit, XMLText.nameProblem(name)) }
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
        if key == nil || key!.hasPrefix("@"), Self.isStructured(value) {
            throw EditFailure.invalid(
                edit, key == nil ? "an array or a keyed value goes into XML as elements: give the insert a key to name them"
                    : "an attribute holds text, not an array or a keyed value")
        }
        let text = Self.isStructured(value) ? "" : try Self.text(of: value, edit: edit)
        if let key, key.hasPrefix("@") {
            guard case .into = place else {
                throw EditFailure.invalid(edit, "an attribute goes into an element, not before or after one")
            }
            try insertAttribute(String(key.dropFirst()), text, into: target, edit: edit, number: number)
            return
        }
        if let key, !Self.isName(key) { throw EditFailure.invalid(edit, XMLText.nameProblem(key)) }
        /// The new content, its later lines indented from `indent` when it stands on a line of its own.
        /// (It captures the layout, not a copy of the plan: a copy would share the patches, and
        /// each insert after it would copy them all.)
        let (unit, ending) = (indentUnit, lineEnd)
        func markup(indent: String, alone: Bool) throws -> String {
            guard let key else { return Self.escaped(text, quote: nil) }
            return try Self.elements(key, value, indent: indent, unit: alone ? unit : nil, lineEnd: ending, edit: edit)
        }
        switch place {
        case .before, .after:
            guard source.parent(of: target) != 0 else {
                throw EditFailure.invalid(edit, "the root element has no siblings; insert into it instead")
            }
            let span = source.span(target)!
            let line = source.lineIndent(at: span.lowerBound)
            let indent = String(decoding: source.text[line.indent], as: UTF8.self)
            let alone = line.onlySpaceBefore && key != nil
            let written = try markup(indent: indent, alone: alone)
            if place == .before {
                patches.add(span.lowerBound..<span.lowerBound, Self.before(written, alone: alone, lineEnd: lineEnd, indent: indent).utf8, edit: number)
            } else {
                // On a line of its own, after the comments that end the match's line.
                let end = alone ? source.endOfTrailingComments(after: span.upperBound) : span.upperBound
                patches.add(end..<end, Self.after(written, alone: alone, lineEnd: lineEnd, indent: indent).utf8, edit: number)
            }
        case .into(let index):
            let elements = source.children(of: target).filter { source.kind($0) == .element }
            let wanted = index ?? elements.count
            let resolved = wanted < 0 ? elements.count + wanted : wanted
            guard (0...elements.count).contains(resolved) else {
                throw EditFailure.invalid(edit, "index \(wanted) is outside the \(elements.count) child elements of \(describe(target))")
            }
            if resolved < elements.count {
                guard let next = source.span(elements[resolved]) else { throw Self.unwritten(edit, "it would go before") }
                let line = source.lineIndent(at: next.lowerBound)
                let indent = String(decoding: source.text[line.indent], as: UTF8.self)
                let alone = line.onlySpaceBefore && key != nil
                let written = try markup(indent: indent, alone: alone)
                patches.add(next.lowerBound..<next.lowerBound, Self.before(written, alone: alone, lineEnd: lineEnd, indent: indent).utf8, edit: number)
            } else if let last = elements.last, key != nil {
                // After the last child element, on a line of its own when that one stands on its own
                // (after the comments that end its line).
                guard let span = source.span(last) else { throw Self.unwritten(edit, "it would follow") }
                let line = source.lineIndent(at: span.lowerBound)
                let indent = String(decoding: source.text[line.indent], as: UTF8.self)
                let alone = line.onlySpaceBefore
                let written = try markup(indent: indent, alone: alone)
                let end = alone ? source.endOfTrailingComments(after: span.upperBound) : span.upperBound
                patches.add(end..<end, Self.after(written, alone: alone, lineEnd: lineEnd, indent: indent).utf8, edit: number)
            } else {
                // Text goes at the end of the content, after any text that follows the last element.
                try insertAtEnd(markup, isElement: key != nil, of: target, edit: edit, number: number)
            }
        }
    }

    /// The error for an insert beside a child element that an entity gave
    /// (its place in the bytes is not known).
    private static func unwritten(_ edit: Edit, _ relation: String) -> Error {
        EditFailure.invalid(
            edit, "the child element \(relation) is not written in the document as such (an entity or a DTD default gives it)")
    }

    /// Puts what `render` writes at the end of element `target`'s content:
    /// text anywhere, an element only into one without child elements. An
    /// element goes after the content, or, when the content is white space
    /// alone and `target` stands on its own line, on a line of its own one
    /// indentation unit deeper.
    private mutating func insertAtEnd(
        _ render: (_ indent: String, _ alone: Bool) throws -> String, isElement: Bool, of target: UInt32, edit: Edit, number: Int
    ) throws {
        let tag = source.startTag(target)
        let span = source.span(target)!
        let line = source.lineIndent(at: span.lowerBound)
        let indent = String(decoding: source.text[line.indent], as: UTF8.self)
        let contentEnd = source.endTagStart(target) ?? tag.end
        let content = source.text[tag.end..<contentEnd]
        let blank = content.allSatisfy(XMLWhitespace.contains)
        let layout = Self.laysOutEnd(isElement: isElement, blank: blank, alone: line.onlySpaceBefore, hasLineFeed: hasLineFeed)
        let markup = try render(indent + indentUnit, layout)
        let inner = Self.endContent(markup, layout: layout, lineEnd: lineEnd, indent: indent, unit: indentUnit)
        if tag.isEmptyElement {
            let name = String(decoding: source.text[tag.name], as: UTF8.self)
            patches.add(Self.emptyElementClose(of: tag, in: source.text), (">" + inner + "</" + name + ">").utf8, edit: number)
        } else if layout {
            patches.add(tag.end..<contentEnd, inner.utf8, edit: number)
        } else {
            patches.add(contentEnd..<contentEnd, markup.utf8, edit: number)
        }
    }

    /// New content put before a node at `indent`: on a line of its own
    /// (`alone`), the node's line break and indentation follow it.
    static func before(_ written: String, alone: Bool, lineEnd: String, indent: String) -> String {
        alone ? written + lineEnd + indent : written
    }

    /// New content put after a node at `indent` (after the comments that
    /// end its line): on a line of its own (`alone`), it starts one.
    static func after(_ written: String, alone: Bool, lineEnd: String, indent: String) -> String {
        alone ? lineEnd + indent + written : written
    }

    /// Whether new content at the end of an element's content stands on a
    /// line of its own: an element, into an element whose content is white
    /// space alone (`blank`) and that stands on its own line (`alone`), in a
    /// document with line feeds.
    static func laysOutEnd(isElement: Bool, blank: Bool, alone: Bool, hasLineFeed: Bool) -> Bool {
        isElement && blank && alone && hasLineFeed
    }

    /// What becomes the content's end when `markup` goes at the end of an
    /// element at `indent`: laid out, on a line of its own one `unit`
    /// deeper, the end tag on the next; else `markup` as it is.
    static func endContent(_ markup: String, layout: Bool, lineEnd: String, indent: String, unit: String) -> String {
        layout ? lineEnd + indent + unit + markup + lineEnd + indent : markup
    }

    /// Replaces element `target` with `value` as the XML mapping writes it
    /// (``XMLMarkup``): a keyed value as one element of the same name, with
    /// its namespace declarations kept; an array as that many elements of
    /// the name, laid out like the one they replace.
    private mutating func replace(_ target: UInt32, with value: EditValue.Content, edit: Edit, number: Int) throws {
        if case .array(let items) = value {
            guard source.parent(of: target) != 0 else {
                throw EditFailure.invalid(edit, "the root element cannot become several elements")
            }
            guard !items.isEmpty else {
                throw EditFailure.invalid(edit, "an empty array is no element at all; remove the element instead")
            }
        }
        let span = source.span(target)!
        let tag = source.startTag(target)
        let name = String(decoding: source.text[tag.name], as: UTF8.self)
        let declarations = tag.attributes.filter { $0.isNamespaceDeclaration(in: source.text) }
            .map { " " + String(decoding: source.text[$0.span], as: UTF8.self) }.joined()
        let line = source.lineIndent(at: span.lowerBound)
        let indent = String(decoding: source.text[line.indent], as: UTF8.self)
        let alone = line.onlySpaceBefore && source.text.contains(0x0A)
        let written = try elements(name, value, indent: indent, alone: alone, edit: edit, declarations: declarations)
        patches.add(span, written.utf8, edit: number)
    }

    /// `value` as elements named `name` by the XML mapping (``XMLMarkup``):
    /// an array as one element per item, anything else as one element.
    /// When `alone`, each stands on a line of its own and its content is
    /// indented by the document's unit from `indent`; else all is compact.
    /// `declarations` (namespace declarations as written) go into each start tag.
    private func elements(
        _ name: String, _ value: EditValue.Content, indent: String, alone: Bool, edit: Edit, declarations: String = ""
    ) throws -> String {
        try Self.elements(
            name, value, indent: indent, unit: alone ? indentUnit : nil, lineEnd: lineEnd, edit: edit, declarations: declarations)
    }

    /// ``elements(_:_:indent:alone:edit:declarations:)`` with the
    /// document's indentation `unit` (`nil`: compact) and `lineEnd` given,
    /// for the streamed editor, which learns them as it reads.
    static func elements(
        _ name: String, _ value: EditValue.Content, indent: String, unit: String?, lineEnd: String, edit: Edit,
        declarations: String = ""
    ) throws -> String {
        let alone = unit != nil
        let items: [EditValue.Content]
        if case .array(let list) = value { items = list } else { items = [value] }
        var out = ""
        for (position, item) in items.enumerated() {
            var writer = XMLMarkup(unit: unit, newline: lineEnd)
            writer.boundPrefixes = nil
            do {
                try writer.element(name, item, indent: indent, path: [])
            } catch let EncodingError.invalidValue(_, context) {
                throw EditFailure.invalid(edit, context.debugDescription)
            }
            if position > 0, alone { out += lineEnd + indent }
            // The markup starts with `<name`; the declarations go after it.
            out += declarations.isEmpty ? writer.out
                : "<" + name + declarations + String(decoding: writer.out.utf8.dropFirst(1 + name.utf8.count), as: UTF8.self)
        }
        return out
    }

    /// Whether `value` is an array or an object, which XML writes as elements.
    static func isStructured(_ value: EditValue.Content) -> Bool {
        switch value {
        case .array, .object: true
        default: false
        }
    }

    /// Adds attribute `name` after the last attribute of element `target`'s
    /// start tag, quoted like it, on a line of its own when it stands on one.
    private mutating func insertAttribute(_ name: String, _ value: String, into target: UInt32, edit: Edit, number: Int) throws {
        guard Self.isName(name) else { throw EditFailure.invalid(edit, XMLText.nameProblem(name)) }
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
    private static func lineEnd(of source: XMLSource) -> String {
        guard let newline = source.text.firstIndex(of: 0x0A) else { return "\n" }
        return newline > 0 && source.text[newline - 1] == 0x0D ? "\r\n" : "\n"
    }

    /// The document's indentation unit: how much deeper the first child
    /// element on a line of its own stands than its parent; two spaces
    /// when no element shows it.
    private static func indentUnit(of source: XMLSource) -> String {
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
        case .string(let string):
            if let forbidden = XMLText.firstForbiddenCharacter(in: string) {
                throw EditFailure.invalid(edit, "U+\(String(forbidden.value, radix: 16, uppercase: true)) is not a character XML 1.0 can hold")
            }
            return string
        case .number(let number): return number
        case .bool(let bool): return bool ? "true" : "false"
        case .null: return ""
        case .array, .object:
            throw EditFailure.invalid(edit, "XML text and attribute values hold text, not an array or a keyed value")
        }
    }

    /// `text` escaped as all new XML is (``XMLText/escaped(_:quote:)``).
    static func escaped(_ text: String, quote: UInt8?) -> String { XMLText.escaped(text, quote: quote) }

    /// Whether `name` can stand as an element or attribute name (``XMLText/isName(_:)``).
    static func isName(_ name: String) -> Bool { XMLText.isName(name) }

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
