import DocTree

/// A streamed edit of JSON: the input is read in chunks by
/// ``JSONStreamScanner``, which hands on every byte it passes over
/// (``JSONStreamScanner/passing``) and each candidate of the edit's path;
/// bytes around candidates are copied to the output, and each candidate
/// is replaced (set) or taken out with its key, line and comma (remove),
/// by the in-memory editor's rules (``JSONEditPlan``, ``JSONLayout``).
///
/// No tree of the document is built, and memory stays bounded: the output
/// not yet written is at most ``holdBack`` bytes plus one chunk, and a
/// candidate is held only while it is read (as the streaming query does).
///
/// What streams: `set` to a string, number, Boolean or `null`, and
/// `remove`, on a path of keys, `*`, and indexes and slices from the start; and `insert`
/// at the end of an array the path reaches by keys through objects, which
/// the scanner hands on in batches of elements. A keys-only `set` that
/// matches nothing creates what is missing, as the in-memory editor does,
/// before the closing brace of the deepest object its keys reach
/// (``JSONStreamScanner/keyChain``).
struct JSONStreamedEdit: Sendable {
    enum Operation: Sendable {
        /// The candidate's bytes become these, the value rendered, unless
        /// the candidate holds that value already (its bytes then stay).
        case replace([UInt8], EditValue.Content)
        /// The candidate goes, with its key, line and separating comma.
        case remove
        /// This goes after the last element of the spread array candidate.
        case append(EditValue.Content)
        /// The candidate, a member or element of the root, becomes this,
        /// laid out as the document is. `inObject`: the path's step reaches
        /// members (a key or `*`), so the root must be an object (through an
        /// array they would reach its elements' members).
        case render(EditValue.Content, inObject: Bool)
        /// The candidate becomes what `computation` computes from it (the
        /// value the scanner builds): a scalar or empty container replaces
        /// it as ``replace(_:_:)`` does, a non-empty one is rendered as
        /// ``render(_:inObject:)`` does, which only `onRootMembers` allows.
        case compute(EditComputation, inObject: Bool, onRootMembers: Bool)
        /// The candidate is a member of this key in an object an insert
        /// with the key goes into: an error, as in memory.
        case insertMember(String)
        /// A keys-only `set` that matched nothing in a first reading, run
        /// again to create what is missing: a candidate means the input
        /// changed between the readings.
        case create
    }

    /// What a keys-only `set` creates when its path matches nothing: the
    /// path's keys, and the value the last one takes. With `inserts`, what
    /// an insert with a key puts into each object its path reaches: the
    /// path's keys and the new member's.
    struct Creation: Sendable {
        var keys: [String]
        var value: EditValue.Content
        var inserts = false
    }

    let edit: Edit
    let selector: StreamSelector
    let operation: Operation
    /// The most bytes of one candidate a computed value may be computed
    /// from (it is held whole); `nil`: no cap.
    var maxHeld: Int? = nil
    /// What the edit creates when it matches nothing; `nil`: nothing.
    var creation: Creation? = nil

    /// Bytes the output keeps back from the writer, so that a removal can
    /// still take the comma, white space and key before its value. A member
    /// whose key and the white space around it are longer fails to stream.
    static let holdBack = 1 << 14

