#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Splits a JMESPath expression into tokens.
///
/// Positions are Unicode-scalar offsets, turned into character ranges when
/// an error is thrown. Quoted identifiers and backtick literals are JSON and
/// go through DocTree's strict JSON scanner; a backtick literal that is not
/// JSON is read as a string, as the specification's deprecated form allows
/// (`` `foo` `` is `"foo"`).
struct JMESLexer {
    private let scalars: [Unicode.Scalar]
    private let expression: String
    private var position = 0

    init(_ expression: String) {
        self.expression = expression
        self.scalars = Array(expression.unicodeScalars)
    }

    /// Every token of the expression, ending with an `.end` token.
    static func tokens(of expression: String) throws(QueryError) -> [JMESToken] {
        var lexer = JMESLexer(expression)
        var tokens: [JMESToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func error(_ kind: QueryError.Kind, _ message: String, _ range: Range<Int>) -> QueryError {
        QueryError(kind, message, path: expression, scalarRange: range)
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private mutating func next() throws(QueryError) -> JMESToken {
        while let scalar = peek(), scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
            position += 1
        }
        let start = position
        guard let scalar = peek() else { return JMESToken(kind: .end, range: start..<start) }
        func single(_ kind: JMESToken.Kind, length: Int = 1) -> JMESToken {
            position += length
            return JMESToken(kind: kind, range: start..<position)
        }
        switch scalar {
        case ".": return single(.dot)
        case "*": return single(.star)
        case "]": return single(.rightBracket)
        case "{": return single(.leftBrace)
        case "}": return single(.rightBrace)
        case "(": return single(.leftParenthesis)
        case ")": return single(.rightParenthesis)
        case ",": return single(.comma)
        case ":": return single(.colon)
        case "@": return single(.current)
        case "[":
            switch peek(1) {
            case "]": return single(.flatten, length: 2)
            case "?": return single(.filter, length: 2)
            default: return single(.leftBracket)
            }
        case "|": return peek(1) == "|" ? single(.or, length: 2) : single(.pipe)
        case "&": return peek(1) == "&" ? single(.and, length: 2) : single(.expressionReference)
        case "!": return peek(1) == "=" ? single(.notEqual, length: 2) : single(.not)
        case "<": return peek(1) == "=" ? single(.lessOrEqual, length: 2) : single(.less)
        case ">": return peek(1) == "=" ? single(.greaterOrEqual, length: 2) : single(.greater)
        case "=": return peek(1) == "=" ? single(.equal, length: 2) : single(.assign)
        case "\"":
            let body = try delimited(by: "\"")
            var token = JMESToken(kind: .quotedIdentifier, range: start..<position)
            guard let decoded = Self.jsonValue("\"" + body + "\""), case .string(let text) = decoded else {
                throw error(.invalidEscape, "invalid quoted identifier", start..<position)
            }
            token.text = text
            return token
        case "'":
            let body = try delimited(by: "'")
            var token = JMESToken(kind: .rawString, range: start..<position)
            token.text = body.replacing("\\'", with: "'")
            return token
        case "`":
            let body = try delimited(by: "`").replacing("\\`", with: "`")
            var token = JMESToken(kind: .literal, range: start..<position)
            if let value = Self.jsonValue(body) {
                token.literal = value
            } else if Self.isTooDeep(body) {
                throw error(.nestingTooDeep, "the literal is nested more than \(JMESParser.maxDepth) levels deep", start..<position)
            } else if let value = Self.jsonValue("\"" + String(body.drop(while: { $0 == " " })) + "\""), case .string = value {
                token.literal = value
            } else {
                throw error(.unexpectedToken, "the literal is not valid JSON", start..<position)
            }
            return token
        case "+": return single(.plus)
        case "%": return single(.modulo)
        case "/": return peek(1) == "/" ? single(.integerDivide, length: 2) : single(.divide)
        case "\u{2212}": return single(.minus)  // − MINUS SIGN
        case "\u{D7}": return single(.star)  // × MULTIPLICATION SIGN
        case "\u{F7}": return single(.divide)  // ÷ DIVISION SIGN
        case "?": return single(.question)
        case "$":
            // `$0`, `$1`, … name positional parameters.
            guard let next = peek(1), Self.continuesIdentifier(next) else { return single(.root) }
            var end = position + 2
            while end < scalars.count, Self.continuesIdentifier(scalars[end]) { end += 1 }
            var token = JMESToken(kind: .variable, range: start..<end)
            token.text = String(String.UnicodeScalarView(scalars[position + 1..<end]))
            position = end
            return token
        case "-" where !(peek(1).map { ("0"..."9").contains($0) } ?? false):
            return single(.minus)
        case "-", "0"..."9":
            var end = position + 1
            while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
            let digits = String(String.UnicodeScalarView(scalars[position..<end]))
            guard let value = Int(digits), value.magnitude < UInt32.max else {
                throw error(.invalidNumber, "number \(digits) is too large", start..<end)
            }
            position = end
            var token = JMESToken(kind: .number, range: start..<end)
            token.number = value
            return token
        default:
            guard Self.startsIdentifier(scalar) else {
                throw error(.unexpectedCharacter, "unexpected character '\(scalar.escaped(asASCII: false))'", start..<start + 1)
            }
            var end = position + 1
            while end < scalars.count, Self.continuesIdentifier(scalars[end]) { end += 1 }
            var token = JMESToken(kind: .identifier, range: start..<end)
            token.text = String(String.UnicodeScalarView(scalars[position..<end]))
            position = end
            return token
        }
    }

    /// The text up to the closing delimiter, which a backslash escapes
    /// (the backslash is kept); the position moves past the delimiter.
    private mutating func delimited(by delimiter: Unicode.Scalar) throws(QueryError) -> String {
        let start = position
        position += 1
        var body = String.UnicodeScalarView()
        while let scalar = peek(), scalar != delimiter {
            if scalar == "\\" {
                body.append(scalar)
                position += 1
                guard peek() != nil else { break }
            }
            body.append(scalars[position])
            position += 1
        }
        guard peek() == delimiter else {
            throw error(.unterminatedString, "missing closing \(delimiter)", start..<scalars.count)
        }
        position += 1
        return String(body)
    }

    private static func startsIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }

    private static func continuesIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        startsIdentifier(scalar) || ("0"..."9").contains(scalar)
    }

    /// `text` parsed as strict JSON into a built value, or `nil` when it is not JSON.
    /// The value a JSON text holds, or `nil` when it is not JSON or is
    /// nested more than ``JMESParser/maxDepth`` levels deep (a literal
    /// becomes a built value, which evaluation walks recursively).
    static func jsonValue(_ text: String) -> JMESValue? {
        guard let document = try? Document(data: Data(text.utf8), options: literalOptions) else { return nil }
        return JMESValue.built(from: document.root)
    }

    /// Whether `text` is JSON only too deeply nested for a literal.
    static func isTooDeep(_ text: String) -> Bool {
        do {
            _ = try Document(data: Data(text.utf8), options: literalOptions)
            return false
        } catch {
            return error.kind == .nestingTooDeep
        }
    }

    private static var literalOptions: LoadOptions {
        var options = LoadOptions(format: .json)
        options.maxDepth = JMESParser.maxDepth
        return options
    }
}
