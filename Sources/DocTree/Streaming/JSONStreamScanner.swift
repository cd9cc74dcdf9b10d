/// Reads JSON in chunks (one value, or a stream of values separated by
/// white space), building only the candidates: the sink of the one scan,
/// resumed over each chunk (``Scanner/resume(from:state:maxDepth:isFinal:into:)``).
/// It follows keys and array positions through a ``StreamMatching``; inside a
/// candidate it feeds ``JSONRecordParser``'s tree sink, so each candidate
/// becomes a small document in the same pass. An object or array that the
/// buffer holds whole is read by a scan of its own, with no hook of this
/// sink per token: into that tree sink when it is a spread array's element,
/// into ``JSONCheckSink`` when no candidate can be in it. Input is accepted or rejected
/// as a whole-buffer load would, with the same message at the same place;
/// ``LoadOptions/maxNodeCount`` applies to each candidate (each element of a batch).
package struct JSONStreamScanner {
    private let options: LoadOptions
    /// ``LoadOptions/maxNodeCount``, read for each element.
    private let maxNodeCount: Int
    /// Finishes each candidate's document; names and key cache carry over.
    private let parser: JSONRecordParser
    private let matcher: any StreamMatching
    /// The matcher's ``StreamMatching/childNames`` and ``StreamMatching/keepsKeys``.
    private let names: [[UInt8]?]
    private let keepsKeys: Bool
    /// Whether there is a ``keyChain`` to tell, read where each member of an
    /// object on the path begins its value (not at its key: a call in the
    /// scan's inlined key hook cost 1.2% on every streamed path through an array).
    private var tellsKeyChain = false
    /// The key of the member told last (a value skipped whole, then read
    /// token by token, begins twice).
    private var toldKeyStart = -1
    /// The input, and where in its buffer the scan goes on.
    private var chunks: ChunkBuffer
    private var pos: Int

    typealias TreeSink = JSONTreeSink<NoSpans>
    /// An open container: its state for the matcher, and inside a candidate its tree container.
    struct Frame {
        var isArray: Bool
        var state: StreamNodeState
        var tree = TreeSink.Container(index: 0, children: 0)
    }
    /// Where the scan stands in the current top-level value.
    private var scanState: ScanState<Frame>?
    /// Whether the scan stopped inside a top-level value; whether one was read.
    private var inValue = false
    private var readValue = false
    /// Open containers, and the arrays among them where the matcher applies.
    private var depth = 0
    private var arraysOnPath = 0

    /// Whether the current member's key is the one its object's state asks for.
    private var keyIsAsked = false
    /// The current key token as written (for ``StreamMatching/keepsKeys``):
    /// its range in the buffer, copied to `rawKey` before a refill drops it.
    private var keyInBuffer: Range<Int>?
    private var rawKey: [UInt8] = []

    /// The candidates' tree sink; it holds ``parser``'s names and caches while ``run`` runs.
    private var tree: TreeSink
    /// Whether a candidate is being read; where its value goes (see
    /// ``valueBegins(at:isArray:isObject:in:)``); its depth; whether it is a batch.
    private var capturing = false
    private var outer = TreeSink.Container(index: 0, children: 0)
    private var captureDepth = 0
    private var capturesElements = false
    /// Where the candidate's text begins in the buffer, which keeps it: the
    /// records' text offset `t` is buffer offset `t + shift`.
    private var shift = 0
    /// The batch's records before the current element (the node limit applies to each alone).
    private var nodeBase = 0
    /// Where the batch's complete elements end: records, text. Elements go in
    /// batches of about ``batchBytes``, so a small one costs no document.
    private var batchDone = (nodes: 0, textEnd: 0)
    /// The batch's elements' spans in its text, and where the current one began.
    private var elementSpans: [Range<Int>] = []
    private var elementStart = 0
    private static let batchBytes = 1 << 16
    /// Whether the scan may take values whole (``takeValue(at:depth:in:of:_:)``):
    /// not after a failed try, until the next refill. Then at most one
    /// value per buffer is read twice, however deep the values the buffer
    /// ends in, and one longer than the buffer is read token by token.
    private var takesWhole = true
    /// The hooks of ``run`` while it runs, and what one failed with (the scan stops as declined).
    private var emit: (StreamCandidate) throws -> Void = { _ in }
    private var arrayEdge: (ArrayEdge) throws -> Void = { _ in }
    private var hookError: (any Error)?
    /// Where the current top-level value starts in the whole input.
    private var valueStart = 0
    /// Whether a value was complete before this one (a malformed one may be passed over).
    private var inStream = false
    /// What the candidate's ``StreamSlot`` is made of, in the whole input:
    /// the last key read in a container on the path, the end of the last
    /// value read there (or any container's close), and where the gap
    /// before the next child of such a container begins (past its opening
    /// bracket, or the last comma's value end).
    private var keyStart = 0
    private var lastValueEnd = 0
    private var gapStart = 0
    private var gapIsOpening = true

    /// Receives every byte of the input once, in order, with whether it lies
    /// inside a candidate; a streamed edit copies the input through with it.
    package var passing: ((UnsafeBufferPointer<UInt8>, _ inCandidate: Bool) throws -> Void)?
    /// Told where each candidate stands among its siblings as it begins,
    /// after ``passing`` has had every byte before it: `nil` for a
    /// top-level value (and a batch's elements); a streamed removal takes
    /// its extent from it.
    package var slotBegins: ((StreamSlot?) throws -> Void)?
    /// Told of each object the path reaches by keys through objects alone
    /// (``KeyChainEvent``), after ``passing`` has had every byte before its
    /// opening brace, before a member's key (told as the member's value
    /// begins), before its closing brace.
    package var keyChain: ((KeyChainEvent) throws -> Void)?
    /// The offset in the whole input up to which ``passing`` has had the bytes.
    private var passedUpTo = 0

    /// A scanner of `input` for `matcher`'s path; `head` holds its first
    /// bytes, read already, of which the first `skip` (a byte order mark) are no JSON.
    package init(input: ChunkedInput, head: [UInt8], skip: Int, matcher: any StreamMatching, options: LoadOptions) {
        self.options = options
        self.maxNodeCount = options.maxNodeCount
        self.parser = JSONRecordParser(options: options)
        self.tree = parser.begin(inputBytes: 0, spans: NoSpans())
        self.matcher = matcher
        self.names = matcher.childNames
        self.keepsKeys = matcher.keepsKeys
        self.chunks = ChunkBuffer(
            input, head: head, start: skip, chunkSize: StreamingLoad.chunkSize, progress: options.progress)
        self.pos = skip
    }

    // MARK: Driving

    /// Reads the input to its end (once), calling `emit` with each candidate in
    /// document order, and `nextValue` before each top-level value after
    /// the first (the matcher starts afresh on each). A spread array
    /// candidate (``StreamMatching/spreads(isArray:throughObjectsOnly:)``)
    /// comes as `arrayEdge(.open)` (``passing`` has had every byte before
    /// its bracket), its elements, then `.close`.
    ///
    /// A malformed value ends the run with its error, except in a stream of
    /// values (one was complete before it): there the error goes to
    /// `malformed`, and when that returns (by default it throws) the scan
    /// passes over the value (``resync(after:)``).
    package mutating func run(
        emit: (StreamCandidate) throws -> Void, nextValue: () throws -> Void,
        arrayEdge: (ArrayEdge) throws -> Void = { _ in }, malformed: (LoadError) throws -> Void = { throw $0 }
    ) throws(StreamFailure) {
        scanState = ScanState(root: root, comments: options.readsJSONWithComments)
        tellsKeyChain = keyChain != nil
        defer {
            scanState?.release()
            parser.end(&tree)
        }
        do {
            try withoutActuallyEscaping(arrayEdge) { edge in
                try withoutActuallyEscaping(emit) { emit in
                    self.arrayEdge = edge
                    self.emit = emit
                    defer {
                        self.arrayEdge = { _ in }
                        self.emit = { _ in }
                    }
                    while true {
                        do {
                            try scan(nextValue: nextValue)
                            return
                        } catch let error as LoadError {
                            guard inStream, error.kind != .unreadableSource, error.kind != .unsupportedEncoding
                            else { throw error }
                            try malformed(error)
                            try resync(after: error)
                        }
                    }
                }
            }
        } catch let error as StreamFailure {
            throw error
        } catch let error as LoadError {
            throw .load(error)
        } catch let error as StreamSelectorError {
            throw .selector(error)
        } catch {
            throw .consumer(error)
        }
    }

    /// Reads values to the end of the input, resuming the scan over each chunk.
    private mutating func scan(nextValue: () throws -> Void) throws {
        while true {
            if !inValue {
                while pos < chunks.bytes.count, XMLWhitespace.contains(chunks.bytes[pos]) { pos += 1 }
                if options.readsJSONWithComments, pos < chunks.bytes.count, chunks.bytes[pos] == UInt8(ascii: "/") {
                    guard try skipComments() else { continue }
                }
                if pos >= chunks.bytes.count {
                    if chunks.isAtEnd {
                        if readValue { return try passBytes(upTo: pos) }
                    } else {
                        try passBytes(upTo: pos)
                        try refill()
                        continue
                    }
                }
                if readValue {
                    // Bytes that cannot begin a value are no record: the
                    // scan below fails at them, as reading the records does.
                    if JSONRecovery.beginsValue(chunks.bytes[pos]) { try nextValue() }
                    inStream = true
                }
                inValue = true
            }
            let bytes = chunks.bytes
            var state = scanState!
            let start = pos
            let maxDepth = options.maxDepth
            let isFinal = chunks.isAtEnd
            let result = bytes.withUnsafeBufferPointer { bytes in
                Result { () throws(JSONFailure) in
                    try Scanner(bytes).resume(from: start, state: &state, maxDepth: maxDepth, isFinal: isFinal, into: &self)
                }
            }
            scanState = state
            switch result {
            case .success(let end):
                pos = end
                if state.isSuspended {
                    try passBytes(upTo: pos)
                    try refill(readingOnToken: true)
                } else {
                    inValue = false
                    readValue = true
                }
            case .failure(let failure):
                if case .declined = failure.mistake, let error = hookError {
                    hookError = nil
                    throw error
                }
                pos = min(failure.offset, chunks.bytes.count)
                let error = fail(failure.mistake, at: failure.offset)
                try emitElementsBefore()
                throw error
            }
        }
    }

    /// JSON with comments: moves ``pos`` past the comments there between
    /// top-level values; `false` when the buffer ends inside one and more
    /// was read (the caller looks again).
    private mutating func skipComments() throws -> Bool {
        switch chunks.commentsEnd(from: pos) {
        case .success(let end):
            pos = end
            return true
        case .failure(let failure):
            throw fail(failure.mistake, at: failure.offset)
        case nil:
            // A comment (or a '/') that may go on past the buffer: read on from its start.
            try passBytes(upTo: pos)
            try refill(readingOnToken: true)
            return false
        }
    }

    /// Passes over the rest of a malformed top-level value (``JSONRecovery``).
    private mutating func resync(after error: LoadError) throws(LoadError) {
        let root = root
        scanState?.reset(root: root)
        inValue = false
        depth = 0
        arraysOnPath = 0
        capturing = false
        keyInBuffer = nil
        let at = chunks.base + pos
        if let offset = error.location?.byteOffset, offset == at, at > valueStart, pos < chunks.bytes.count,
           JSONRecovery.beginsLine(pos, in: chunks.bytes, after: 0) ?? chunks.beginsLine, JSONRecovery.beginsValue(chunks.bytes[pos])
        {
            return
        }
        chunks.start = max(error.location?.byteOffset ?? at, at) - chunks.base
        pos = try chunks.lineBreak(from: chunks.start, keepsSearched: false).map { $0 + 1 } ?? chunks.bytes.count
    }

    /// Reads more input (on for the token at ``pos`` when `readingOnToken`);
    /// the buffer keeps the bytes from the candidate's start, or from ``pos``.
    private mutating func refill(readingOnToken: Bool = false) throws(LoadError) {
        guard !chunks.isAtEnd else { return }
        if let range = keyInBuffer {
            rawKey = Array(chunks.bytes[range])
            keyInBuffer = nil
        }
        takesWhole = true
        let kept = capturing ? shift : pos
        chunks.start = kept
        _ = readingOnToken ? try chunks.readOn(tokenAt: pos) : try chunks.refill()
        // The bytes before `kept` are dropped: offsets into the buffer move back.
        pos -= kept - chunks.start
        shift -= kept - chunks.start
    }

    // MARK: The sink's work
    // The hooks' helpers are `mutating`: called as non-mutating, each call
    // copied the whole scanner (3.3% more instructions on `--stream items.id`).

    /// The state of a value that begins at `start` in `parent`, outside any
    /// candidate. A candidate's (or batch's) document begins in ``tree``,
    /// under ``outer``: a batch's array, or an object that keeps the key.
    private mutating func valueBegins(
        at start: Int, isArray: Bool, isObject: Bool, in parent: inout Frame
    ) throws -> StreamNodeState {
        var state: StreamNodeState
        if depth == 0 {
            valueStart = chunks.base + start
            state = try matcher.root(isArray: isArray)
            if tellsKeyChain, isObject, case .applying = state { try tellOpens(at: start) }
        } else if case .none = parent.state {
            return .none
        } else if !parent.isArray, case .applying = parent.state, !keyIsAsked {
            if tellsKeyChain, arraysOnPath == 0 { try tellMember() }
            return .none
        } else if !parent.isArray, case .descending = parent.state, !keyIsAsked {
            // `..name` goes on looking inside.
            return isArray || isObject ? parent.state : .none
        } else if case .spreading = parent.state {
            // Each element of a spread array is a candidate (``StreamNodeState/spreading``);
            // one after the first of its batch only starts its records' count.
            if capturing {
                elementBegins(at: start)
                return .candidate
            }
            state = .candidate
        } else {
            // A member of an object on the path (one test of the flag per value, none of the state without it).
            let tells = tellsKeyChain && arraysOnPath == 0
            if tells, !parent.isArray, case .applying = parent.state { try tellMember() }
            state = try matcher.jsonChild(of: &parent.state, parentIsArray: parent.isArray, isArray: isArray, isObject: isObject)
            if tells, isObject, case .applying = state { try tellOpens(at: start) }
        }
        // An element of a spread array is not spread again.
        let isElement = depth > 0 && parent.state == .spreading
        if case .candidate = state, !isElement,
           try matcher.spreads(isArray: isArray, throughObjectsOnly: arraysOnPath == 0)
        {
            state = .spreading
            try passBytes(upTo: start)
            try arrayEdge(.open)
        }
        guard case .candidate = state else { return state }
        if !isElement || !capturing {
            try passBytes(upTo: start)
            if let slotBegins {
                try slotBegins(depth == 0 || isElement
                    ? nil : StreamSlot(start: parent.isArray ? chunks.base + start : keyStart, gapStart: gapStart, isFirst: gapIsOpening))
            }
            capturing = true
            capturesElements = isElement
            captureDepth = depth
            shift = start
            // A candidate's text fits 32-bit offsets, and a record takes at least two bytes of it.
            tree.restart(estimatedNodes: isElement ? Self.batchBytes / 8 : 16, inputBytes: Int(UInt32.max / 2) + 2)
            outer = tree.root
            if isElement {
                outer = try tree.open(isObject: false, at: start, in: &outer)
                batchDone = (2, 0)
                elementSpans.removeAll(keepingCapacity: true)
            } else if keepsKeys, depth > 0, !parent.isArray {
                outer = try tree.open(isObject: true, at: start, in: &outer)
                if let range = keyInBuffer { rawKey = Array(chunks.bytes[range]) }
                do throws(JSONFailure) {
                    try rawKey.withUnsafeBufferPointer { (key) throws(JSONFailure) in
                        let escaped = key.contains(UInt8(ascii: "\\"))
                        try tree.key(from: 0, to: key.count, escaped: escaped, in: &outer, of: Scanner(key))
                    }
                } catch {
                    // Too many names: where the candidate begins.
                    throw JSONFailure(error.mistake, at: start)
                }
            }
        }
        if isElement {
            elementBegins(at: start)
        } else {
            nodeBase = 0
            tree.maxNodes = maxNodeCount
        }
        return state
    }

    /// An element of the batch begins at `start`: the node limit applies to it alone.
    @inline(__always)
    private mutating func elementBegins(at start: Int) {
        elementStart = start &- shift
        nodeBase = tree.nodes.count &- 1
        tree.maxNodes = maxNodeCount > Int.max &- nodeBase ? .max : nodeBase &+ maxNodeCount
    }

    /// A value ended at `end`: hands on the candidate, or adds the element to
    /// its batch. Past the node limit it fails unlocated, as a whole load does.
    private mutating func valueEnds(at end: Int) throws {
        guard capturing, depth == captureDepth else { return }
        guard tree.nodes.count - nodeBase <= options.maxNodeCount else {
            try emitElementsBefore()
            throw LoadError(.tooLarge, JSONMistake.tooManyNodesMessage(options.maxNodeCount))
        }
        if capturesElements {
            batchDone = (tree.nodes.count, end - shift)
            elementSpans.append(elementStart..<(end - shift))
            if end - shift < Self.batchBytes { return }
        }
        try emitCapture(upTo: end)
    }

    /// A scalar from `start` to `end`: `append` adds its record (given its
    /// container and ``shift``) when it is in a candidate or is one.
    @inline(__always)
    private mutating func scalar(
        from start: Int, to end: Int, in container: inout Frame,
        _ append: (inout TreeSink, inout TreeSink.Container, Int) -> Void
    ) throws(JSONFailure) {
        if case .candidate = container.state { return append(&tree, &container.tree, shift) }
        if case .none = container.state, depth > 0 { return }
        lastValueEnd = chunks.base &+ end
        do {
            guard try valueBegins(at: start, isArray: false, isObject: false, in: &container) == .candidate else { return }
            append(&tree, &outer, shift)
            try valueEnds(at: end)
        } catch {
            throw stop(error)
        }
    }

    /// Stops the scan with `error`: the tree's failures as the scan's (the
    /// node limit named as the option), others as declined.
    private mutating func stop(_ error: any Error) -> JSONFailure {
        if let failure = error as? JSONFailure {
            guard case .tooManyNodes = failure.mistake else { return failure }
            return JSONFailure(.tooManyNodes(maxNodes: options.maxNodeCount), at: failure.offset)
        }
        hookError = error
        return JSONFailure(.declined, at: pos)
    }

    /// Hands on the candidate, or the batch, whose text ends at `end` in the buffer.
    private mutating func emitCapture(upTo end: Int) throws {
        try passBytes(upTo: end)
        let text = Array(chunks.bytes[shift..<end])
        if capturesElements, outer.children == 1 { return try emitAlone(text: text, upTo: tree.nodes.count) }
        capturing = false
        if outer.index != 0 { tree.close(outer, at: 0) }
        tree.finish(TreeSink.Container(index: 0, children: 1))
        let document = try parser.finish(&tree, text: text)
        try emit(StreamCandidate(
            document: document, isWrapped: !capturesElements && outer.index != 0, isBatch: capturesElements,
            elementSpans: capturesElements ? elementSpans : []))
    }

    /// Hands on a batch's elements complete before a failure in the next.
    private mutating func emitElementsBefore() throws {
        guard capturing, capturesElements, batchDone.nodes > 2 else { return }
        try emitAlone(text: Array(chunks.bytes[shift..<(shift + batchDone.textEnd)]), upTo: batchDone.nodes)
    }

    /// Hands on the batch's elements whose records end before `end`, each alone
    /// (a batch of one, or those before a failure: as if never batched).
    private mutating func emitAlone(text: [UInt8], upTo end: Int) throws {
        capturing = false
        let batch = tree.nodes
        var first = 2
        while first < end {
            let isContainer = batch[first].kind == .object || batch[first].kind == .array
            let next = isContainer ? Int(batch[first].a) : first + 1
            tree.restart(estimatedNodes: next - first + 1, inputBytes: 0)
            for i in first..<next {
                var record = batch[i]
                if record.kind == .object || record.kind == .array { record.a -= UInt32(first - 1) }
                tree.nodes.append(record)
            }
            tree.finish(TreeSink.Container(index: 0, children: 1))
            try emit(StreamCandidate(document: try parser.finish(&tree, text: text), isWrapped: false))
            first = next
        }
    }

    // MARK: Passing bytes on, locating errors

    /// Hands ``passing`` the bytes from where it stopped to `end` (before a
    /// refill, where a candidate begins and ends, and at the end).
    private mutating func passBytes(upTo end: Int) throws {
        guard let passing else { return }
        let from = passedUpTo - chunks.base
        guard end > from else { return }
        try chunks.bytes.withUnsafeBufferPointer { try passing(UnsafeBufferPointer(rebasing: $0[from..<end]), capturing) }
        passedUpTo = chunks.base + end
    }

    /// The error for `mistake` at `at`, located in the whole input.
    private mutating func fail(_ mistake: JSONMistake, at: Int) -> LoadError {
        // The word the message quotes may go on past the buffer (read only
        // then: a live stream's next line may be long in coming).
        let quoted = if case .invalidEscape = mistake { at + 1 } else { at }
        while !chunks.isAtEnd, JSONMistake.quotesWord(at: quoted, cutBy: chunks.bytes),
              let read = try? chunks.readMore(limit: JSONMistake.quotedBytes), read > 0 {}
        let location = chunks.location(at: chunks.base + at)
        return chunks.bytes.withUnsafeBufferPointer { mistake.error(at: at, in: $0, location: location) }
    }
}

