import DocTree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An edit applied while the document is read, for documents larger than
/// memory: unchanged bytes are copied through to the output as they are
/// read, and each value the path matches is replaced or taken out on the
/// way, without building the document's tree.
///
/// ```swift
/// let edit = try StreamedEdit([.set("release.version", to: "2.1")])
/// let summary = try edit.run(contentsOf: dumpURL) { bytes in try output.write(contentsOf: bytes) }
/// ```
///
/// The output is what ``DocumentEditor`` writes for the same edit, byte for
/// byte, and memory stays bounded whatever the input's size: a chunk of
/// input, the output not yet written and the value being edited. What
/// streams:
///
/// - a path of keys, `*`, and indexes and slices from the start (the streamable prefix
///   of ``PathQuery/stream(contentsOf:options:)``), with no filter after it;
/// - on JSON in UTF-8, any operation, several edits as one transaction,
///   when the paths share a prefix of keys, `*` and non-negative indexes
///   before their last step (`items.price` and `items[?id == 7].name`
///   share `items`), or an array at the root is what they edit the elements
///   of (`[?id == 7].name`): each value the prefix reaches (each element of an
///   array reached through objects or at the root, when every path goes on with a key,
///   `*` or a filter, or with an index or slice and no other: `items[5]`,
///   `items[2:9]`, `items[-1]`, which holds the batches of the last
///   elements until the array ends, or with a filter and then an index
///   from the start, `items[?id == 7][0].name`, which counts what the
///   filter keeps across the batches (the first element it keeps being an
///   array is refused: were it the only one, the index would count into
///   it), or with a filter, keys and an index or slice, `items[?id == 7][-1].name`,
///   `items[?id == 7].tags[1]` or `items[?active][0:10]`, which a first pass
///   over a file or bytes in memory counts, then naming the elements by
///   ordinal, or, where a later index, slice or filter counts again
///   (`items[?active][2:4].tags[1]`), each target (read once, from a pipe,
///   the array is held whole); inserts beside elements too, unless
///   the transaction removes elements, or in JSON with comments) is held while it is read and edited as ``DocumentEditor`` edits
///   it, with the rest of each path (keys, `*`, filters; indexes and slices
///   when the prefix reaches one value), laid out as the whole document;
///   and, on any path of keys, `*` and indexes (`version` too), one
///   ``Edit/set(_:to:parameters:)`` to a string, a number, a Boolean,
///   `null` or an empty array or object, or one
///   ``Edit/remove(_:parameters:)``, in constant memory (a keys-only `set`
///   that matches nothing creates what is missing as ``DocumentEditor``
///   does, before the closing brace of the deepest object its keys reach
///   through objects); one ``Edit/insert(_:into:key:at:parameters:)`` with
///   a key at the end of the root object (`.`) or of a member of it, in
///   constant memory (deeper, the transaction above holds what the first
///   key reaches); one
///   ``Edit/set(_:computedBy:parameters:)`` too, each match held while
///   its value is computed, when its expression can only yield a scalar
///   (`@ * 1.1`) or it sets the root's members;
/// - on JSON with comments (`LoadOptions.readsJSONWithComments`), the
///   same, keeping comments and trailing commas by ``DocumentEditor``'s
///   rules, except a removal, rename or insert of a member of the root
///   object itself (the comments around it decide what goes and where):
///   an insert holds the value it goes into, any other edit but a set
///   holds each value its path's steps before the last reach (an array
///   among them a batch of elements at a time);
/// - on XML, in its own encoding, any number of edits as one transaction:
///   ``Edit/set(_:to:parameters:)`` of an element's text, an attribute's
///   value or an element replaced by an array or keyed value,
///   ``Edit/set(_:computedBy:parameters:)`` of an element's text or an
///   attribute's value (computed from the element's start tag and text),
///   ``Edit/remove(_:parameters:)`` of elements and attributes,
///   ``Edit/rename(_:to:parameters:)`` of both, and every insert: an
///   attribute (a key `@name`), a child element or text into elements (at
///   the end or at an index), a sibling before or after
///   them. An insert whose place or layout is not known within 16 KiB of
///   reading throws ``QueryError/Kind-swift.struct/notStreamable`` then.
///   A filter holds each element it tests, one at a time (one that reads
///   only the element's keys, compared with literals, decides on its start
///   tag), and the indexes and slices after it (`book[?price > 30][0].title`)
///   count what it keeps across them. A path with an index or slice from the end
///   (`relation[-1].user`, `book[?price > 30][-1]`), and an insert at an
///   index from the end (not after a filter), read the input twice: a
///   first pass counts what the index counts among, and the edit then
///   streams with the index from the start. A file and bytes in memory can
///   be read twice; a pipe cannot, and a run over one throws
///   ``QueryError/Kind-swift.struct/notStreamable``.
///
/// Everything else throws ``QueryError/Kind-swift.struct/notStreamable``
/// with what to do instead (edit with ``DocumentEditor``): from
/// ``init(_:options:maxHeld:)`` when no format could stream the edits, else when
/// the input's format turns out to be the one that cannot. On JSON a run
/// also throws it when a keys-only `set` that matches nothing cannot
/// create what is missing (in JSON with comments, in a stream of several
/// values, or where a key of the path occurs twice in an object; a
/// non-empty array or object below the root's members is created in a
/// second reading, which a pipe cannot give), when a prefix with an index or slice after it reaches several
/// values (but for one edit whose index or slice counts from the end right
/// after keys and `*`, `payload.commits[-1]`: the values are counted in a first
/// pass, and the edit runs with the index from the start over them), when
/// one array alone reached a filter that the run tested it with as one of
/// several values, in a pipe (a file is edited again), and
/// when new content's layout depends on input more than 4 MiB further on.
///
/// The output is written as the input is read, so a run that throws has
/// written part of a document: write to a temporary file and keep it only
/// when the run returns (docq does). The output is read back as it is
/// written, by the format's validating stream reader on a thread of its
/// own, so a run that returns has written a document that loads.
public struct StreamedEdit: Sendable {
    private let edits: [Edit]
    private let options: LoadOptions
    private let maxHeld: Int?
    /// The JSON engine, or why the edits do not stream on JSON.
    private var json: Result<JSONEngine, QueryError>
    /// The indexes a first pass counts on JSON, naming the element each
    /// picks (``JSONCountedIndex``); empty when none does, or the named
    /// edits would not stream either.
    private var counted: [JSONCountedIndex]
    /// The XML engine, or why the edits do not stream on XML.
    private let xml: Result<XMLStreamedEdit, QueryError>

