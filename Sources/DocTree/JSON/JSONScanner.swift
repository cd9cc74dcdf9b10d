/// The strict RFC 8259 JSON parser's entry points, each a
/// ``JSONRecordParser`` used once.
///
/// It accepts one value, with white space around it and an optional UTF-8
/// byte order mark before it; duplicate member names are kept, in order.
/// What RFC 8259 forbids fails at the offending byte: trailing commas,
/// comments, single quotes, leading zeros, `NaN`, unescaped control
/// characters, invalid escapes, lone surrogate escapes (`"\uD800"`), and
/// invalid UTF-8 anywhere (``LoadError/Kind-swift.struct/invalidEncoding``).
/// Nesting past ``LoadOptions/maxDepth`` fails at the opening bracket.
package enum JSONScanner {
    /// What UTF-8 JSON input holds.
    package enum Content {
        /// Exactly one value: the document.
        case document(Document)
        /// A complete first value, then another from byte `offset` on: a
        /// stream of values such as JSON Lines (see ``DocumentStream``).
        case values(secondAt: Int)

        /// The document, when there is exactly one value.
        package var document: Document? {
            guard case .document(let document) = self else { return nil }
            return document
        }
    }

    /// Parses UTF-8 JSON `bytes` into a document, with `parser` when
    /// documents read one after another share it (made with the same
    /// `options`; see ``JSONRecordParser``), else with a parser of its own.
    ///
    /// - Throws: ``LoadError`` at the first byte that is not valid JSON (a
    ///   second value included), or ``LoadError/Kind-swift.struct/tooLarge``
    ///   past the table's 32-bit caps.
    package static func parse(
        _ bytes: [UInt8], options: LoadOptions, parser: JSONRecordParser? = nil
    ) throws(LoadError) -> Document {
        let parser = parser ?? JSONRecordParser(options: options)
        // Without allowsMore a second value throws: the content is a document.
        return try parser.read(bytes[...], allowsMore: false, spans: NoSpans()) { bytes }.content.document!
    }

    /// Whether `bytes` load, as ``parse(_:options:parser:)`` would load
    /// them: returns when they do, throws what it throws when not. UTF-8
    /// JSON that scans as one value within the depth limit, with fewer
    /// values than the node limit, loads, and is checked without building
    /// its tree; anything else is parsed, to say why it does not load (or
    /// to load it after all).
    package static func check(_ bytes: [UInt8], options: LoadOptions, parser: JSONRecordParser? = nil) throws(LoadError) {
        let loads = options.encoding == nil && options.format != .xml && bytes.count <= min(options.maxInputBytes, Int(UInt32.max))
            && EncodingDetection.wideUnicode(bytes) == nil
            && bytes.withUnsafeBufferPointer { input in
                guard let value = Scanner(input).checkedValue(options: options) else { return false }
                // The tree has a node for the document too.
                return value.next == input.count && value.values < options.maxNodeCount
            }
        if !loads { _ = try parse(bytes, options: options, parser: parser) }
    }

    /// Parses UTF-8 JSON `bytes` into a document, or says that they hold
    /// more than one value (then the first was valid JSON).
    ///
    /// - Throws: as ``parse(_:options:)``, but never for a second value.
    package static func read(_ bytes: [UInt8], options: LoadOptions) throws(LoadError) -> Content {
        try JSONRecordParser(options: options).read(bytes[...], allowsMore: true, spans: NoSpans()) { bytes }.content
    }

    /// Parses like ``parse(_:options:parser:)`` and also records where every
    /// value and member key stands in `bytes` (see ``NodeSpans``), for editing.
    package static func parseWithSpans(
        _ bytes: [UInt8], options: LoadOptions, parser: JSONRecordParser? = nil
    ) throws(LoadError) -> (Document, NodeSpans) {
        let estimate = JSONRecordParser.estimatedNodes(bytes.count)
        let read = try (parser ?? JSONRecordParser(options: options)).read(
            bytes[...], allowsMore: false, spans: SpanTable(estimatedNodes: estimate)) { bytes }
        let document = read.content.document!  // without allowsMore a second value throws
        return (document, read.spans.finished(for: document))
    }

    /// The offset just past the closing quote of the well-formed string
    /// whose opening quote is at `start` in `bytes` (see ``NodeSpans/keyStarts``).
    package static func stringEnd(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
        return try? Scanner(bytes).scanString(at: start).end
    }
}