    /// Reads `input` to its end, writing the edited document to `write`;
    /// returns how many values the path matched, and whether it created
    /// what it names instead. The `lost` bets are not
    /// made (``StreamMatcher/init(_:lost:)``).
    ///
    /// - Throws: `LoadError` for malformed or unreadable input,
    ///   ``QueryError`` when the edit cannot apply, ``StreamMatcher/LostBet``
    ///   when a bet is lost, or what `write` throws.
    func run(
        _ input: ChunkedInput, head: [UInt8], skip: Int, options: LoadOptions, lost: Set<StreamMatcher.Bet> = [],
        write: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) throws -> (matches: Int, created: Bool) {
        // Where comments may lie, where a new member goes is the gap rules' (JSONGaps), which need the tree.
        let creation = options.readsJSONWithComments ? nil : creation
        let output = JSONStreamedOutput(edit: edit, options: options, creation: creation, write: write)
        let matcher = StreamMatcher(selector, lost: lost)
        var scanner = JSONStreamScanner(input: input, head: head, skip: skip, matcher: matcher, options: options)
        let operation = operation
        let maxHeld = operation.computes ? maxHeld : nil
        if case .remove = operation {
            scanner.slotBegins = { slot in try output.candidateBegins(removing: slot) }
        }
        if creation != nil {
            scanner.keyChain = { event in try output.keyChain(event) }
        }
        let learns = operation.renders || creation != nil
        scanner.passing = { bytes, inCandidate in
            defer { output.inputPassed += bytes.count }
            if learns { output.learn(bytes) }
            if case .append = operation {
                try output.pass(bytes, inCandidate: inCandidate)
            } else if inCandidate {
                if !output.inCandidate { try output.candidateBegins() }
                if operation.replaces { output.keep(bytes) }
                if let maxHeld, output.candidateLength > maxHeld {
                    throw QueryError(
                        .notStreamable,
                        "cannot stream '\(edit.path)': its value is computed from each match held whole, and one is larger than "
                            + "the cap of \(maxHeld) bytes held (maxHeld, docq --max-held)", path: edit.path, range: 0..<edit.path.count)
                }
            } else {
                try output.copy(bytes)
            }
        }
        do {
            try scanner.run(emit: { candidate in
                switch operation {
                case .replace(let bytes, let content): try output.candidateEnds(replacement: output.kept(holding: content) ?? bytes)
                case .remove: try output.candidateEnds(replacement: [])
                case .append: try output.elementsEnd(candidate)
                case .render(let content, let inObject):
                    try output.candidateEnds(keepingOrRendering: content, inObject: inObject)
                case .insertMember(let key):
                    throw output.memberOfInsertKey(key)
                case .create:
                    throw QueryError(
                        .notStreamable, "cannot stream '\(edit.path)': it matched nothing when first read, and now matches; "
                            + "the input changed", path: edit.path, range: 0..<edit.path.count)
                case .compute(let computation, let inObject, let onRootMembers):
                    let document = candidate.document
                    let match = candidate.isWrapped ? document.root.children.first!.index : document.root.index
                    let content = try edit.value(
                        computedFor: match, in: document, by: computation, named: "match \(output.matches + 1) of '\(edit.path)'").content
                    if !content.isNonEmptyContainer {
                        try output.candidateEnds(replacement: output.kept(holding: content) ?? JSONLayout.compactBytes(content))
                    } else if onRootMembers {
                        try output.candidateEnds(keepingOrRendering: content, inObject: inObject)
                    } else {
                        throw QueryError(
                            .notStreamable, "cannot stream '\(edit.path)': its computed value for match \(output.matches + 1) is a non-empty "
                                + "array or object, laid out by its siblings; edit without streaming", path: edit.path, range: 0..<edit.path.count)
                    }
                }
            }, nextValue: {
                // New content is laid out as its record is: each record has a layout of its own.
                switch operation {
                case .append, .render, .compute(_, _, onRootMembers: true), .insertMember, .create:
                    throw QueryError(
                        .notStreamable, "the input holds several JSON values (JSON Lines), each laid out on its own; edit without streaming",
                        path: edit.path, range: 0..<edit.path.count)
                case .replace, .remove, .compute: break
                }
                // A record that lacks a keys-only set's path gets it created in memory.
                guard operation.replaces, (try? edit.pathQuery())?.isKeyChain == true else { return }
                throw QueryError(
                    .notStreamable,
                    "the input holds several JSON values (JSON Lines), and a keys-only set creates its path in those that lack it, "
                        + "which needs each one's tree; edit without streaming", path: edit.path, range: 0..<edit.path.count)
            }, arrayEdge: { edge in
                guard case .append(let content) = operation else { return }
                switch edge {
                case .open: output.arrayOpens()
                case .close: try output.arrayCloses(appending: content)
                }
            })
        } catch {
            switch error {
            case .load(let error): throw error
            case .consumer(let error): throw error
            case .selector(let error):
                let refusal = QueryError(.notStreamable, "this path cannot stream this document: \(error.message)",
                                         path: edit.path, range: 0..<edit.path.count)
                if let bet = matcher.lostBet { throw StreamMatcher.LostBet(bet: bet, error: refusal) }
                throw refusal
            }
        }
        try output.finish()
        if let creation, output.matches == 0, !output.created {
            // Nothing matched, and nothing could be created: the tree's error, where the stream can tell it.
            if let failure = output.cannotCreate { throw failure }
            if let first = head[skip...].first(where: { !XMLWhitespace.contains($0) }), first != UInt8(ascii: "{") {
                let kind = JSONStreamedOutput.kind(beginningWith: first)
                if !creation.inserts { throw EditFailure.cannotCreate(edit, creation.keys, below: 0, in: kind) }
                if creation.keys.count == 1 { throw EditFailure.cannotInsert(edit, into: kind) }
                // Keys through an array reach its elements' members, which the tree inserts into.
                if kind == .array { throw output.notStreamable("the root is an array, whose elements' objects the path reaches", doing: "insert into") }
            }
        }
        return (output.matches, output.created)
    }
}