// MARK: - The sink

extension JSONStreamScanner: JSONSink {
    typealias Container = Frame

    static var readsKeysApart: Bool { false }
    static var resumes: Bool { true }
    static var takesValues: Bool { true }

    var root: Frame { Frame(isArray: false, state: .none) }

    /// An object or array that is a spread array's element goes into the
    /// batch whole (``takeElement(at:isObject:depth:in:of:_:)``); one where
    /// no candidate can be is checked whole (``skipValue(at:depth:of:_:)``).
    /// Until the next refill after a failed try, none is taken.
    @inline(__always)
    mutating func takeValue<Dialect: JSONDialect>(
        at start: Int, depth scanDepth: Int, in container: inout Frame, of scanner: Scanner, _ dialect: Dialect.Type
    ) throws(JSONFailure) -> Int? {
        guard takesWhole else { return nil }
        switch container.state {
        case .spreading:
            return try elementRun(from: start, of: scanner) { (this, at) throws(JSONFailure) in
                try this.takeElement(
                    at: at, isObject: scanner.base[at] == UInt8(ascii: "{"), depth: scanDepth, in: &container, of: scanner, dialect)
            }
        case .none where container.isArray:
            return try elementRun(from: start, of: scanner) { (this, at) in this.skipValue(at: at, depth: scanDepth, of: scanner, dialect) }
        case .none:
            return skipValue(at: start, depth: scanDepth, of: scanner, dialect)
        case .applying where !container.isArray && !keyIsAsked:
            return try skipMember(at: start, depth: scanDepth, of: scanner, dialect)
        default:
            return nil
        }
    }