/// Reads one input buffer: the one grammar of JSON and its tokens, with
/// word-at-a-time fast paths. Positions are byte offsets, every read checked
/// against `count`. Two words: two registers per helper call.
struct Scanner {
    /// The first byte, or a dangling pointer never read when the input is empty.
    let base: UnsafePointer<UInt8>
    let count: Int

    init(_ input: UnsafeBufferPointer<UInt8>) {
        self.base = input.baseAddress ?? UnsafePointer(bitPattern: 1)!
        self.count = input.count
    }

    var input: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Reads the one value at `start` (white space skipped) in `dialect`,
    /// telling `sink` each token as it validates it; returns the offset past
    /// the value. A container opened more than `maxDepth` deep fails
    /// (``JSONMistake/tooDeep(maxDepth:)``).
    ///
    /// A caller chooses the dialect once, at the top of its load, and calls
    /// this from a function of its own per dialect (out of line), so that no
    /// function holds two copies of the loop: with two, the compiler stopped
    /// inlining the scan.
    @inline(__always)
    func scan<Sink: JSONSink, Dialect: JSONDialect>(
        from start: Int, maxDepth: Int, into sink: inout Sink, _ dialect: Dialect.Type
    ) throws(JSONFailure) -> Int {
        // Up to 32 containers deep the stack is in this frame: no allocation, no copy-on-write checks.
        let result = withUnsafeTemporaryAllocation(of: ScanFrame<Sink.Container>.self, capacity: 32) { room in
            var state = ScanState(room: room, root: sink.root, comments: Dialect.readsComments)
            defer { state.release() }
            return Result { () throws(JSONFailure) in
                try scan(from: start, maxDepth: maxDepth, isFinal: true, into: &sink, state: &state, dialect)
            }
        }
        return try result.get()
    }

    /// Reads the one value at `start` (no white space before it) into
    /// `container`, an open container of `sink`, as
    /// ``scan(from:maxDepth:into:_:)`` reads a top-level value, without
    /// ``JSONSink/finish(_:)``: a resumable sink reads an object or array
    /// whole this way (``JSONSink/takeValue(at:depth:in:of:_:)``). In a
    /// buffer that the input goes on past, such a value read without a
    /// mistake is whole (its closing bracket came); the scan resumed over
    /// one that fails tells a cut from a mistake.
    @inline(__always)
    func scan<Sink: JSONSink, Dialect: JSONDialect>(
        valueAt start: Int, maxDepth: Int, into sink: inout Sink, in container: inout Sink.Container,
        _ dialect: Dialect.Type
    ) throws(JSONFailure) -> Int {
        let result = withUnsafeTemporaryAllocation(of: ScanFrame<Sink.Container>.self, capacity: 32) { room in
            var state = ScanState(room: room, root: container, comments: Dialect.readsComments)
            defer { state.release() }
            return Result { () throws(JSONFailure) in
                let end = try scan(
                    from: start, maxDepth: maxDepth, isFinal: true, finishes: false, into: &sink, state: &state, dialect)
                return (end, state.top.container)
            }
        }
        let (end, filled) = try result.get()
        container = filled
        return end
    }

    /// Reads on from `start` where `state` stands, for a sink that resumes
    /// (``JSONSink/resumes``), over a buffer of the input so far (`isFinal`
    /// when it holds the rest).
    ///
    /// Where the buffer ends inside a token (or the white space before one)
    /// and the input goes on, the scan stops at that token's start
    /// (``ScanState/isSuspended``) and returns its offset; the caller keeps
    /// the bytes from there, appends at least as many (else a long token is
    /// read again and again) and resumes, offsets rebased. Each hook is
    /// called once, when its token is whole: a key's bytes may be gone by the next hook.
    func resume<Sink: JSONSink>(
        from start: Int, state: inout ScanState<Sink.Container>, maxDepth: Int, isFinal: Bool, into sink: inout Sink
    ) throws(JSONFailure) -> Int {
        do {
            return state.comments
                ? try resume(from: start, state: &state, maxDepth: maxDepth, isFinal: isFinal, into: &sink, JSONWithComments.self)
                : try resume(from: start, state: &state, maxDepth: maxDepth, isFinal: isFinal, into: &sink, StrictJSON.self)
        } catch {
            guard !isFinal, mayGoOn(error) else { throw error }
            state.isSuspended = true
            return state.resumeOffset
        }
    }

