/// One token of a JMESPath expression, with where it was written.
struct JMESToken: Sendable {
    /// What a token is; the payload (identifier text, number, literal) is
    /// kept beside it so kinds compare cheaply.
    enum Kind: Sendable, Equatable {
        case identifier, quotedIdentifier, rawString, literal, number
        case dot, star, flatten, filter, leftBracket, rightBracket
        case leftBrace, rightBrace, leftParenthesis, rightParenthesis
        case comma, colon, current, expressionReference
        case pipe, or, and, not
        case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
        /// JMESPath Community: arithmetic (`*` is ``star``), the conditional's
        /// `?`, the root `$` and a variable `$name` (its name in `text`): bound by
        /// `let`, or a parameter (`JMESPath(_:parameters:)`).
        case plus, minus, divide, modulo, integerDivide, question, root, variable
        /// `=` in `let $name = …`.
        case assign
        case end
    }

    var kind: Kind
    /// Unicode-scalar offsets into the expression.
    var range: Range<Int>
    /// The identifier or raw-string text.
    var text = ""
    /// The value of a number token.
    var number = 0
    /// The value of a backtick literal.
    var literal: JMESValue = .null

    /// How strongly the token binds to the expression on its left
    /// (the specification's binding powers).
    var bindingPower: Int {
        switch kind {
        case .pipe: 1
        case .question: 2
        case .or: 3
        case .and: 4
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: 5
        case .plus, .minus: 6
        // `*` on the left of nothing is a wildcard (its projection binds at
        // ``JMESParser/wildcardPower``); after an expression it multiplies.
        case .star, .divide, .modulo, .integerDivide: 7
        case .flatten: 9
        case .filter: 21
        case .dot: 40
        case .not: 45
        case .leftBrace: 50
        case .leftBracket: 55
        case .leftParenthesis: 60
        default: 0
        }
    }

    /// The token as people read it in messages.
    var spelling: String {
        switch kind {
        case .identifier: "identifier '\(text)'"
        case .quotedIdentifier: "quoted identifier"
        case .rawString: "raw string"
        case .literal: "literal"
        case .number: "number \(number)"
        case .dot: "'.'"
        case .star: "'*'"
        case .flatten: "'[]'"
        case .filter: "'[?'"
        case .leftBracket: "'['"
        case .rightBracket: "']'"
        case .leftBrace: "'{'"
        case .rightBrace: "'}'"
        case .leftParenthesis: "'('"
        case .rightParenthesis: "')'"
        case .comma: "','"
        case .colon: "':'"
        case .current: "'@'"
        case .expressionReference: "'&'"
        case .pipe: "'|'"
        case .or: "'||'"
        case .and: "'&&'"
        case .not: "'!'"
        case .equal: "'=='"
        case .notEqual: "'!='"
        case .less: "'<'"
        case .lessOrEqual: "'<='"
        case .greater: "'>'"
        case .greaterOrEqual: "'>='"
        case .plus: "'+'"
        case .minus: "'-'"
        case .divide: "'/'"
        case .modulo: "'%'"
        case .integerDivide: "'//'"
        case .question: "'?'"
        case .root: "'$'"
        case .variable: "variable '$\(text)'"
        case .assign: "'='"
        case .end: "end of expression"
        }
    }
}
