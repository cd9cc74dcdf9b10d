/// Reads JSON in chunks without building it (one value, or a stream of
/// values separated by white space, each read in turn): the one scan of
/// JSON (``Scanner/resume(from:state:maxDepth:isFinal:into:)``) reads each
/// chunk, stopping at a token boundary where a chunk ends and going on over
/// the next, and this reader is its sink: it tracks keys and array
/// positions through a ``StreamMatching`` and hands the bytes of each
/// candidate value (gathered across chunk boundaries) to
/// ``JSONRecordParser``, which makes it a small document of its own. The
/// driver around the scan reads the chunks, hands the bytes on
/// (``passing``), locates errors and recovers from a malformed value in a
/// stream of values (``JSONRecovery``).
///
/// Every byte is validated by the one scan, so the input is accepted or
/// rejected exactly as a whole-buffer load would, with the same message
/// at the same place; errors carry the line and column in the whole
/// input. ``LoadOptions/maxNodeCount`` applies to each candidate.
package struct JSONStreamScanner {
    private let input: ChunkedInput
    private let options: LoadOptions
    /// Parses each candidate; its names and key cache carry over from one
    /// candidate to the next, which mostly repeat the same keys.
    private let parser: JSONRecordParser
    private let matcher: any StreamMatching
    /// The keys the matcher asks of members, by state (``StreamMatching/childNames``).
    private let names: [[UInt8]?]
    private let keepsKeys: Bool
    private var buffer: [UInt8]
    /// Where the scan goes on in ``buffer``.
    private var pos: Int
    /// The offset of `buffer[0]` in the whole input.
    private var base = 0
    private var atEnd = false

    // Locations are computed from offsets by the one line rule, only when
    // one is wanted: `bufferStart` is where `buffer[0]` stands (moved over
    // the bytes the buffer drops), `cursor` the last location computed (a
    // later one is counted on from it).
    private var bufferStart = LocationCounter(SourceLocation(byteOffset: 0, line: 1, column: 1))
    private var cursor = LocationCounter(SourceLocation(byteOffset: 0, line: 1, column: 1))

    /// What the scan keeps for each open container: whether it is an array,
    /// and its state for the selector.
    struct Frame {
        var isArray: Bool
        var state: StreamNodeState
    }
    /// Where the scan stands in the current top-level value, kept from one
    /// chunk to the next.
    private var scanState: ScanState<Frame>?
    /// Whether the scan is inside a top-level value (it stopped at a
    /// chunk's end), and whether a value was read before.
    private var inValue = false
    private var readValue = false
    /// Open containers in the current top-level value, and those of them
    /// that are arrays where the selector still applies.
    private var depth = 0
    private var arraysOnPath = 0

    /// The current member's key, unescaped and as written, when the selector needs it.
    private var key: [UInt8] = []
    private var rawKey: [UInt8] = []
    /// Where the current key token lies in `buffer` while it is still
    /// there and has no escapes (then ``key`` and ``rawKey`` are not
    /// filled: the bytes are read in place); `nil` otherwise.
    private var keyInBuffer: Range<Int>?

    private var capturing = false
    private var captureDepth = 0
    private var captureFrom = 0
    private var captured: [UInt8] = []
    private var captureLocation = SourceLocation(byteOffset: 0, line: 1, column: 1)
    /// Whether the capture gathers elements of a spread array (a batch).
    private var capturesElements = false
    /// The bytes put before a member candidate to keep its key (`{"key":`),
    /// or before a batch of elements (`[`); 0 for none.
    private var wrapper = 0
    /// Where the elements of a spread array gathered in the capture so far
    /// lie in the whole input: a spread array's elements are handed on in
    /// batches of about ``batchBytes`` (parsed and evaluated together, as
    /// an array of several elements), so a small element costs no document
    /// of its own.
    private var batchElements: [Range<Int>] = []
    private var elementStart = 0
    private static let batchBytes = 1 << 16
    /// Where candidates go, and where a spread array begins and ends
    /// (``StreamMatching/spreads(isArray:throughObjectsOnly:)``), while ``run(emit:nextValue:arrayEdge:malformed:)`` runs;
    /// ``passing`` has had every byte before the array's bracket when `arrayEdge` is called.
    private var emit: (StreamCandidate) throws -> Void = { _ in }
    private var arrayEdge: (ArrayEdge) throws -> Void = { _ in }
    /// What a hook of the sink failed with: the scan stops
    /// (``JSONMistake/declined``) and the driver throws it.
    private var hookError: (any Error)?
    /// Where the current top-level value starts in the whole input.
    private var valueStart = 0
    /// A top-level value was complete before the current one: the input is
    /// a stream of values, in which a malformed one may be passed over.
    private var inStream = false

    /// Receives every byte of the input once, in order, as the scan passes
    /// over it, with whether it lies inside a candidate (see ``passBytes(upTo:)``);
    /// a streamed edit copies the input through with it. `nil` by default.
    package var passing: ((UnsafeBufferPointer<UInt8>, _ inCandidate: Bool) throws -> Void)?
    /// The offset in the whole input up to which ``passing`` has had the bytes.
    private var passedUpTo = 0

    package init(input: ChunkedInput, head: [UInt8], skip: Int, matcher: any StreamMatching, options: LoadOptions) {
        self.input = input
        self.options = options
        self.parser = JSONRecordParser(options: options)
        self.matcher = matcher
        self.names = matcher.childNames
        self.keepsKeys = matcher.keepsKeys
        self.buffer = head
        self.pos = skip
        self.base = 0
    }

    // MARK: Driving

    /// Reads the input to its end, calling `emit` with each candidate in
    /// document order, and `nextValue` before each top-level value after
    /// the first (input that holds several values, such as JSON Lines, is
    /// a stream of them; the matcher starts afresh on each). A spread
    /// array candidate (``StreamMatching/spreads(isArray:throughObjectsOnly:)``) comes as `arrayEdge`
    /// `.open`, its elements as candidates, then `.close`.
    ///
    /// A malformed value ends the run with its error, except that once a
    /// value was complete before it (the input is then a stream of values,
    /// such as JSON Lines) the error goes to `malformed` first: when that
    /// returns instead of throwing (by default it throws the error), the
    /// scan goes on at the next line (see ``resync(after:)``), and
    /// `nextValue` is called before the next value as usual.
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

    /// Reads values to the end of the input: each chunk is read by the one
    /// scan, which stops where a token runs past the chunk and goes on once
    /// more is read.
    private mutating func scan(nextValue: () throws -> Void) throws {
        while true {
            if !inValue {
                // Between top-level values: white space, then the next value.
                while pos < buffer.count, Self.isWhitespace(buffer[pos]) { pos += 1 }
                if pos >= buffer.count {
                    if atEnd {
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
            let bytes = buffer
            var state = scanState!
            let start = pos
            let maxDepth = options.maxDepth
            let isFinal = atEnd
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
                    try readOnUnfinishedToken()
                } else {
                    inValue = false
                    readValue = true
                }
            case .failure(let failure):
                if case .declined = failure.mistake, let error = hookError {
                    hookError = nil
                    throw error
                }
                pos = min(failure.offset, buffer.count)
                let error = fail(failure.mistake, at: failure.offset)
                try emitElementsBefore(error)
                throw error
            }
        }
    }

    private static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    /// Passes over the rest of a malformed top-level value: the scan goes
    /// on at the token the error is at, when that token begins a line (but
    /// not the value) and can begin a value (`{"a":1⏎{"b":2}`: the second
    /// record is intact); otherwise after the next line break at or after
    /// the error. JSON Lines thus loses only the broken line.
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
        let at = base + pos
        if let offset = error.location?.byteOffset, offset == at, at > valueStart, pos < buffer.count,
           JSONRecovery.beginsLine(pos, in: buffer, after: 0) ?? (bufferStart.column == 1), JSONRecovery.beginsValue(buffer[pos])
        {
            return
        }
        pos = max(error.location?.byteOffset ?? at, at) - base
        while true {
            if let end = buffer[pos...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                pos = end + 1
                return
            }
            pos = buffer.count
            guard try refill() else { return }
        }
    }

    /// Reads more input for the token at `pos` that ran past the buffer. A
    /// string is read on until a quote comes that may close it, so a long
    /// string is not scanned again from its start after each read, however
    /// little each read brings (a pipe's).
    private mutating func readOnUnfinishedToken() throws {
        let isString = pos < buffer.count && buffer[pos] == UInt8(ascii: "\"")
        var searched = buffer.count - pos
        while try refill(), isString {
            let hasQuote = buffer.withUnsafeBufferPointer { bytes in
                UnsafeBufferPointer(rebasing: bytes[searched...]).contains(UInt8(ascii: "\""))
            }
            if hasQuote { return }
            searched = buffer.count
        }
    }

    /// Reads more input, keeping `buffer[pos...]` (an unfinished token):
    /// up to as many bytes as it keeps, when that is more than a chunk, so
    /// a long token read again after each read costs linear time.
    private mutating func refill() throws(LoadError) -> Bool {
        if let range = keyInBuffer {
            copyKey(range.upperBound, from: range.lowerBound)
            keyInBuffer = nil
        }
        if capturing {
            captured.append(contentsOf: buffer[captureFrom..<pos])
            captureFrom = 0
        }
        countDropped()
        if pos >= buffer.count {
            buffer.removeAll(keepingCapacity: true)
        } else if pos > 0 {
            buffer.removeFirst(pos)
        }
        base += pos
        pos = 0
        let count = try input.read(into: &buffer, limit: max(StreamingLoad.chunkSize, buffer.count))
        options.progress?.report(input.bytesRead)
        if count == 0 { atEnd = true }
        return count > 0
    }

    /// Moves ``bufferStart`` over the bytes before `pos`, which the buffer
    /// is about to drop (from ``cursor`` when that stands among them).
    private mutating func countDropped() {
        let newBase = base + pos
        if cursor.offset >= base, cursor.offset <= newBase { bufferStart = cursor }
        let from = bufferStart.offset - base
        buffer.withUnsafeBufferPointer { bufferStart.advance(over: UnsafeBufferPointer(rebasing: $0[from..<pos])) }
        if cursor.offset < newBase { cursor = bufferStart }
    }

    // MARK: The sink's work

    /// A value begins at `start` inside `parent`: its state for the
    /// selector, and, when it is a candidate, the capture of its bytes begins.
    private mutating func valueBegins(
        at start: Int, isArray: Bool, isObject: Bool, in parent: inout Frame
    ) throws -> StreamNodeState {
        var state: StreamNodeState
        if depth == 0 {
            valueStart = base + start
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
        if case .candidate = state, depth > 0, case .spreading = parent.state {
            if !capturing {
                // The first element of a batch.
                try passBytes(upTo: start)
                capturing = true
                capturesElements = true
                captureDepth = depth
                captureFrom = start
                captureLocation = location(at: base + start)
            }
            elementStart = base + start
        } else if case .candidate = state {
            try passBytes(upTo: start)
            capturing = true
            capturesElements = false
            captureDepth = depth
            captureFrom = start
            captureLocation = location(at: base + start)
            wrapper = 0
            if keepsKeys, depth > 0, !parent.isArray {
                captured.append(UInt8(ascii: "{"))
                if let range = keyInBuffer {
                    captured.append(contentsOf: buffer[range])
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
    private func keyIsAsked(under k: Int) -> Bool {
        guard let wanted = names[k] else { return true }
        guard let range = keyInBuffer else { return key == wanted }
        return range.count - 2 == wanted.count && buffer[(range.lowerBound + 1)..<(range.upperBound - 1)].elementsEqual(wanted)
    }

    /// Whether a candidate (not an element of a spread array) is an array
    /// to spread: ``StreamMatching/spreads(isArray:throughObjectsOnly:)``.
    private func spreadsCandidate(isArray: Bool, parent: Frame) throws(StreamSelectorError) -> Bool {
        if depth > 0, case .spreading = parent.state { return false }
        return try matcher.spreads(isArray: isArray, throughObjectsOnly: arraysOnPath == 0)
    }

    /// A value ended at `end` (in the buffer): emit it when it is the
    /// candidate.
    private mutating func valueEnds(at end: Int) throws {
        guard capturing, depth == captureDepth else { return }
        if capturesElements {
            batchElements.append(elementStart..<(base + end))
            if captured.count + (end - captureFrom) >= Self.batchBytes { try emitBatch(upTo: end) }
            return
        }
        try passBytes(upTo: end)
        capturing = false
        let document: Document
        do {
            if captured.isEmpty {
                // The whole candidate is in the buffer: one copy, as the document's text.
                document = try parser.parse(buffer[captureFrom..<end])
            } else {
                var bytes = captured
                captured = []
                bytes.append(contentsOf: buffer[captureFrom..<end])
                if wrapper > 0 { bytes.append(UInt8(ascii: "}")) }
                document = try parser.parse(bytes)
            }
        } catch {
            throw relocated(error)
        }
        try emit(StreamCandidate(document: document, isWrapped: wrapper > 0))
    }

    /// A scalar value from `start` to `end` inside `parent`.
    @inline(__always)
    private mutating func scalar(from start: Int, to end: Int, in parent: inout Frame) throws(JSONFailure) {
        // Nothing in a subtree the selector left (or inside a candidate) is a candidate.
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
        return JSONFailure(mistake: .declined, offset: pos)
    }

    /// Hands on the elements of a spread array gathered up to `end`: one
    /// element as a document of its own, several as the array of them.
    /// When that array fails to parse (a malformed element, or more nodes
    /// than ``LoadOptions/maxNodeCount`` together), the elements are parsed
    /// and handed on one by one, as if they had never been batched: those
    /// before a malformed one go on, and its error is the one thrown.
    private mutating func emitBatch(upTo end: Int) throws {
        try passBytes(upTo: end)
        capturing = false
        defer { batchElements.removeAll(keepingCapacity: true) }
        let single = batchElements.count == 1
        wrapper = single ? 0 : 1
        let document: Document
        var bytes: [UInt8] = []
        do {
            if single && captured.isEmpty {
                document = try parser.parse(buffer[captureFrom..<end])
            } else {
                bytes.reserveCapacity(captured.count + (end - captureFrom) + 2)
                if !single { bytes.append(UInt8(ascii: "[")) }
                bytes.append(contentsOf: captured)
                captured.removeAll(keepingCapacity: true)
                bytes.append(contentsOf: buffer[captureFrom..<end])
                if !single { bytes.append(UInt8(ascii: "]")) }
                document = try parser.parse(bytes)
            }
        } catch {
            if single { throw relocated(error) }
            try emitOneByOne(bytes)
            return
        }
        try emit(StreamCandidate(document: document, isWrapped: false, isBatch: !single))
    }

    /// Hands on, one by one, the elements of a spread array gathered before
    /// the scan failed with `error` inside it, as when a batch fails to parse.
    private mutating func emitElementsBefore(_ error: LoadError) throws {
        guard capturing, let last = batchElements.last else { return }
        var bytes = [UInt8(ascii: "[")]
        bytes.append(contentsOf: captured)
        bytes.append(contentsOf: buffer[captureFrom..<max(pos, captureFrom)])
        bytes.removeLast(bytes.count - (1 + last.upperBound - captureLocation.byteOffset))
        capturing = false
        captured = []
        try emitOneByOne(bytes)
        batchElements.removeAll(keepingCapacity: true)
    }

    /// Parses and hands on each element of a batch whose array (`bytes`,
    /// `[` first) failed to parse.
    private func emitOneByOne(_ bytes: [UInt8]) throws {
        let batchStart = captureLocation.byteOffset
        for element in batchElements {
            let from = element.lowerBound - batchStart + 1
            let document: Document
            do {
                document = try parser.parse(bytes[from..<(element.upperBound - batchStart + 1)])
            } catch {
                throw relocated(Self.moved(error, toElementAt: from, in: bytes))
            }
            try emit(StreamCandidate(document: document, isWrapped: false))
        }
    }

    /// `error`, located in the element that starts at `start` in `bytes`,
    /// located in `bytes` instead.
    private static func moved(_ error: LoadError, toElementAt start: Int, in bytes: [UInt8]) -> LoadError {
        var error = error
        let element = bytes.withUnsafeBufferPointer { SourceLocation(offset: start, in: $0) }
        error.location = error.location?.placed(at: element)
        return error
    }

    /// A candidate's error, moved to where the candidate is in the input.
    /// The bytes of the ``wrapper`` before it (`{"key":`, all on line 1)
    /// are not in the input.
    private func relocated(_ error: LoadError) -> LoadError {
        guard var inner = error.location else { return error }
        var error = error
        inner.byteOffset = max(inner.byteOffset - wrapper, 0)
        if inner.line == 1 { inner.column = max(inner.column - wrapper, 1) }
        error.location = inner.placed(at: captureLocation)
        return error
    }

    /// Copies the key token from `start` to `end` into ``rawKey``, and
    /// unescaped into ``key``.
    private mutating func copyKey(_ end: Int, from start: Int? = nil) {
        let start = start ?? pos
        rawKey.removeAll(keepingCapacity: true)
        rawKey.append(contentsOf: buffer[start..<end])
        key = buffer.withUnsafeBufferPointer { bytes in
            Array(JSONStringDecoding.decode(UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(end - 1)])).utf8)
        }
    }

    // MARK: Passing bytes on

    /// Hands ``passing`` the bytes from where it stopped to `end` (in the
    /// buffer), marked as inside a candidate while one is being captured.
    /// Called before the buffer drops them (``refill()``), where a candidate
    /// begins and ends, and at the end of the input, so the bytes of a
    /// candidate come apart from those around it.
    private mutating func passBytes(upTo end: Int) throws {
        guard let passing else { return }
        let from = passedUpTo - base
        guard end > from else { return }
        try buffer.withUnsafeBufferPointer { try passing(UnsafeBufferPointer(rebasing: $0[from..<end]), capturing) }
        passedUpTo = base + end
    }

    // MARK: Errors

    /// The location of `offset` (in the buffer): counted on from ``cursor``,
    /// or from the buffer's start when the cursor is past it.
    private mutating func location(at offset: Int) -> SourceLocation {
        if cursor.offset < base || cursor.offset > offset { cursor = bufferStart }
        let from = cursor.offset - base
        let to = min(max(offset - base, from), buffer.count)
        buffer.withUnsafeBufferPointer { cursor.advance(over: UnsafeBufferPointer(rebasing: $0[from..<to])) }
        return cursor.location
    }

    /// The error for `mistake` at `i` in the buffer (at `pos` by default),
    /// located in the whole input (see ``JSONMistake``).
    private mutating func fail(_ mistake: JSONMistake, at i: Int? = nil) -> LoadError {
        let at = i ?? pos
        // The word the message quotes may go on in input not read yet
        // (read only then: a live stream's next line may be long in coming).
        let quoted: Int
        if case .invalidEscape = mistake { quoted = at + 1 } else { quoted = at }
        while !atEnd, JSONMistake.quotesWord(at: quoted, cutBy: buffer),
              let read = try? input.read(into: &buffer, limit: JSONMistake.quotedBytes), read > 0 {}
        let location = location(at: base + at)
        return buffer.withUnsafeBufferPointer { mistake.error(at: at, in: $0, location: location) }
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
        if escaped {
            copyKey(end, from: start)
        } else {
            keyInBuffer = start..<end
        }
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
                if capturing { try emitBatch(upTo: end - 1) }
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

