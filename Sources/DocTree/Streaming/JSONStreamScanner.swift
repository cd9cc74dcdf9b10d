/// Reads JSON in chunks without building it (one value, or a stream of
/// values separated by white space, each read in turn): tracks depth,
/// keys and array positions, validates every byte it passes over, and
/// hands the bytes of each candidate value (gathered across chunk
/// boundaries) to the strict ``JSONScanner``, which makes it a small
/// document of its own. A value or string that lies whole in the buffer
/// is read on ``JSONValueSkipper``'s fast path; the byte-by-byte state
/// machine below reads what that path gives up on, and keeps its state
/// across chunk edges.
///
/// What is checked outside candidates: the grammar (structure, strings and
/// their escapes, numbers, literals), control characters and UTF-8 in
/// strings, ``LoadOptions/maxDepth``. Errors carry the line and column in
/// the whole input. Pairing of `\u` surrogate escapes is checked only
/// inside candidates (the strict scanner's job); ``LoadOptions/maxNodeCount``
/// applies to each candidate.
package struct JSONStreamScanner {
    private let input: ChunkedInput
    private let options: LoadOptions
    private let selector: StreamSelector
    /// Parses each candidate; its names and key cache carry over from one
    /// candidate to the next, which mostly repeat the same keys.
    private let parser: JSONRecordParser
    private var matcher: StreamMatcher
    private let keepsKeys: Bool
    private var buffer: [UInt8]
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

    private struct Frame {
        var isArray: Bool
        var state: StreamNodeState
    }
    private var stack: [Frame] = []

    private enum Expect {
        case value, firstValueOrEnd, firstKeyOrEnd, key, colon, commaOrEnd, end
        /// Inside a scalar (or key) token that started at `pos`.
        case string(isKey: Bool), number, literal
    }
    private var expect = Expect.value
    /// For a string token: the offset (in the whole input) validated so far.
    private var scanned = 0
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
    /// Candidates (a spread array counting as one) in the current top-level
    /// value, and whether the first of them was spread.
    private var candidatesInValue = 0
    private var spreadInValue = false
    /// Where a spread array begins and ends (``StreamSelector/Spreading``):
    /// ``passing`` has had every byte before its bracket when it is called.
    private var arrayEdge: (ArrayEdge) throws -> Void = { _ in }
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

    package init(input: ChunkedInput, head: [UInt8], skip: Int, selector: StreamSelector, options: LoadOptions) {
        self.input = input
        self.options = options
        self.selector = selector
        self.parser = JSONRecordParser(options: options)
        self.matcher = StreamMatcher(selector)
        self.keepsKeys = selector.keepsKeys
        self.buffer = head
        self.pos = skip
        self.base = 0
    }

    // MARK: Driving

    /// Reads the input to its end, calling `emit` with each candidate in
    /// document order, and `nextValue` before each top-level value after
    /// the first (input that holds several values, such as JSON Lines, is
    /// a stream of them; the selector starts afresh on each). A spread
    /// array candidate (``StreamSelector/Spreading``) comes as `arrayEdge`
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
        do {
            try withoutActuallyEscaping(arrayEdge) { edge in
                self.arrayEdge = edge
                defer { self.arrayEdge = { _ in } }
                while true {
                    do {
                        try scan(emit: emit, nextValue: nextValue)
                        return
                    } catch let error as LoadError {
                        guard inStream, error.kind != .unreadableSource, error.kind != .unsupportedEncoding
                        else { throw error }
                        try malformed(error)
                        try resync(after: error)
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

    private mutating func scan(emit: (StreamCandidate) throws -> Void, nextValue: () throws -> Void) throws {
        while true {
            if pos >= buffer.count {
                if atEnd { break }
                try passBytes(upTo: pos)
                if try !refill() { break }
                continue
            }
            switch expect {
            case .string(let isKey):
                guard let end = try stringEnd() else { try needMore(); continue }
                if isKey {
                    keyInBuffer = nil
                    if let top = stack.last, case .applying = top.state {
                        if buffer[(pos + 1)..<(end - 1)].contains(UInt8(ascii: "\\")) {
                            copyKey(end)
                        } else {
                            keyInBuffer = pos..<end
                        }
                    }
                    pos = end
                    expect = .colon
                } else {
                    pos = end
                    try valueDone(emit)
                }
                continue
            case .number:
                guard let end = try scanNumber() else { try needMore(); continue }
                pos = end
                try valueDone(emit)
                continue
            case .literal:
                guard let end = try scanLiteral() else { try needMore(); continue }
                pos = end
                try valueDone(emit)
                continue
            default:
                break
            }
            let c = buffer[pos]
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 {
                pos += 1
                continue
            }
            switch expect {
            case .value:
                try startValue(c, emit)
            case .firstValueOrEnd:
                if c == UInt8(ascii: "]") { try close(c, emit) } else { try startValue(c, emit) }
            case .firstKeyOrEnd, .key:
                if c == UInt8(ascii: "\"") {
                    beginString(isKey: true)
                } else if c == UInt8(ascii: "}"), case .firstKeyOrEnd = expect {
                    try close(c, emit)
                } else if case .firstKeyOrEnd = expect {
                    throw fail(.expectedMemberName(afterComma: false))
                } else {
                    throw fail(.expectedMemberName(afterComma: true))
                }
            case .colon:
                guard c == UInt8(ascii: ":") else { throw fail(.expectedColon) }
                pos += 1
                expect = .value
            case .commaOrEnd:
                let isArray = stack[stack.count - 1].isArray
                if c == UInt8(ascii: ",") {
                    pos += 1
                    expect = isArray ? .value : .key
                } else if c == UInt8(ascii: isArray ? "]" : "}") {
                    try close(c, emit)
                } else {
                    throw fail(.expectedCommaOrClose(inObject: !isArray))
                }
            case .end:
                // Another top-level value: a stream of values (JSON Lines,
                // concatenated JSON) is read one value after the other.
                try nextValue()
                inStream = true
                matcher = StreamMatcher(selector)
                candidatesInValue = 0
                spreadInValue = false
                try startValue(c, emit)
            case .string, .number, .literal:
                break
            }
        }
        // The input ended: what was expected next says what is missing.
        switch expect {
        case .end: return try passBytes(upTo: pos)
        case .string: throw fail(.unterminatedString)
        case .firstKeyOrEnd: throw fail(.expectedMemberName(afterComma: false))
        case .key: throw fail(.expectedMemberName(afterComma: true))
        case .colon: throw fail(.expectedColon)
        case .commaOrEnd: throw fail(.expectedCommaOrClose(inObject: stack.last?.isArray == false))
        case .value where stack.isEmpty: throw fail(.emptyInput)
        case .value, .firstValueOrEnd, .number, .literal: throw fail(.expectedValue)
        }
    }

    /// Passes over the rest of a malformed top-level value: the scan goes
    /// on at the token the error is at, when that token begins a line (but
    /// not the value) and can begin a value (`{"a":1⏎{"b":2}`: the second
    /// record is intact); otherwise after the next line break at or after
    /// the error. JSON Lines thus loses only the broken line.
    private mutating func resync(after error: LoadError) throws(LoadError) {
        stack.removeAll(keepingCapacity: true)
        capturing = false
        captured = []
        keyInBuffer = nil
        wrapper = 0
        batchElements.removeAll(keepingCapacity: true)
        expect = .end
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

    /// Reads more input, keeping `buffer[pos...]` (an unfinished token).
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
        let count = try input.read(into: &buffer, limit: StreamingLoad.chunkSize)
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

    private mutating func needMore() throws {
        try passBytes(upTo: pos)
        if try !refill() {
            // At the end: tokens finish or fail with atEnd set.
            if case .string = expect {
                throw fail(.unterminatedString)
            }
        }
    }

    // MARK: Values

    private mutating func startValue(_ c: UInt8, _ emit: (StreamCandidate) throws -> Void) throws {
        let isArray = c == UInt8(ascii: "[")
        let isObject = c == UInt8(ascii: "{")
        var state: StreamNodeState
        if stack.isEmpty {
            valueStart = base + pos
            state = try matcher.root(isArray: isArray)
        } else if case .none = stack[stack.count - 1].state {
            state = .none
        } else {
            let parentIsArray = stack[stack.count - 1].isArray
            var parent = stack[stack.count - 1].state
            if parentIsArray {
                state = try matcher.jsonChild(of: &parent, parentIsArray: true, key: nil, isArray: isArray, isObject: isObject)
            } else {
                if let range = keyInBuffer {
                    state = try buffer.withUnsafeBufferPointer { (bytes) throws(StreamSelectorError) in
                        let key = UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
                        return try matcher.jsonChild(of: &parent, parentIsArray: false, key: key, isArray: isArray, isObject: isObject)
                    }
                } else {
                    state = try key.withUnsafeBufferPointer { (key) throws(StreamSelectorError) in
                        try matcher.jsonChild(of: &parent, parentIsArray: false, key: key, isArray: isArray, isObject: isObject)
                    }
                }
            }
            stack[stack.count - 1].state = parent
        }
        if case .candidate = state, try spreadsCandidate(isArray: isArray) {
            state = .spreading
            try passBytes(upTo: pos)
            try arrayEdge(.open)
        }
        if case .candidate = state, let parent = stack.last, case .spreading = parent.state {
            if !capturing {
                // The first element of a batch.
                try passBytes(upTo: pos)
                capturing = true
                captureDepth = stack.count
                captureFrom = pos
                captureLocation = location(at: base + pos)
            }
            elementStart = base + pos
        } else if case .candidate = state {
            try passBytes(upTo: pos)
            capturing = true
            captureDepth = stack.count
            captureFrom = pos
            captureLocation = location(at: base + pos)
            wrapper = 0
            if keepsKeys, let parent = stack.last, !parent.isArray {
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
        switch c {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if state == .none || state == .candidate, let end = skipInBuffer() {
                // No candidate inside (or this is the candidate): read at once.
                pos = end
                try valueDone(emit)
                return
            }
            guard stack.count < options.maxDepth else {
                throw fail(.tooDeep(maxDepth: options.maxDepth))
            }
            stack.append(Frame(isArray: isArray, state: state == .candidate ? .none : state))
            pos += 1
            expect = isArray ? .firstValueOrEnd : .firstKeyOrEnd
        case UInt8(ascii: "\""):
            beginString(isKey: false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            expect = .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            expect = .literal
        default:
            throw fail(.expectedValue)
        }
    }

    /// The end of the value at `pos` read by the fast path, when it lies whole in the buffer.
    private func skipInBuffer() -> Int? {
        let depthLeft = options.maxDepth - stack.count
        return buffer.withUnsafeBufferPointer { bytes in JSONValueSkipper(bytes).skipValue(at: pos, depthLeft: depthLeft) }
    }

    private mutating func close(_ c: UInt8, _ emit: (StreamCandidate) throws -> Void) throws {
        let frame = stack.removeLast()
        if case .spreading = frame.state {
            if capturing { try emitBatch(upTo: pos, emit) }
            try passBytes(upTo: pos)
            try arrayEdge(.close)
        }
        pos += 1
        try valueDone(emit)
    }

    /// Counts a candidate of the selector (not an element of a spread
    /// array) and tells whether it is an array to spread; a second
    /// candidate after a spread one where only a lone array may be spread
    /// fails (see ``StreamSelector/Spreading/whenLone``).
    private mutating func spreadsCandidate(isArray: Bool) throws(StreamSelectorError) -> Bool {
        if let parent = stack.last, case .spreading = parent.state { return false }
        candidatesInValue += 1
        switch selector.spreading {
        case .never:
            return false
        case .always:
            return isArray && selector.spreads(throughObjectsOnly: false)
        case .whenLone:
            if candidatesInValue == 1 {
                spreadInValue = isArray && selector.spreads(throughObjectsOnly: !stack.contains { $0.isArray })
                return spreadInValue
            }
            if spreadInValue {
                throw StreamSelectorError(
                    step: max(selector.steps.count - 1, 0),
                    message: "the path selects an array and then another value (a key that occurs twice), "
                        + "so the array is not its elements; the stream cannot tell that before the second value")
            }
            return false
        }
    }

    /// A value ended at `pos`: emit it when it is the candidate.
    private mutating func valueDone(_ emit: (StreamCandidate) throws -> Void) throws {
        expect = stack.isEmpty ? .end : .commaOrEnd
        guard capturing, stack.count == captureDepth else { return }
        if let parent = stack.last, case .spreading = parent.state {
            batchElements.append(elementStart..<(base + pos))
            if captured.count + (pos - captureFrom) >= Self.batchBytes { try emitBatch(upTo: pos, emit) }
            return
        }
        try passBytes(upTo: pos)
        capturing = false
        let document: Document
        do {
            if captured.isEmpty {
                // The whole candidate is in the buffer: one copy, as the document's text.
                document = try parser.parse(buffer[captureFrom..<pos])
            } else {
                var bytes = captured
                captured = []
                bytes.append(contentsOf: buffer[captureFrom..<pos])
                if wrapper > 0 { bytes.append(UInt8(ascii: "}")) }
                document = try parser.parse(bytes)
            }
        } catch {
            throw relocated(error)
        }
        try emit(StreamCandidate(document: document, isWrapped: wrapper > 0))
    }

    /// Hands on the elements of a spread array gathered up to `end`: one
    /// element as a document of its own, several as the array of them.
    /// When that array fails to parse (a malformed element, or more nodes
    /// than ``LoadOptions/maxNodeCount`` together), the elements are parsed
    /// and handed on one by one, as if they had never been batched: those
    /// before a malformed one go on, and its error is the one thrown.
    private mutating func emitBatch(upTo end: Int, _ emit: (StreamCandidate) throws -> Void) throws {
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
            try emitOneByOne(bytes, emit)
            return
        }
        try emit(StreamCandidate(document: document, isWrapped: false, isBatch: !single))
    }

    /// Parses and hands on each element of a batch whose array (`bytes`,
    /// `[` first) failed to parse.
    private func emitOneByOne(_ bytes: [UInt8], _ emit: (StreamCandidate) throws -> Void) throws {
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

    // MARK: Tokens

    private mutating func beginString(isKey: Bool) {
        expect = .string(isKey: isKey)
        scanned = base + pos + 1
    }

    /// The offset after the string at `pos`: read at once on the fast path
    /// when it lies whole in the buffer, else validated from where it stopped
    /// last; `nil` when the buffer ends first.
    private mutating func stringEnd() throws(LoadError) -> Int? {
        if scanned == base + pos + 1 {
            let start = pos
            if let end = buffer.withUnsafeBufferPointer({ JSONValueSkipper($0).skipString(at: start) }) { return end }
        }
        return try scanString()
    }

    /// Validates the string at `pos` from where it stopped last; returns
    /// the offset after its closing quote, or `nil` when the buffer ends first.
    private mutating func scanString() throws(LoadError) -> Int? {
        var i = scanned - base
        let count = buffer.count
        let result: Result<Int?, JSONFailure> = buffer.withUnsafeBufferPointer { bytes in
            while i < count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") { return .success(i + 1) }
                if b == UInt8(ascii: "\\") {
                    guard i + 1 < count else { return .success(nil) }
                    switch bytes[i + 1] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                         UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        i += 2
                    case UInt8(ascii: "u"):
                        guard i + 6 <= count else { return .success(nil) }
                        if Hex.value4(bytes, at: i + 2) == nil {
                            return .failure(JSONFailure(mistake: .invalidUnicodeEscape, offset: i))
                        }
                        i += 6
                    default:
                        return .failure(JSONFailure(mistake: .invalidEscape, offset: i))
                    }
                    continue
                }
                if b < 0x20 { return .failure(JSONFailure(mistake: .controlCharacter, offset: i)) }
                // Non-ASCII: validated when the string is complete.
                i += 1
            }
            return .success(nil)
        }
        scanned = base + i
        switch result {
        case .success(let end):
            if let end { try validateUTF8(end) }
            return end
        case .failure(let failure):
            throw fail(failure.mistake, at: failure.offset)
        }
    }

    /// Checks the UTF-8 of the string token from `pos` to `end`.
    private mutating func validateUTF8(_ end: Int) throws(LoadError) {
        let failure = buffer.withUnsafeBufferPointer { bytes in
            UTF8Validation.firstFailure(in: UnsafeBufferPointer(rebasing: bytes[(pos + 1)..<(end - 1)]))
        }
        guard let failure else { return }
        throw fail(.invalidUTF8, at: pos + 1 + failure.offset)
    }

    /// The number at `pos`, read by the strict scanner's tokenizer: the
    /// offset after it, or `nil` when the buffer ends before it is sure to
    /// (at the very end of the input it ends there).
    private mutating func scanNumber() throws(LoadError) -> Int? {
        let start = pos
        let scanned = buffer.withUnsafeBufferPointer { bytes in
            Result { () throws(JSONFailure) in try Scanner(bytes).scanNumber(at: start).end }
        }
        switch scanned {
        case .success(let end):
            return end < buffer.count || atEnd ? end : nil
        case .failure(let failure):
            if failure.offset >= buffer.count, !atEnd { return nil }
            throw fail(failure.mistake, at: failure.offset)
        }
    }

    /// The literal at `pos`, read by the strict scanner's tokenizer: the
    /// offset after it, or `nil` when the buffer may end inside it.
    private mutating func scanLiteral() throws(LoadError) -> Int? {
        // `false` is the longest: a shorter rest may go on in the next chunk.
        if buffer.count - pos < 5, !atEnd { return nil }
        let start = pos
        let length = buffer.withUnsafeBufferPointer { Scanner($0).literal(at: start)?.length }
        guard let length else { throw fail(.expectedValue) }
        return pos + length
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
        while !atEnd, JSONMistake.quotesWord(at: at, cutBy: buffer),
              let read = try? input.read(into: &buffer, limit: JSONMistake.quotedBytes), read > 0 {}
        let location = location(at: base + at)
        return buffer.withUnsafeBufferPointer { mistake.error(at: at, in: $0, location: location) }
    }
}