    /// Prepares `edits` to run over streamed input.
    ///
    /// - Parameters:
    ///   - edits: The edits, applied as one transaction.
    ///   - options: How the input is read.
    ///   - maxHeld: The most bytes of input that one value the edit holds
    ///     in memory may span while it reads it (a value that a shared
    ///     prefix reaches, edited whole; or what a removal of array elements
    ///     holds between batches). Held and edited, a value takes several
    ///     times its bytes: its tree, the positions of its parts and its new
    ///     bytes (7 to 8 times on JSON arrays of small records, about 13 times
    ///     on an XML element of many small ones). Past it the run throws
    ///     ``QueryError/Kind-swift.struct/notStreamable`` naming the cap and
    ///     the step that needed the value whole, instead of growing. `nil`:
    ///     no cap.
    /// - Throws: ``QueryError``: a malformed path, or of kind
    ///   ``QueryError/Kind-swift.struct/notStreamable`` when the edits
    ///   cannot stream in any format (or in the one `LoadOptions.format`
    ///   names; see above), with a caret under the step that cannot.
    public init(_ edits: [Edit], options: LoadOptions = LoadOptions(), maxHeld: Int? = nil) throws(QueryError) {
        var compiled: [Edit] = []
        for edit in edits { compiled.append(try edit.compiled()) }
        let edits = compiled
        self.edits = edits
        self.options = options
        self.maxHeld = maxHeld
        if let edit = edits.first(where: { $0.computation?.readsRoot == true }) {
            let refusal = QueryError(
                .notStreamable,
                "cannot stream '\(edit.path)': its value is computed by an expression that reads $, the whole document, "
                    + "which a streamed edit does not hold; edit without streaming", path: edit.path, range: 0..<edit.path.count)
            json = .failure(refusal)
            xml = .failure(refusal)
            counted = []
        } else {
            // An engine for the format the options name only; with none
            // named, both, so that edits that stream in neither fail here.
            let otherFormat = QueryError(.notStreamable, "the input is not of the format the options name", path: "", range: 0..<0)
            json = options.format == .xml ? .failure(otherFormat) : Result { () throws(QueryError) in
                try Self.jsonEngine(edits, options: options, maxHeld: maxHeld)
            }
            counted = options.format == .xml ? [] : Self.countedIndexes(edits, engine: try? json.get(), options: options, maxHeld: maxHeld)
            xml = options.format == .json ? .failure(otherFormat) : Result { () throws(QueryError) in
                do { return try XMLStreamedEdit(edits, options: options, maxHeld: maxHeld) } catch let error as QueryError { throw error } catch {
                    throw QueryError(.notStreamable, "\(error)", path: edits.first?.path ?? "", range: 0..<0)
                }
            }
        }
        switch (options.format, json, xml) {
        case (.json, .failure(let error), _) where counted.isEmpty, (.xml, _, .failure(let error)),
            (nil, .failure(let error), .failure) where counted.isEmpty:
            throw error
        default: break
        }
    }