    /// Takes array elements by `take` (into the batch, or checked) from
    /// the one at `start` on, as long as each is an object or array after a
    /// comma and white space (no comment, no end of the buffer between):
    /// one call for a run of them, not a turn of the resumable scan each.
    /// Returns the offset past the last one taken, or `nil` when `take`
    /// declines the first; the scan reads on from there as from any
    /// element's end.
    @inline(__always)
    private mutating func elementRun(
        from start: Int, of scanner: Scanner, _ take: (inout Self, Int) throws(JSONFailure) -> Int?
    ) throws(JSONFailure) -> Int? {
        var at = start
        var taken: Int?
        while let end = try take(&self, at) {
            taken = end
            guard let (comma, next) = Self.nextElement(after: end, in: scanner) else { break }
            // The hook the scan calls at the comma (the scan calls it again
            // when the next element is then read token by token: it only
            // notes where a gap begins).
            try separator(at: comma)
            at = next
        }
        return taken
    }

    /// Where the next element of an array begins after the one that ends
    /// at `end`, and its comma, when only white space and that comma come
    /// between and it is an object or an array the buffer holds the first
    /// byte of; `nil` otherwise (a comment, the array's end, a scalar).
    @inline(__always)
    private static func nextElement(after end: Int, in scanner: Scanner) -> (comma: Int, start: Int)? {
        let comma = scanner.skipWhitespace(end)
        guard comma < scanner.count, scanner.base[comma] == UInt8(ascii: ",") else { return nil }
        let next = scanner.skipWhitespace(comma &+ 1)
        guard next < scanner.count, scanner.base[next] == UInt8(ascii: "{") || scanner.base[next] == UInt8(ascii: "[") else { return nil }
        return (comma, next)
    }

