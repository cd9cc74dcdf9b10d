import DocTree

/// The rules of XML edits, in one place: where a removal ends, how new
/// content is laid out beside its neighbours, what a value becomes as text
/// or elements. ``XMLStreamedEdit`` applies them to its window of the input,
/// held whole or streamed, so they are functions over any byte collection
/// indexed by input offsets. An array or keyed value becomes elements by
/// ``XMLMarkup``, the mapping the encoder builds documents with; new text
/// is escaped as ``XMLText`` says.
enum XMLEditRules {
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

    /// What removing the attribute at `span` removes: it and the white space before it.
    static func attributeRemoval<Text: RandomAccessCollection<UInt8>>(_ span: Range<Int>, in text: Text) -> Range<Int>
    where Text.Index == Int {
        var start = span.lowerBound
        while XMLWhitespace.contains(text[start - 1]) { start -= 1 }
        return start..<span.upperBound
    }

    /// What removing the element at `span` removes, given the line it
    /// starts on (``lineIndent(at:in:byteBefore:)``): alone on its line, the
    /// line, indentation and line break included; first on its line with
    /// more after it (a comment), the element and the blanks after it, so
    /// that what follows stands at its indentation; else the element. `nil`
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
        // Something else follows on the line (a comment): it takes the element's place, at its indentation.
        guard text[end] == 0x0A || text[end] == 0x0D else { return span.lowerBound..<end }
        if text[end] == 0x0D, end + 1 < text.endIndex, text[end + 1] == 0x0A { end += 1 }
        return line.indent.lowerBound..<(end + 1)
    }

    /// Where element's name is written: in its start tag `tag`, and in its
    /// end tag (whose `<` is at `endTagStart`) when it has one.
    static func elementNames(of tag: XMLStartTag, endTagStart: Int?) -> [Range<Int>] {
        guard let endTagStart else { return [tag.name] }
        return [tag.name, (endTagStart + 2)..<(endTagStart + 2 + tag.name.count)]
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
                try writer.element(name, item, indent: indent, path: .root)
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

    /// A value as XML text (``XMLText/text(of:)``), an edit's error when it has none.
    static func text(of value: EditValue.Content, edit: Edit) throws -> String {
        do throws(XMLText.TextProblem) {
            return try XMLText.text(of: value)
        } catch {
            throw EditFailure.invalid(edit, error.message(notScalar: "XML text and attribute values hold text, not an array or a keyed value"))
        }
    }

    /// `text` escaped as all new XML is (``XMLText/escaped(_:quote:)``).
    static func escaped(_ text: String, quote: UInt8?) -> String { XMLText.escaped(text, quote: quote) }

    /// Whether `name` can stand as an element or attribute name (``XMLText/isName(_:)``).
    static func isName(_ name: String) -> Bool { XMLText.isName(name) }

    /// The `<` of the end tag that ends just before `end` in `text` (the
    /// last `<` before it). The streamed editor reads its copy of the
    /// input through this too.
    static func endTagStart<Text: RandomAccessCollection<UInt8>>(before end: Int, in text: Text) -> Int where Text.Index == Int {
        var lt = end - 1
        while text[lt] != UInt8(ascii: "<") { lt -= 1 }
        return lt
    }

    /// ``lineIndent(at:)`` in `text`, which may begin in the middle of a
    /// document (the streamed editor's copy of the input): `byteBefore` is
    /// the byte just before it, `nil` at the start of the document. When
    /// the line begins before `text`, only whether the bytes up to `offset`
    /// are white space is known: the result then says they are not.
    static func lineIndent<Text: RandomAccessCollection<UInt8>>(
        at offset: Int, in text: Text, byteBefore: UInt8?
    ) -> (indent: Range<Int>, onlySpaceBefore: Bool) where Text.Index == Int {
        let lineStart = LineIndent.lineStart(before: offset, in: text)
        if lineStart == text.startIndex, let byteBefore, byteBefore != 0x0A, byteBefore != 0x0D {
            return (offset..<offset, false)
        }
        let indent = LineIndent.indent(from: lineStart, upTo: offset, in: text)
        return (indent, indent.upperBound == offset)
    }

    /// ``endOfTrailingComments(after:)`` in `text`, which may end before the
    /// document does (the streamed editor's copy of the input): `nil` when
    /// it ends before that is known and more is to come (`atEnd` false).
    static func endOfTrailingComments<Text: RandomAccessCollection<UInt8>>(
        after offset: Int, in text: Text, atEnd: Bool
    ) -> Int? where Text.Index == Int {
        let open = Array("<!--".utf8)
        var end = offset
        var position = offset
        while true {
            while position < text.endIndex, text[position] == 0x20 || text[position] == 0x09 { position += 1 }
            let left = text.endIndex - position
            if !atEnd, left < open.count, open.starts(with: text[position...]) { return nil }
            guard text[position...].starts(with: open) else { break }
            // The comment's close, unless a line break comes first.
            var close = position + 4
            var closed = false
            while close + 3 <= text.endIndex {
                if text[close] == 0x0A || text[close] == 0x0D { break }
                if text[close] == UInt8(ascii: "-"), text[close + 1] == UInt8(ascii: "-"), text[close + 2] == UInt8(ascii: ">") {
                    closed = true
                    break
                }
                close += 1
            }
            if !closed {
                let brokeLine = close + 3 <= text.endIndex || text[close...].contains(where: { $0 == 0x0A || $0 == 0x0D })
                if !atEnd, !brokeLine { return nil }
                break
            }
            position = close + 3
            end = position
        }
        if position == text.endIndex, !atEnd { return nil }
        let lineEnds = position == text.endIndex || text[position] == 0x0A || text[position] == 0x0D
        return lineEnds ? end : offset
    }
}