    /// The same edits prepared for input read with `options` (a file whose
    /// name says it is JSON with comments, in a run prepared for strict JSON).
    package func reading(_ options: LoadOptions) throws(QueryError) -> StreamedEdit {
        try StreamedEdit(edits, options: options, maxHeld: maxHeld)
    }

    /// Whether the edits stream on JSON the lean way, copying the bytes
    /// through and parsing nothing but what they replace; `false` when each
    /// value a shared prefix reaches is held and edited in memory (leaner
    /// than the tree, but slower on small documents), or when they do not
    /// stream on JSON.
    package var streamsJSONLeanly: Bool {
        if case .success(.single) = json { return true }
        return false
    }

    /// Whether the edits stream on JSON holding each value a shared prefix
    /// reaches, and an array among them (reached through objects) a batch
    /// of elements at a time, so that memory stays small however large the
    /// array; `false` when such an array would be held whole (a rest that
    /// holds an index after its first step, but right after a first
    /// filter, or an insert beside an element
    /// in a transaction that removes elements or in JSON with comments),
    /// or when they go the lean way or do not stream on JSON. An index
    /// counted in a first pass (``JSONCountedIndex``) counts as spread: the
    /// edit then names one element by its ordinal.
    package var spreadsJSONArrays: Bool {
        if !counted.isEmpty { return true }
        if case .success(.transaction(let transaction)) = json { return transaction.selector.spreading == .whenLone }
        return false
    }

    /// The counted indexes of `edits` that `engine` (`nil`: none streams
    /// them) does not pick as it reads, when the edits naming an element
    /// in their place stream.
    private static func countedIndexes(_ edits: [Edit], engine: JSONEngine?, options: LoadOptions, maxHeld: Int?) -> [JSONCountedIndex] {
        let counted = JSONCountedIndex.all(in: edits, engine: engine)
        var named = edits
        for counted in counted { named[counted.edit].query = counted.namingFirstElement }
        return !counted.isEmpty && (try? jsonEngine(named, options: options, maxHeld: maxHeld)) != nil ? counted : []
    }