extension JSONStreamedEdit.Creation {
    /// What `edit` creates when it matches nothing: a keys-only `set` of a
    /// literal value does; `nil` for any other edit.
    init?(missedBy edit: Edit) {
        guard case .set(let value) = edit.operation, edit.computation == nil, let keys = (try? edit.pathQuery())?.keyChain
        else { return nil }
        self.init(keys: keys.map { String(decoding: $0, as: UTF8.self) }, value: value.content)
    }
}

extension JSONStreamedEdit.Operation {
    /// Whether the candidate's value is replaced (and kept when it is the same).
    var replaces: Bool {
        switch self {
        case .replace, .render, .compute: true
        case .remove, .append, .insertMember, .create: false
        }
    }

    /// Whether the candidate may become a value rendered as the document
    /// is laid out (whose layout the output learns).
    var renders: Bool {
        switch self {
        case .render, .compute(_, _, onRootMembers: true): true
        default: false
        }
    }

    var computes: Bool {
        if case .compute = self { return true }
        return false
    }

    /// Whether the candidate's bytes are replaced by a value's text (a
    /// set), which needs nothing of the gaps around it, so applies as it is
    /// to JSON with comments.
    var keepsGaps: Bool {
        switch self {
        case .replace, .render, .compute: true
        case .remove, .append, .insertMember, .create: false
        }
    }
}

/// The output of a ``JSONStreamedEdit``: the bytes passed on, less the
/// candidates, with their replacements, written out in blocks. The last
/// ``JSONStreamedEdit/holdBack`` bytes (and, during a removal, everything
/// from where it may begin) stay back, since a removal reaches back to the
/// end of the value before it.
///
/// Offsets named here are in the whole output (``written`` plus an index
/// in ``pending``).
final class JSONStreamedOutput {
    private let edit: Edit
    /// How a candidate is read back (``kept(holding:)``): as JSON, with comments when the input has them.
    private let candidateOptions: LoadOptions
    private let write: (UnsafeRawBufferPointer) throws -> Void
    private var pending: [UInt8] = []
    /// The bytes written out before ``pending``.
    private var written = 0
    private(set) var matches = 0
    private(set) var inCandidate = false

    /// A removal under way: the member's or element's own start (its key's
    /// quote), and where the gap before it begins.
    private struct Removal {
        var slotStart: Int
        var gap: JSONRemovalGap
        /// Where the removed value was (its bytes never reach the output).
        var valueEnd = 0
        /// Where the scan of the bytes after it has come to.
        var scanned = 0
        var sawComma = false
    }
    private var removal: Removal?
    /// A removal that ended at the start of the next child (taking the
    /// comma between them): where that child now begins, and the gap before
    /// it, which was the removed child's.
    private var cutBefore: (at: Int, gap: JSONRemovalGap)?
    /// How many bytes of input the scanner has passed on; where the
    /// current candidate began, in the input and in the output.
    var inputPassed = 0
    private var candidateAt = (input: 0, output: 0)
    /// The bytes of the candidate being replaced, while few enough to hold
    /// the value that replaces it (written otherwise: ``kept(holding:)``).
    private var candidate: [UInt8] = []
    private var candidateTooLong = false
    /// How many bytes the candidate being replaced has had so far.
    private(set) var candidateLength = 0
    private static let keptLimit = 1 << 12

    /// Writes once this much is ready, so each write is a large block.
    private static let block = 1 << 18

    init(
        edit: Edit, options: LoadOptions, creation: JSONStreamedEdit.Creation? = nil,
        write: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) {
        self.edit = edit
        self.creation = creation
        var candidateOptions = LoadOptions(format: .json)
        candidateOptions.readsJSONWithComments = options.readsJSONWithComments
        self.candidateOptions = candidateOptions
        probe = JSONLayoutProbe(comments: options.readsJSONWithComments)
        self.write = write
    }

    /// Bytes outside candidates, copied through.
    func copy(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        pending.append(contentsOf: bytes)
        if !deferred.isEmpty { try settleNewText(atEnd: false) }
        if removal != nil { try continueRemoval() }
        try flushIfReady()
    }

    /// A candidate begins at the end of what was passed on.
    func candidateBegins() throws {
        inCandidate = true
        if removal != nil {
            // The next element after a removed one: the removal ends where it begins.
            try continueRemoval(nextSlot: written + pending.count)
        }
        candidateAt = (inputPassed, written + pending.count)
    }

    /// A candidate to remove begins, with its key and the gap before or
    /// after it; `slot` is where the scanner read them.
    func candidateBegins(removing slot: StreamSlot?) throws {
        try candidateBegins()
        removal = try removal(of: slot)
    }