    /// Reads the element at `start` of a spread array, `scanDepth` containers
    /// deep, into the batch by the tree's own scan, which calls no hook of
    /// this sink: token by token, this sink's frames and states and the
    /// resumable scan's marks cost 1.9 times the tree's scan per byte.
    /// When the scan fails (the buffer ends inside the element, or a
    /// mistake), the element's records go and `nil` has it read token by
    /// token, which says what the failure was as always.
    @inline(never)
    private mutating func takeElement<Dialect: JSONDialect>(
        at start: Int, isObject: Bool, depth scanDepth: Int, in container: inout Frame, of scanner: Scanner,
        _ dialect: Dialect.Type
    ) throws(JSONFailure) -> Int? {
        // Read token by token after a failure, the element begins again, to the same effect.
        do {
            _ = try valueBegins(at: start, isArray: !isObject, isObject: isObject, in: &container)
        } catch {
            throw stop(error)
        }
        let before = tree.nodes.count
        var batch = outer
        let end: Int
        do {
            let text = Scanner(UnsafeBufferPointer(rebasing: scanner.input[shift...]))
            end = try text.scan(
                valueAt: start &- shift, maxDepth: options.maxDepth &- scanDepth, into: &tree, in: &batch, dialect) &+ shift
        } catch {
            tree.drop(from: before)
            takesWhole = false
            return nil
        }
        outer = batch
        lastValueEnd = chunks.base &+ end
        do { try valueEnds(at: end) } catch { throw stop(error) }
        return end
    }