    /// The engine for the edits with each index that counts what a filter
    /// keeps (``JSONCountedIndex``) counted in a first pass over `input`,
    /// naming the elements it picks, or its targets one by one
    /// (``JSONCountedIndex/targets(of:in:options:)``), each an edit of its
    /// own; with, for each edit the engine runs, the given edit it comes
    /// from. `nil` when none is counted, when `input` can
    /// be read only once (a pipe: the engine for the edits as given then
    /// holds the array), or when the count finds no array to spread
    /// (``JSONCountedIndex/count(_:in:options:)``).
    ///
    /// - Throws: `LoadError` for malformed or unreadable input;
    ///   ``QueryError/Kind-swift.struct/notStreamable`` for a pipe when the
    ///   edits as given do not stream.
    private func countedEngine(over input: ChunkedInput) throws -> (engine: JSONEngine, origins: [Int])? {
        guard let first = counted.first else { return nil }
        guard let again = input.rereading() else {
            if case .success = json { return nil }
            let path = edits[first.edit].path
            throw QueryError(
                .notStreamable,
                "this step counts what a filter keeps: a streamed edit counts it in a first pass over the input, "
                    + "and this input (a pipe) can be read only once; give a file, or edit without streaming",
                path: path, scalarRange: first.query.steps[first.position].range)
        }
        var naming: [Int: [PathQuery]] = [:]
        let tallied = counted.filter { !$0.findsTargets }
        var found = counted.filter(\.findsTargets)
        if !tallied.isEmpty {
            guard let tallies = try JSONCountedIndex.count(tallied, in: again, options: options) else { return nil }
            for (counted, tally) in zip(tallied, tallies) {
                // An element giving several values: its targets are found one by one.
                if let named = tally.naming(for: counted) { naming[counted.edit] = [counted.named(named)] } else { found.append(counted) }
            }
        }
        if !found.isEmpty {
            guard let input = tallied.isEmpty ? again : input.rereading(),
                let targets = try JSONCountedIndex.targets(of: found, in: input, options: options)
            else { return nil }
            for (counted, queries) in zip(found, targets) { naming[counted.edit] = queries }
        }
        var named: [Edit] = []
        var origins: [Int] = []
        for (k, edit) in edits.enumerated() {
            guard let queries = naming[k] else {
                named.append(edit)
                origins.append(k)
                continue
            }
            for query in queries {
                var edit = edit
                edit.query = query
                named.append(edit)
                origins.append(k)
            }
        }
        guard let engine = try? Self.jsonEngine(named, options: options, maxHeld: maxHeld) else { return nil }
        return (engine, origins)
    }

    /// The JSON engine for `edits`, or why they do not stream on JSON: one
    /// `set` of a scalar or empty container, or one `remove`, on a path of
    /// keys, `*` and indexes, or a structured `set` of the root's members, or
    /// one `insert` at the end of an array that keys reach, or with a key at
    /// the end of the root object or a member of it, goes the lean way (``JSONStreamedEdit``);
    /// anything else edits each value a shared prefix reaches in memory
    /// (``JSONStreamedTransaction``).
    ///
    /// In JSON with comments only a `set` (it changes only the value,
    /// whatever the gaps hold) goes the lean way: what a removal or an insert takes or where it goes depends on
    /// the comments and trailing commas around it (``JSONSource``'s gap
    /// rules), which the lean engine, holding no tree, cannot read. Those
    /// go to the transaction, whose ``JSONEditPlan`` applies the rules to
    /// each value the prefix reaches; a root member's removal or insert has
    /// no prefix, so it does not stream there.
    private static func jsonEngine(_ edits: [Edit], options: LoadOptions, maxHeld: Int?) throws(QueryError) -> JSONEngine {
        guard let edit = edits.first else {
            throw QueryError(.notStreamable, "no edit to stream", path: "", range: 0..<0)
        }
        if options.encoding != nil {
            throw QueryError(.notStreamable, "cannot stream '\(edit.path)': a streamed edit reads JSON in UTF-8 only; edit without streaming",
                             path: edit.path, range: 0..<edit.path.count)
        }
        let comments = options.readsJSONWithComments
        if edits.count == 1, let single = try? singleEngine(edit, maxHeld: maxHeld), !comments || single.operation.keepsGaps {
            return .single(single)
        }
        do {
            return .transaction(try JSONStreamedTransaction(edits, maxHeld: maxHeld, comments: comments))
        } catch {
            if edits.count == 1, case .notStreamable = error.kind {
                if comments, (try? singleEngine(edit, maxHeld: maxHeld)) != nil {
                    throw QueryError(
                        .notStreamable,
                        "cannot stream '\(edit.path)' in JSON with comments: what it takes or where it goes depends on the comments "
                            + "around a member of the root, which a streamed edit reads only inside a value its leading steps reach; "
                            + "edit without streaming", path: edit.path, range: 0..<edit.path.count)
                }
                _ = try singleEngine(edit, maxHeld: maxHeld)
            }
            throw error
        }
    }

