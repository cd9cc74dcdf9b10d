import DocTree

/// Computed sets (``Edit/set(_:computedBy:parameters:)``) on streamed XML:
/// a set of an attribute, or of an element that holds text alone, computes
/// each match's value from what the stream holds for it, the element's
/// start tag and text. They are read as a document of their own (the
/// element alone), whose root is `@`, the matched node as the held-whole
/// editor gives it; for an attribute, that element's attribute.
extension XMLStreamedEdit {
    /// The text a computed set writes for its `number`-th match (from 1):
    /// the value `edit` computes for `element`, the matched element's start
    /// tag, text and end tag, or for its attribute named `attribute`;
    /// `nil` when that is the text the match holds already (by bytes, as a
    /// load reads it), which a set leaves as it is written, as a literal
    /// set does.
    ///
    /// - Throws: what computing throws (naming the match),
    ///   ``QueryError/Kind-swift.struct/invalidEdit`` for nothing (`null`)
    ///   or a value the place cannot hold, and
    ///   ``QueryError/Kind-swift.struct/notStreamable`` when the match does
    ///   not read on its own (a prefix or entity declared outside it) or
    ///   an element's value is an array or keyed value (which replaces it
    ///   with elements, laid out by what is around it).
    static func computedText(_ edit: Edit, element: [UInt8], attribute: String?, number: Int) throws -> String? {
        guard let computation = edit.computation else { preconditionFailure("a literal set has its text") }
        let name = "match \(number) of '\(edit.path)'"
        func refuse(_ why: String) -> QueryError {
            QueryError(.notStreamable, "cannot stream '\(edit.path)': \(why); edit without streaming", path: edit.path,
                       range: 0..<edit.path.count)
        }
        // Inside an element that declares every prefix the match's start
        // tag may use, as its ancestors do in the document.
        let source: EditableSource
        do {
            source = try EditableSource(bytes: wrapped(element), options: LoadOptions(format: .xml))
        } catch {
            throw refuse("\(name) does not read as a document of its own (\(error.message)), which its value is computed from")
        }
        guard let matched = source.document.root.children.first(where: { $0.kind == .element }) else {
            throw refuse("\(name) is not found in its element read alone")
        }
        var match = matched
        if let attribute {
            guard let node = matched.attribute(named: attribute) else { throw refuse("\(name) is not found in its element read alone") }
            match = node
        }
        let value = try edit.value(computedFor: match.index, in: source.document, by: computation, named: name)
        if attribute == nil, XMLEditRules.isStructured(value.content) {
            throw refuse("the value computed for \(name) is an array or a keyed value, which replaces the element with elements")
        }
        let text = try XMLEditRules.text(of: value.content, edit: edit)
        return match.string.map { $0.utf8.elementsEqual(text.utf8) } == true ? nil : text
    }

    /// `element` inside a `docq` element that declares each prefix its start
    /// tag may use (any `p:` after `<` or white space, but `xml` and
    /// `xmlns`; one too many is harmless).
    private static func wrapped(_ element: [UInt8]) -> [UInt8] {
        var prefixes: Set<[UInt8]> = []
        let end = element.firstIndex(of: UInt8(ascii: ">")) ?? element.endIndex
        var i = 0
        while i < end {
            let c = element[i]
            i += 1
            guard c == UInt8(ascii: "<") || XMLWhitespace.contains(c) else { continue }
            var j = i
            while j < end, !XMLWhitespace.contains(element[j]), ![UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "/"),
                UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'")].contains(element[j]) { j += 1 }
            if j > i, j < end, element[j] == UInt8(ascii: ":") {
                let prefix = Array(element[i..<j])
                if prefix != Array("xml".utf8), prefix != Array("xmlns".utf8) { prefixes.insert(prefix) }
            }
        }
        var wrapper = Array("<docq".utf8)
        for prefix in prefixes.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            wrapper += Array(" xmlns:".utf8) + prefix + Array("=\"urn:docq:".utf8) + prefix + [UInt8(ascii: "\"")]
        }
        return wrapper + [UInt8(ascii: ">")] + element + Array("</docq>".utf8)
    }

    /// `tag`, a start tag's bytes, closed as an empty element: the element
    /// an attribute's value is computed from.
    static func closedAlone(_ tag: [UInt8]) -> [UInt8] {
        if tag.suffix(2) == [UInt8(ascii: "/"), UInt8(ascii: ">")] { return tag }
        return tag.dropLast() + [UInt8(ascii: "/"), UInt8(ascii: ">")]
    }
}