    /// The candidate that began last ends, a member or element of the
    /// root: `content` takes its place, laid out as the in-memory editor
    /// lays out a value set there (on lines of their own, indented from the
    /// line it starts on, when the root's members are).
    func candidateEnds(rendering content: EditValue.Content, inObject: Bool) throws {
        if !inCandidate { try candidateBegins() }
        inCandidate = false
        if inObject, probe.rootIsObject != true {
            throw notStreamable("the path reaches into the root's elements, whose layout is their own", doing: "set")
        }
        guard let indent = lineIndent(before: pending.count) else {
            throw notStreamable("the line the value begins on is longer than \(JSONStreamedEdit.holdBack) bytes", doing: "set")
        }
        deferred.append(NewText(at: written + pending.count, separator: .value(indent: indent), key: nil, content: content))
        matches += 1
        try settleNewText(atEnd: false)
    }

    /// The candidate that began last ends: its own bytes stay when it holds
    /// `content` already, else `content` is rendered in its place.
    func candidateEnds(keepingOrRendering content: EditValue.Content, inObject: Bool) throws {
        if let kept = kept(holding: content) {
            try candidateEnds(replacement: kept)
        } else {
            try candidateEnds(rendering: content, inObject: inObject)
        }
    }

    /// Keeps a replaced candidate's bytes, up to ``keptLimit``.
    func keep(_ bytes: UnsafeBufferPointer<UInt8>) {
        candidateLength += bytes.count
        guard !candidateTooLong else { return }
        if candidate.count + bytes.count > Self.keptLimit {
            candidateTooLong = true
            candidate = []
        } else {
            candidate.append(contentsOf: bytes)
        }
    }

    /// The candidate's own bytes when it holds `content` already, so that a
    /// `set` that changes nothing keeps its escapes and spacing, as the
    /// in-memory editor does; only a string with an escape or a container
    /// can hold it in other bytes than its rendering.
    func kept(holding content: EditValue.Content) -> [UInt8]? {
        defer {
            candidate.removeAll(keepingCapacity: true)
            candidateTooLong = false
            candidateLength = 0
        }
        guard !candidateTooLong, let first = candidate.first,
              first == UInt8(ascii: "[") || first == UInt8(ascii: "{") || (first == UInt8(ascii: "\"") && candidate.contains(UInt8(ascii: "\\"))),
              let source = try? EditableSource(bytes: candidate, options: candidateOptions)
        else { return nil }
        return JSONSource(source).holds(content, at: source.document.root.index) ? candidate : nil
    }

    /// The candidate that began last ends: `replacement` takes its place.
    func candidateEnds(replacement: [UInt8]) throws {
        if !inCandidate { try candidateBegins() }
        inCandidate = false
        matches += 1
        pending.append(contentsOf: replacement)
        if removal != nil {
            removal!.valueEnd = written + pending.count
            removal!.scanned = removal!.valueEnd
        }
        try flushIfReady()
    }

    /// The input ended: writes what is left.
    func finish() throws {
        precondition(removal == nil, "a removal is under way at the end of well-formed input")
        if !deferred.isEmpty {
            probe.finish()
            try settleNewText(atEnd: true)
        }
        try flush(upTo: pending.count)
    }

    // MARK: Removal

    /// The removal of the candidate that began last, whose slot the
    /// scanner read (input offsets): in the output, the bytes from the gap
    /// before it on are the input's, moved by what was edited before (a
    /// removal before ends at the slot's start at the latest: when it took
    /// the comma before this slot, its gap is this slot's).
    private func removal(of slot: StreamSlot?) throws -> Removal {
        guard let slot else { throw EditFailure.rootRemoval(edit) }
        let moved = candidateAt.output - candidateAt.input
        let slotStart = slot.start + moved
        let gap: JSONRemovalGap
        if let cutBefore, cutBefore.at == slotStart {
            gap = cutBefore.gap
        } else {
            gap = slot.isFirst ? .afterOpening(slot.gapStart + moved) : .previousEnd(slot.gapStart + moved)
        }
        cutBefore = nil
        guard gap.start >= written else {
            throw QueryError(
                .notStreamable,
                "cannot stream the removal of '\(edit.path)': more than \(JSONStreamedEdit.holdBack) bytes of key and white space "
                    + "come before a value it removes; edit without --stream",
                path: edit.path, range: 0..<edit.path.count)
        }
        return Removal(slotStart: slotStart, gap: gap)
    }