    /// ``resume(from:state:maxDepth:isFinal:into:)`` in one dialect, out of
    /// line (see ``scan(from:maxDepth:into:_:)``).
    @inline(never)
    private func resume<Sink: JSONSink, Dialect: JSONDialect>(
        from start: Int, state: inout ScanState<Sink.Container>, maxDepth: Int, isFinal: Bool, into sink: inout Sink,
        _ dialect: Dialect.Type
    ) throws(JSONFailure) -> Int {
        try scan(from: start, maxDepth: maxDepth, isFinal: isFinal, into: &sink, state: &state, dialect)
    }

    /// The one scan loop, specialised for each sink and dialect: its
    /// resumable parts compile away for sinks that do not resume, and its
    /// comments for strict JSON.
    ///
    /// JSON with comments costs strict JSON nothing: a comment or a trailing
    /// comma is met only where the strict grammar fails (a '/' where a token
    /// must begin, a closing bracket where a value or a member name must).
    /// There strict JSON throws, and JSON with comments calls, out of line,
    /// ``recover(_:closing:isFinal:at:_:state:into:)`` or
    /// ``nameAfterComments(_:afterComma:at:_:state:into:)``, which skip the
    /// comments so the scan tries again, or close the container. (When one
    /// loop served both, with a run-time flag, their `inout` offset and frame
    /// kept `i` and `top` in memory: loading twitter.json cost 2% more
    /// instructions.) A comma before a closing bracket is read at the comma.
    /// Without `finishes`, the value read goes into `state`'s root container,
    /// left in ``ScanState/top``, and the sink is not told it is finished.
    @inline(__always)
    private func scan<Sink: JSONSink, Dialect: JSONDialect>(
        from start: Int, maxDepth: Int, isFinal: Bool, finishes: Bool = true, into sink: inout Sink,
        state: inout ScanState<Sink.Container>, _ dialect: Dialect.Type
    ) throws(JSONFailure) -> Int {
        var i = start
        var top = state.top
        var member = MemberName.none
        // A resumable scan marks in `state` each token boundary it would stop
        // at, with the phase there (no hook is called between a mark and a
        // failure that may be the buffer's end). Resuming after a value skips
        // the value part of the loop once.
        var afterValue = false

        if Sink.resumes {
            state.isSuspended = false
            i = skipWhitespace(i)
            switch state.phase {
            case .value(let name):
                member = name
            case .afterValue:
                afterValue = true
            case .firstOrClose:
                state.mark(i, .firstOrClose, top)
                guard i < count || isFinal else { throw JSONFailure(.needsInput, at: i) }
                if try closes(at: &i, &top, state: &state, into: &sink) {
                    afterValue = true
                } else if top.isObject {
                    member = .first
                }
            }
        }

        valueLoop: while true {
            valuePart: if Sink.resumes, afterValue {
                afterValue = false
            } else {
                if !Sink.readsKeysApart, member != .none {
                    if Sink.resumes {
                        state.mark(i, .value(member), top)
                    }
                    // The name, its ':' and the white space after it, read here
                    // in the loop, so the sink's state stays in registers (a
                    // call, even to an @inline(__always) helper that was not
                    // inlined, cost the key-path skimmer 4.8% on JSON Lines).
                    guard i < count, base[i] == UInt8(ascii: "\"") else {
                        let mistake = JSONMistake.expectedMemberName(afterComma: member == .afterComma)
                        guard Dialect.readsComments else { throw JSONFailure(mistake, at: i) }
                        guard try recover(mistake, closing: true, isFinal: isFinal, at: &i, &top, state: &state, into: &sink) else {
                            continue valueLoop
                        }
                        member = .none
                        break valuePart
                    }
                    let (end, escaped) = try scanString(at: i)
                    if Sink.resumes {
                        // The ':' before the hook, so the name is told once
                        // even when the buffer ends before its ':'.
                        let next: Int
                        do { next = try valueAfterName(endingAt: end) } catch { next = try valueAfterComments(error, dialect) }
                        try sink.key(from: i, to: end, escaped: escaped, in: &top.container, of: self)
                        i = next
                    } else {
                        try sink.key(from: i, to: end, escaped: escaped, in: &top.container, of: self)
                        do { i = try valueAfterName(endingAt: end) } catch { i = try valueAfterComments(error, dialect) }
                    }
                    member = .none
                }
                if Sink.resumes {
                    state.mark(i, .value(.none), top)
                }
                guard i < count else { throw JSONFailure(state.depth == 0 ? .emptyInput : .expectedValue(inArray: false), at: i) }
                let c = base[i]
                switch c {
                case UInt8(ascii: "\""):
                    let (end, escaped) = try scanString(at: i)
                    try sink.string(from: i, to: end, escaped: escaped, in: &top.container)
                    i = end

                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                    let (end, fractional) = try scanNumber(at: i)
                    // A number that ends the buffer may go on past it.
                    if Sink.resumes, end == count, !isFinal { throw JSONFailure(.needsInput, at: end) }
                    try sink.number(from: i, to: end, fractional: fractional, in: &top.container)
                    i = end

                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    guard let (kind, length) = literal(at: i) else { throw JSONFailure(.expectedValue(inArray: false), at: i) }
                    try sink.literal(kind, at: i, length: length, in: &top.container)
                    i &+= length

                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    if Sink.takesValues, state.depth > 0,
                       let end = try sink.takeValue(at: i, depth: state.depth, in: &top.container, of: self, dialect)
                    {
                        i = end
                        break valuePart
                    }
                    guard state.depth < maxDepth else { throw JSONFailure(.tooDeep(maxDepth: maxDepth), at: i) }
                    let isObject = c == UInt8(ascii: "{")
                    let opened = try sink.open(isObject: isObject, at: i, in: &top.container)
                    state.push(top)
                    top = ScanFrame(container: opened, isObject: isObject)
                    i = skipWhitespace(i &+ 1)
                    if Sink.resumes, i == count, !isFinal {
                        state.mark(i, .firstOrClose, top)
                        throw JSONFailure(.needsInput, at: i)
                    }
                    if try !closes(at: &i, &top, state: &state, into: &sink) {
                        if isObject, Sink.readsKeysApart {
                            do {
                                i = try nameApart(at: i, afterComma: false, into: &sink, in: &top.container)
                            } catch {
                                guard Dialect.readsComments else { throw error }
                                // `{ /* … */ }` closes here.
                                if try nameAfterComments(error, afterComma: false, at: &i, &top, state: &state, into: &sink) { break }
                            }
                        } else if isObject {
                            member = .first
                        }
                        continue valueLoop
                    }

                default:
                    // Values in an array follow only '[' or ','.
                    let closing = !top.isObject && state.depth > 0
                    guard Dialect.readsComments else { throw JSONFailure(.expectedValue(inArray: closing), at: i) }
                    // (A comma may end an array, after comments.)
                    if try recover(.expectedValue(inArray: closing), closing: closing, isFinal: isFinal, at: &i, &top, state: &state, into: &sink) {
                        break
                    }
                    continue valueLoop
                }
            }

            // After a value: a separator, a closing bracket, or the end of the value read.
            while true {
                if state.depth == 0 { break valueLoop }
                if Sink.resumes {
                    state.mark(i, .afterValue, top)
                }
                i = skipWhitespace(i)
                if i < count, base[i] == UInt8(ascii: ",") {
                    try sink.separator(at: i)
                    i = skipWhitespace(i &+ 1)
                    // JSON with comments: a comma may end the container.
                    if Dialect.readsComments, try closes(at: &i, &top, state: &state, into: &sink) { continue }
                    if top.isObject {
                        if Sink.readsKeysApart {
                            do {
                                i = try nameApart(at: i, afterComma: true, into: &sink, in: &top.container)
                            } catch {
                                guard Dialect.readsComments else { throw error }
                                if try nameAfterComments(error, afterComma: true, at: &i, &top, state: &state, into: &sink) { continue }
                            }
                        } else {
                            member = .afterComma
                        }
                    }
                    continue valueLoop
                }
                if try closes(at: &i, &top, state: &state, into: &sink) { continue }
                let mistake = JSONMistake.expectedCommaOrClose(inObject: top.isObject)
                guard Dialect.readsComments else { throw JSONFailure(mistake, at: i) }
                _ = try recover(mistake, closing: false, isFinal: isFinal, at: &i, &top, state: &state, into: &sink)
            }
        }
        if finishes { sink.finish(top.container) }
        if Sink.resumes || !finishes { state.top = top }
        if Sink.resumes { state.phase = .value(.none) }
        return i
    }

