/// Every mistake the JSON readers report, each with its one message (which
/// says what a case means, where its doc does not). A reader records only the
/// byte offset; message, line and column (by the one line rule,
/// ``LocationCounter``) are made here, only when something fails.
enum JSONMistake: Equatable {
    /// No value where one must begin (also a literal other than `true`,
    /// `false`, `null`); `inArray`: where an array's element must begin, so
    /// a `]` there follows a comma.
    case expectedValue(inArray: Bool)
    /// No member name after `{` (`afterComma` false) or after a comma.
    case expectedMemberName(afterComma: Bool)
    case expectedColon
    case expectedCommaOrClose(inObject: Bool)
    case trailingValue
    /// A number without a digit after `-`, after its decimal point, or in its exponent.
    case expectedDigit(NumberPart)
    case leadingZero
    /// The input ended inside the string that starts at the offset.
    case unterminatedString
    /// JSON with comments: the input ended inside the `/*` comment that starts at the offset.
    case unterminatedComment
    case invalidEscape
    case invalidUnicodeEscape
    /// A `\u` escape of a surrogate without its pair.
    case loneSurrogate(high: Bool)
    /// A raw control character (a line break included) inside a string.
    case controlCharacter
    case invalidUTF8
    case tooDeep(maxDepth: Int)
    case tooManyNodes(maxNodes: Int)

    /// Where a number lacks its digit.
    enum NumberPart { case sign, fraction, exponent }

    /// Nothing but white space (and perhaps a byte order mark).
    case emptyInput
    case tooManyNames
    /// Never reported: a sink stopped the scan, and its caller reads the input another way.
    case declined
    /// Never reported: the buffer ends inside a token and the input goes on,
    /// so a resumable scan waits for more (see ``Scanner/mayGoOn(_:)``).
    case needsInput

    /// The kind of ``LoadError`` the mistake makes.
    var kind: LoadError.Kind {
        switch self {
        case .invalidUTF8: .invalidEncoding
        case .tooDeep: .nestingTooDeep
        case .tooManyNodes, .tooManyNames: .tooLarge
        default: .invalidSyntax
        }
    }

    /// The error for this mistake at `offset` in `bytes`: the whole input, or
    /// with `location` (byte `offset`'s in the whole input) a chunk of it, and
    /// then no snippet (the line may begin in an earlier chunk).
    func error(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, location: SourceLocation? = nil) -> LoadError {
        // A byte that is not UTF-8, found instead of a token or after a backslash, is that mistake.
        let shift = self == .invalidEscape ? 1 : 0
        let i = offset + shift
        if shift == 1 || expectation != nil, i < bytes.count, bytes[i] >= 0x80,
            UTF8Validation.sequenceLength(at: i, in: bytes) == 0 {
            var moved = location
            moved?.byteOffset += shift
            moved?.column += shift
            return JSONMistake.invalidUTF8.error(at: i, in: bytes, location: moved)
        }
        let message = message(at: offset, in: bytes, inputOffset: location?.byteOffset ?? offset)
        guard let location else { return LoadError(kind, message, at: offset, in: bytes) }
        return LoadError(kind, message, location: location)
    }

    /// The message; `offset` is in `bytes`, `inputOffset` the same place in the whole input.
    func message(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, inputOffset: Int) -> String {
        if let expectation {
            let message = "\(expectation), found \(bytes.described(at: offset))"
            if let hint = Self.withCommentsHint(self, at: offset, in: bytes) { return message + hint }
            // Only white space comes before a second value: a line break in it suggests JSON Lines.
            guard self == .trailingValue, JSONRecovery.beginsLine(offset, in: bytes, after: 0) == true
            else { return message }
            return message
                + "; the input holds several JSON values, one per line (JSON Lines?): read it with DocumentStream"
        }
        switch self {
        case .leadingZero:
            return "leading zeros are not allowed"
        case .unterminatedString:
            return "unterminated string"
        case .unterminatedComment:
            return "unterminated comment: '/*' has no closing '*/'"
        case .invalidEscape:
            let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
            let shown = next >= 0x21 && next < 0x7F
                ? "'\\\(Character(Unicode.Scalar(next)))'" : "'\\' followed by \(bytes.described(at: offset + 1))"
            return "invalid escape \(shown)"
        case .invalidUnicodeEscape:
            return "invalid escape '\(bytes.escape(at: offset))': \\u must be followed by four hexadecimal digits"
        case .loneSurrogate(let high):
            let escape = bytes.escape(at: offset)
            return high
                ? "lone surrogate '\(escape)': a high surrogate must be followed by a low surrogate escape"
                    + " (\\uDC00…\\uDFFF)"
                : "lone surrogate '\(escape)': a low surrogate must follow a high surrogate"
        case .controlCharacter:
            let c = offset < bytes.count ? bytes[offset] : 0
            return c == 0x0A || c == 0x0D
                ? "unescaped line break in a string; write it as \\n, or close the string with '\"'"
                : "unescaped control character \(Self.scalarName(c)) in a string; write it as an escape"
        case .invalidUTF8:
            return UTF8Validation.message(at: offset, in: bytes, inputOffset: inputOffset)
        case .tooDeep(let maxDepth):
            return "nesting deeper than \(maxDepth) levels of arrays and objects (see LoadOptions.maxDepth)"
        case .tooManyNodes(let maxNodes):
            return Self.tooManyNodesMessage(maxNodes)
        case .emptyInput:
            return "the document is empty"
        case .tooManyNames:
            return "more than \(NodeRecord.maxNameID) distinct names"
        default:  // .declined, .needsInput (the mistakes with an expectation returned above)
            return "the reader stopped before the end of the value"
        }
    }

