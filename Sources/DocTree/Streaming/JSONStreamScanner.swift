/// Reads JSON in chunks without building it (one value, or a stream of
/// values separated by white space): the one scan of JSON
/// (``Scanner/resume(from:state:maxDepth:isFinal:into:)``), resumed over
/// each chunk, with this reader as its sink. It follows keys and array
/// positions through a ``StreamMatching`` and hands the bytes of each
/// candidate (gathered across chunks) to ``JSONRecordParser``, which makes
/// it a small document. The driver around the scan reads the chunks,
/// hands the bytes on (``passing``), locates errors, and passes over a
/// malformed value in a stream of values (``JSONRecovery``).
///
/// The input is accepted or rejected exactly as a whole-buffer load would,
/// with the same message at the same place in the whole input.
/// ``LoadOptions/maxNodeCount`` applies to each candidate.
package struct JSONStreamScanner {
    private let options: LoadOptions
    /// Parses each candidate; its names and key cache carry over to the next.
    private let parser: JSONRecordParser
    private let matcher: any StreamMatching
    /// The keys the matcher asks of members, by state (``StreamMatching/childNames``).
    private let names: [[UInt8]?]
    private let keepsKeys: Bool
    /// The input from where the scan goes on (``pos``).
    private var chunks: ChunkBuffer
    private var pos: Int {
        get { chunks.start }
        set { chunks.start = newValue }
    }

    /// What the scan keeps per open container.
    struct Frame {
        var isArray: Bool
        var state: StreamNodeState
    }
    /// Where the scan stands in the current top-level value.
    private var scanState: ScanState<Frame>?
    /// Whether the scan stopped inside a top-level value, and whether one
    /// was read before.
    private var inValue = false
    private var readValue = false
    /// Open containers, and the arrays among them where the matcher applies.
    private var depth = 0
    private var arraysOnPath = 0

    /// The current member's key, unescaped and as written, when the
    /// matcher needs it; unfilled while ``keyInBuffer`` says where it is.
    private var key: [UInt8] = []
    private var rawKey: [UInt8] = []
    /// The current key token in the buffer, while it is there unescaped.
    private var keyInBuffer: Range<Int>?

    private var capturing = false
    private var captureDepth = 0
    private var captureFrom = 0
    private var captured: [UInt8] = []
    private var captureLocation = SourceLocation(byteOffset: 0, line: 1, column: 1)
    /// Whether the capture gathers elements of a spread array (a batch).
    private var capturesElements = false
    /// The bytes at the start of ``captured`` that the input does not have:
    /// a member candidate's key (`{"key":`), or a batch's `[`.
    private var wrapper = 0
    /// Where the batch's elements so far lie in the whole input. A spread
    /// array's elements go on in batches of about ``batchBytes``, parsed
    /// together as an array, so a small element costs no document of its own.
    private var batchElements: [Range<Int>] = []
    private var elementStart = 0
    private static let batchBytes = 1 << 16
    /// The hooks of ``run(emit:nextValue:arrayEdge:malformed:)`` while it runs.
    private var emit: (StreamCandidate) throws -> Void = { _ in }
    private var arrayEdge: (ArrayEdge) throws -> Void = { _ in }
    /// What a hook failed with: the scan stops (``JSONMistake/declined``)
    /// and the driver throws it.
    private var hookError: (any Error)?
    /// Where the current top-level value starts in the whole input.
    private var valueStart = 0
    /// A value was complete before the current one: in such a stream of
    /// values a malformed one may be passed over.
    private var inStream = false

    /// Receives every byte of the input once, in order, as the scan passes
    /// over it, with whether it lies inside a candidate (see ``passBytes(upTo:)``);
    /// a streamed edit copies the input through with it. `nil` by default.
    package var passing: ((UnsafeBufferPointer<UInt8>, _ inCandidate: Bool) throws -> Void)?
    /// The offset in the whole input up to which ``passing`` has had the bytes.
    private var passedUpTo = 0

    package init(input: ChunkedInput, head: [UInt8], skip: Int, matcher: any StreamMatching, options: LoadOptions) {
        self.options = options
        self.parser = JSONRecordParser(options: options)
        self.matcher = matcher
        self.names = matcher.childNames
        self.keepsKeys = matcher.keepsKeys
        self.chunks = ChunkBuffer(
            input, head: head, start: skip, chunkSize: StreamingLoad.chunkSize, progress: options.progress)
    }

    // MARK: Driving

    /// Reads the input to its end, calling `emit` with each candidate in
    /// document order, and `nextValue` before each top-level value after
    /// the first (the matcher starts afresh on each). A spread array
    /// candidate (``StreamMatching/spreads(isArray:throughObjectsOnly:)``)
    /// comes as `arrayEdge(.open)` (``passing`` has had every byte before
    /// its bracket), its elements, then `.close`.
    ///
    /// A malformed value ends the run with its error, except in a stream
    /// of values (one was complete before it), where the error goes to
    /// `malformed` first: when that returns (by default it throws), the
    /// scan goes on by ``resync(after:)``.
    package mutating func run(
        emit: (StreamCandidate) throws -> Void, nextValue: () throws -> Void,
        arrayEdge: (ArrayEdge) throws -> Void = { _ in }, malformed: (LoadError) throws -> Void = { throw $0 }
    ) throws(StreamFailure) {
        let root = root
        scanState = ScanState(root: root)
        defer { scanState?.release() }
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

    /// Reads values to the end of the input, resuming the scan over each
    /// chunk.
    private mutating func scan(nextValue: () throws -> Void) throws {
        while true {
            if !inValue {
                // Between top-level values: white space, then the next value.
                while pos < chunks.bytes.count, XMLWhitespace.contains(chunks.bytes[pos]) { pos += 1 }
                if pos >= chunks.bytes.count {
                    if chunks.isAtEnd {
                        if readValue { return try passBytes(upTo: pos) }
                    } else {
                        try passBytes(upTo: pos)
                        _ = try refill()
                        continue
                    }
                }
                if readValue {
                    // Another top-level value: a stream of values (JSON Lines,
                    // concatenated JSON) is read one value after the other.
                    try nextValue()
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
                    _ = try refill(readingOnToken: true)
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

    /// Passes over the rest of a malformed top-level value by the rule of
    /// ``JSONRecovery``.
    private mutating func resync(after error: LoadError) throws(LoadError) {
        let root = root
        scanState?.reset(root: root)
        inValue = false
        depth = 0
        arraysOnPath = 0
        capturing = false
        captured = []
        keyInBuffer = nil
        wrapper = 0
        batchElements.removeAll(keepingCapacity: true)
        let at = chunks.base + pos
        if let offset = error.location?.byteOffset, offset == at, at > valueStart, pos < chunks.bytes.count,
           JSONRecovery.beginsLine(pos, in: chunks.bytes, after: 0) ?? chunks.beginsLine, JSONRecovery.beginsValue(chunks.bytes[pos])
        {
            return
        }
        pos = max(error.location?.byteOffset ?? at, at) - chunks.base
        pos = try chunks.lineBreak(from: pos, keepsSearched: false).map { $0 + 1 } ?? chunks.bytes.count
    }

    /// Reads more input, first saving what the buffer is about to drop:
    /// the capture's bytes before ``pos`` and a key read in place. Reads on
    /// for the token at `pos` when `readingOnToken` (``ChunkBuffer/readOn(tokenAt:)``).
    private mutating func refill(readingOnToken: Bool = false) throws(LoadError) -> Bool {
        guard !chunks.isAtEnd else { return false }
        if let range = keyInBuffer {
            copyKey(range)
            keyInBuffer = nil
        }
        if capturing {
            captured.append(contentsOf: chunks.bytes[captureFrom..<pos])
            captureFrom = 0
        }
        return readingOnToken ? try chunks.readOn(tokenAt: pos) : try chunks.refill()
    }

    // MARK: The sink's work

    /// A value begins at `start` inside `parent`: its state for the
    /// matcher; a candidate's capture begins.
    private mutating func valueBegins(
        at start: Int, isArray: Bool, isObject: Bool, in parent: inout Frame
    ) throws -> StreamNodeState {
        var state: StreamNodeState
        if depth == 0 {
            valueStart = chunks.base + start
            state = try matcher.root(isArray: isArray)
        } else if case .none = parent.state {
            return .none
        } else if !parent.isArray, case .applying(let k) = parent.state, !keyIsAsked(under: k) {
            return .none
        } else {
            state = try matcher.jsonChild(of: &parent.state, parentIsArray: parent.isArray, isArray: isArray, isObject: isObject)
        }
        if case .candidate = state, try spreadsCandidate(isArray: isArray, parent: parent) {
            state = .spreading
            try passBytes(upTo: start)
            try arrayEdge(.open)
        }
        guard case .candidate = state else { return state }
        let isElement = depth > 0 && parent.state == .spreading
        if isElement { elementStart = chunks.base + start }
        // A candidate's capture begins, or a batch's with its first element.
        if !isElement || !capturing {
            try passBytes(upTo: start)
            capturing = true
            capturesElements = isElement
            captureDepth = depth
            captureFrom = start
            captureLocation = chunks.location(at: chunks.base + start)
            wrapper = 0
            if isElement {
                captured.append(UInt8(ascii: "["))
                wrapper = 1
            } else if keepsKeys, depth > 0, !parent.isArray {
                captured.append(UInt8(ascii: "{"))
                if let range = keyInBuffer {
                    captured.append(contentsOf: chunks.bytes[range])
                } else {
                    captured.append(contentsOf: rawKey)
                }
                captured.append(UInt8(ascii: ":"))
                wrapper = captured.count
            }
        }
        return state
    }

    /// Whether the current member's key is the one the matcher asks of the
    /// members of an object in state `.applying(k)`, if it asks one.
    /// `mutating`, as ``spreadsCandidate(isArray:parent:)`` is: called as
    /// non-mutating from the sink's hooks, each call copied the whole
    /// scanner (a memcpy and a retain of each reference it holds), 3.3 %
    /// more instructions on `docq --stream items.id` (callgrind).
    private mutating func keyIsAsked(under k: Int) -> Bool {
        guard let wanted = names[k] else { return true }
        guard let range = keyInBuffer else { return key == wanted }
        return range.count - 2 == wanted.count
            && chunks.bytes[(range.lowerBound + 1)..<(range.upperBound - 1)].elementsEqual(wanted)
    }

    /// Whether a candidate (not an element of a spread array) is an array
    /// to spread: ``StreamMatching/spreads(isArray:throughObjectsOnly:)``.
    private mutating func spreadsCandidate(isArray: Bool, parent: Frame) throws(StreamSelectorError) -> Bool {
        if depth > 0, case .spreading = parent.state { return false }
        return try matcher.spreads(isArray: isArray, throughObjectsOnly: arraysOnPath == 0)
    }

    /// A value ended at `end` (in the buffer): hands it on when it is the
    /// candidate; adds it to the batch when it is an element.
    private mutating func valueEnds(at end: Int) throws {
        guard capturing, depth == captureDepth else { return }
        if capturesElements {
            batchElements.append(elementStart..<(chunks.base + end))
            if captured.count - wrapper + (end - captureFrom) < Self.batchBytes { return }
        }
        try emitCapture(upTo: end)
    }

    /// A scalar value from `start` to `end` inside `parent`.
    @inline(__always)
    private mutating func scalar(from start: Int, to end: Int, in parent: inout Frame) throws(JSONFailure) {
        // Nothing in a subtree the matcher left (or inside a candidate) is a candidate.
        if case .none = parent.state, depth > 0 { return }
        do {
            _ = try valueBegins(at: start, isArray: false, isObject: false, in: &parent)
            try valueEnds(at: end)
        } catch {
            throw stop(error)
        }
    }

    /// Stops the scan with `error`, which ``scan(nextValue:)`` throws.
    private mutating func stop(_ error: any Error) -> JSONFailure {
        hookError = error
        return JSONFailure(.declined, at: pos)
    }

    /// Hands on the capture up to `end`: a candidate (in its wrapper, if
    /// any), a batch's one element alone, or several as the array of them.
    /// When that array fails to parse (a malformed element, or more nodes
    /// than ``LoadOptions/maxNodeCount`` together), the elements are parsed
    /// and handed on one by one, as if never batched: those before a
    /// malformed one go on, and its error is the one thrown.
    private mutating func emitCapture(upTo end: Int) throws {
        try passBytes(upTo: end)
        capturing = false
        defer { batchElements.removeAll(keepingCapacity: true) }
        let isBatch = capturesElements && batchElements.count > 1
        // A lone element goes without its batch's `[`.
        let skipped = capturesElements && !isBatch ? wrapper : 0
        wrapper -= skipped
        let document: Document
        var bytes: [UInt8] = []
        do {
            if captured.count == skipped {
                // All in the buffer: one copy, as the document's text.
                document = try parser.parse(chunks.bytes[captureFrom..<end])
            } else {
                bytes = skipped > 0 ? Array(captured[skipped...]) : captured
                captured = []
                bytes.reserveCapacity(bytes.count + (end - captureFrom) + 1)
                bytes.append(contentsOf: chunks.bytes[captureFrom..<end])
                if wrapper > 0 { bytes.append(UInt8(ascii: isBatch ? "]" : "}")) }
                document = try parser.parse(bytes)
            }
        } catch {
            captured.removeAll(keepingCapacity: true)
            guard isBatch else { throw relocated(error) }
            try emitOneByOne(bytes)
            return
        }
        captured.removeAll(keepingCapacity: true)
        try emit(StreamCandidate(document: document, isWrapped: wrapper > 0 && !isBatch, isBatch: isBatch))
    }

    /// Hands on, one by one, the elements of a spread array gathered before
    /// the scan failed inside it, as when a batch fails to parse.
    private mutating func emitElementsBefore() throws {
        guard capturing, let last = batchElements.last else { return }
        var bytes = captured
        bytes.append(contentsOf: chunks.bytes[captureFrom..<max(pos, captureFrom)])
        bytes.removeLast(bytes.count - (1 + last.upperBound - captureLocation.byteOffset))
        capturing = false
        captured = []
        try emitOneByOne(bytes)
        batchElements.removeAll(keepingCapacity: true)
    }

    /// Parses and hands on each element of a batch whose array (`bytes`,
    /// `[` first) failed to parse.
    private func emitOneByOne(_ bytes: [UInt8]) throws {
        let batchStart = captureLocation.byteOffset - 1
        for element in batchElements {
            let range = (element.lowerBound - batchStart)..<(element.upperBound - batchStart)
            let document: Document
            do {
                document = try parser.parse(bytes[range])
            } catch {
                var error = error
                let start = bytes.withUnsafeBufferPointer { SourceLocation(offset: range.lowerBound, in: $0) }
                error.location = error.location?.placed(at: start)
                throw relocated(error)
            }
            try emit(StreamCandidate(document: document, isWrapped: false))
        }
    }

    /// A candidate's error, moved to the candidate's place in the input,
    /// less the ``wrapper`` (all on line 1).
    private func relocated(_ error: LoadError) -> LoadError {
        guard var inner = error.location else { return error }
        var error = error
        inner.byteOffset = max(inner.byteOffset - wrapper, 0)
        if inner.line == 1 { inner.column = max(inner.column - wrapper, 1) }
        error.location = inner.placed(at: captureLocation)
        return error
    }

    /// Copies the key token in `range` into ``rawKey`` and ``key``.
    private mutating func copyKey(_ range: Range<Int>) {
        rawKey.removeAll(keepingCapacity: true)
        rawKey.append(contentsOf: chunks.bytes[range])
        key = chunks.bytes.withUnsafeBufferPointer { bytes in
            let inside = UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
            return Array(JSONStringDecoding.decode(inside).utf8)
        }
    }

    // MARK: Passing bytes on

    /// Hands ``passing`` the bytes from where it stopped to `end` (in the
    /// buffer), marked as in a candidate while one is captured. Called
    /// before a refill, where a candidate begins and ends, and at the end.
    private mutating func passBytes(upTo end: Int) throws {
        guard let passing else { return }
        let from = passedUpTo - chunks.base
        guard end > from else { return }
        try chunks.bytes.withUnsafeBufferPointer { try passing(UnsafeBufferPointer(rebasing: $0[from..<end]), capturing) }
        passedUpTo = chunks.base + end
    }

    // MARK: Errors

    /// The error for `mistake` at `at` in the buffer, located in the whole
    /// input (see ``JSONMistake``).
    private mutating func fail(_ mistake: JSONMistake, at: Int) -> LoadError {
        // The word the message quotes may go on past the buffer (read only
        // then: a live stream's next line may be long in coming).
        let quoted: Int
        if case .invalidEscape = mistake { quoted = at + 1 } else { quoted = at }
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

    var root: Frame { Frame(isArray: false, state: .none) }

    mutating func string(from start: Int, to end: Int, escaped: Bool, in container: inout Frame) throws(JSONFailure) {
        try scalar(from: start, to: end, in: &container)
    }

    mutating func number(from start: Int, to end: Int, fractional: Bool, in container: inout Frame) throws(JSONFailure) {
        try scalar(from: start, to: end, in: &container)
    }

    mutating func literal(_ kind: Node.Kind, at start: Int, length: Int, in container: inout Frame) throws(JSONFailure) {
        try scalar(from: start, to: start + length, in: &container)
    }

    mutating func key(
        from start: Int, to end: Int, escaped: Bool, in container: inout Frame, of scanner: Scanner
    ) throws(JSONFailure) {
        keyInBuffer = nil
        guard case .applying = container.state else { return }
        if escaped { copyKey(start..<end) } else { keyInBuffer = start..<end }
    }

    mutating func open(isObject: Bool, at start: Int, in container: inout Frame) throws(JSONFailure) -> Frame {
        if case .none = container.state, depth > 0 {
            depth += 1
            return Frame(isArray: !isObject, state: .none)
        }
        let state: StreamNodeState
        do {
            state = try valueBegins(at: start, isArray: !isObject, isObject: isObject, in: &container)
        } catch {
            throw stop(error)
        }
        depth += 1
        let frame = Frame(isArray: !isObject, state: state == .candidate ? .none : state)
        if frame.isArray, frame.state != .none { arraysOnPath += 1 }
        return frame
    }

    mutating func separator(at offset: Int) {}

    mutating func close(_ container: Frame, at end: Int) throws(JSONFailure) {
        depth -= 1
        if case .none = container.state {
            guard capturing else { return }
        } else if container.isArray {
            arraysOnPath -= 1
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

    mutating func finish(_ root: Frame) {}
}

