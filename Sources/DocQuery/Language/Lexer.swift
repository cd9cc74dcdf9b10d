/// Splits a path into tokens on request.
///
/// The lexer is driven by the parser, which says what it expects: in
/// ``Mode/path`` words are keys (`2018`, `true` and `soap:Body` included); in
/// ``Mode/expression`` (inside `[? ]`) a word starting with a digit or `-digit`
/// is a number literal; in ``Mode/index`` (inside `[ ]`) only integers, `:`,
/// `?`, `*` and `]` make sense. Whitespace between tokens is ignored.
///
/// Positions are Unicode-scalar offsets; ``QueryError`` turns them into
/// character offsets only when it reports a problem.
struct Lexer {
    enum Mode { case path, expression, index }

    let source: String
    let scalars: [Unicode.Scalar]
    private(set) var position = 0

    init(_ source: String) {
        self.source = source
        self.scalars = Array(source.unicodeScalars)
    }

    private func error(_ kind: QueryError.Kind, _ message: String, _ range: Range<Int>) -> QueryError {
        QueryError(kind, message, path: source, scalarRange: range)
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let i = position + offset
        return i < scalars.count ? scalars[i] : nil
    }

    /// The next token, read in `mode`.
    mutating func next(_ mode: Mode) throws(QueryError) -> Token {
        while let s = peek(), s.properties.isWhitespace { position += 1 }
        let start = position
        guard let s = peek() else { return Token(kind: .end, range: start..<start) }

        func single(_ kind: Token.Kind, length: Int = 1) -> Token {
            position += length
            return Token(kind: kind, range: start..<position)
        }

        switch s {
        case ".": return peek(1) == "." ? single(.dotDot, length: 2) : single(.dot)
        case "[": return single(.leftBracket)
        case "]": return single(.rightBracket)
        case "?": return single(.question)
        case "*": return single(.star)
        case "(": return single(.leftParen)
        case ")": return single(.rightParen)
        case "!": return peek(1) == "=" ? single(.notEqual, length: 2) : single(.not)
        case "<": return peek(1) == "=" ? single(.lessEqual, length: 2) : single(.less)
        case ">": return peek(1) == "=" ? single(.greaterEqual, length: 2) : single(.greater)
        case "=":
            if peek(1) == "=" { return single(.equal, length: 2) }
            if peek(1) == "~" { return single(.matches, length: 2) }
            throw error(.unexpectedCharacter, "unexpected '=' (did you mean '=='?)", start..<start + 1)
        case "&":
            if peek(1) == "&" { return single(.and, length: 2) }
            throw error(.unexpectedCharacter, "unexpected '&' (did you mean '&&'?)", start..<start + 1)
        case "|":
            if peek(1) == "|" { return single(.or, length: 2) }
            throw error(.unexpectedCharacter, "unexpected '|' (did you mean '||'?)", start..<start + 1)
        case "@":
            return try operatorName()
        case "\"":
            let text = try quoted(terminator: "\"")
            return Token(kind: .key(text, bare: false), range: start..<position)
        case "'":
            let text = try quoted(terminator: "'")
            if mode == .expression { return Token(kind: .string(text), range: start..<position) }
            throw error(
                .unexpectedCharacter,
                "a single-quoted string is a filter value; quote keys with double quotes (\"\(text)\")",
                start..<position)
        default:
            break
        }

        switch mode {
        case .index:
            if s == ":" { return single(.colon) }
            if isDigit(s) || (s == "-" && peek(1).map(isDigit) == true) { return try integer() }
            throw error(.expectedIndex, "expected an index, a slice or a filter, found '\(Character(s))'", start..<start + 1)
        case .expression:
            if isDigit(s) || (s == "-" && peek(1).map(isDigit) == true) { return try number() }
            fallthrough
        case .path:
            if s == ":" && mode == .expression {
                throw error(.unexpectedCharacter, "unexpected ':'", start..<start + 1)
            }
            if Syntax.isKeyScalar(s) || s == "\\" { return try bareKey() }
            throw error(.unexpectedCharacter, "unexpected character '\(Character(s))'", start..<start + 1)
        }
    }