    /// Whether the scan may have failed only because the buffer ends (more
    /// bytes could make the value valid); never for a sink's ``JSONMistake/declined``.
    func mayGoOn(_ failure: JSONFailure) -> Bool {
        switch failure.mistake {
        case .declined: return false
        case .needsInput, .unterminatedString, .unterminatedComment: return true
        case .invalidUTF8, .invalidUnicodeEscape, .loneSurrogate:
            // A UTF-8 sequence or an escape (a pair is 12 bytes) cut short.
            return failure.offset + 12 >= count
        case .expectedValue:
            // `tru` at the buffer's end may be `true`.
            guard failure.offset < count else { return true }
            let rest = UnsafeBufferPointer(rebasing: input[failure.offset...])
            return rest.count < 5 && ["true", "false", "null"].contains { $0.utf8.starts(with: rest) }
        default:
            return failure.offset >= count
        }
    }

    // MARK: Tokens
    /// The first offset from `start` on that is not JSON white space (space, tab, LF, CR).
    @inline(__always)
    func skipWhitespace(_ start: Int) -> Int {
        // Minified input has no whitespace at all: one comparison.
        if start < count, base[start] > 0x20 { return start }
        return skipWhitespaceRun(start)
    }

    /// Skips whitespace eight bytes at a time, for indented input.
    func skipWhitespaceRun(_ start: Int) -> Int {
        var i = start
        while i &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            if word == 0x2020_2020_2020_2020 {  // indentation
                i &+= 8
                continue
            }
            let whitespace = ByteWords.lanes(word, equalTo: 0x20) | ByteWords.lanes(word, equalTo: 0x0A)
                | ByteWords.lanes(word, equalTo: 0x0D) | ByteWords.lanes(word, equalTo: 0x09)
            let other = ~whitespace & 0x8080_8080_8080_8080
            if other != 0 { return i &+ (other.trailingZeroBitCount &>> 3) }
            i &+= 8
        }
        while i < count {
            let c = base[i]
            guard c <= 0x20, c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { break }
            i &+= 1
        }
        return i
    }

    /// The kind and length of the literal at `i` (in the input), compared
    /// as one little-endian word ("true", "null", "alse"); `nil` for none.
    @inline(__always)
    func literal(at i: Int) -> (kind: Node.Kind, length: Int)? {
        switch base[i] {
        case UInt8(ascii: "t") where word(at: i) == 0x6575_7274: (.true, 4)
        case UInt8(ascii: "n") where word(at: i) == 0x6C6C_756E: (.null, 4)
        case UInt8(ascii: "f") where word(at: i &+ 1) == 0x6573_6C61: (.false, 5)
        default: nil
        }
    }

    /// The four bytes at `i` as a little-endian word, or 0 when fewer remain.
    @inline(__always)
    func word(at i: Int) -> UInt32 {
        guard i &+ 4 <= count else { return 0 }
        return UInt32(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt32.self))
    }

    @inline(__always)
    static func isDigit(_ c: UInt8) -> Bool { c &- UInt8(ascii: "0") < 10 }

    /// Scans the number starting at `start` (a digit or '-').
    ///
    /// Transparent, as ``scanString(at:)`` is: the resumable scan's
    /// specialisation for ``JSONStreamScanner`` called it out of line.
    @_transparent
    func scanNumber(at start: Int) throws(JSONFailure) -> (end: Int, fractional: Bool) {
        var i = start
        if base[i] == UInt8(ascii: "-") { i &+= 1 }
        if i < count, base[i] == UInt8(ascii: "0") {
            i &+= 1
            if i < count, Self.isDigit(base[i]) { throw JSONFailure(.leadingZero, at: start) }
        } else {
            i = try digits(from: i, .sign)
        }
        var fractional = false
        if i < count, base[i] == UInt8(ascii: ".") {
            i = try digits(from: i &+ 1, .fraction)
            fractional = true
        }
        if i < count, base[i] | 0x20 == UInt8(ascii: "e") {
            i &+= 1
            if i < count, base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-") { i &+= 1 }
            i = try digits(from: i, .exponent)
            fractional = true
        }
        return (i, fractional)
    }

    /// The offset past the digits from `start`, of which there must be one
    /// (else the number lacks its `part`).
    @inline(__always)
    func digits(from start: Int, _ part: JSONMistake.NumberPart) throws(JSONFailure) -> Int {
        guard start < count, Self.isDigit(base[start]) else { throw JSONFailure(.expectedDigit(part), at: start) }
        return skipDigits(start &+ 1)
    }

    /// The first offset from `start` on that is not an ASCII digit.
    @inline(__always)
    func skipDigits(_ start: Int) -> Int {
        var i = start
        while i &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let ones: UInt64 = 0x0101_0101_0101_0101
            // High bit set in a byte below '0', above '9', or not ASCII; borrows and
            // carries reach only bytes after a marked one, so the lowest is exact.
            let other = ((word &- ones &* 0x30) | (word &+ ones &* 0x46) | word) & (ones &* 0x80)
            if other != 0 { return i &+ (other.trailingZeroBitCount &>> 3) }
            i &+= 8
        }
        while i < count, Self.isDigit(base[i]) { i &+= 1 }
        return i
    }

    /// Validates the string whose opening quote is at `start` (escapes and
    /// UTF-8): the offset past its closing quote, and whether it has a backslash.
    ///
    /// Transparent, not `@inline(__always)`: the resumable scan's
    /// specialisation for ``JSONStreamScanner`` called that out of line.
    @_transparent
    func scanString(at start: Int) throws(JSONFailure) -> (end: Int, escaped: Bool) {
        var i = start &+ 1
        var escaped = false
        while true {
            // Fast path: skip eight plain ASCII bytes at a time.
            while i &+ 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                let special = ByteWords.stringSpecials(word)
                if special != 0 {
                    i &+= special.trailingZeroBitCount &>> 3
                    break
                }
                i &+= 8
            }
            guard i < count else { throw JSONFailure(.unterminatedString, at: start) }
            let c = base[i]
            if c == UInt8(ascii: "\"") { return (i &+ 1, escaped) }
            if c == UInt8(ascii: "\\") {
                escaped = true
                i = try scanEscape(at: i, stringStart: start)
            } else if c >= 0x80 {
                let length = UTF8Validation.sequenceLength(at: i, in: input)
                guard length != 0 else { throw JSONFailure(.invalidUTF8, at: i) }
                i &+= length
            } else if c < 0x20 {
                throw JSONFailure(.controlCharacter, at: i)
            } else {
                i &+= 1
            }
        }
    }

    /// Validates the escape whose backslash is at `i`; returns the offset past it.
    @inline(__always)
    func scanEscape(at i: Int, stringStart: Int) throws(JSONFailure) -> Int {
        guard i &+ 1 < count else { throw JSONFailure(.unterminatedString, at: stringStart) }
        switch base[i &+ 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return i &+ 2
        case UInt8(ascii: "u"):
            guard let value = Hex.value4(input, at: i &+ 2) else { throw JSONFailure(.invalidUnicodeEscape, at: i) }
            if value & 0xF800 != 0xD800 { return i &+ 6 }
            guard value < 0xDC00 else { throw JSONFailure(.loneSurrogate(high: false), at: i) }
            if i &+ 8 <= count, base[i &+ 6] == UInt8(ascii: "\\"), base[i &+ 7] == UInt8(ascii: "u") {
                guard let low = Hex.value4(input, at: i &+ 8) else {
                    throw JSONFailure(.invalidUnicodeEscape, at: i &+ 6)
                }
                if low & 0xFC00 == 0xDC00 { return i &+ 12 }
            }
            throw JSONFailure(.loneSurrogate(high: true), at: i)
        default:
            throw JSONFailure(.invalidEscape, at: i)
        }
    }

    // MARK: Member names and closing brackets
    /// Reads a member name at `start`, telling `sink`, in a function of its own
    /// (for sinks that say so, ``JSONSink/readsKeysApart``); returns the
    /// offset of the member's value.
    @inline(never)
    func nameApart<Sink: JSONSink>(
        at i: Int, afterComma: Bool, into sink: inout Sink, in container: inout Sink.Container
    ) throws(JSONFailure) -> Int {
        guard i < count, base[i] == UInt8(ascii: "\"") else {
            throw JSONFailure(.expectedMemberName(afterComma: afterComma), at: i)
        }
        let (end, escaped) = try scanString(at: i)
        try sink.key(from: i, to: end, escaped: escaped, in: &container, of: self)
        return try valueAfterName(endingAt: end)
    }

    /// After a member name that ends at `end`: the offset of its value,
    /// past the ':' and the white space around it.
    @inline(__always)
    func valueAfterName(endingAt end: Int) throws(JSONFailure) -> Int {
        let colon = skipWhitespace(end)
        guard colon < count, base[colon] == UInt8(ascii: ":") else { throw JSONFailure(.expectedColon, at: colon) }
        return skipWhitespace(colon &+ 1)
    }

    // MARK: JSON with comments, where strict JSON fails

    /// Where the strict grammar failed with `mistake` at `i`, in JSON with
    /// comments: skips the comments there and returns `false` (the scan
    /// tries again at the new `i`), or where `closing` allows a closing
    /// bracket (after a comma, or after comments just inside the
    /// container), closes the container and returns `true`; else throws
    /// `mistake`. Out of line: comments are rare even where they are read.
    @inline(never)
    private func recover<Sink: JSONSink>(
        _ mistake: JSONMistake, closing: Bool, isFinal: Bool, at i: inout Int, _ top: inout ScanFrame<Sink.Container>,
        state: inout ScanState<Sink.Container>, into sink: inout Sink
    ) throws(JSONFailure) -> Bool {
        let next = try skipComments(i)
        // A line comment the buffer ends in, or a '/' that ends it, may go
        // on: a resumable scan stops before it.
        if !isFinal, next == count || next == i && i + 1 == count { throw JSONFailure(.needsInput, at: i) }
        if next != i {
            i = next
            return false
        }
        if closing, try closes(at: &i, &top, state: &state, into: &sink) { return true }
        throw JSONFailure(mistake, at: i)
    }

    /// Where ``nameApart(at:afterComma:into:in:)`` failed, in JSON with
    /// comments: reads the member after the comments there (then `i` is its
    /// value's offset) or, after a comma or just inside the object, its
    /// closing brace (then returns `true`); else rethrows `failure`.
    @inline(never)
    private func nameAfterComments<Sink: JSONSink>(
        _ failure: JSONFailure, afterComma: Bool, at i: inout Int, _ top: inout ScanFrame<Sink.Container>,
        state: inout ScanState<Sink.Container>, into sink: inout Sink
    ) throws(JSONFailure) -> Bool {
        var failure = failure
        while true {
            guard case .expectedMemberName = failure.mistake else {
                i = try valueAfterComments(failure, JSONWithComments.self)
                return false
            }
            i = failure.offset
            if try recover(failure.mistake, closing: true, isFinal: true, at: &i, &top, state: &state, into: &sink) {
                return true
            }
            do {
                i = try nameApart(at: i, afterComma: afterComma, into: &sink, in: &top.container)
                return false
            } catch {
                failure = error
            }
        }
    }

    /// Where ``valueAfterName(endingAt:)`` failed: in JSON with comments,
    /// the offset of the value after the comments, ':' and white space
    /// there; else rethrows `failure`.
    @inline(__always)
    func valueAfterComments<Dialect: JSONDialect>(_ failure: JSONFailure, _ dialect: Dialect.Type) throws(JSONFailure) -> Int {
        guard Dialect.readsComments, failure.mistake == .expectedColon else { throw failure }
        let colon = try skipComments(failure.offset)
        guard colon < count, base[colon] == UInt8(ascii: ":") else {
            // A '/' that ends the buffer may begin a comment the input goes on with.
            let cut = colon + 1 == count && base[colon] == UInt8(ascii: "/")
            throw JSONFailure(cut ? .unterminatedComment : .expectedColon, at: colon)
        }
        return skipWhitespace(colon &+ 1)
    }

    /// Whether `top`'s closing bracket is at `i`; if so, reads it, tells
    /// `sink`, and pops the next container into `top`.
    @inline(__always)
    private func closes<Sink: JSONSink>(
        at i: inout Int, _ top: inout ScanFrame<Sink.Container>, state: inout ScanState<Sink.Container>,
        into sink: inout Sink
    ) throws(JSONFailure) -> Bool {
        guard i < count, base[i] == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return false }
        i &+= 1
        try sink.close(top.container, at: i)
        top = state.pop()
        return true
    }
}
