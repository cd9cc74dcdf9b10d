/// The strict RFC 8259 JSON parser: one pass over UTF-8 bytes that validates
/// the input and appends node records to a ``TreeBuilder`` as it goes.
///
/// ## What it accepts
///
/// Exactly one JSON value, with optional whitespace around it and an optional
/// UTF-8 byte order mark before it. Everything RFC 8259 forbids is an error
/// located at the offending byte: trailing commas, comments, single quotes,
/// leading zeros, `NaN`, unescaped control characters, invalid escapes, lone
/// UTF-16 surrogate escapes (`"\uD800"`), and invalid UTF-8 anywhere
/// (overlong forms, encoded surrogates, truncated sequences, code points past
/// U+10FFFF), the last reported as ``LoadError/Kind-swift.struct/invalidEncoding``.
/// Duplicate member names are kept, in order.
///
/// ## How it builds
///
/// The input itself becomes the document's text buffer, so loading copies no
/// string and no number:
///
/// - a string leaf is the span between its quotes, flagged
///   ``NodeRecord/Flags/escaped`` when it contains a backslash (then
///   ``JSONStringDecoding`` decodes it when it is read);
/// - a number leaf is the span of its text exactly as written, flagged
///   ``NodeRecord/Flags/fractional`` when it has a fraction or an exponent;
/// - `true`, `false` and `null` are spans of their literal;
/// - an object member is its value's record, whose name id is the interned,
///   decoded key.
///
/// Containers are tracked on an explicit stack, never by recursion, so the
/// nesting depth is bounded only by ``LoadOptions/maxDepth``; deeper input
/// fails with ``LoadError/Kind-swift.struct/nestingTooDeep`` at the opening
/// bracket.
package enum JSONScanner {
    /// What UTF-8 JSON input holds.
    package enum Content {
        /// Exactly one value: the document.
        case document(Document)
        /// A complete first value, then more than white space from byte
        /// `offset` on: a stream of values such as JSON Lines, which
        /// ``DocumentStream`` reads.
        case values(secondAt: Int)
    }

    /// Parses UTF-8 JSON `bytes` into a document.
    ///
    /// - Throws: ``LoadError`` at the first byte that is not valid JSON (a
    ///   second value included), or ``LoadError/Kind-swift.struct/tooLarge``
    ///   past the table's 32-bit caps.
    package static func parse(_ bytes: [UInt8], options: LoadOptions) throws(LoadError) -> Document {
        switch try read(bytes, options: options) {
        case .document(let document):
            return document
        case .values(let offset):
            throw bytes.withUnsafeBufferPointer { JSONMistake.trailingValue.error(at: offset, in: $0) }
        }
    }

    /// Parses UTF-8 JSON `bytes` into a document, or says that they hold
    /// more than one value (then the first was valid JSON).
    ///
    /// - Throws: as ``parse(_:options:)``, but never for a second value.
    package static func read(_ bytes: [UInt8], options: LoadOptions) throws(LoadError) -> Content {
        try read(bytes, options: options, allowsMore: true, spans: NoSpans()).0
    }

    /// ``read(_:options:)``, telling `spans` where each value and key stands
    /// (returned with the content); a second value is an error unless `allowsMore`.
    private static func read<Spans: SpanRecorder>(
        _ bytes: [UInt8], options: LoadOptions, allowsMore: Bool, spans: consuming Spans
    ) throws(LoadError) -> (Content, Spans) {
        var sink = JSONTreeSink(
            builder: TreeBuilder(
                splitsPrefixes: false, maxDepth: options.maxDepth,
                estimatedNodes: estimatedNodes(min(bytes.count, Int(UInt32.max)))),
            keys: KeyCache(), stamps: KeyStamps(), spans: spans)
        defer {
            sink.keys.deallocate()
            sink.stamps.deallocate()
        }
        let end = try bytes.withUnsafeBufferPointer { (input) throws(LoadError) in
            try build(input, into: &sink, options: options, allowsMore: allowsMore)
        }
        if end < bytes.count { return (.values(secondAt: end), sink.spans) }
        sink.builder.text = bytes
        return (.document(sink.builder.finish(format: .json)), sink.spans)
    }

    /// The offset just past the closing quote of the well-formed string
    /// whose opening quote is at `start` in `bytes` (a member key the
    /// scanner read; see ``NodeSpans/keyStarts``).
    package static func stringEnd(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
        return try? Scanner(bytes).scanString(at: start).end
    }

    /// Parses like ``parse(_:options:)`` and also records where every value
    /// and member key stands in `bytes` (see ``NodeSpans``), for editing.
    package static func parseWithSpans(_ bytes: [UInt8], options: LoadOptions) throws(LoadError) -> (Document, NodeSpans) {
        let (content, table) = try read(
            bytes, options: options, allowsMore: false,
            spans: SpanTable(estimatedNodes: estimatedNodes(min(bytes.count, Int(UInt32.max)))))
        var spans = table
        // Without allowsMore a second value throws, so this is one document.
        guard case .document(let document) = content else {
            preconditionFailure("a second value is an error without allowsMore")
        }
        spans.begin(0, at: 0)
        spans.end(0, at: bytes.count)
        spans.spans.reserve(document.table.nodes.count - 1)
        return (document, spans.spans)
    }

    /// Records to reserve for `inputBytes` of JSON: one per 8 bytes, so even
    /// number-dense JSON (canada.json, 13.5 bytes a value) fits without
    /// regrowing; `finish` gives back what stays unused.
    static func estimatedNodes(_ inputBytes: Int) -> Int { inputBytes / 8 }

    /// Scans `input` into `sink`'s builder (which holds only the document
    /// node), checking the size limits; the caller sets the text and
    /// finishes. ``JSONRecordParser`` passes caches it keeps from one record
    /// to the next.
    ///
    /// Returns where the first value ends (after the white space that
    /// follows it): the end of the input, or, when `allowsMore`, the start
    /// of a second value; without `allowsMore` a second value is an error.
    static func build<Spans: SpanRecorder>(
        _ input: UnsafeBufferPointer<UInt8>, into sink: inout JSONTreeSink<Spans>, options: LoadOptions,
        allowsMore: Bool = false
    ) throws(LoadError) -> Int {
        guard input.count <= Int(UInt32.max) else {
            throw LoadError(
                .tooLarge, "the input is \(input.count) bytes; a document holds at most \(UInt32.max) bytes of text")
        }
        sink.stamps.prepare(forInputOf: input.count)
        // A node takes at least two input bytes (`[0,0,…]`), so input of
        // fewer than twice the limit cannot pass it and is scanned unchecked.
        sink.maxNodes = input.count / 2 + 2 <= options.maxNodeCount ? Int.max : options.maxNodeCount
        let scanner = Scanner(input)
        let end: Int
        do {
            let bom = input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF
            let start = scanner.skipWhitespace(bom ? 3 : 0)
            end = scanner.skipWhitespace(try scanner.scan(from: start, maxDepth: options.maxDepth, into: &sink))
        } catch {
            throw error.located(in: input)
        }
        guard end == input.count || allowsMore else { throw JSONMistake.trailingValue.error(at: end, in: input) }
        guard sink.builder.fitsLimits else {
            throw LoadError(.tooLarge, "the document has more than \(UInt32.max - 1) nodes")
        }
        guard sink.builder.nodes.count <= options.maxNodeCount else {
            throw LoadError(.tooLarge, JSONMistake.tooManyNodesMessage(options.maxNodeCount))
        }
        return end
    }
}