    private func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }

    private mutating func operatorName() throws(QueryError) -> Token {
        let start = position
        position += 1
        var name = ""
        while let s = peek(), (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") {
            name.unicodeScalars.append(s)
            position += 1
        }
        if name.isEmpty {
            throw error(.expectedKey, "expected an operator name after '@'", start..<position)
        }
        return Token(kind: .operatorName(name), range: start..<position)
    }

    private mutating func bareKey() throws(QueryError) -> Token {
        let start = position
        var text = ""
        var bare = true
        while let s = peek() {
            if s == "\\" {
                guard let escaped = peek(1) else {
                    throw error(.invalidEscape, "a backslash at the end of the path escapes nothing", position..<position + 1)
                }
                text.unicodeScalars.append(escaped)
                bare = false
                position += 2
            } else if Syntax.isKeyScalar(s) {
                text.unicodeScalars.append(s)
                position += 1
            } else {
                break
            }
        }
        return Token(kind: .key(text, bare: bare), range: start..<position)
    }

    /// Reads `"..."` or `'...'` with JSON escapes (plus `\'`).
    private mutating func quoted(terminator: Unicode.Scalar) throws(QueryError) -> String {
        let start = position
        position += 1
        var text = ""
        while true {
            guard let s = peek() else {
                let what = terminator == "\"" ? "quoted key" : "string"
                throw error(.unterminatedString, "unterminated \(what): missing closing \(Character(terminator))", start..<position)
            }
            if s == terminator {
                position += 1
                return text
            }
            if s != "\\" {
                text.unicodeScalars.append(s)
                position += 1
                continue
            }
            let escapeStart = position
            guard let e = peek(1) else {
                throw error(.unterminatedString, "unterminated string: missing closing \(Character(terminator))", start..<position + 1)
            }
            position += 2
            switch e {
            case "\"", "\\", "/", "'": text.unicodeScalars.append(e)
            case "b": text.unicodeScalars.append("\u{08}")
            case "f": text.unicodeScalars.append("\u{0C}")
            case "n": text.unicodeScalars.append("\n")
            case "r": text.unicodeScalars.append("\r")
            case "t": text.unicodeScalars.append("\t")
            case "u":
                var value = try hex4(escapeStart)
                if (0xD800...0xDBFF).contains(value) {
                    guard peek() == "\\", peek(1) == "u" else {
                        throw error(.invalidEscape, "a high surrogate must be followed by a low one", escapeStart..<position)
                    }
                    position += 2
                    let low = try hex4(escapeStart)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw error(.invalidEscape, "a high surrogate must be followed by a low one", escapeStart..<position)
                    }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(value) else {
                    throw error(.invalidEscape, "a lone surrogate is not a character", escapeStart..<position)
                }
                text.unicodeScalars.append(scalar)
            default:
                throw error(.invalidEscape, "invalid escape '\\\(Character(e))'", escapeStart..<position)
            }
        }
    }

    private mutating func hex4(_ escapeStart: Int) throws(QueryError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let s = peek(), let digit = hexValue(s) else {
                throw error(.invalidEscape, "'\\u' needs four hexadecimal digits", escapeStart..<position)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private func hexValue(_ s: Unicode.Scalar) -> UInt32? {
        guard s.isASCII else { return nil }
        return Hex.digitValue(UInt8(s.value)).map(UInt32.init)
    }

    private mutating func integer() throws(QueryError) -> Token {
        let start = position
        var text = ""
        if peek() == "-" { text = "-"; position += 1 }
        while let s = peek(), isDigit(s) {
            text.unicodeScalars.append(s)
            position += 1
        }
        guard let value = Int(text) else {
            throw error(.invalidNumber, "index \(text) is too large", start..<position)
        }
        return Token(kind: .integer(value), range: start..<position)
    }

    /// A JSON-style number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private mutating func number() throws(QueryError) -> Token {
        let start = position
        var text = ""
        func take() { text.unicodeScalars.append(peek()!); position += 1 }
        func digits() -> Int {
            var n = 0
            while let s = peek(), isDigit(s) { take(); n += 1 }
            return n
        }
        if peek() == "-" { take() }
        _ = digits()
        if peek() == "." {
            take()
            if digits() == 0 {
                throw error(.invalidNumber, "expected a digit after the decimal point", start..<position)
            }
        }
        if peek() == "e" || peek() == "E" {
            take()
            if peek() == "+" || peek() == "-" { take() }
            if digits() == 0 {
                throw error(.invalidNumber, "expected a digit in the exponent", start..<position)
            }
        }
        if let s = peek(), Syntax.isKeyScalar(s) || s == "\\" {
            throw error(
                .invalidNumber,
                "unexpected '\(Character(s))' after a number (quote a key that starts with a digit: \"\(text)…\")",
                position..<position + 1)
        }
        // The grammar does not bound numbers: filters compare them exactly
        // (``ExactNumber``), so `1e400` is a number, beyond every `Double`.
        let value = Double(text) ?? .infinity
        return Token(kind: .number(value, text: text), range: start..<position)
    }
}
