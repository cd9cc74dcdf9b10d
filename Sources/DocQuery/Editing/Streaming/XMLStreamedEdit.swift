import DocTree

/// Edits an XML document while reading it, in constant memory: the
/// streamed counterpart of ``XMLEditPlan``, with the same patches.
///
/// Each edit's path must stream whole (keys, `*` and non-negative indexes:
/// the prefix of a ``StreamPlan`` with nothing after it). libxml2's push
/// parser reads the input chunk by chunk; an ``XMLStreamLocator`` reports
/// where each matched element and attribute stands (the parser's cursor,
/// as for the whole-document editor's ``XMLCursorTrail``), and the start
/// and end tags are read there with ``XMLStartTag`` from the
/// ``StreamedPatchWriter``'s copy of what is not written yet. The layout
/// rules are ``XMLEditPlan``'s own. Unchanged bytes go out as they came,
/// chunk by chunk; what an edit replaces is dropped as it is read, never held.
///
/// Supported: `set` of an element's text (an element that holds text
/// alone) and of an attribute's value, `remove` and `rename` of elements
/// and attributes, and `insert` of an attribute into an element (a key
/// `@name`); other inserts are not streamed yet. A document in another
/// encoding than UTF-8 is converted to UTF-8 chunk by chunk
/// (``ChunkDecoder``, which checks that it converts back to the same bytes)
/// and the output converted back, as ``DocumentEditor`` does.
///
/// A run that throws has written part of the output: the caller writes to
/// a temporary file and keeps it only when ``run(_:write:)`` returns, so
/// that the edits apply all or not at all.
package struct XMLStreamedEdit {
    private let edits: [Edit]
    private let selectors: [StreamSelector]
    private let options: LoadOptions

    /// Prepares `edits`.
    ///
    /// - Throws: ``QueryError``: a malformed path,
    ///   ``QueryError/Kind-swift.struct/notStreamable`` for a path that
    ///   does not stream whole or an operation not streamed (with what to
    ///   do instead), ``QueryError/Kind-swift.struct/invalidEdit`` for a
    ///   value or name XML cannot take.
    package init(_ edits: [Edit], options: LoadOptions = LoadOptions()) throws {
        self.edits = edits
        self.options = options
        selectors = try edits.map { edit in
            let query = try PathQuery(edit.path, parameters: edit.parameters)
            let plan = try StreamPlan(query)
            if let step = plan.rest.steps.first ?? plan.fold?.step {
                throw QueryError(
                    .notStreamable,
                    "this step cannot stream in an edit: a streamed edit takes keys, '*' and indexes only; edit without streaming",
                    path: query.description, scalarRange: step.range)
            }
            switch edit.operation {
            case .set(let value): _ = try XMLEditPlan.text(of: value.content, edit: edit)
            case .rename(let name):
                guard XMLEditPlan.isName(name) else { throw EditFailure.invalid(edit, "'\(name)' is not an XML name") }
            case .remove: break
            case .insert(let value, let key, let place):
                // An attribute into each matched element streams: its start
                // tag alone says where and how (XMLEditPlan.insertAttribute).
                guard let key, key.hasPrefix("@"), case .into = place, !XMLEditPlan.isStructured(value.content) else {
                    throw QueryError(
                        .notStreamable,
                        "insert streams on XML for an attribute only (a key @name, into the element); edit without streaming",
                        path: edit.path, range: 0..<edit.path.count)
                }
                _ = try XMLEditPlan.text(of: value.content, edit: edit)
                let name = String(key.dropFirst())
                guard XMLEditPlan.isName(name) else { throw EditFailure.invalid(edit, XMLText.nameProblem(name)) }
            }
            return plan.selector
        }
    }

    /// Reads `input` to its end and writes the edited document to `write`,
    /// in pieces, as it goes.
    ///
    /// - Returns: how many nodes each edit changed, in the order of the edits.
    /// - Throws: ``LoadError`` for malformed or unreadable input, or input
    ///   in an encoding that does not convert back to itself; ``QueryError`` when an edit matches nothing
    ///   (``QueryError/Kind-swift.struct/noMatch``), cannot apply to a
    ///   match (``QueryError/Kind-swift.struct/invalidEdit``), or touches
    ///   what another touches (``QueryError/Kind-swift.struct/conflictingEdits``),
    ///   or a path turns out not to stream on this document; what `write`
    ///   throws. Part of the output is written by then (see the type's notes).
    package func run(_ input: ChunkedInput, write: (UnsafeRawBufferPointer) throws -> Void) throws -> [Int] {
        var head = try Self.head(of: input)
        // A document in another encoding is edited in UTF-8, converted
        // chunk by chunk, and written back converted, as the in-memory
        // editor does with the whole (character references for what the
        // encoding lacks). A byte order mark goes out as it came.
        let legacy = try XMLStreamLocator.legacyEncoding(of: head, options: options)
        let mark = legacy?.byteOrderMark ?? (head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        if mark > 0 {
            try head[..<mark].withUnsafeBytes(write)
            head.removeFirst(mark)
        }
        let decoder = try legacy.map { (legacy) throws(LoadError) in try ChunkDecoder(legacy.encoding) }
        if let decoder { head = try decoder.decode(head, isLast: input.isAtEnd) }
        let state = try RunState(edits: edits)
        head.withUnsafeBufferPointer { state.append($0) }
        let encoded: (UnsafeRawBufferPointer) throws -> Void = { utf8 in
            guard let decoder else { return try write(utf8) }
            let bytes = try Transcoder.encode(Array(utf8), to: decoder.encoding, escape: DocumentEditor.xmlEscape)
            try bytes.withUnsafeBytes(write)
        }
        try withoutActuallyEscaping(encoded) { write in
            do {
                try XMLStreamLocator.run(
                    first: head, transcoded: decoder != nil,
                    next: { chunk, parsedUpTo in
                        try state.flush(parsedUpTo: parsedUpTo, atEnd: false, write)
                        var more = try input.read(into: &chunk, limit: StreamingLoad.chunkSize) > 0
                        if let decoder {
                            // A chunk may end inside the one character it holds.
                            while more {
                                chunk = try decoder.decode(chunk, isLast: input.isAtEnd)
                                if !chunk.isEmpty { break }
                                more = try input.read(into: &chunk, limit: StreamingLoad.chunkSize) > 0
                            }
                        }
                        chunk.withUnsafeBufferPointer { state.append($0) }
                        options.progress?.report(input.bytesRead)
                        return more
                    },
                    selectors: selectors, options: options, event: { try state.take($0) })
            } catch let error as XMLLocatorSelectorError {
                let edit = edits[error.selector]
                throw QueryError(
                    .notStreamable, "this path cannot stream this document: \(error.error.message)", path: edit.path,
                    range: 0..<edit.path.count)
            }
            try state.flush(parsedUpTo: state.writer.window.endIndex, atEnd: true, write)
        }
        for (edit, count) in zip(edits, state.matches) where count == 0 { throw EditFailure.noMatch(edit, nil) }
        return state.matches
    }

    /// The first bytes of `input`: at least four (for a byte order mark or
    /// zero bytes), and the whole XML declaration when it starts with one
    /// in an ASCII-compatible encoding (for the encoding it names).
    private static func head(of input: ChunkedInput) throws -> [UInt8] {
        var head: [UInt8] = []
        while head.count < 4, try input.read(into: &head, limit: StreamingLoad.chunkSize) > 0 {}
        func mayOpenDeclaration() -> Bool {
            let text = head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
            return text.starts(with: "<?xml".utf8) || "<?xml".utf8.starts(with: text)
        }
        while head.count < 512, mayOpenDeclaration(), !holdsDeclarationEnd(head),
            try input.read(into: &head, limit: StreamingLoad.chunkSize) > 0
        {}
        return head
    }

    private static func holdsDeclarationEnd(_ head: [UInt8]) -> Bool {
        head.indices.dropLast().contains { head[$0] == UInt8(ascii: "?") && head[$0 + 1] == UInt8(ascii: ">") }
    }

    /// Reads an output of ``run(_:write:)`` back (from the temporary file
    /// it went to), as the in-memory editor reads every result back before
    /// returning it: the same libxml2 parse, in chunks, with no selector, so
    /// in constant memory and without building anything.
    ///
    /// - Throws: ``QueryError/Kind-swift.struct/invalidEdit`` when the
    ///   output does not load, with the reason.
    package func checkOutput(_ output: ChunkedInput) throws {
        do {
            var head = try Self.head(of: output)
            let legacy = try XMLStreamLocator.legacyEncoding(of: head, options: options)
            let decoder = try legacy.map { (legacy) throws(LoadError) in try ChunkDecoder(legacy.encoding) }
            if let legacy, let decoder { head = try decoder.decode(Array(head[legacy.byteOrderMark...]), isLast: output.isAtEnd) }
            try XMLStreamLocator.run(
                first: head, transcoded: decoder != nil,
                next: { chunk, _ in
                    var more = try output.read(into: &chunk, limit: StreamingLoad.chunkSize) > 0
                    while more, let decoder {
                        chunk = try decoder.decode(chunk, isLast: output.isAtEnd)
                        if !chunk.isEmpty { break }
                        more = try output.read(into: &chunk, limit: StreamingLoad.chunkSize) > 0
                    }
                    return more
                },
                selectors: [], options: options, event: { _ in })
        } catch let error as LoadError {
            throw QueryError(
                .invalidEdit, "the edited document does not load (\(error.message)); nothing was changed",
                path: edits.first?.path ?? "", range: 0..<(edits.first?.path.count ?? 0))
        }
    }

    /// The state of one run, which the parser's callbacks change one at a
    /// time (so accesses never overlap, and are not checked at run time).
    private final class RunState {
        let edits: [Edit]
        @exclusivity(unchecked) var writer = StreamedPatchWriter()
        @exclusivity(unchecked) var matches: [Int]
        /// Per edit, the start tag of the element it matched that is open,
        /// and its name (the tag itself may be written by its end).
        @exclusivity(unchecked) var open: [(tag: XMLStartTag, name: [UInt8])?]
        /// Removed elements not written yet: the patch's start, the
        /// element's start and, once read, its end, and its line with the
        /// indentation (dropped with the element, given back if the removal
        /// does not take the line). Once the end is read, what follows tells
        /// whether the removal takes the line.
        @exclusivity(unchecked) var removals: [(lower: Int, start: Int, end: Int?, line: (indent: Range<Int>, onlySpaceBefore: Bool), indent: [UInt8])] = []

        /// Per `set` edit, its value escaped as element text, and as an
        /// attribute value in double and in single quotes.
        let values: [(text: String, element: [UInt8], double: [UInt8], single: [UInt8])?]
        /// Per `insert` edit, the new attribute's name and text.
        let inserts: [(name: String, text: String)?]
        /// The document's line ending (as ``XMLEditPlan`` learns it: that of
        /// its first line), once its first line feed was read.
        @exclusivity(unchecked) var lineEnd: [UInt8]?
        /// The last byte given to ``append(_:)``.
        @exclusivity(unchecked) private var lastByte: UInt8?

        init(edits: [Edit]) throws {
            self.edits = edits
            inserts = try edits.map { edit in
                guard case .insert(let value, let key?, _) = edit.operation else { return nil }
                return (String(key.dropFirst()), try XMLEditPlan.text(of: value.content, edit: edit))
            }
            values = try edits.map { edit in
                guard case .set(let value) = edit.operation else { return nil }
                let text = try XMLEditPlan.text(of: value.content, edit: edit)
                return (
                    XMLEditPlan.escaped(text, quote: nil), Array(XMLEditPlan.escaped(text, quote: nil).utf8),
                    Array(XMLEditPlan.escaped(text, quote: UInt8(ascii: "\"")).utf8),
                    Array(XMLEditPlan.escaped(text, quote: UInt8(ascii: "'")).utf8)
                )
            }
            matches = Array(repeating: 0, count: edits.count)
            open = Array(repeating: nil, count: edits.count)
        }

        /// Adds the next bytes of the input to the window.
        func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            if lineEnd == nil, let feed = bytes.firstIndex(of: 0x0A) {
                lineEnd = (feed > 0 ? bytes[feed - 1] : lastByte) == 0x0D ? [0x0D, 0x0A] : [0x0A]
            }
            if let last = bytes.last { lastByte = last }
            writer.append(bytes)
        }

        /// Writes what the parser has read, but the white space at its end
        /// (a removed element's line may begin there).
        func flush(parsedUpTo: Int, atEnd: Bool, _ write: (UnsafeRawBufferPointer) throws -> Void) throws {
            var limit = parsedUpTo
            if !atEnd {
                while limit > writer.written, writer.window[limit - 1] == 0x20 || writer.window[limit - 1] == 0x09 { limit -= 1 }
            }
            resolveRemovals(atEnd: atEnd)
            try writer.flush(upTo: limit, write)
            if atEnd, let left = writer.firstPending {
                throw EditFailure.invalid(edits[left.edit], "the document ended inside the node it matched")
            }
        }

        private func resolveRemovals(atEnd: Bool) {
            removals.removeAll { removal in
                guard let end = removal.end,
                    let range = XMLEditPlan.elementRemoval(removal.start..<end, line: removal.line, in: writer.window, atEnd: atEnd)
                else { return false }
                // Not taking its line, it gives back the indentation its patch began with.
                let indent = range.lowerBound == removal.lower ? [] : removal.indent
                writer.updateLast(where: { $0.lower == removal.lower && $0.upper == nil }) { patch in
                    patch.upper = range.upperBound
                    patch.replacement = indent
                }
                return true
            }
        }

        func take(_ event: XMLLocatedEvent) throws {
            switch event {
            case .elementStart(let k, let cursor, let isRoot): try start(k, cursor: cursor, isRoot: isRoot)
            case .elementEnd(let k, let cursor): try end(k, cursor: cursor)
            case .attribute(let k, let cursor, let local, let prefix): try attribute(k, cursor: cursor, local: local, prefix: prefix)
            case .content(let k, let what):
                if case .set = edits[k].operation {
                    throw EditFailure.invalid(
                        edits[k], "it matches an element that holds \(what.description); only an element that holds text alone can be set")
                }
            }
        }

        /// The start tag whose event left the cursor at `cursor`, or an
        /// error when the element is not written there (an entity gives it).
        private func tag(at cursor: Int, edit k: Int) throws -> XMLStartTag {
            let window = writer.window
            // Read where the window holds it, up to the `/>` the cursor may stand at.
            let tag = window.withBytes(window.startIndex..<min(cursor + 2, window.endIndex)) {
                XMLStartTag(before: cursor, in: $0.buffer, offset: $0.startIndex)
            }
            guard let tag else {
                throw EditFailure.invalid(
                    edits[k], "it matches an element which is not written in the document as such (an entity gives it)")
            }
            return tag
        }

        private func add(_ range: Range<Int>, _ replacement: [UInt8]?, edit k: Int, open: Bool = false) throws {
            // A removal that ended before learns first how far it reaches.
            if !removals.isEmpty { resolveRemovals(atEnd: false) }
            let patch = StreamedPatchWriter.Pending(lower: range.lowerBound, upper: open ? nil : range.upperBound, replacement: replacement, edit: k)
            if let other = writer.add(patch) {
                throw JSONEditPlan.conflict(edits[min(other, k)], edits[max(other, k)], same: other == k)
            }
        }

        private func start(_ k: Int, cursor: Int, isRoot: Bool) throws {
            let edit = edits[k]
            let tag = try tag(at: cursor, edit: k)
            open[k] = (tag, writer.window.copy(tag.name))
            switch edit.operation {
            case .set:
                let value = values[k]!
                if tag.isEmptyElement {
                    let (range, replacement) = XMLEditPlan.textReplacement(of: tag, endTagStart: nil, value.text, in: writer.window)
                    try add(range, Array(replacement.utf8), edit: k)
                } else {
                    // Closed at the end tag.
                    try add(tag.end..<tag.end, value.element, edit: k, open: true)
                }
            case .remove:
                if isRoot {
                    throw EditFailure.invalid(edit, "the root element cannot be removed")
                }
                let line = XMLSource.lineIndent(at: tag.start, in: writer.window, byteBefore: writer.byteBefore)
                let lower = line.onlySpaceBefore ? line.indent.lowerBound : tag.start
                try add(lower..<lower, nil, edit: k, open: true)
                removals.append((lower, tag.start, nil, line, writer.window.copy(lower..<tag.start)))
            case .rename(let name):
                try add(tag.name, Array(name.utf8), edit: k)
            case .insert:
                try insertAttribute(into: tag, edit: k)
            }
        }

        /// Adds the attribute of insert `k` after the last one of `tag`,
        /// quoted like it, on a line of its own when that one stands on one
        /// (as ``XMLEditPlan`` does).
        private func insertAttribute(into tag: XMLStartTag, edit k: Int) throws {
            let (name, text) = inserts[k]!
            let taken = writer.window.withBytes(tag.start..<tag.end) { bytes in
                tag.attributes.contains { bytes.equals($0.name, name.utf8) && !bytes.isNamespaceDeclaration($0.name) }
            }
            if taken {
                throw EditFailure.invalid(edits[k], "the element already has an attribute named '\(name)'; set it instead")
            }
            let quote = tag.attributes.last?.quote ?? UInt8(ascii: "\"")
            let attribute = Array(name.utf8) + [UInt8(ascii: "="), quote] + Array(XMLEditPlan.escaped(text, quote: quote).utf8) + [quote]
            guard let last = tag.attributes.last else {
                return try add(tag.name.upperBound..<tag.name.upperBound, [0x20] + attribute, edit: k)
            }
            let line = XMLSource.lineIndent(at: last.name.lowerBound, in: writer.window, byteBefore: writer.byteBefore)
            let separator = line.onlySpaceBefore && line.indent.lowerBound > tag.start
                ? (lineEnd ?? [0x0A]) + writer.window.copy(line.indent) : [0x20]
            try add(last.span.upperBound..<last.span.upperBound, separator + attribute, edit: k)
        }

        private func end(_ k: Int, cursor: Int) throws {
            let edit = edits[k]
            guard let (tag, name) = open[k] else { return }
            open[k] = nil
            matches[k] += 1
            var endTagStart: Int?
            if !tag.isEmptyElement {
                let lt = XMLSource.endTagStart(before: cursor, in: writer.window)
                guard lt >= tag.end, writer.window[lt + 1] == UInt8(ascii: "/"),
                    writer.window[(lt + 2)...].starts(with: name)
                else {
                    throw EditFailure.invalid(edit, "it matches an element which is not written in the document as such (an entity gives it)")
                }
                endTagStart = lt
                // Every edit setting this element's text ends its content here
                // (before another edit's patch of the end tag comes).
                for j in edits.indices where open[j]?.tag.start == tag.start || j == k {
                    guard case .set = edits[j].operation else { continue }
                    writer.updateLast(where: { $0.edit == j && $0.upper == nil && $0.lower == tag.end }) { $0.upper = lt }
                }
            }
            switch edit.operation {
            case .set:
                break
            case .remove:
                guard let index = removals.lastIndex(where: { $0.end == nil && $0.start == tag.start }) else { return }
                removals[index].end = cursor
                writer.updateLast(where: { $0.lower == removals[index].lower && $0.upper == nil }) { $0.dropLimit = cursor }
            case .rename(let name):
                if let endTagStart, let range = XMLEditPlan.elementNames(of: tag, endTagStart: endTagStart).last {
                    try add(range, Array(name.utf8), edit: k)
                }
            case .insert:
                break
            }
        }

        private func attribute(_ k: Int, cursor: Int, local: UnsafeBufferPointer<UInt8>, prefix: UnsafeBufferPointer<UInt8>?) throws {
            let tag = try tag(at: cursor, edit: k)
            // The attribute written `prefix:local` (or `local`); a namespace declaration is none.
            let found = writer.window.withBytes(tag.start..<tag.end) { bytes in
                tag.attributes.first { attribute in
                    let name = attribute.name
                    guard let prefix else { return bytes.equals(name, local) }
                    let colon = name.lowerBound + prefix.count
                    return name.count == prefix.count + 1 + local.count && bytes[colon] == UInt8(ascii: ":")
                        && bytes.equals(name.lowerBound..<colon, prefix) && bytes.equals((colon + 1)..<name.upperBound, local)
                        && !bytes.isNamespaceDeclaration(name)
                }
            }
            guard let attribute = found, !writer.window.withBytes(attribute.name, { $0.isNamespaceDeclaration(attribute.name) }) else {
                let name = (prefix.map { String(decoding: $0, as: UTF8.self) + ":" } ?? "") + String(decoding: local, as: UTF8.self)
                throw EditFailure.invalid(
                    edits[k], "it matches the attribute \(name), which is not written in the document as such (a DTD default gives it)")
            }
            matches[k] += 1
            if let value = values[k] {
                // A set: the one operation that carries a value.
                return try add(attribute.value, attribute.quote == UInt8(ascii: "'") ? value.single : value.double, edit: k)
            }
            let edit = edits[k]
            switch edit.operation {
            case .set:
                break
            case .remove:
                try add(XMLEditPlan.attributeRemoval(attribute.span, in: writer.window), [], edit: k)
            case .rename(let newName):
                let taken = writer.window.withBytes(tag.start..<tag.end) { bytes in
                    tag.attributes.contains {
                        $0.name != attribute.name && bytes.equals($0.name, newName.utf8) && !bytes.isNamespaceDeclaration($0.name)
                    }
                }
                if taken {
                    throw EditFailure.invalid(edit, "the element already has an attribute named '\(newName)'")
                }
                try add(attribute.name, Array(newName.utf8), edit: k)
            case .insert:
                let name = (prefix.map { String(decoding: $0, as: UTF8.self) + ":" } ?? "") + String(decoding: local, as: UTF8.self)
                throw EditFailure.invalid(edit, "it matches the attribute \(name); XML inserts go into or beside an element")
            }
        }
    }
}