    /// Reads the bytes after a removed value until what follows it is
    /// held: a comma and the next member's start, or the container's
    /// closing bracket; then cuts what the removal takes, by ``JSONGaps``'
    /// rule. `nextSlot` is where a candidate that follows the comma begins.
    private func continueRemoval(nextSlot: Int? = nil) throws {
        guard var current = removal, !inCandidate || nextSlot != nil else { return }
        let taken: Range<Int>? = pending.withUnsafeBufferPointer { bytes in
            let held = JSONGaps(text: HeldOutput(bytes: bytes, startIndex: written), comments: false)
            while case let next = held.nextNonBlank(from: current.scanned), next < held.text.endIndex {
                current.scanned = next
                if !current.sawComma, held.text[next] == UInt8(ascii: ",") {
                    current.sawComma = true
                    current.scanned += 1
                } else if current.sawComma {
                    // The next child's start.
                    return held.removalBeforeSurvivor(slotStart: current.slotStart, end: current.valueEnd)
                } else {
                    // The closing bracket: the value was the container's last.
                    return held.strictRemovalAtEnd(
                        CollectionOfOne((slotStart: current.slotStart, end: current.valueEnd)), after: current.gap, closer: next)
                }
            }
            current.scanned = held.text.endIndex
            guard nextSlot != nil, current.sawComma else { return nil }
            return held.removalBeforeSurvivor(slotStart: current.slotStart, end: current.valueEnd)
        }
        guard let taken else {
            removal = current
            return
        }
        cut(taken)
        if current.sawComma {
            // The next child's gap is now the removed one's.
            cutBefore = (current.slotStart, current.gap)
        }
        removal = nil
    }

    private func cut(_ range: Range<Int>) {
        pending.removeSubrange((range.lowerBound - written)..<(range.upperBound - written))
    }

    // MARK: Creating

    /// What a keys-only `set` that matches nothing creates, or what an
    /// insert with a key puts into the objects its path reaches.
    private let creation: JSONStreamedEdit.Creation?
    /// Whether it created it.
    private(set) var created = false

    /// What the creation has learnt of an object its path's keys reach:
    /// where its opening brace is; how many members it has had; how many
    /// had the key the path asks of it, where the first one's key is,
    /// whether an object the path reaches opened as its value, and how many
    /// such objects opened in all; whether it
    /// lies in the first member of each object above with the key asked
    /// (the in-memory editor creates there); and what that editor copies
    /// after the comma before a new member (as ``ArrayRead`` for an
    /// array's elements).
    private struct ChainObject {
        var openAt: Int
        var inFirst: Bool
        var members = 0
        var asked = 0
        var askedAt: Int?
        var descended = false
        var descents = 0
        var lead: [UInt8]?
        var separator: String?
    }
    /// The objects the path's keys reach that are open, the root's first.
    private var chain: [ChainObject] = []
    /// Why nothing can be created when the path matches nothing: the first
    /// value its keys reach that is not an object.
    private(set) var cannotCreate: QueryError?

    /// The scanner tells of an object the path's keys reach: the deepest
    /// one that closes without the key the path asks of it, when the path
    /// matched nothing, gets the missing member, with the rest of the keys
    /// as nested objects (``JSONEditPlan``'s rule); for an insert with a
    /// key, the one at the path's end gets the new member
    /// (``insert(_:closing:depth:)``).
    func keyChain(_ event: KeyChainEvent) throws {
        switch event {
        case .opens:
            var inFirst = true
            if let parent = chain.last {
                inFirst = parent.inFirst && parent.asked == 1
                chain[chain.count - 1].descended = chain[chain.count - 1].descended || parent.asked == 1
                chain[chain.count - 1].descents += 1
            }
            chain.append(ChainObject(openAt: written + pending.count, inFirst: inFirst))
        case .member(let slot, let isAsked):
            if isAsked, created {
                // A second member of the key: the tree might match in it, creating nothing.
                throw notStreamable("a key of its path occurs twice in one object, after the first lacked what was created", doing: "set")
            }
            guard var object = chain.popLast() else { return }
            defer { chain.append(object) }
            // The input's offsets in the output (no candidate lies between them and here).
            let moved = written + pending.count - inputPassed
            if isAsked {
                object.asked += 1
                if object.asked == 1 { object.askedAt = slot.start + moved }
            }
            let gap = slot.gapStart + moved
            if matches == 0, gap >= written {
                let bytes = pending[(gap - written)..<(slot.start + moved - written)]
                switch object.members {
                case 0: object.lead = Array(bytes)
                case 1: object.separator = JSONEditPlan.separator(inGap: bytes)
                default: break
                }
            }
            object.members += 1
        case .closes:
            guard let object = chain.popLast(), let creation else { return }
            if creation.inserts { return try insert(creation, closing: object, depth: chain.count) }
            guard !created, matches == 0, object.inFirst else { return }
            let depth = chain.count
            if object.asked > 0 {
                // The first member with the key holds no object the path reaches: the tree says what it holds.
                if !object.descended, depth + 1 < creation.keys.count, cannotCreate == nil, let at = object.askedAt, at >= written {
                    cannotCreate = EditFailure.cannotCreate(edit, creation.keys, below: depth + 1, in: valueKind(afterKeyAt: at - written))
                }
                return
            }
            try create(creation, in: object, depth: depth)
        }
    }