    /// Checks the value at `start`, `scanDepth` containers deep, where no
    /// candidate can be, by the check scan (no hook of this sink per
    /// token); `nil` when that fails (see ``takeElement(at:isObject:depth:in:of:_:)``).
    @inline(never)
    private mutating func skipValue<Dialect: JSONDialect>(
        at start: Int, depth scanDepth: Int, of scanner: Scanner, _ dialect: Dialect.Type
    ) -> Int? {
        checkValue(at: start, depth: scanDepth, of: scanner, dialect)
    }

    /// ``skipValue(at:depth:of:_:)``'s work, in each caller (a second call per value cost 0.8%).
    @inline(__always)
    private mutating func checkValue<Dialect: JSONDialect>(
        at start: Int, depth scanDepth: Int, of scanner: Scanner, _ dialect: Dialect.Type
    ) -> Int? {
        var check = JSONCheckSink()
        var root: Void = ()
        guard let end = try? scanner.scan(valueAt: start, maxDepth: options.maxDepth &- scanDepth, into: &check, in: &root, dialect)
        else {
            takesWhole = false
            return nil
        }
        lastValueEnd = chunks.base &+ end
        return end
    }

    /// ``skipValue(at:depth:of:_:)`` for the value of a member the path
    /// does not ask for, in an object on it: told first to ``keyChain``,
    /// when there is one and the object is.
    @inline(never)
    private mutating func skipMember<Dialect: JSONDialect>(
        at start: Int, depth scanDepth: Int, of scanner: Scanner, _ dialect: Dialect.Type
    ) throws(JSONFailure) -> Int? {
        if tellsKeyChain, arraysOnPath == 0 {
            do { try tellMember() } catch { throw stop(error) }
        }
        return checkValue(at: start, depth: scanDepth, of: scanner, dialect)
    }

