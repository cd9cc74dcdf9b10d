/// One token of a path, with its place in the source.
struct Token: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case end
        case dot, dotDot, leftBracket, rightBracket, question, colon, star, leftParen, rightParen
        case not, and, or, equal, notEqual, less, lessEqual, greater, greaterEqual
        /// `=~`: a regular expression match (docq's extension).
        case matches
        /// A key. `bare` is true when it was written without quotes or
        /// escapes, so it can be a reserved name or a filter literal.
        case key(String, bare: Bool)
        /// `@name`, without the `@`.
        case operatorName(String)
        /// A `'single-quoted'` string literal (filters only).
        case string(String)
        /// A number literal (filters only), with the text as written.
        case number(Double, text: String)
        /// An integer inside `[ ]` (index and slice bounds).
        case integer(Int)
    }

    var kind: Kind
    /// Unicode-scalar offsets into the path.
    var range: Range<Int>

    /// How the token reads in an error message.
    var quotedDescription: String {
        switch kind {
        case .end: "the end of the path"
        case .dot: "'.'"
        case .dotDot: "'..'"
        case .leftBracket: "'['"
        case .rightBracket: "']'"
        case .question: "'?'"
        case .colon: "':'"
        case .star: "'*'"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .not: "'!'"
        case .and: "'&&'"
        case .or: "'||'"
        case .equal: "'=='"
        case .notEqual: "'!='"
        case .less: "'<'"
        case .lessEqual: "'<='"
        case .greater: "'>'"
        case .greaterEqual: "'>='"
        case .matches: "'=~'"
        case .key(let key, _): "key '\(key)'"
        case .operatorName(let name): "operator '@\(name)'"
        case .string(let text): "string '\(text)'"
        case .number(_, let text): "number \(text)"
        case .integer(let value): "number \(value)"
        }
    }
}