// MARK: - The scanner

/// Where the scan stands before a value: no member name first, or the
/// first name of an object, or a name after a comma.
enum MemberName { case none, first, afterComma }

/// Where the grammar stands at a token boundary, where a resumable scan
/// stops when the buffer ends and goes on later (``ScanState``).
enum ScanPhase {
    /// Before a value, with a member name and its ':' first unless `.none`.
    case value(MemberName)
    /// Just inside a container: its first value (or member name), or its
    /// closing bracket.
    case firstOrClose
    /// After a value: a comma, a closing bracket, or the end of the value read.
    case afterValue
}

/// One open container while scanning: what the sink keeps for it, and
/// whether it is an object.
struct ScanFrame<Container> {
    var container: Container
    var isObject: Bool
}

/// The scan's stack of open containers: in the room its caller gives (a
/// temporary allocation) while that suffices, then on the heap. Elements
/// are plain values (a sink's containers hold no references).
struct ScanStack<Element> {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int
    private var onHeap = false

    init(_ room: UnsafeMutableBufferPointer<Element>) {
        base = room.baseAddress!
        capacity = room.count
    }

    /// A stack on the heap from the start, for a scan that outlives one
    /// call (``ScanState``); its owner calls ``release()``.
    init(capacity: Int) {
        base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        self.capacity = capacity
        onHeap = true
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func push(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count &+= 1
    }

    @inline(__always)
    mutating func pop() -> Element {
        count &-= 1
        return (base + count).move()
    }

    /// Empties the stack, keeping its storage.
    mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        if onHeap { base.deallocate() }
        base = larger
        capacity *= 2
        onHeap = true
    }