    /// What was expected, for the mistakes that say what was found instead.
    private var expectation: String? {
        switch self {
        case .expectedValue: "expected a value"
        case .expectedMemberName(let afterComma):
            afterComma ? "expected a member name after ','" : "expected a member name or '}'"
        case .expectedColon: "expected ':' after the member name"
        case .expectedCommaOrClose(let inObject):
            inObject ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element"
        case .trailingValue: "expected the end of the input after the top-level value"
        case .expectedDigit(.sign): "expected a digit after '-'"
        case .expectedDigit(.fraction): "expected a digit after the decimal point"
        case .expectedDigit(.exponent): "expected a digit in the exponent"
        default: nil
        }
    }

    /// What a strict read adds where the input looks like JSON with comments:
    /// a comment where a token must begin, or a comma before a closing bracket.
    private static func withCommentsHint(
        _ mistake: JSONMistake, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>
    ) -> String? {
        let option = "read it with LoadOptions.readsJSONWithComments (docq: -f jsonc)"
        let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
        guard offset < bytes.count else { return nil }
        switch (mistake, bytes[offset]) {
        case (.expectedValue, UInt8(ascii: "/")), (.expectedMemberName, UInt8(ascii: "/")),
            (.expectedCommaOrClose, UInt8(ascii: "/")), (.trailingValue, UInt8(ascii: "/")), (.expectedColon, UInt8(ascii: "/")):
            guard next == UInt8(ascii: "/") || next == UInt8(ascii: "*") else { return nil }
            return "; comments are not JSON, and the input looks like JSON with comments: " + option
        case (.expectedValue(inArray: true), UInt8(ascii: "]")), (.expectedMemberName(afterComma: true), UInt8(ascii: "}")):
            // Known from the grammar, not read back from bytes a stream may have dropped.
            return "; a comma before a closing bracket is not JSON; for JSON with comments and trailing commas, "
                + option
        default:
            return nil
        }
    }

    /// The most bytes after a mistake that its message quotes.
    static let quotedBytes = 24

    /// Whether the word a message quotes from `at` (see ``quotedBytes``)
    /// runs into the end of `bytes`, so that more input may lengthen it; a
    /// `/` that ends `bytes` waits too, since the byte after it says whether
    /// the message names JSON with comments.
    static func quotesWord(at: Int, cutBy bytes: [UInt8]) -> Bool {
        if at == bytes.count - 1, bytes[at] == UInt8(ascii: "/") { return true }
        var end = at
        while end < bytes.count, end - at < quotedBytes, isWord(bytes[end]) || bytes[end] >= 0x80 { end += 1 }
        return end == bytes.count && end - at < quotedBytes
    }

    /// `byte` as a code point: `U+000A`.
    fileprivate static func scalarName(_ byte: UInt8) -> String { "U+" + Hex.padded(UInt32(byte), digits: 4) }

    /// The message for a document of more than `maxNodes` nodes.
    static func tooManyNodesMessage(_ maxNodes: Int) -> String {
        "the document has more than LoadOptions.maxNodeCount (\(maxNodes)) nodes"
    }
}

/// A mistake at a byte offset, as the scan throws it: cheap, so a reader
/// that gives up on a mistake pays nothing for a message it never shows.
struct JSONFailure: Error {
    var mistake: JSONMistake
    var offset: Int

    init(_ mistake: JSONMistake, at offset: Int) {
        self.mistake = mistake
        self.offset = offset
    }

    /// The error, located in `bytes`, the whole input.
    func located(in bytes: UnsafeBufferPointer<UInt8>) -> LoadError { mistake.error(at: offset, in: bytes) }
}

/// Whether `c` belongs to a word a message quotes whole.
private func isWord(_ c: UInt8) -> Bool {
    c &- UInt8(ascii: "0") < 10 || (c | 0x20) &- UInt8(ascii: "a") < 26 || c == UInt8(ascii: "_")
        || c == UInt8(ascii: ".") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
}

/// Reading JSON input for messages.
extension UnsafeBufferPointer<UInt8> {
    /// Names what is at `i`: a quoted word or character, a control
    /// character, a byte that is not UTF-8, or the end of the input.
    fileprivate func described(at i: Int) -> String {
        guard i < count else { return "the end of the input" }
        let c = self[i]
        if c < 0x20 || c == 0x7F { return "control character \(JSONMistake.scalarName(c))" }
        var end = i + 1
        if c >= 0x80 {
            end = i + UTF8Validation.sequenceLength(at: i, in: self)
            guard end > i else { return "byte \(Hex.byte(c))" }
        } else if isWord(c) {
            // A run of word characters reads better than its first letter: found 'True'.
            while end < count, end - i < JSONMistake.quotedBytes, isWord(self[end]) { end += 1 }
        }
        return "'\(String(decoding: UnsafeBufferPointer(rebasing: self[i..<end]), as: UTF8.self))'"
    }

    /// Up to six printable ASCII bytes of the escape whose backslash is at `i`, up to a quote.
    fileprivate func escape(at i: Int) -> String {
        let bytes = self[Swift.min(i, count)..<Swift.min(i + 6, count)]
        let shown = bytes.prefix { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") }
        return String(decoding: shown, as: UTF8.self)
    }
}