    @inline(__always)
    mutating func string(from start: Int, to end: Int, escaped: Bool, in container: inout Frame) throws(JSONFailure) {
        try scalar(from: start, to: end, in: &container) { $0.string(from: start &- $2, to: end &- $2, escaped: escaped, in: &$1) }
    }

    @inline(__always)
    mutating func number(from start: Int, to end: Int, fractional: Bool, in container: inout Frame) throws(JSONFailure) {
        try scalar(from: start, to: end, in: &container) {
            $0.number(from: start &- $2, to: end &- $2, fractional: fractional, in: &$1)
        }
    }

    @inline(__always)
    mutating func literal(_ kind: Node.Kind, at start: Int, length: Int, in container: inout Frame) throws(JSONFailure) {
        try scalar(from: start, to: start + length, in: &container) { $0.literal(kind, at: start &- $2, length: length, in: &$1) }
    }

    @inline(__always)
    mutating func key(
        from start: Int, to end: Int, escaped: Bool, in container: inout Frame, of scanner: Scanner
    ) throws(JSONFailure) {
        switch container.state {
        case .candidate:
            try treeKey(from: start, to: end, escaped: escaped, in: &container.tree, of: scanner)
        case .applying(let k), .descending(let k):
            keyIsAsked = names[k].map { Self.token(start..<end, of: scanner, escaped: escaped, reads: $0) } ?? true
            keyStart = chunks.base &+ start
            if keepsKeys { keyInBuffer = start..<end }
        default:
            break
        }
    }