    /// Puts the member the path misses last into `object`, `depth` keys
    /// below the root, before its closing brace (the end of ``pending``).
    private func create(_ creation: JSONStreamedEdit.Creation, in object: ChainObject, depth: Int) throws {
        let value = creation.keys[(depth + 1)...].reversed().reduce(creation.value) { inner, key in
            .object([EditValue.Member(key: key, value: inner)])
        }
        try append(creation.keys[depth], value, openAt: object.openAt, children: object.members, lead: object.lead,
                   gap: object.separator, doing: "set")
        created = true
    }

    /// An insert with a key: `object`, `depth` keys below the root, closes.
    /// At the path's end it gets the member (one of that key was an error
    /// as it was read); above, the value of the key the path asks is no
    /// object: the tree's error where that value is the insert's target, else
    /// the tree would reach through it (an array's elements), which the
    /// stream does not.
    private func insert(_ insert: JSONStreamedEdit.Creation, closing object: ChainObject, depth: Int) throws {
        let target = insert.keys.count - 1
        if depth == target {
            guard matches == 0 else {
                throw notStreamable("its path reaches more than one object (a key that occurs twice), which only the tree inserts into alike")
            }
            try append(insert.keys[target], insert.value, openAt: object.openAt, children: object.members, lead: object.lead,
                       gap: object.separator, doing: "insert into")
            matches += 1
        } else if object.asked > object.descents {
            guard depth + 1 == target, object.asked == 1, let at = object.askedAt, at >= written else {
                throw notStreamable("a value its keys reach is an array, whose elements the tree would reach into, or lies too far back")
            }
            throw EditFailure.cannotInsert(edit, into: valueKind(afterKeyAt: at - written))
        }
    }

    /// The error for a member of an insert's key, met where the insert's
    /// path and key reach: the tree's where it lies in an object the insert
    /// goes into; else the path went through an array to it, which is the
    /// insert's target (the tree's error) or which the tree reaches into (not
    /// streamable).
    func memberOfInsertKey(_ key: String) -> QueryError {
        let target = (creation?.keys.count ?? 1) - 1
        if chain.count == target + 1 { return EditFailure.memberTaken(edit, key) }
        if chain.count == target { return EditFailure.cannotInsert(edit, into: .array) }
        return notStreamable("a value its keys reach is an array, whose elements the tree would reach into")
    }

    /// The kind of the value of the member whose key begins at `key` in ``pending``.
    private func valueKind(afterKeyAt key: Int) -> Node.Kind {
        var i = key + 1
        var escaped = false
        // Past the key's closing quote, the colon and the white space around it.
        while i < pending.count, escaped || pending[i] != UInt8(ascii: "\"") {
            escaped = !escaped && pending[i] == UInt8(ascii: "\\")
            i += 1
        }
        i += 1
        while i < pending.count, XMLWhitespace.contains(pending[i]) || pending[i] == UInt8(ascii: ":") { i += 1 }
        return i < pending.count ? Self.kind(beginningWith: pending[i]) : .null
    }

    /// The kind of the JSON value whose first byte is `byte`.
    static func kind(beginningWith byte: UInt8) -> Node.Kind {
        switch byte {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"): .true
        case UInt8(ascii: "f"): .false
        case UInt8(ascii: "n"): .null
        default: .number
        }
    }

    // MARK: Appending

    /// What an append has learnt of the spread array being read: how many
    /// elements it has had, and what the in-memory editor copies after the
    /// comma before a new element: the gap after the comma between the
    /// first two elements, or, with one element, the white space between
    /// the opening bracket and it (``JSONEditPlan/separator(inGap:)``).
    private struct ArrayRead {
        /// Where its opening bracket is (the scanner passes on every byte
        /// before a spread array's bracket before it says the array opens).
        var openAt: Int
        var elements = 0
        var lead: [UInt8]?
        var firstEnd: Int?
        var separator: String?
        var batchStart = 0
    }
    private var array: ArrayRead?
    private var probe: JSONLayoutProbe

    /// Learns the document's layout from `bytes`, the next it holds.
    func learn(_ bytes: UnsafeBufferPointer<UInt8>) {
        if !probe.isComplete { probe.take(bytes, waiting: !deferred.isEmpty) }
    }