    /// Frees the heap storage, if any.
    func release() {
        if onHeap { base.deallocate() }
    }
}

/// Where a scan stands: its open containers, the innermost one, and the
/// phase of the grammar. A resumable scan
/// (``Scanner/resume(from:state:maxDepth:isFinal:into:)``) keeps it from
/// one buffer to the next; its owner calls ``release()`` at the end.
struct ScanState<Container> {
    /// The open containers outside ``top``.
    var stack: ScanStack<ScanFrame<Container>>
    /// The innermost open container (the sink's root outside any).
    var top: ScanFrame<Container>
    /// Where the grammar stands.
    var phase = ScanPhase.value(.none)
    /// Whether the last scan stopped at the buffer's end, before the value ended.
    var isSuspended = false
    /// The last token boundary marked, where a scan that stops goes on.
    var resumeOffset = 0

    init(stack: ScanStack<ScanFrame<Container>>, root: Container) {
        self.stack = stack
        self.top = ScanFrame(container: root, isObject: false)
    }

    /// A state before a top-level value, its stack on the heap.
    init(root: Container) {
        self.init(stack: ScanStack(capacity: 32), root: root)
    }

    /// Back to before a top-level value (after a malformed one).
    mutating func reset(root: Container) {
        stack.removeAll()
        top = ScanFrame(container: root, isObject: false)
        phase = .value(.none)
        isSuspended = false
    }

    /// Marks the token boundary at `offset`, in `phase`, with `top` the
    /// innermost container there: where the scan goes on if the buffer ends
    /// before the next mark.
    @inline(__always)
    mutating func mark(_ offset: Int, _ phase: ScanPhase, _ top: ScanFrame<Container>) {
        resumeOffset = offset
        self.phase = phase
        self.top = top
    }

    /// Frees the stack's storage.
    func release() { stack.release() }
}

/// Reads one input buffer. Positions are byte offsets into it; every read
/// is preceded by a bounds check against `count`. Two words, so passing it
/// to the helpers costs two registers.
struct Scanner {
    /// The first byte, or a dangling pointer never read when the input is empty.
    let base: UnsafePointer<UInt8>
    let count: Int

    init(_ input: UnsafeBufferPointer<UInt8>) {
        self.base = input.baseAddress ?? UnsafePointer(bitPattern: 1)!
        self.count = input.count
    }