    /// Tells ``keyChain`` of `event`, once ``passing`` has had the bytes before `offset`.
    @inline(never)
    private mutating func tellKeyChain(_ event: KeyChainEvent, before offset: Int) throws(JSONFailure) {
        do {
            try passBytes(upTo: offset)
            try keyChain?(event)
        } catch {
            throw stop(error)
        }
    }

    /// Tells ``keyChain`` that an object the path goes on through opens at
    /// `start`, once ``passing`` has had the bytes before it.
    private mutating func tellOpens(at start: Int) throws {
        try passBytes(upTo: start)
        try keyChain?(.opens)
    }

    /// Tells ``keyChain`` that the member whose key was read last begins
    /// (its value is next), once ``passing`` has had the bytes before its key.
    private mutating func tellMember() throws {
        guard keyStart != toldKeyStart else { return }
        toldKeyStart = keyStart
        try passBytes(upTo: keyStart &- chunks.base)
        try keyChain?(.member(StreamSlot(start: keyStart, gapStart: gapStart, isFirst: gapIsOpening), isAsked: keyIsAsked))
    }

    /// Whether the string token at `range` in the scanner's input reads `wanted`.
    private static func token(_ range: Range<Int>, of scanner: Scanner, escaped: Bool, reads wanted: [UInt8]) -> Bool {
        let inside = UnsafeBufferPointer(rebasing: scanner.input[(range.lowerBound + 1)..<(range.upperBound - 1)])
        return escaped ? Array(JSONStringDecoding.decode(inside).utf8) == wanted : inside.elementsEqual(wanted)
    }