    /// Bytes of an append's input, all copied through.
    func pass(_ bytes: UnsafeBufferPointer<UInt8>, inCandidate: Bool) throws {
        learn(bytes)
        if !deferred.isEmpty { try settleNewText(atEnd: false) }
        if inCandidate, !self.inCandidate {
            self.inCandidate = true
            try batchBegins()
        }
        pending.append(contentsOf: bytes)
        try flushIfReady()
    }

    /// A spread array opens: its elements come next, in batches.
    func arrayOpens() {
        array = ArrayRead(openAt: written + pending.count)
    }

    private func batchBegins() throws {
        guard var read = array else { return }
        read.batchStart = written + pending.count
        if read.elements == 0, read.openAt >= written {
            // The first element: the white space after the opening bracket.
            read.lead = Array(pending[(read.openAt - written + 1)...])
        } else if read.elements == 1, read.separator == nil, let firstEnd = read.firstEnd {
            // The second element begins a batch of its own: the gap lies between the two.
            guard firstEnd >= written else { throw notStreamable("more than \(JSONStreamedEdit.holdBack) bytes of white space follow the array's first element") }
            read.separator = JSONEditPlan.separator(inGap: pending[(firstEnd - written)...])
        }
        array = read
    }

    /// A batch of elements of the spread array was read (or, when the path
    /// reached something else, that value).
    func elementsEnd(_ candidate: StreamCandidate) throws {
        inCandidate = false
        guard var read = array else {
            throw notStreamable("it matched a value that is not an array reached by keys through objects")
        }
        let end = written + pending.count
        let count = candidate.isBatch ? candidate.document.root.children.count : 1
        if read.elements == 0, read.batchStart >= written {
            let batch = Array(pending[(read.batchStart - written)...])
            if count >= 2 {
                // The gap between the first two elements, found by reading the batch as an array.
                let source = JSONSource(try EditableSource(bytes: [UInt8(ascii: "[")] + batch + [UInt8(ascii: "]")], options: LoadOptions()))
                let elements = source.children(of: source.children(of: 0)[0])
                read.separator = JSONEditPlan.separator(inGap: source.text[source.end(elements[0])..<source.slotStart(elements[1])])
            } else {
                var j = end
                while j > read.batchStart, XMLWhitespace.contains(pending[j - 1 - written]) { j -= 1 }
                read.firstEnd = j
            }
        }
        read.elements += count
        array = read
    }

    /// The spread array closes: the new element goes after its last one.
    func arrayCloses(appending content: EditValue.Content) throws {
        guard let read = array else { return }
        array = nil
        try append(nil, content, openAt: read.openAt, children: read.elements, lead: read.lead, gap: read.separator, doing: "insert into")
        matches += 1
    }

    /// Puts `content` (a member under `key`, else an element) after the
    /// last child of the container whose closing bracket comes next, as the
    /// in-memory editor appends (``JSONEditPlan/appended(_:separator:layout:)``,
    /// or into an empty container ``JSONEditPlan/firstItems(_:indent:layout:trailingComma:)``):
    /// its opening bracket is at `openAt`; it has `children`; `lead` is the
    /// white space before its first child, `gap` what follows the comma
    /// after it (``JSONEditPlan/separator(inGap:)``), each `nil` when it lay
    /// too far back to be read.
    private func append(
        _ key: String?, _ content: EditValue.Content, openAt: Int, children: Int, lead: [UInt8]?, gap: String?, doing: String
    ) throws {
        let container = key == nil ? "array" : "object"
        var j = pending.count
        let separator: Separator
        if children == 0 {
            // An empty container: the item goes on a line of its own, one
            // unit deeper than the line the bracket is on, when the
            // document is pretty. The white space inside goes.
            let open = openAt - written
            guard open >= 0, let indent = lineIndent(before: open) else {
                throw notStreamable("the line the \(container) begins on is longer than \(JSONStreamedEdit.holdBack) bytes", doing: doing)
            }
            j = open + 1
            pending.removeSubrange(j...)
            separator = .none(indent: indent)
        } else {
            // After the last child: back over the white space before the closing bracket.
            while j > 0, XMLWhitespace.contains(pending[j - 1]) { j -= 1 }
            if j > 0, children >= 2, let gap {
                separator = .gap(gap)
            } else if j > 0, children == 1, let lead {
                separator = .lead(lead)
            } else {
                throw notStreamable(
                    "what separates the \(container)'s children, or ends it, lies more than \(JSONStreamedEdit.holdBack) bytes back",
                    doing: doing)
            }
        }
        deferred.append(NewText(at: written + j, separator: separator, key: key, content: content))
        try settleNewText(atEnd: false)
    }

