/// One token of a JMESPath expression, with where it was written.
struct JMESToken: Sendable {
    /// What a token is; the payload (identifier text, number, literal) is
    /// kept beside it so kinds compare cheaply.
    enum Kind: Sendable, Equatable {
        case identifier, quotedIdentifier, rawString, literal, number
        case dot, star, flatten, filter, leftBracket, rightBracket
        case leftBrace, rightBrace, leftParenthesis, rightParenthesis
        case comma, colon, current, expressionReference
        /// `$name`: a bound parameter (``JMESPath/init(_:parameters:)-(_,[String:(any Sendable)?])``); its name is in `text`.
        case variable
        case pipe, or, and, not
        case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
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
        case .or: 2
        case .and: 3
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: 5
        case .flatten: 9
        case .star: 20
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
        case .variable: "'$\(text)'"
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
        case .end: "end of expression"
        }
    }
}