    var input: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Reads the one value that starts at `start` (white space already
    /// skipped), telling `sink` each token as it validates it: the one
    /// grammar of JSON, whatever the sink makes of it.
    ///
    /// Containers are tracked on an explicit stack; opening one more than
    /// `maxDepth` deep fails with ``JSONMistake/tooDeep(maxDepth:)``.
    ///
    /// Returns the offset just past the value.
    @inline(__always)
    func scan<Sink: JSONSink>(from start: Int, maxDepth: Int, into sink: inout Sink) throws(JSONFailure) -> Int {
        // The stack lives in this frame up to 32 containers deep (no
        // allocation, no copy-on-write checks), then on the heap.
        let result = withUnsafeTemporaryAllocation(of: ScanFrame<Sink.Container>.self, capacity: 32) { room in
            var state = ScanState(stack: ScanStack(room), root: sink.root)
            defer { state.release() }
            return Result { () throws(JSONFailure) in
                try scan(from: start, maxDepth: maxDepth, isFinal: true, into: &sink, state: &state)
            }
        }
        return try result.get()
    }

    /// Reads on from `start` where `state` stands, for a sink that resumes
    /// (``JSONSink/resumes``), over a buffer that holds the input so far
    /// (`isFinal` when it holds the rest of it).
    ///
    /// When the buffer ends inside a token, or in the white space before
    /// one, and the input goes on, the scan stops at that token's start
    /// with `state` saved (``ScanState/isSuspended``) and returns that
    /// offset: the caller keeps the bytes from there on, appends more and
    /// resumes from the same bytes (offsets rebased to the new buffer). A
    /// number that ends the buffer is not finished until the input is.
    /// Each hook is called once per token, after the token is whole: a key
    /// hook's bytes may be gone when the next hook comes.
    ///
    /// Returns the offset just past the value when it ended, else where to
    /// resume. The caller that resumes should read at least as many bytes
    /// again as it keeps, or a long token is read again and again.
    func resume<Sink: JSONSink>(
        from start: Int, state: inout ScanState<Sink.Container>, maxDepth: Int, isFinal: Bool, into sink: inout Sink
    ) throws(JSONFailure) -> Int {
        do {
            return try scan(from: start, maxDepth: maxDepth, isFinal: isFinal, into: &sink, state: &state)
        } catch {
            guard !isFinal, mayGoOn(error) else { throw error }
            state.isSuspended = true
            return state.resumeOffset
        }
    }

    /// The one scan loop, resumable when the sink says so (the check is
    /// static: for the others the resumable parts compile away).
    @inline(__always)
    private func scan<Sink: JSONSink>(
        from start: Int, maxDepth: Int, isFinal: Bool, into sink: inout Sink, state: inout ScanState<Sink.Container>
    ) throws(JSONFailure) -> Int {
        var i = start
        var top = state.top

        // Whether a member name comes before the next value.
        var member = MemberName.none

        // A resumable scan marks in `state` each token boundary it would
        // stop at, with the phase there (no hook is called between the mark
        // and a failure that may be the buffer's end); `resume` stops there.
        // Resuming after a value: the value part of the loop is skipped once.
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
                guard i < count || isFinal else { throw fail(.needsInput, at: i) }
                if i < count, base[i] == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i &+= 1
                    try sink.close(top.container, at: i)
                    top = state.stack.pop()
                    afterValue = true
                } else if top.isObject {
                    member = .first
                }
            }
        }

        valueLoop: while true {
            if Sink.resumes, afterValue {
                afterValue = false
            } else {
                if !Sink.readsKeysApart, member != .none {
                    if Sink.resumes {
                        state.mark(i, .value(member), top)
                    }
                    // The name, its ':' and the white space after it, read here
                    // in the loop, so the sink's state stays in registers.
                    guard i < count, base[i] == UInt8(ascii: "\"") else {
                        throw fail(.expectedMemberName(afterComma: member == .afterComma), at: i)
                    }
                    let (end, escaped) = try scanString(at: i)
                    if Sink.resumes {
                        // The ':' before the hook, so the name is told once
                        // even when the buffer ends before its ':'.
                        let next = try valueAfterName(endingAt: end)
                        try sink.key(from: i, to: end, escaped: escaped, in: &top.container, of: self)
                        i = next
                    } else {
                        try sink.key(from: i, to: end, escaped: escaped, in: &top.container, of: self)
                        i = try valueAfterName(endingAt: end)
                    }
                    member = .none
                }
                if Sink.resumes {
                    state.mark(i, .value(.none), top)
                }
                // A value starts at `i` (whitespace already skipped).
                guard i < count else { throw fail(state.stack.isEmpty ? .emptyInput : .expectedValue, at: i) }
                let c = base[i]
                switch c {
                case UInt8(ascii: "\""):
                    let (end, escaped) = try scanString(at: i)
                    try sink.string(from: i, to: end, escaped: escaped, in: &top.container)
                    i = end

                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                    let (end, fractional) = try scanNumber(at: i)
                    // A number that ends the buffer may go on past it.
                    if Sink.resumes, end == count, !isFinal { throw fail(.needsInput, at: end) }
                    try sink.number(from: i, to: end, fractional: fractional, in: &top.container)
                    i = end

                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    guard let (kind, length) = literal(at: i) else { throw fail(.expectedValue, at: i) }
                    try sink.literal(kind, at: i, length: length, in: &top.container)
                    i &+= length

                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    guard state.stack.count < maxDepth else { throw fail(.tooDeep(maxDepth: maxDepth), at: i) }
                    let isObject = c == UInt8(ascii: "{")
                    let opened = try sink.open(isObject: isObject, at: i, in: &top.container)
                    state.stack.push(top)
                    top = ScanFrame(container: opened, isObject: isObject)
                    i = skipWhitespace(i &+ 1)
                    if Sink.resumes, i == count, !isFinal {
                        state.mark(i, .firstOrClose, top)
                        throw fail(.needsInput, at: i)
                    }
                    let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                    if i < count, base[i] == closer {
                        i &+= 1
                        try sink.close(top.container, at: i)
                        top = state.stack.pop()
                    } else if isObject {
                        if Sink.readsKeysApart {
                            i = try keyApart(at: i, afterComma: false, into: &sink, in: &top.container)
                        } else {
                            member = .first
                        }
                        continue valueLoop
                    } else {
                        continue valueLoop
                    }

                default:
                    throw fail(.expectedValue, at: i)
                }
            }

            // After a value: a separator, a closing bracket, or the end of the value read.
            while true {
                if state.stack.isEmpty { break valueLoop }
                if Sink.resumes {
                    state.mark(i, .afterValue, top)
                }
                i = skipWhitespace(i)
                guard i < count else {
                    throw fail(.expectedCommaOrClose(inObject: top.isObject), at: i)
                }
                let c = base[i]
                if c == UInt8(ascii: ",") {
                    try sink.separator(at: i)
                    i = skipWhitespace(i &+ 1)
                    if top.isObject {
                        if Sink.readsKeysApart {
                            i = try keyApart(at: i, afterComma: true, into: &sink, in: &top.container)
                        } else {
                            member = .afterComma
                        }
                    }
                    continue valueLoop
                }
                if top.isObject ? c == UInt8(ascii: "}") : c == UInt8(ascii: "]") {
                    i &+= 1
                    try sink.close(top.container, at: i)
                    top = state.stack.pop()
                    continue
                }
                throw fail(.expectedCommaOrClose(inObject: top.isObject), at: i)
            }
        }
        sink.finish(top.container)
        if Sink.resumes {
            state.top = top
            state.phase = .value(.none)
        }
        return i
    }

    /// Whether the scan may have failed only because the buffer ends: more
    /// bytes could make the value valid, or fail it further on. A sink's
    /// own stop (``JSONMistake/declined``) never is.
    func mayGoOn(_ failure: JSONFailure) -> Bool {
        switch failure.mistake {
        case .declined: return false
        case .needsInput, .unterminatedString: return true
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

    /// The offset of the first byte at or after `start` that is not JSON
    /// whitespace (space, tab, line feed, carriage return).
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
            let ones: UInt64 = 0x0101_0101_0101_0101
            if word == ones &* 0x20 {  // indentation
                i &+= 8
                continue
            }
            let whitespace = ByteWords.zeroBytes(word ^ (ones &* 0x20)) | ByteWords.zeroBytes(word ^ (ones &* 0x0A))
                | ByteWords.zeroBytes(word ^ (ones &* 0x0D)) | ByteWords.zeroBytes(word ^ (ones &* 0x09))
            let other = ~whitespace & (ones &* 0x80)
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

    /// "true", "null" and "alse" as little-endian words.
    static var trueWord: UInt32 { 0x6575_7274 }
    static var nullWord: UInt32 { 0x6C6C_756E }
    static var alseWord: UInt32 { 0x6573_6C61 }

    /// The literal (`true`, `false` or `null`) at `i`, which is in the
    /// input: its kind and length; `nil` when there is none.
    @inline(__always)
    func literal(at i: Int) -> (kind: Node.Kind, length: Int)? {
        switch base[i] {
        case UInt8(ascii: "t") where word(at: i) == Self.trueWord: (.true, 4)
        case UInt8(ascii: "n") where word(at: i) == Self.nullWord: (.null, 4)
        case UInt8(ascii: "f") where word(at: i &+ 1) == Self.alseWord: (.false, 5)
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
    @inline(__always)
    func scanNumber(at start: Int) throws(JSONFailure) -> (end: Int, fractional: Bool) {
        var i = start
        if base[i] == UInt8(ascii: "-") { i &+= 1 }
        guard i < count, Self.isDigit(base[i]) else { throw fail(.expectedDigit(.sign), at: i) }
        if base[i] == UInt8(ascii: "0") {
            i &+= 1
            if i < count, Self.isDigit(base[i]) {
                throw fail(.leadingZero, at: start)
            }
        } else {
            i = skipDigits(i &+ 1)
        }
        var fractional = false
        if i < count, base[i] == UInt8(ascii: ".") {
            i &+= 1
            guard i < count, Self.isDigit(base[i]) else {
                throw fail(.expectedDigit(.fraction), at: i)
            }
            i = skipDigits(i &+ 1)
            fractional = true
        }
        if i < count, base[i] | 0x20 == UInt8(ascii: "e") {
            i &+= 1
            if i < count, base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-") { i &+= 1 }
            guard i < count, Self.isDigit(base[i]) else {
                throw fail(.expectedDigit(.exponent), at: i)
            }
            i = skipDigits(i &+ 1)
            fractional = true
        }
        return (i, fractional)
    }

    /// The offset of the first byte at or after `start` that is not an ASCII digit.
    @inline(__always)
    func skipDigits(_ start: Int) -> Int {
        var i = start
        while i &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let ones: UInt64 = 0x0101_0101_0101_0101
            // High bit set in a byte below '0', above '9', or not ASCII. Borrows
            // and carries only reach bytes after a marked one, so the lowest
            // marked byte is exact.
            let other = ((word &- ones &* 0x30) | (word &+ ones &* 0x46) | word) & (ones &* 0x80)
            if other != 0 { return i &+ (other.trailingZeroBitCount &>> 3) }
            i &+= 8
        }
        while i < count, Self.isDigit(base[i]) { i &+= 1 }
        return i
    }

    /// Scans the string whose opening quote is at `start`, validating escapes
    /// and UTF-8. Returns the offset just past the closing quote and
    /// whether there was a backslash.
    @inline(__always)
    func scanString(at start: Int) throws(JSONFailure) -> (end: Int, escaped: Bool) {
        var i = start &+ 1
        var escaped = false
        while true {
            // Fast path: skip eight plain ASCII bytes at a time.
            while i &+ 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                let special = Self.specialBytes(word)
                if special != 0 {
                    i &+= special.trailingZeroBitCount &>> 3
                    break
                }
                i &+= 8
            }
            guard i < count else { throw fail(.unterminatedString, at: start) }
            let c = base[i]
            if c == UInt8(ascii: "\"") { return (i &+ 1, escaped) }
            if c == UInt8(ascii: "\\") {
                escaped = true
                i = try scanEscape(at: i, stringStart: start)
            } else if c >= 0x80 {
                let length = utf8Length(at: i)
                guard length != 0 else { throw fail(.invalidUTF8, at: i) }
                i &+= length
            } else if c < 0x20 {
                throw fail(.controlCharacter, at: i)
            } else {
                i &+= 1
            }
        }
    }

    /// A word with the high bit set in each byte that is a quote, a backslash,
    /// a control character or not ASCII (see ``ByteWords/stringSpecials(_:)``).
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 { ByteWords.stringSpecials(word) }

    /// Validates the escape whose backslash is at `i`; returns the offset past it.
    @inline(__always)
    func scanEscape(at i: Int, stringStart: Int) throws(JSONFailure) -> Int {
        guard i &+ 1 < count else { throw fail(.unterminatedString, at: stringStart) }
        switch base[i &+ 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return i &+ 2
        case UInt8(ascii: "u"):
            let value = try hex4(at: i &+ 2, escapeStart: i)
            if value & 0xF800 != 0xD800 { return i &+ 6 }
            guard value < 0xDC00 else { throw fail(.loneSurrogate(high: false), at: i) }
            if i &+ 8 <= count, base[i &+ 6] == UInt8(ascii: "\\"), base[i &+ 7] == UInt8(ascii: "u") {
                let low = try hex4(at: i &+ 8, escapeStart: i &+ 6)
                if low & 0xFC00 == 0xDC00 { return i &+ 12 }
            }
            throw fail(.loneSurrogate(high: true), at: i)
        default:
            throw fail(.invalidEscape, at: i)
        }
    }

    /// The value of the four hex digits at `i`.
    @inline(__always)
    func hex4(at i: Int, escapeStart: Int) throws(JSONFailure) -> UInt32 {
        guard let value = Hex.value4(UnsafeBufferPointer(start: base, count: count), at: i) else {
            throw fail(.invalidUnicodeEscape, at: escapeStart)
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence whose lead byte (≥ 0x80)
    /// is at `i`, or 0 when it is not well formed (see
    /// ``UTF8Validation/sequenceLength(at:in:)``).
    @inline(__always)
    func utf8Length(at i: Int) -> Int { UTF8Validation.sequenceLength(at: i, in: input) }

    // MARK: Keys

    /// Reads a member name at `i`, telling `sink`, in a function of its own
    /// (for sinks that say so, ``JSONSink/readsKeysApart``); returns the
    /// offset of the member's value.
    @inline(never)
    func keyApart<Sink: JSONSink>(
        at i: Int, afterComma: Bool, into sink: inout Sink, in container: inout Sink.Container
    ) throws(JSONFailure) -> Int {
        guard i < count, base[i] == UInt8(ascii: "\"") else {
            throw fail(.expectedMemberName(afterComma: afterComma), at: i)
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
        guard colon < count, base[colon] == UInt8(ascii: ":") else { throw fail(.expectedColon, at: colon) }
        return skipWhitespace(colon &+ 1)
    }

    /// The name id of the key whose raw text is at `offset`. Keys repeat a
    /// lot, so raw spellings are cached: a key is decoded and interned only
    /// the first time it is seen.
    @inline(__always)
    func keyID(
        offset: Int, length: Int, escaped: Bool, keys: inout KeyCache, names: inout NameTable.Builder
    ) throws(JSONFailure) -> UInt32 {
        let key = base + offset
        // The closing quote follows the key, so an eight-byte load from the
        // key is in bounds unless the input ends within eight bytes.
        let prefix = offset &+ 8 <= count
            ? KeyCache.prefix(loading: key, length: length) : KeyCache.prefix(copying: key, length: length)
        let hash = KeyCache.hash(prefix: prefix, key: key, length: length)
        let cached = keys.find(hash: hash, prefix: prefix, key: key, length: length)
        if cached != 0 { return cached }
        let raw = UnsafeBufferPointer(start: key, count: length)
        let string = escaped ? JSONStringDecoding.decode(raw) : String(decoding: raw, as: UTF8.self)
        let id: UInt32
        do { id = try names.intern(string) } catch { throw fail(.tooManyNames, at: offset &- 1) }
        keys.insert(id: id, hash: hash, prefix: prefix, key: key, length: length)
        return id
    }

    // MARK: Errors (cold)

    /// `mistake` at `i`, thrown as the tokens throw it: cheap, so a reader
    /// that gives up on a mistake (the skimmer, a resumable scan at the buffer's end) pays
    /// nothing for a message it never shows.
    @inline(__always)
    func fail(_ mistake: JSONMistake, at i: Int) -> JSONFailure { JSONFailure(mistake: mistake, offset: i) }
}