    /// What the in-memory editor copies after the comma before a new element.
    private enum Separator {
        /// The gap after the comma between the first two elements.
        case gap(String)
        /// The white space between the opening bracket and the only element
        /// (the layout's spacing after commas when there is none).
        case lead([UInt8])
        /// No element: the array is empty, on a line indented so.
        case none(indent: String)
        /// Not an element but a value set on a line indented so.
        case value(indent: String)
    }

    /// New content (an appended element, a created member, or a structured value set) and
    /// where it goes. Its text may depend on a layout
    /// fact not known yet (the spacing after `:` or `,`, which the rest of
    /// the document may settle); the output is held back from `at` until
    /// every layout still possible gives the same text (at most
    /// ``JSONTransactionOutput/variantLimit`` bytes).
    private struct NewText {
        var at: Int
        var separator: Separator
        /// A new member's key; `nil` for an element or a value.
        var key: String?
        var content: EditValue.Content

        /// Whether the text depends on the document's indentation unit
        /// (alternatives are taken for the spacing after `:` and `,` only).
        var dependsOnUnit: Bool {
            switch separator {
            case .none, .value: return true
            case .gap, .lead: break
            }
            return content.isNonEmptyContainer
        }

        func text(_ layout: JSONLayout) -> String {
            switch separator {
            case .gap(let gap):
                JSONEditPlan.appended([(key, content)], separator: gap, layout: layout)
            case .lead(let lead):
                JSONEditPlan.appended([(key, content)], separator: JSONEditPlan.separator(lead: lead[...], layout: layout), layout: layout)
            case .none(let indent):
                JSONEditPlan.firstItems([(key, content)], indent: indent, layout: layout)
            case .value(let indent):
                layout.render(content, indent: indent, pretty: layout.unit != nil)
            }
        }
    }
    private var deferred: [NewText] = []

    /// Writes the deferred values once every layout still possible gives
    /// each the same text.
    private func settleNewText(atEnd: Bool) throws {
        guard let first = deferred.first else { return }
        let tooFar = pending.count - (first.at - written) > JSONTransactionOutput.variantLimit
        // The indentation unit decides, unknown until a container with
        // children has been read; never guessed.
        if probe.unit == nil {
            if !atEnd, !tooFar { return }
            if deferred.contains(where: \.dependsOnUnit) {
                throw notStreamable("the document's indentation unit was not found in its first \(JSONLayoutProbe.bufferLimit) bytes")
            }
        }
        var texts: [String] = []
        for append in deferred {
            let possible = Set(probe.alternatives().map(append.text))
            guard possible.count == 1, let text = possible.first else {
                if atEnd || tooFar {
                    throw notStreamable("the new content's layout (the spacing after ':' or ',') is settled by a part of the "
                                            + "document too far on")
                }
                return
            }
            texts.append(text)
        }
        // From the last, so the offsets of those before stay true.
        for (append, text) in zip(deferred, texts).reversed() { pending.insert(contentsOf: text.utf8, at: append.at - written) }
        deferred.removeAll()
    }

    /// The white space that begins the line `offset` (in ``pending``) is
    /// on, up to `offset`; `nil` when the line begins in output already written.
    private func lineIndent(before offset: Int) -> String? {
        let lineStart = LineIndent.lineStart(before: offset, in: pending)
        guard lineStart > 0 || written == 0 else { return nil }
        return String(decoding: pending[LineIndent.indent(from: lineStart, upTo: offset, in: pending)], as: UTF8.self)
    }

    func notStreamable(_ why: String, doing what: String = "insert into") -> QueryError {
        QueryError(.notStreamable, "cannot stream the \(what) '\(edit.path)': \(why); edit without streaming",
                   path: edit.path, range: 0..<edit.path.count)
    }

    // MARK: Writing

    private func flushIfReady() throws {
        var limit = pending.count - JSONStreamedEdit.holdBack
        if let removal { limit = min(limit, removal.gap.start - written) }
        if let first = deferred.first { limit = min(limit, first.at - written) }
        if limit >= Self.block { try flush(upTo: limit) }
    }

    private func flush(upTo count: Int) throws {
        guard count > 0 else { return }
        try pending.withUnsafeBytes { try write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        pending.removeFirst(count)
        written += count
    }
}

/// Bytes held back from the output, indexed by their offsets in the whole
/// output (``JSONGaps`` reads a removal's surroundings in them).
private struct HeldOutput: RandomAccessCollection {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of `bytes[0]` in the whole output.
    let startIndex: Int
    var endIndex: Int { startIndex + bytes.count }
    subscript(offset: Int) -> UInt8 { bytes[offset - startIndex] }
}