    /// The lean engine for one edit, or why it does not apply.
    private static func singleEngine(_ edit: Edit, maxHeld: Int?) throws(QueryError) -> JSONStreamedEdit {
        func refuse(_ why: String) -> QueryError {
            QueryError(.notStreamable, "cannot stream '\(edit.path)': \(why); edit without streaming", path: edit.path,
                       range: 0..<edit.path.count)
        }
        let query = try edit.pathQuery()
        let plan = try StreamPlan(query)
        if let step = plan.rest.steps.first ?? plan.fold?.step {
            throw QueryError(
                .notStreamable, "this step cannot stream in an edit: an edited path is keys, '*' and indexes; edit without streaming",
                path: query.description, scalarRange: step.range)
        }
        let operation: JSONStreamedEdit.Operation
        switch edit.operation {
        case .set where edit.computation != nil:
            // Each match's value is computed from the match alone, which the
            // scanner builds; one that may be a non-empty array or object
            // is laid out on the root's members only (below them, by its
            // siblings, which the transaction holds).
            let computation = edit.computation!
            let onRootMembers = plan.selector.steps.count == 1
            guard onRootMembers || computation.yieldsScalar else {
                throw refuse("a computed value that may be a non-empty array or object is set on the root's members, or below a shared prefix")
            }
            operation = .compute(computation, inObject: plan.selector.steps.first.reachesMembers, onRootMembers: onRootMembers)
        case .set(let value):
            switch value.content {
            case .array(let items) where !items.isEmpty && plan.selector.steps.count > 1:
                throw refuse("a non-empty array is set on the root's members, or below a shared prefix")
            case .object(let members) where !members.isEmpty && plan.selector.steps.count > 1:
                throw refuse("a non-empty object is set on the root's members, or below a shared prefix")
            case .array(let items) where !items.isEmpty: operation = .render(value.content, inObject: plan.selector.steps.first.reachesMembers)
            case .object(let members) where !members.isEmpty: operation = .render(value.content, inObject: plan.selector.steps.first.reachesMembers)
            default:
                operation = .replace(JSONLayout.compactBytes(value.content), value.content)
            }
        case .remove:
            operation = .remove
        case .insert(let value, let key, let place):
            let keys = plan.selector.steps.compactMap { if case .key(let key) = $0 { String(decoding: key, as: UTF8.self) } else { nil } }
            guard case .into(index: nil) = place, keys.count == plan.selector.steps.count else {
                throw refuse("an insert goes into or beside a value below the root's members only, or at the end of an array "
                                 + "or object that keys reach (no index, not before or after)")
            }
            if let key {
                // The root object or a member of it: the member goes before
                // its closing brace, where a keys-only set creates what it
                // misses; one of that key is an error. Deeper, the transaction
                // holds what the first key reaches and inserts into it, an
                // array's elements a batch at a time, which reaching through
                // an array needs.
                guard keys.count <= 1 else {
                    throw refuse("an insert with a key goes into the root object or a member of it; deeper, what the first key "
                                     + "reaches is held")
                }
                var engine = JSONStreamedEdit(
                    edit: edit, selector: StreamSelector(steps: plan.selector.steps + [.key(Array(key.utf8))], keepsKeys: false),
                    operation: .insertMember(key), maxHeld: maxHeld)
                engine.creation = JSONStreamedEdit.Creation(keys: keys + [key], value: value.content, inserts: true)
                return engine
            }
            // The end of an array the path reaches by keys through objects:
            // the stream hands it on in batches of elements (memory stays one
            // batch), and the new element goes before its closing bracket.
            operation = .append(value.content)
            return JSONStreamedEdit(
                edit: edit, selector: StreamSelector(steps: plan.selector.steps, keepsKeys: false, spreading: .whenLone),
                operation: operation, maxHeld: maxHeld)
        case .rename:
            throw refuse("a rename applies to a key below the root's members only")
        }
        var engine = JSONStreamedEdit(edit: edit, selector: plan.selector, operation: operation, maxHeld: maxHeld)
        engine.creation = JSONStreamedEdit.Creation(missedBy: edit)
        return engine
    }

