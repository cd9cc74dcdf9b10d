import DocTree

/// Edits an XML document while reading it, in constant memory: the one XML
/// editor, for streamed documents and (through ``DocumentEditor``, the tree
/// finding the targets) documents held whole.
///
/// Each edit's path streams as a ``StreamPlan`` splits it (keys, `*`, and
/// indexes and slices from the start; then keys, `*` and filters, each
/// element the prefix reaches held while they are decided on it); an index
/// or slice from the end among the leading steps is counted in a first
/// pass (see `XMLStreamedEdit+Counting.swift`). libxml2's push
/// parser reads the input chunk by chunk; an ``XMLStreamLocator`` reports
/// where each matched element and attribute stands (the parser's cursor,
/// see ``XMLCursorObserver``), and the start
/// and end tags are read there with ``XMLStartTag`` from the
/// ``StreamedPatchWriter``'s copy of what is not written yet. The layout
/// rules are ``XMLEditRules``. Unchanged bytes go out as they came,
/// chunk by chunk; what an edit replaces is dropped as it is read, never held.
///
/// Supported: `set` of an element's text (an element that holds text
/// alone), of an attribute's value, and of an element to an array or a
/// keyed value (which replaces it with elements); `remove` and `rename` of
/// elements and attributes; and every `insert` the in-memory editor makes:
/// an attribute into an element (a key `@name`), a child element or text
/// into an element (at the end, or at an index), a sibling
/// before or after one. An insert at an index from the end takes the
/// count of each element's children from a first pass, as an index from
/// the end in a path does.
///
/// Where an insert goes and how it is laid out may depend on what is not
/// read yet: whether a child element is the last, the comments that end a
/// sibling's line, whether an element's content is white space alone, the
/// document's line ending and indentation unit. The output is then held
/// at the insert's place (a placeholder patch, see ``RunState/Held``) until
/// the input tells; one held more than ``RunState/holdLimit`` bytes past
/// its place throws ``QueryError/Kind-swift.struct/notStreamable``, never
/// guessing. A document in another
/// encoding than UTF-8 is converted to UTF-8 chunk by chunk
/// (``ChunkDecoder``, which checks that it converts back to the same bytes)
/// and the output converted back, as ``DocumentEditor`` does.
///
/// A run that throws has written part of the output: the caller writes to
/// a temporary file and keeps it only when ``run(_:write:)`` returns, so
/// that the edits apply all or not at all.
package struct XMLStreamedEdit {
    let edits: [Edit]
    let finders: [Finder]
    /// The edits whose path counts from the end, which a first pass over
    /// the input resolves (``resolvingCounts(in:)``); their ``finders``
    /// meanwhile are those of a long document, for the refusals.
    var counted: [CountedStep] = []
    /// The edits that insert into elements at an index from the end, which
    /// a first pass resolves by counting each element's children.
    var childCounted: [Int] = []
    /// Per edit, for an insert into elements at an index the tree resolved
    /// (one from the end), the index for each element target, in order.
    let intoIndexes: [[Int]?]
    let options: LoadOptions
    /// The most bytes a filter may hold of one element it tests; `nil`: no cap.
    let maxHeld: Int?
    /// Whether a filter that reads only keys of the element is decided on
    /// its start tag where it can be (``startTagTest(_:rest:)``), rather
    /// than on a tree of every candidate; both give the same targets, and
    /// tests compare them.
    package var decidesOnStartTags = true

    /// Prepares `edits`, whose paths the stream follows: keys, `*` and
    /// indexes from the start up to a filter or `*` after which the path
    /// goes on (a *rest*); from there each element the path reaches is
    /// held whole (at most `maxHeld` bytes of it), and the rest decided on
    /// it when it ends, so memory is one such element.
    ///
    /// - Throws: ``QueryError``: a malformed path,
    ///   ``QueryError/Kind-swift.struct/notStreamable`` for a path that
    ///   does not stream whole or an operation not streamed (with what to
    ///   do instead), ``QueryError/Kind-swift.struct/invalidEdit`` for a
    ///   value or name XML cannot take.
    package init(_ edits: [Edit], options: LoadOptions = LoadOptions(), maxHeld: Int? = nil) throws {
        var counted: [CountedStep] = []
        var childCounted: [Int] = []
        let finders = try edits.indices.map { k in
            let edit = edits[k]
            let query = try edit.pathQuery()
            let finder: Finder
            if let step = Self.firstStepCountingFromEnd(in: query) {
                counted.append(CountedStep(edit: k, query: query, step: step))
                // The path as it is once counted, so that what would not stream then is refused now.
                finder = try Self.finder(edit, query: Self.query(query, countedAt: step, among: 1 << 40))
            } else {
                finder = try Self.finder(edit, query: query)
            }
            // After a filter or `*` that goes on, each element is held whole, which tells its children.
            if Self.insertsFromTheEnd(edit), case .path = finder { childCounted.append(k) }
            return finder
        }
        self.init(edits, finders: finders, intoIndexes: edits.map { _ in nil }, options: options, maxHeld: maxHeld)
        self.counted = counted
        self.childCounted = childCounted
    }

    /// How the stream finds the matches of `edit`, whose path is `query`.
    static func finder(_ edit: Edit, query: PathQuery) throws -> Finder {
        let plan = try StreamPlan(query, positions: .counted)
        if let (_, step) = plan.fold {
            throw QueryError(
                .notStreamable, "this step cannot stream in an edit: an edit changes nodes, and a last operator computes a value; "
                    + "edit without streaming", path: query.description, scalarRange: step.range)
        }
        try Self.check(edit)
        guard let step = plan.rest.steps.first else { return Finder.path(plan.selector) }
        guard !plan.selector.steps.isEmpty else {
            throw QueryError(
                .notStreamable, "this step cannot stream in an edit: it tests the root element, which is the whole document; "
                    + "edit without streaming", path: query.description, scalarRange: step.range)
        }
        // Each element the prefix reaches is held whole, and the rest decided on it.
        return Finder.filter(plan.selector, rest: plan.rest, step: step.range)
    }

    /// How the stream finds an edit's matches: by following its path, or
    /// as targets found beforehand in the document's tree.
    enum Finder {
        case path(StreamSelector)
        case targets(XMLEditTargets)
        /// The elements the selector reaches, each held whole while the
        /// steps after it (`rest`, beginning at `step`, a range of the
        /// path's scalars) decide what in it matches.
        case filter(StreamSelector, rest: PathQuery, step: Range<Int>)
    }

    /// Prepares `edits` whose matches `finders` find.
    init(_ edits: [Edit], finders: [Finder], intoIndexes: [[Int]?], options: LoadOptions, maxHeld: Int? = nil) {
        self.edits = edits
        self.finders = finders
        self.intoIndexes = intoIndexes
        self.options = options
        self.maxHeld = maxHeld
    }

    /// The refusal of an insert at `index` into an element named `name` with `count` child elements.
    static func indexOutside(_ edit: Edit, _ index: Int, count: Int, of name: String) -> QueryError {
        EditFailure.invalid(edit, "index \(index) is outside the \(count) child elements of the element <\(name)>")
    }

    /// Checks what an edit asks of every match before any is read: a value
    /// XML can hold where it goes, a name XML allows.
    static func check(_ edit: Edit) throws {
        switch edit.operation {
        case .set(let value):
            // An array or a keyed value replaces an element with elements; anything else is text.
            if !XMLEditRules.isStructured(value.content) { _ = try XMLEditRules.text(of: value.content, edit: edit) }
        case .rename(let name):
            guard XMLEditRules.isName(name) else { throw EditFailure.invalid(edit, XMLText.nameProblem(name)) }
        case .remove: break
        case .insert(let value, let key, let place):
            if key == nil || key!.hasPrefix("@"), XMLEditRules.isStructured(value.content) {
                throw EditFailure.invalid(
                    edit, key == nil ? "an array or a keyed value goes into XML as elements: give the insert a key to name them"
                        : "an attribute holds text, not an array or a keyed value")
            }
            if !XMLEditRules.isStructured(value.content) { _ = try XMLEditRules.text(of: value.content, edit: edit) }
            if let key, key.hasPrefix("@") {
                guard case .into = place else {
                    throw EditFailure.invalid(edit, "an attribute goes into an element, not before or after one")
                }
                let name = String(key.dropFirst())
                guard XMLEditRules.isName(name) else { throw EditFailure.invalid(edit, XMLText.nameProblem(name)) }
            } else if let key, !XMLEditRules.isName(key) {
                throw EditFailure.invalid(edit, XMLText.nameProblem(key))
            }
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
        try run(input, head: InputHead.read(input, limit: StreamingLoad.chunkSize), write: write)
    }

    /// Reads on after `head`, the input's first bytes already read; see
    /// ``run(_:write:)``.
    package func run(_ input: ChunkedInput, head: InputHead, write: (UnsafeRawBufferPointer) throws -> Void) throws -> [Int] {
        guard !needsCounts else { return try resolvingCounts(in: input).run(input, head: head, write: write) }
        return try run(head: Self.declaration(after: head.bytes, in: input), rest: input, write: write)
    }

    /// Edits `bytes`, a whole document held in memory, as one chunk: every
    /// placeholder settles at once, and nothing is held back for lack of
    /// what follows.
    ///
    /// - Returns: the edited document's bytes.
    /// - Throws: as ``run(_:write:)``.
    package func run(bytes: [UInt8]) throws -> [UInt8] {
        guard !needsCounts else { return try resolvingCounts(in: ChunkedInput(bytes: bytes)).run(bytes: bytes) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        _ = try run(head: bytes, rest: nil) { out.append(contentsOf: $0) }
        return out
    }

    /// Edits the document that begins with `head` and goes on with `rest`
    /// (`nil`: `head` is all of it).
    private func run(head: [UInt8], rest input: ChunkedInput?, write: (UnsafeRawBufferPointer) throws -> Void) throws -> [Int] {
        // A document in another encoding is edited in UTF-8, converted
        // chunk by chunk, and written back converted, as the in-memory
        // editor does with the whole (character references for what the
        // encoding lacks). A byte order mark goes out as it came.
        let (mark, head, decoder) = try utf8(head: head, isAtEnd: input?.isAtEnd ?? true)
        if !mark.isEmpty { try mark.withUnsafeBytes(write) }
        let state = try RunState(edits: edits, intoIndexes: intoIndexes)
        state.maxHeld = maxHeld.map { cap in
            (cap, finders.map { finder in
                guard case .filter(_, _, let step) = finder else { return nil }
                return step
            })
        }
        // Edits that insert into elements follow their children.
        let children = Set(edits.indices.filter { k in
            guard case .insert(_, let key, .into(let index)) = edits[k].operation, !(key?.hasPrefix("@") ?? false) else { return false }
            return key != nil || index != nil
        })
        head.withUnsafeBufferPointer { state.append($0) }
        let encoded: (UnsafeRawBufferPointer) throws -> Void = { utf8 in
            guard let decoder else { return try write(utf8) }
            let bytes = try Transcoder.encode(Array(utf8), to: decoder.encoding, escape: DocumentEditor.xmlEscape)
            try bytes.withUnsafeBytes(write)
        }
        /// A filter's selector for `edit`. An insert at an index from the
        /// end learns each element's index from the element held whole
        /// (not decided on its start tag), as the filter decides it.
        func filter(_ k: Int, _ selector: StreamSelector, _ rest: PathQuery) -> XMLEditSelector {
            let edit = edits[k]
            guard Self.insertsFromTheEnd(edit) else {
                return .filter(
                    StreamMatcher(selector), decide: Self.decider(edit, rest: rest),
                    startTag: decidesOnStartTags ? Self.startTagTest(edit, rest: rest) : nil)
            }
            state.intoIndexes[k] = []
            return .filter(
                StreamMatcher(selector), decide: Self.decider(edit, rest: rest) { state.intoIndexes[k]!.append(contentsOf: $0) },
                startTag: nil)
        }
        try withoutActuallyEscaping(encoded) { write in
            do {
                try XMLStreamLocator.run(
                    first: head, transcoded: decoder != nil,
                    next: { chunk, parsedUpTo in
                        guard let input else { return false }
                        try state.flush(parsedUpTo: parsedUpTo, atEnd: false, write)
                        let more = try Self.read(input, into: &chunk, decoder: decoder)
                        chunk.withUnsafeBufferPointer { state.append($0) }
                        options.progress?.report(input.bytesRead)
                        return more
                    },
                    selectors: finders.indices.map { k in
                        switch finders[k] {
                        case .path(let selector): .path(StreamMatcher(selector))
                        case .targets(let targets): .targets(targets)
                        case .filter(let selector, let rest, _): filter(k, selector, rest)
                        }
                    },
                    reportingChildrenOf: children,
                    reportingTextOf: Set(edits.indices.filter { k in
                        guard case .set(let value) = edits[k].operation else { return false }
                        return !XMLEditRules.isStructured(value.content)
                    }),
                    watch: state.needsIndentUnit ? { state.watch(cursor: $0, isEnd: $1) } : nil,
                    options: options, event: { try state.take($0) })
            } catch let error as XMLLocatorSelectorError {
                throw Self.refusal(edits[error.selector], error.error)
            }
            try state.flush(parsedUpTo: state.writer.window.endIndex, atEnd: true, write)
        }
        for (edit, count) in zip(edits, state.matches) where count == 0 { throw EditFailure.noMatch(edit, nil) }
        return state.matches
    }

    /// The refusal of `edit` when its path cannot decide the document.
    static func refusal(_ edit: Edit, _ error: StreamSelectorError) -> QueryError {
        QueryError(
            .notStreamable, "this path cannot stream this document: \(error.message)", path: edit.path, range: 0..<edit.path.count)
    }

    /// The first bytes of `input`, read on to the end of the XML
    /// declaration if it begins with one.
    static func head(of input: ChunkedInput) throws -> [UInt8] {
        try declaration(after: InputHead.read(input, limit: StreamingLoad.chunkSize).bytes, in: input)
    }

    /// `head`, a document's first bytes (`isAtEnd`: all of them), as the
    /// parser is given them: its byte order mark apart, and the rest in
    /// UTF-8, converted by the returned decoder when the document is in
    /// another encoding (which then converts the rest, ``read(_:into:decoder:)``).
    func utf8(head: [UInt8], isAtEnd: Bool) throws -> (mark: ArraySlice<UInt8>, utf8: [UInt8], decoder: ChunkDecoder?) {
        let legacy = try XMLStreamLocator.legacyEncoding(of: head, options: options)
        let mark = legacy?.byteOrderMark ?? InputHead.byteOrderMarkLength(head)
        let decoder = try legacy.map { (legacy) throws(LoadError) in try ChunkDecoder(legacy.encoding) }
        let text = Array(head[mark...])
        return (head[..<mark], try decoder?.decode(text, isLast: isAtEnd) ?? text, decoder)
    }

    /// Appends the next chunk of `input` to `chunk`, in UTF-8 (converted by
    /// `decoder`, if any); `false` at the end.
    static func read(_ input: ChunkedInput, into chunk: inout [UInt8], decoder: ChunkDecoder?) throws -> Bool {
        var more = try input.read(into: &chunk, limit: StreamingLoad.chunkSize) > 0
        guard let decoder else { return more }
        // A chunk may end inside the one character it holds.
        while more {
            chunk = try decoder.decode(chunk, isLast: input.isAtEnd)
            if !chunk.isEmpty { break }
            more = try input.read(into: &chunk, limit: StreamingLoad.chunkSize) > 0
        }
        return more
    }

    /// `first`, the first bytes of `input` (an ``InputHead``'s), read on
    /// to the end of the XML declaration when it starts with one in an
    /// ASCII-compatible encoding (for the encoding it names).
    private static func declaration(after first: [UInt8], in input: ChunkedInput) throws -> [UInt8] {
        var head = first
        func mayOpenDeclaration() -> Bool {
            let text = head.dropFirst(InputHead.byteOrderMarkLength(head))
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
            let (_, head, decoder) = try utf8(head: Self.head(of: output), isAtEnd: output.isAtEnd)
            try XMLStreamLocator.run(
                first: head, transcoded: decoder != nil, next: { chunk, _ in try Self.read(output, into: &chunk, decoder: decoder) },
                selectors: [], options: options, event: { _ in })
        } catch let error as LoadError {
            throw QueryError(
                .invalidEdit, "the edited document does not load (\(error.message)); nothing was changed",
                path: edits.first?.path ?? "", range: 0..<(edits.first?.path.count ?? 0))
        }
    }

    /// The state of one run, which the parser's callbacks change one at a
    /// time (so accesses never overlap, and are not checked at run time).
    /// With the dynamic checks, streamed edits of map.osm ran more
    /// instructions: an insert into every `node` 4.1 %, a delete 2.0 %, an
    /// attribute `set` 1.2 % (callgrind, whole process, 2026-11-27).
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
        /// attribute value in double and in single quotes, and as it reads (`plain`, UTF-8).
        let values: [(text: String, element: [UInt8], double: [UInt8], single: [UInt8], plain: [UInt8])?]
        /// Per `set` of an element's text (an edit with a value), while the
        /// element it matched is open: how many bytes of the value its text
        /// matched so far, or `nil` once it differs. A set that writes the
        /// text already there changes nothing: its patch holds the output
        /// (its replacement unknown) while the text may still be the value's,
        /// and is taken back at the end when it was.
        @exclusivity(unchecked) var sameText: [Int?]
        /// Per `insert` edit of an attribute, the new attribute's name and text.
        let inserts: [(name: String, text: String)?]
        /// Per other `insert` edit: the new element's name (`nil` for text),
        /// the value, its text (empty for an array or a keyed value) and where it goes.
        let contentInserts: [ContentInsert?]
        /// Per `insert` into an element: where the matched element stands
        /// (whether alone on its line, and its indentation), how many child
        /// elements it had so far, the last one's line (for an insert after
        /// it), and whether the insert has its place already (an index reached).
        @exclusivity(unchecked) var into: [IntoState?]
        /// Per `insert` before or after an element, the line of the matched element.
        @exclusivity(unchecked) var lines: [(onlySpaceBefore: Bool, indent: [UInt8])?]
        /// Inserts whose patch is a placeholder in the writer, holding the
        /// output there until what they depend on is read (see ``Held``).
        @exclusivity(unchecked) var held: [Held] = []
        /// The document's indentation unit (learnt
        /// from the first element alone on its line deeper than its parent,
        /// also alone on its line), once read.
        @exclusivity(unchecked) var unit: [UInt8]?
        /// While the unit is not known, the open elements' lines (`nil` for
        /// an element not written as such): alone on it, and the indentation's length.
        @exclusivity(unchecked) private var unitStack: [(onlySpaceBefore: Bool, indent: Int)?] = []
        /// Per `set` of an array or a keyed value, the value, which replaces
        /// the matched element with elements.
        let structuredSets: [EditValue.Content?]
        /// Whether an edit writes elements, whose layout may take the indentation unit.
        let needsIndentUnit: Bool
        /// Per edit, the indexes its inserts go at, resolved per element
        /// (see ``XMLStreamedEdit``); for one found in held elements, as
        /// each is decided.
        @exclusivity(unchecked) var intoIndexes: [[Int]?]
        /// Per edit, how many elements it matched have started.
        @exclusivity(unchecked) var starts: [Int]
        /// Per computed set, the start tag of the element it matched that
        /// is open, and the match's number: its text is held (a placeholder
        /// patch) until the end tag, and its value computed then.
        @exclusivity(unchecked) var computedStarts: [(tag: [UInt8], number: Int)?]

        struct ContentInsert {
            var key: String?
            var value: EditValue.Content
            var text: String
            var place: Edit.Place
        }

        struct IntoState {
            var line: (onlySpaceBefore: Bool, indent: [UInt8])
            /// The index the insert goes at (`nil`: at the end).
            var index: Int?
            var children = 0
            var lastChild: (onlySpaceBefore: Bool, indent: [UInt8])?
            var placed = false
        }

        /// An insert held back (its placeholder patch in the writer starts at `lower`).
        struct Held {
            enum State {
                /// After the node that ends at `lower`; when `alone`, after the
                /// comments that end its line, which are read first. Not
                /// `placed` while the node may not be the last child element.
                case after(alone: Bool, indent: [UInt8], placed: Bool)
                /// At the end of the content of the element whose start tag
                /// ends at `lower`, while that content may be white space
                /// alone (read as far as `scanned`).
                case blank(scanned: Int)
                /// Placed: replaces `lower..<upper` with `prefix` and what
                /// `body` writes given the document's line ending (`nil`: it
                /// has no line feed) and indentation unit, once those it
                /// `waits` for are read.
                case ready(
                    upper: Int?, waits: (lineEnd: Bool, unit: Bool), prefix: [UInt8], body: (_ lineEnd: String?, _ unit: String) throws -> String)
            }

            var edit: Int
            var lower: Int
            var state: State
        }

        /// How far a held insert may hold the output back, in bytes the
        /// parser read past its place, before the edit stops as not streamable.
        static let holdLimit = 1 << 14
        /// The document's line ending (learnt that of
        /// its first line), once its first line feed was read.
        @exclusivity(unchecked) var lineEnd: [UInt8]?
        /// The last byte given to ``append(_:)``.
        @exclusivity(unchecked) private var lastByte: UInt8?
        /// While a filter holds an element it tests (see
        /// ``XMLLocatedEvent/hold(selector:cursor:)``): its edit, and where
        /// the output is held from.
        @exclusivity(unchecked) var holding: (edit: Int, from: Int)?
        /// The most bytes a filter may hold, and per edit its filter's step
        /// (a range of its path's scalars), for the refusal past it.
        var maxHeld: (cap: Int, steps: [Range<Int>?])?

        init(edits: [Edit], intoIndexes: [[Int]?]) throws {
            self.edits = edits
            self.intoIndexes = intoIndexes
            starts = Array(repeating: 0, count: edits.count)
            inserts = try edits.map { edit in
                guard case .insert(let value, let key?, _) = edit.operation, key.hasPrefix("@") else { return nil }
                return (String(key.dropFirst()), try XMLEditRules.text(of: value.content, edit: edit))
            }
            contentInserts = try edits.map { edit in
                guard case .insert(let value, let key, let place) = edit.operation, !(key?.hasPrefix("@") ?? false) else { return nil }
                let structured = XMLEditRules.isStructured(value.content)
                let text = structured ? "" : try XMLEditRules.text(of: value.content, edit: edit)
                return ContentInsert(key: key, value: value.content, text: text, place: place)
            }
            structuredSets = edits.map { edit in
                guard case .set(let value) = edit.operation, XMLEditRules.isStructured(value.content) else { return nil }
                return value.content
            }
            needsIndentUnit = contentInserts.contains { $0?.key != nil } || structuredSets.contains { $0 != nil }
            into = Array(repeating: nil, count: edits.count)
            lines = Array(repeating: nil, count: edits.count)
            computedStarts = Array(repeating: nil, count: edits.count)
            values = try edits.map { edit in
                guard case .set(let value) = edit.operation, edit.computation == nil, !XMLEditRules.isStructured(value.content) else {
                    return nil
                }
                let text = try XMLEditRules.text(of: value.content, edit: edit)
                return (
                    XMLEditRules.escaped(text, quote: nil), Array(XMLEditRules.escaped(text, quote: nil).utf8),
                    Array(XMLEditRules.escaped(text, quote: UInt8(ascii: "\"")).utf8),
                    Array(XMLEditRules.escaped(text, quote: UInt8(ascii: "'")).utf8), Array(text.utf8)
                )
            }
            matches = Array(repeating: 0, count: edits.count)
            open = Array(repeating: nil, count: edits.count)
            sameText = Array(repeating: nil, count: edits.count)
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
            if let holding {
                limit = min(limit, holding.from)
                try checkHeld(upTo: parsedUpTo)
            }
            if !atEnd {
                while limit > writer.written, writer.window[limit - 1] == 0x20 || writer.window[limit - 1] == 0x09 { limit -= 1 }
            }
            resolveRemovals(atEnd: atEnd)
            try resolveHeld(atEnd: atEnd)
            if !atEnd, let stuck = held.first(where: { parsedUpTo - $0.lower > Self.holdLimit }) {
                let edit = edits[stuck.edit]
                throw QueryError(
                    .notStreamable,
                    "this insert cannot stream this document: where or how it goes is not known within \(Self.holdLimit / 1024) KiB "
                        + "of the place (long text or comments between child elements, or no indentation shown yet); edit without streaming",
                    path: edit.path, range: 0..<edit.path.count)
            }
            try writer.flush(upTo: limit, write)
            if atEnd, let left = writer.firstPending {
                throw EditFailure.invalid(edits[left.edit], "the document ended inside the node it matched")
            }
        }

        /// Fails when a filter holds more than ``maxHeld`` allows, the
        /// element it tests reaching to `end` at least.
        private func checkHeld(upTo end: Int) throws {
            guard let holding, let (cap, steps) = maxHeld, end - holding.from > cap else { return }
            let edit = edits[holding.edit]
            let step = steps[holding.edit] ?? 0..<edit.path.unicodeScalars.count
            let text = String(String.UnicodeScalarView(edit.path.unicodeScalars.dropFirst(step.lowerBound).prefix(step.count)))
            throw QueryError(
                .notStreamable,
                "'\(text)' tests each element the path reaches held whole, and one is larger than the cap of \(cap) bytes "
                    + "held (maxHeld, docq --max-held)", path: edit.path, scalarRange: step)
        }

        private func resolveRemovals(atEnd: Bool) {
            removals.removeAll { removal in
                guard let end = removal.end,
                    let range = XMLEditRules.elementRemoval(removal.start..<end, line: removal.line, in: writer.window, atEnd: atEnd)
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
            case .elementStart(let k, let cursor, let isRoot, let defaulted): try start(k, cursor: cursor, isRoot: isRoot, defaulted: defaulted)
            case .elementEnd(let k, let cursor): try end(k, cursor: cursor)
            case .attribute(let k, let cursor, let local, let prefix): try attribute(k, cursor: cursor, local: local, prefix: prefix)
            case .childStart(let k, let cursor): try childStart(k, cursor: cursor)
            case .childEnd(let k, let cursor): try childEnd(k, cursor: cursor)
            case .hold(let k, let cursor):
                let window = writer.window
                let start = window.withBytes(window.startIndex..<min(cursor + 2, window.endIndex)) {
                    XMLStartTag.start(before: cursor, in: $0.buffer, offset: $0.startIndex)
                }
                holding = (k, start ?? writer.written)
            case .text(let k, let bytes):
                guard let same = sameText[k] else { return }
                let rest = values[k]!.plain[same...]
                if bytes.count <= rest.count, rest.starts(with: bytes) {
                    sameText[k] = same + bytes.count
                } else {
                    differs(k)
                }
            case .release(let cursor):
                try checkHeld(upTo: cursor)
                holding = nil
            case .content(let k, let what):
                if case .set = edits[k].operation, structuredSets[k] == nil {
                    throw EditFailure.invalid(
                        edits[k], "it matches an element that holds \(what.description); only an element that holds text alone can be set")
                }
            }
        }

        /// Set `k`'s element text turned out not to be its value: the patch
        /// writes the value and drops the text from now on.
        private func differs(_ k: Int) {
            sameText[k] = nil
            guard let (tag, _) = open[k] else { return }
            writer.update(at: tag.end, edit: k) { patch in
                patch.replacement = values[k]!.element
                patch.dropLimit = nil
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
                if isSpeculative(other) { throw mayTouch(k, other) }
                throw JSONEditPlan.conflict(edits[min(other, k)], edits[max(other, k)], same: other == k)
            }
        }

        /// Whether insert `k` holds a placeholder where it may not go (the
        /// end of a content that may be blank, after a child that may be the last).
        private func isSpeculative(_ k: Int) -> Bool {
            held.contains { held in
                guard held.edit == k else { return false }
                switch held.state {
                case .blank, .after(_, _, placed: false): return true
                default: return false
                }
            }
        }

        /// The refusal of edits `k` and `other` when one holds a placeholder
        /// where it may not go: whether they touch is for the whole document to say.
        private func mayTouch(_ k: Int, _ other: Int) -> QueryError {
            QueryError(
                .notStreamable,
                "this edit and the insert of '\(edits[other].path)' may touch the same place, which the stream knows only later; "
                    + "edit without streaming",
                path: edits[k].path, range: 0..<edits[k].path.count)
        }

        private func start(_ k: Int, cursor: Int, isRoot: Bool, defaulted: [String]) throws {
            let edit = edits[k]
            // A match inside another of the same edit (targets found beforehand).
            if open[k] != nil { throw JSONEditPlan.conflict(edit, edit, same: true) }
            starts[k] += 1
            let tag = try tag(at: cursor, edit: k)
            open[k] = (tag, writer.window.copy(tag.name))
            switch edit.operation {
            case .set:
                if let value = structuredSets[k] { return try replaceStart(k, tag: tag, isRoot: isRoot, with: value) }
                if edit.computation != nil { return try startComputed(k, tag: tag) }
                let value = values[k]!
                if tag.isEmptyElement {
                    // Empty already: an empty value changes nothing.
                    if value.plain.isEmpty { return }
                    let (range, replacement) = XMLEditRules.textReplacement(of: tag, endTagStart: nil, value.text, in: writer.window)
                    try add(range, Array(replacement.utf8), edit: k)
                } else {
                    // Closed at the end tag; its replacement known once the text differs from the value.
                    try add(tag.end..<tag.end, nil, edit: k, open: true)
                    writer.update(at: tag.end, edit: k) { $0.dropLimit = tag.end }
                    sameText[k] = 0
                }
            case .remove:
                if isRoot {
                    throw EditFailure.invalid(edit, "the root element cannot be removed")
                }
                let line = XMLEditRules.lineIndent(at: tag.start, in: writer.window, byteBefore: writer.byteBefore)
                let lower = line.onlySpaceBefore ? line.indent.lowerBound : tag.start
                try add(lower..<lower, nil, edit: k, open: true)
                removals.append((lower, tag.start, nil, line, writer.window.copy(lower..<tag.start)))
            case .rename(let name):
                try add(tag.name, Array(name.utf8), edit: k)
            case .insert:
                if inserts[k] != nil {
                    try insertAttribute(into: tag, defaulted: defaulted, edit: k)
                } else {
                    try startInsert(k, tag: tag, isRoot: isRoot)
                }
            }
        }

        /// A computed set of an element: an empty one is computed now; the
        /// text of another is held by a placeholder patch until its end tag.
        private func startComputed(_ k: Int, tag: XMLStartTag) throws {
            let startTag = writer.window.copy(tag.start..<tag.end)
            if tag.isEmptyElement {
                // Empty already: an empty value changes nothing.
                guard let text = try XMLStreamedEdit.computedText(edits[k], element: startTag, attribute: nil, number: starts[k])
                else { return }
                let (range, replacement) = XMLEditRules.textReplacement(
                    of: tag, endTagStart: nil, XMLEditRules.escaped(text, quote: nil), in: writer.window)
                return try add(range, Array(replacement.utf8), edit: k)
            }
            computedStarts[k] = (startTag, starts[k])
            try add(tag.end..<tag.end, nil, edit: k, open: true)
            writer.updateLast(where: { $0.edit == k && $0.lower == tag.end && $0.upper == nil }) { $0.dropLimit = tag.end }
        }

        /// Adds the attribute of insert `k` after the last one of `tag`,
        /// quoted like it, on a line of its own when that one stands on one.
        /// An attribute the DTD supplies (`defaulted`) is one the element
        /// has, as in the document's tree.
        private func insertAttribute(into tag: XMLStartTag, defaulted: [String], edit k: Int) throws {
            let (name, text) = inserts[k]!
            if defaulted.contains(where: { $0.utf8.elementsEqual(name.utf8) }) || hasAttribute(named: name, in: tag) {
                throw EditFailure.invalid(edits[k], "the element already has an attribute named '\(name)'; set it instead")
            }
            let quote = tag.attributes.last?.quote ?? UInt8(ascii: "\"")
            let attribute = Array(name.utf8) + [UInt8(ascii: "="), quote] + Array(XMLEditRules.escaped(text, quote: quote).utf8) + [quote]
            guard let last = tag.attributes.last else {
                return try add(tag.name.upperBound..<tag.name.upperBound, [0x20] + attribute, edit: k)
            }
            let line = XMLEditRules.lineIndent(at: last.name.lowerBound, in: writer.window, byteBefore: writer.byteBefore)
            let separator = line.onlySpaceBefore && line.indent.lowerBound > tag.start
                ? (lineEnd ?? [0x0A]) + writer.window.copy(line.indent) : [0x20]
            try add(last.span.upperBound..<last.span.upperBound, separator + attribute, edit: k)
        }

        /// Replaces the element whose start tag is `tag` with `value` as
        /// its namespace declarations kept: its bytes are dropped as they
        /// are read, the new elements written once the layout is known.
        private func replaceStart(_ k: Int, tag: XMLStartTag, isRoot: Bool, with value: EditValue.Content) throws {
            let edit = edits[k]
            if case .array(let items) = value {
                if isRoot { throw EditFailure.invalid(edit, "the root element cannot become several elements") }
                if items.isEmpty { throw EditFailure.invalid(edit, "an empty array is no element at all; remove the element instead") }
            }
            let name = String(decoding: writer.window.copy(tag.name), as: UTF8.self)
            let declarations = writer.window.withBytes(tag.start..<tag.end) { bytes in
                tag.attributes.filter { bytes.isNamespaceDeclaration($0.name) }.map { attribute in
                    let span = (attribute.span.lowerBound - bytes.startIndex)..<(attribute.span.upperBound - bytes.startIndex)
                    return " " + String(decoding: bytes.buffer[span], as: UTF8.self)
                }.joined()
            }
            let line = line(at: tag.start)
            try add(tag.start..<tag.start, nil, edit: k, open: true)
            held.append(Held(edit: k, lower: tag.start, state: .ready(upper: nil, waits: (line.onlySpaceBefore, line.onlySpaceBefore), prefix: []) {
                lineEnd, unit in
                let alone = line.onlySpaceBefore && lineEnd != nil
                return try XMLEditRules.elements(
                    name, value, indent: String(decoding: line.indent, as: UTF8.self), unit: alone ? unit : nil, lineEnd: lineEnd ?? "\n", edit: edit,
                    declarations: declarations)
            }))
            _ = try settle(held.count - 1, atEnd: false)
        }

        // MARK: Inserts of elements and text

        /// The line the tag starting at `offset` stands on: whether alone, and its indentation.
        private func line(at offset: Int) -> (onlySpaceBefore: Bool, indent: [UInt8]) {
            let line = XMLEditRules.lineIndent(at: offset, in: writer.window, byteBefore: writer.byteBefore)
            return (line.onlySpaceBefore, writer.window.copy(line.indent))
        }

        /// The new content of insert `k`: its
        /// element, later lines indented from `indent` when `alone`, or its text.
        private func markup(_ k: Int, indent: [UInt8], alone: Bool, lineEnd: String, unit: String) throws -> String {
            let insert = contentInserts[k]!
            guard let key = insert.key else { return XMLEditRules.escaped(insert.text, quote: nil) }
            return try XMLEditRules.elements(
                key, insert.value, indent: String(decoding: indent, as: UTF8.self), unit: alone ? unit : nil, lineEnd: lineEnd, edit: edits[k])
        }

        /// Whether insert `k`'s content, standing alone, is laid out by the indentation unit.
        private func usesUnit(_ k: Int) -> Bool { XMLEditRules.isStructured(contentInserts[k]!.value) }

        /// Holds the output at `lower` for insert `k`: a patch of
        /// `lower..<upper` whose replacement is not known yet.
        private func hold(_ k: Int, _ lower: Int, upper: Int? = nil, _ state: Held.State) throws {
            // A removal that ended before learns first how far it reaches.
            if !removals.isEmpty { resolveRemovals(atEnd: false) }
            let patch = StreamedPatchWriter.Pending(lower: lower, upper: upper ?? lower, replacement: nil, edit: k, dropLimit: lower)
            if let other = writer.add(patch) {
                switch state {
                case .blank, .after(_, _, placed: false): throw mayTouch(other, k)
                default:
                    if isSpeculative(other) { throw mayTouch(k, other) }
                    throw JSONEditPlan.conflict(edits[min(other, k)], edits[max(other, k)], same: other == k)
                }
            }
            held.append(Held(edit: k, lower: lower, state: state))
            // Most can be placed at once, from what the window holds.
            _ = try settle(held.count - 1, atEnd: false)
        }

        /// Whether the window shows something other than white space from
        /// `offset` on, before an end tag: content that is not blank.
        private func showsContent(after offset: Int) -> Bool {
            let window = writer.window
            var position = offset
            while position < window.endIndex, XMLWhitespace.contains(window[position]) { position += 1 }
            guard position + 1 < window.endIndex else { return false }
            return window[position] != UInt8(ascii: "<") || window[position + 1] != UInt8(ascii: "/")
        }

        /// Takes back the placeholder of insert `k` in `state` (`.after` or `.blank`), if it has one.
        private func release(_ k: Int, blank: Bool) {
            guard let index = held.lastIndex(where: { held in
                guard held.edit == k else { return false }
                if case .blank = held.state { return blank }
                if case .after(_, _, let placed) = held.state { return !blank && !placed }
                return false
            }) else { return }
            writer.remove(at: held[index].lower, edit: k)
            held.remove(at: index)
        }

        /// Puts insert `k` before the element whose start tag is `tag`, on
        /// the line `line` it stands on.
        private func put(_ k: Int, before tag: XMLStartTag, line: (onlySpaceBefore: Bool, indent: [UInt8])) throws {
            let alone = line.onlySpaceBefore && contentInserts[k]!.key != nil
            try hold(k, tag.start, .ready(upper: tag.start, waits: (alone, alone && usesUnit(k)), prefix: []) { [unowned self] lineEnd, unit in
                let written = try markup(k, indent: line.indent, alone: alone, lineEnd: lineEnd ?? "\n", unit: unit)
                return XMLEditRules.before(written, alone: alone, lineEnd: lineEnd ?? "\n", indent: String(decoding: line.indent, as: UTF8.self))
            })
        }

        private func startInsert(_ k: Int, tag: XMLStartTag, isRoot: Bool) throws {
            let insert = contentInserts[k]!
            let line = line(at: tag.start)
            switch insert.place {
            case .before, .after:
                if isRoot { throw EditFailure.invalid(edits[k], "the root element has no siblings; insert into it instead") }
                if insert.place == .before { try put(k, before: tag, line: line) } else { lines[k] = line }
            case .into(let index):
                into[k] = IntoState(line: line, index: intoIndexes[k]?[starts[k] - 1] ?? index)
                if insert.key != nil, !tag.isEmptyElement, !showsContent(after: tag.end) {
                    // The content's end may be laid out anew if the content is white space alone.
                    try hold(k, tag.end, .blank(scanned: tag.end))
                }
            }
        }

        private func childStart(_ k: Int, cursor: Int) throws {
            guard var state = into[k], !state.placed else { return }
            release(k, blank: true)
            release(k, blank: false)
            let child = try tag(at: cursor, edit: k)
            let line = line(at: child.start)
            if state.index == state.children {
                state.placed = true
                try put(k, before: child, line: line)
            } else {
                state.lastChild = line
            }
            state.children += 1
            into[k] = state
        }

        private func childEnd(_ k: Int, cursor: Int) throws {
            guard let state = into[k], !state.placed, contentInserts[k]?.key != nil, let last = state.lastChild else { return }
            // Goes here if this child is the last one (after the comments that end its line).
            try hold(k, cursor, .after(alone: last.onlySpaceBefore, indent: last.indent, placed: false))
        }

        private func endInsert(_ k: Int, tag: XMLStartTag, name: [UInt8], endTagStart: Int?, end: Int) throws {
            let insert = contentInserts[k]!
            switch insert.place {
            case .before:
                return
            case .after:
                let line = lines[k]!
                lines[k] = nil
                try hold(k, end, .after(alone: line.onlySpaceBefore && insert.key != nil, indent: line.indent, placed: true))
                return
            case .into:
                guard let state = into[k] else { return }
                into[k] = nil
                if state.placed { return }
                let wanted = state.index ?? state.children
                guard wanted <= state.children else {
                    // The index asked, which a first pass may have counted from the end.
                    let asked = if case .into(let index?) = insert.place { index } else { wanted }
                    throw XMLStreamedEdit.indexOutside(edits[k], asked, count: state.children, of: String(decoding: name, as: UTF8.self))
                }
                if state.children > 0, insert.key != nil {
                    // After the last child element, held since it ended.
                    guard let index = held.lastIndex(where: { $0.edit == k }), case .after(let alone, let indent, false) = held[index].state
                    else { return }
                    held[index].state = .after(alone: alone, indent: indent, placed: true)
                    _ = try settle(index, atEnd: false)
                    return
                }
                try insertAtEnd(k, tag: tag, name: name, contentEnd: endTagStart ?? tag.end, line: state.line)
            }
        }

        /// Puts insert `k` at the end of the content of the element whose
        /// start tag is `tag`: laid out on
        /// a line of its own when the content is white space alone, the
        /// element stands alone on its line and the document has line feeds.
        private func insertAtEnd(
            _ k: Int, tag: XMLStartTag, name: [UInt8], contentEnd: Int, line: (onlySpaceBefore: Bool, indent: [UInt8])
        ) throws {
            let isElement = contentInserts[k]!.key != nil
            var blank = tag.isEmptyElement
            if let index = held.firstIndex(where: { held in
                if held.edit == k, case .blank = held.state { return true }
                return false
            }) {
                // Held since the start tag: the content is all in the window.
                blank = writer.window.withBytes(tag.end..<contentEnd) { $0.allSatisfy(XMLWhitespace.contains) }
                writer.remove(at: held[index].lower, edit: k)
                held.remove(at: index)
            }
            let layoutMayBe = isElement && blank && line.onlySpaceBefore
            let range = tag.isEmptyElement ? XMLEditRules.emptyElementClose(of: tag, in: writer.window) : tag.end..<contentEnd
            let content = layoutMayBe && !tag.isEmptyElement ? writer.window.copy(range) : []
            let indent = String(decoding: line.indent, as: UTF8.self)
            let close = "</" + String(decoding: name, as: UTF8.self) + ">"
            let body: (String?, String) throws -> String = { [unowned self] lineEnd, unit in
                let layout = XMLEditRules.laysOutEnd(isElement: isElement, blank: blank, alone: line.onlySpaceBefore, hasLineFeed: lineEnd != nil)
                let markup = try markup(k, indent: line.indent + Array(unit.utf8), alone: layout, lineEnd: lineEnd ?? "\n", unit: unit)
                let inner = XMLEditRules.endContent(markup, layout: layout, lineEnd: lineEnd ?? "\n", indent: indent, unit: unit)
                // Not laid out, the content stays and the markup follows it.
                if tag.isEmptyElement { return ">" + inner + close }
                return layout ? inner : String(decoding: content, as: UTF8.self) + inner
            }
            if tag.isEmptyElement || layoutMayBe {
                let state = Held.State.ready(upper: range.upperBound, waits: (layoutMayBe, layoutMayBe), prefix: [], body: body)
                try hold(k, range.lowerBound, upper: range.upperBound, state)
            } else {
                try hold(k, contentEnd, .ready(upper: contentEnd, waits: (false, false), prefix: [], body: body))
            }
        }

        /// Writes the held inserts whose place and layout are known now (or,
        /// `atEnd`, all: what was not read is not in the document).
        private func resolveHeld(atEnd: Bool) throws {
            var index = 0
            while index < held.count {
                if try !settle(index, atEnd: atEnd) { index += 1 }
            }
        }

        /// Moves held insert `index` on as far as what was read allows;
        /// `true` when it is written into its patch (or taken back) and gone.
        private func settle(_ index: Int, atEnd: Bool) throws -> Bool {
            let k = held[index].edit
            let lower = held[index].lower
            switch held[index].state {
            case .after(let alone, let indent, let placed):
                guard placed, let end = alone ? XMLEditRules.endOfTrailingComments(after: lower, in: writer.window, atEnd: atEnd) : lower
                else { return false }
                held[index].state = .ready(upper: end, waits: (alone, alone && usesUnit(k)), prefix: writer.window.copy(lower..<end)) {
                    [unowned self] lineEnd, unit in
                    let written = try markup(k, indent: indent, alone: alone, lineEnd: lineEnd ?? "\n", unit: unit)
                    return XMLEditRules.after(written, alone: alone, lineEnd: lineEnd ?? "\n", indent: String(decoding: indent, as: UTF8.self))
                }
                return try settle(index, atEnd: atEnd)
            case .blank(var scanned):
                let window = writer.window
                while scanned < window.endIndex, XMLWhitespace.contains(window[scanned]) { scanned += 1 }
                held[index].state = .blank(scanned: scanned)
                // The end tag, or more to read: still blank.
                guard scanned + 1 < window.endIndex, window[scanned] != UInt8(ascii: "<") || window[scanned + 1] != UInt8(ascii: "/")
                else { return false }
                writer.remove(at: lower, edit: k)
                held.remove(at: index)
                return true
            case .ready(let upper, let waits, let prefix, let body):
                if !atEnd, (waits.lineEnd && lineEnd == nil) || (waits.unit && unit == nil) { return false }
                let written = try body(lineEnd.map { String(decoding: $0, as: UTF8.self) }, String(decoding: unit ?? Array("  ".utf8), as: UTF8.self))
                let replacement = prefix + Array(written.utf8)
                writer.update(at: lower, edit: k) { patch in
                    if let upper { patch.upper = upper }
                    patch.replacement = replacement
                }
                held.remove(at: index)
                return true
            }
        }

        /// Follows the elements' lines until the indentation unit is known
        /// (the first element alone on its line deeper than its parent,
        /// also alone on its line); `false` once it is.
        func watch(cursor: Int, isEnd: Bool) -> Bool {
            if isEnd {
                _ = unitStack.popLast()
                return true
            }
            let window = writer.window
            let tag = window.withBytes(window.startIndex..<min(cursor + 2, window.endIndex)) {
                XMLStartTag(before: cursor, in: $0.buffer, offset: $0.startIndex)
            }
            guard let tag else {
                unitStack.append(nil)
                return true
            }
            let line = XMLEditRules.lineIndent(at: tag.start, in: window, byteBefore: writer.byteBefore)
            if let parent = unitStack.last, let parent, line.onlySpaceBefore, parent.onlySpaceBefore, line.indent.count > parent.indent {
                unit = window.copy((line.indent.lowerBound + parent.indent)..<line.indent.upperBound)
                unitStack = []
                return false
            }
            unitStack.append((line.onlySpaceBefore, line.indent.count))
            return true
        }

        private func end(_ k: Int, cursor: Int) throws {
            let edit = edits[k]
            guard let (tag, name) = open[k] else { return }
            open[k] = nil
            matches[k] += 1
            var endTagStart: Int?
            if !tag.isEmptyElement {
                let lt = XMLEditRules.endTagStart(before: cursor, in: writer.window)
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
                if let same = sameText[k] {
                    // The text was the value's as far as it went: all of it, or a prefix.
                    sameText[k] = nil
                    if same == values[k]!.plain.count {
                        writer.remove(at: tag.end, edit: k)
                    } else {
                        writer.update(at: tag.end, edit: k) { $0.replacement = values[k]!.element }
                    }
                }
            }
            switch edit.operation {
            case .set:
                // An element replaced whole ends here.
                if structuredSets[k] != nil {
                    writer.update(at: tag.start, edit: k) { patch in
                        patch.upper = cursor
                        patch.dropLimit = cursor
                    }
                }
                if let (startTag, number) = computedStarts[k], let endTagStart {
                    computedStarts[k] = nil
                    let element = startTag + writer.window.copy(tag.end..<endTagStart) + [UInt8(ascii: "<"), UInt8(ascii: "/")] + name
                        + [UInt8(ascii: ">")]
                    if let text = try XMLStreamedEdit.computedText(edits[k], element: element, attribute: nil, number: number) {
                        writer.update(at: tag.end, edit: k) { $0.replacement = Array(XMLEditRules.escaped(text, quote: nil).utf8) }
                    } else {
                        // The text is the value already: its bytes stay.
                        writer.remove(at: tag.end, edit: k)
                    }
                }
            case .remove:
                guard let index = removals.lastIndex(where: { $0.end == nil && $0.start == tag.start }) else { return }
                removals[index].end = cursor
                writer.updateLast(where: { $0.lower == removals[index].lower && $0.upper == nil }) { $0.dropLimit = cursor }
            case .rename(let name):
                if let endTagStart, let range = XMLEditRules.elementNames(of: tag, endTagStart: endTagStart).last {
                    try add(range, Array(name.utf8), edit: k)
                }
            case .insert:
                if contentInserts[k] != nil { try endInsert(k, tag: tag, name: name, endTagStart: endTagStart, end: cursor) }
            }
        }

        /// Whether an attribute of `tag` (other than the one named at
        /// `besides`) is written `name`: the one rule of an attribute name
        /// already taken, for inserts and renames. A namespace declaration
        /// is no attribute.
        private func hasAttribute(named name: String, in tag: XMLStartTag, besides: Range<Int>? = nil) -> Bool {
            writer.window.withBytes(tag.start..<tag.end) { bytes in
                tag.attributes.contains {
                    $0.name != besides && bytes.equals($0.name, name.utf8) && !bytes.isNamespaceDeclaration($0.name)
                }
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
            if structuredSets[k] != nil {
                throw EditFailure.invalid(edits[k], "XML text and attribute values hold text, not an array or a keyed value")
            }
            if let value = values[k] {
                // A set: the one operation that carries a value; the value already there changes nothing.
                if writer.window.withBytes(attribute.value, { XMLTextRules.attributeValue(written: $0.buffer, is: value.plain) }) { return }
                return try add(attribute.value, attribute.quote == UInt8(ascii: "'") ? value.single : value.double, edit: k)
            }
            let edit = edits[k]
            switch edit.operation {
            case .set:
                // Computed: from the element's start tag, read alone.
                let name = writer.window.withBytes(attribute.name) { String(decoding: $0.buffer, as: UTF8.self) }
                let element = XMLStreamedEdit.closedAlone(writer.window.copy(tag.start..<tag.end))
                // The value already there changes nothing.
                guard let text = try XMLStreamedEdit.computedText(edit, element: element, attribute: name, number: matches[k]) else { return }
                try add(attribute.value, Array(XMLEditRules.escaped(text, quote: attribute.quote).utf8), edit: k)
            case .remove:
                try add(XMLEditRules.attributeRemoval(attribute.span, in: writer.window), [], edit: k)
            case .rename(let newName):
                if hasAttribute(named: newName, in: tag, besides: attribute.name) {
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