    /// A key in a candidate, out of the loop (``JSONSink/readsKeysApart``).
    @inline(never)
    private mutating func treeKey(
        from start: Int, to end: Int, escaped: Bool, in container: inout TreeSink.Container, of scanner: Scanner
    ) throws(JSONFailure) {
        try tree.key(from: start, to: end, escaped: escaped, in: &container, of: scanner)
    }

    @inline(__always)
    mutating func open(isObject: Bool, at start: Int, in container: inout Frame) throws(JSONFailure) -> Frame {
        var frame = Frame(isArray: !isObject, state: .none)
        do {
            switch container.state {
            case .candidate:
                frame.state = .candidate
                frame.tree = try tree.open(isObject: isObject, at: start, in: &container.tree)
            case .none where depth > 0:
                break
            default:
                frame.state = try valueBegins(at: start, isArray: !isObject, isObject: isObject, in: &container)
                if case .candidate = frame.state {
                    frame.tree = try tree.open(isObject: isObject, at: start, in: &outer)
                } else if frame.state != .none {
                    gapStart = chunks.base &+ start &+ 1
                    gapIsOpening = true
                }
                if frame.isArray, frame.state != .none, frame.state != .candidate { arraysOnPath += 1 }
            }
        } catch {
            throw stop(error)
        }
        depth += 1
        return frame
    }

    @inline(__always)
    mutating func separator(at offset: Int) throws(JSONFailure) {
        guard capturing else {
            gapStart = lastValueEnd
            gapIsOpening = false
            return
        }
        guard depth > captureDepth else { return }
        do { try tree.separator(at: offset) } catch { throw stop(error) }
    }

    @inline(__always)
    mutating func close(_ container: Frame, at end: Int) throws(JSONFailure) {
        depth -= 1
        lastValueEnd = chunks.base &+ end
        switch container.state {
        case .candidate:
            tree.close(container.tree, at: end)
            guard depth == captureDepth else { return }
        case .none:
            return
        default:
            if container.isArray {
                arraysOnPath -= 1
            } else if tellsKeyChain, arraysOnPath == 0, case .applying = container.state {
                try tellKeyChain(.closes, before: end - 1)
            }
        }
        do {
            if case .spreading = container.state {
                if capturing { try emitCapture(upTo: end - 1) }
                try passBytes(upTo: end - 1)
                try arrayEdge(.close)
            }
            try valueEnds(at: end)
        } catch {
            throw stop(error)
        }
    }
}