    /// Reads the file at `url` to its end and writes the edited document
    /// to `write`, block by block; returns what the edits did (how many
    /// values each matched, and how many were replaced, created, removed,
    /// inserted and renamed).
    ///
    /// - Throws: `LoadError` for an unreadable or malformed input (line and
    ///   column in the whole input); ``QueryError``: of kind
    ///   ``QueryError/Kind-swift.struct/noMatch`` when the path matches
    ///   nothing, ``QueryError/Kind-swift.struct/notStreamable`` when a
    ///   keys-only `set` matches nothing and cannot create what is missing
    ///   in one pass, or the document turns out not streamable for the
    ///   path, ``QueryError/Kind-swift.struct/invalidEdit`` when the edit
    ///   cannot apply to what it matched or the output does not load; or
    ///   what `write` throws. Discard the output then.
    @discardableResult
    public func run(contentsOf url: URL, to write: (UnsafeRawBufferPointer) throws -> Void) throws -> EditSummary {
        try run(try ChunkedInput(path: url.path), to: write)
    }

    /// Reads what an open file descriptor reads, to its end (standard
    /// input: `0`), and writes the edited document to `write`; the
    /// descriptor stays open. See ``run(contentsOf:to:)``.
    @discardableResult
    public func run(fileDescriptor descriptor: Int32, to write: (UnsafeRawBufferPointer) throws -> Void) throws -> EditSummary {
        try run(ChunkedInput(descriptor: descriptor, closesOnEnd: false, label: "(file handle)"), to: write)
    }

    /// Reads `input` to its end; see ``run(contentsOf:to:)``.
    ///
    /// An index or slice that keys reach through an array's elements
    /// (`items.tags[0]`) counts the elements of the first JSON array it
    /// meets, on the bet that no other value comes; when one does, a file
    /// (or bytes in memory) is edited again from its start with that array
    /// as one value, as the tree takes it: at once when nothing was written
    /// yet, else after `restart` has taken back what was (no `restart`: the
    /// edit fails as not streamable, as it does for a pipe).
    ///
    /// A filter after keys that pass through an array's elements
    /// (`items.tags[?. == 'x']`, one `tags` per element), or after a rest's
    /// first step over a spread array's batches (`items[:].tags[?. == 'x']`),
    /// tests each value that reaches it whole, on the bet that several do,
    /// as the tree does; when only one array did, which the tree's filter
    /// opens, the input is edited again with the filter opening it, as above.
    ///
    /// An index or slice from the end after keys (and `*`) that pass through an array's
    /// elements (`payload.commits[-1]`, one `commits` per element) that
    /// several values reach counts over them, not into one: the values are
    /// then counted in a pass of their own, and the edit runs again with the
    /// index from the start over them (`payload.commits[3]`, taken as the
    /// fourth value), with what was written taken back as above.
    @discardableResult
    package func run(
        _ input: ChunkedInput, restart: (() throws -> Void)? = nil, to write: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> EditSummary {
        try run(input, lost: [], restart: restart, to: write)
    }

    /// ``run(_:restart:to:)`` without the `lost` bets from the first reading on.
    private func run(
        _ input: ChunkedInput, lost: Set<StreamMatcher.Bet>, restart: (() throws -> Void)?,
        to write: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> EditSummary {
        var written = false
        /// Whether the input may be edited again from its start: what was written is taken back first.
        func mayStartAgain() throws -> Bool {
            if written {
                guard let restart else { return false }
                try restart()
                written = false
            }
            return true
        }
        do {
            return try StreamMatcher.readingAgain(input, lost: lost, mayReadAgain: { _ in try mayStartAgain() }) { reading, lost in
                try read(reading, lost: lost) { bytes in
                    written = true
                    try write(bytes)
                }
            }
        } catch let several as JSONStreamedTransaction.SeveralValues {
            guard lost.isEmpty, let counted = try countingValues(of: input), try mayStartAgain() else { throw several.error }
            return try counted.edit.run(input, lost: [counted.bet], restart: restart, to: write)
        } catch let missing as MissingMembers {
            guard let creating = creating(), input.rereading() != nil, try mayStartAgain() else { throw missing.error }
            return try creating.run(input, lost: [], restart: restart, to: write)
        }
    }

    /// A keys-only `set` that the transaction (which holds what a prefix
    /// reaches, `a` of `a.b`) found matching nothing, so creating nothing.
    private struct MissingMembers: Error {
        var error: QueryError
    }

    /// For one keys-only `set` that matched nothing in the transaction: the
    /// lean engine that creates what is missing, in a second reading (the
    /// lean engine sets a non-empty array or object on the root's members
    /// only, by the layout of the line it is on; what it creates is laid
    /// out as the object it goes into). `nil` in JSON with comments, where
    /// the gap rules decide where a member goes.
    private func creating() -> StreamedEdit? {
        guard edits.count == 1, !options.readsJSONWithComments, let creation = JSONStreamedEdit.Creation(missedBy: edits[0]),
            let plan = try? StreamPlan(edits[0].pathQuery())
        else { return nil }
        var engine = JSONStreamedEdit(edit: edits[0], selector: plan.selector, operation: .create, maxHeld: maxHeld)
        engine.creation = creation
        var creating = self
        creating.json = .success(.single(engine))
        creating.counted = []
        return creating
    }

    /// For one edit whose path is keys and `*`, then an index or slice from the end
    /// that several values reach (two at least): the edit with the index from the start
    /// over the values that reach it (counted in a pass over `input` read
    /// again), and the bet that the first of them is a lone array, lost from
    /// the start. `nil` when the edit is not such, the input cannot be read
    /// again, or the edit from the start does not stream.
    ///
    /// - Throws: `LoadError` from the count;
    ///   ``QueryError/Kind-swift.struct/noMatch`` when the index or slice
    ///   names none of the values.
    private func countingValues(of input: ChunkedInput) throws -> (edit: StreamedEdit, bet: StreamMatcher.Bet)? {
        guard edits.count == 1, let query = edits[0].query,
            let step = query.steps.firstIndex(where: { StreamSelector.Step($0, of: query).map { !$0.isKeyOrWildcard } ?? true }),
            step > 0, query.steps[step].reachFromEnd > 0, let reading = input.rereading()
        else { return nil }
        let keys = query.steps[..<step].compactMap { StreamSelector.Step($0, of: query) }
        // A position that names no value: each value reaches it, none is built, and none is taken as a lone array.
        let bet = StreamMatcher.Bet(value: 0, step: step)
        let matcher = StreamMatcher(StreamSelector(steps: keys + [.positions(0..<0)]), lost: [bet])
        let head = try InputHead.read(reading, limit: StreamingLoad.chunkSize, format: .json)
        var scanner = JSONStreamScanner(input: reading, head: head.bytes, skip: head.byteOrderMark, matcher: matcher, options: options)
        // Several JSON values are no one document whose values are counted.
        let count = Result { () throws(StreamFailure) in
            try scanner.run(emit: { _ in }, nextValue: { throw StreamSelectorError(step: step, message: "several JSON values") })
        }
        if case .failure(let failure) = count {
            if case .load(let error) = failure { throw error }
            return nil
        }
        // One value that is an array would be indexed into, as a lone array.
        let values = matcher.valuesSeen(at: step)
        guard values > 1 else { return nil }
        guard let named = query.steps[step].positions(among: values), !named.isEmpty else {
            throw EditFailure.noMatch(edits[0], nil)
        }
        var edit = edits[0]
        var steps = query.steps
        steps[step].kind = steps[step].naming(named)
        edit.query = query.withSteps(steps)
        guard let counted = try? StreamedEdit([edit], options: options, maxHeld: maxHeld) else { return nil }
        return (counted, bet)
    }

    /// One reading of `input` (``run(_:restart:to:)``), without the `lost` bets.
    private func read(
        _ input: ChunkedInput, lost: Set<StreamMatcher.Bet>, to write: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> EditSummary {
        let head = try InputHead.read(input, limit: StreamingLoad.chunkSize, format: options.format)
        let format = head.format ?? .json
        let path = edits.first?.path ?? ""
        let readBack: StreamedReadBack?
        /// For each edit an engine runs, the given edit it comes from (`nil`: each is the given one).
        var origins: [Int]?
        /// Whether the one edit created what it names, matching nothing;
        /// whether the transaction engine ran.
        var created = false
        var transacted = false
        let run: (_ write: @escaping (UnsafeRawBufferPointer) throws -> Void) throws -> [Int]
        switch format {
        case .xml:
            let xml = try xml.get()
            readBack = StreamedReadBack { output in try xml.checkOutput(output) }
            run = { write in try xml.run(input, head: head, write: write) }
        case .json:
            if counted.isEmpty { _ = try json.get() }
            if let scheme = head.wideUnicode {
                throw QueryError(
                    .notStreamable, "a streamed edit reads JSON in UTF-8 only, and this input is "
                        + "\(EncodingDetection.name(of: scheme)); edit without streaming",
                    path: path, range: 0..<path.count)
            }
            let counted = try countedEngine(over: input)
            let json = try counted?.engine ?? json.get()
            origins = counted?.origins
            var quiet = options
            quiet.progress = nil
            readBack = StreamedReadBack { [quiet] output in
                // Nothing is a candidate: every byte is checked.
                do {
                    try StreamingLoad.run(output, matcher: NoCandidates(), options: quiet, emit: { _ in })
                } catch let failure as StreamFailure {
                    if case .load(let error) = failure { throw error }
                }
            }
            run = { write in
                switch json {
                case .single(let engine):
                    let outcome = try engine.run(input, head: head.bytes, skip: head.byteOrderMark, options: options, lost: lost, write: write)
                    created = outcome.created
                    return [outcome.matches]
                case .transaction(let engine):
                    transacted = true
                    return try engine.run(input, head: head.bytes, skip: head.byteOrderMark, options: options, lost: lost, write: write)
                }
            }
        }
        guard let readBack else {
            throw QueryError(.invalidEdit, "cannot start reading the output back (no pipe or thread); nothing was changed",
                             path: path, range: 0..<path.count)
        }
        let matches: [Int]
        // The engines write many small pieces; they go out in blocks.
        let buffer = StreamedOutputBuffer()
        do {
            matches = try withoutActuallyEscaping(write) { write in
                let deliver: (UnsafeRawBufferPointer) throws -> Void = { bytes in
                    try write(bytes)
                    readBack.take(bytes)
                }
                let matches = try run { bytes in try buffer.append(bytes, to: deliver) }
                try buffer.flush(to: deliver)
                return EditSummary.matches(matches, foldedInto: edits.count, by: origins)
            }
        } catch {
            _ = readBack.finish()
            throw error
        }
        switch readBack.finish() {
        case nil: break
        case let failure as QueryError: throw failure
        case let failure as LoadError:
            throw QueryError(.invalidEdit, "the edited document does not load (\(failure.message)); nothing was changed",
                             path: path, range: 0..<path.count)
        case let failure?:
            throw QueryError(.invalidEdit, "the edited document does not load (\(failure)); nothing was changed",
                             path: path, range: 0..<path.count)
        }
        if format == .json, !created {
            for (edit, count) in zip(edits, matches) where count == 0 {
                if case .set = edit.operation, (try? edit.pathQuery())?.isKeyChain == true {
                    let refusal = QueryError(
                        .notStreamable,
                        "'\(edit.path)' matches nothing, and creating what is missing needs the whole document; edit without streaming",
                        path: edit.path, range: 0..<edit.path.count)
                    if transacted { throw MissingMembers(error: refusal) }
                    throw refusal
                }
                throw EditFailure.noMatch(edit, nil)
            }
        }
        return EditSummary(edits, matches: matches, creating: created ? [0] : [])
    }
}

/// How a ``StreamedEdit`` edits JSON.
enum JSONEngine: Sendable {
    case single(JSONStreamedEdit)
    case transaction(JSONStreamedTransaction)
}

extension Optional where Wrapped == StreamSelector.Step {
    /// Whether this is a key or `*`, which reach the members of an object
    /// (and through an array, the members of its elements).
    fileprivate var reachesMembers: Bool {
        switch self {
        case .key, .wildcard: true
        default: false
        }
    }
}
