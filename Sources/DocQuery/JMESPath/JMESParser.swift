/// Compiles JMESPath tokens into a ``JMESExpression`` with a Pratt parser
/// that follows the specification's binding powers (see
/// ``JMESToken/bindingPower``) and jmespath.py's grammar decisions.
///
/// Recursion is bounded: an expression whose tree would be more than
/// ``maxDepth`` levels deep is a syntax error, so a hostile expression can
/// overflow neither the parser's stack nor the evaluator's (which recurses
/// once per level). Brackets and parentheses count, and so does each link
/// of a chain (`a | b | c`, `a[0][0]`, `a || b || c`, `1 + 2 + 3`), since
/// each one wraps what is on its left.
struct JMESParser {
    static let maxDepth = 256
    /// Projections stop at tokens binding less than this.
    private static let projectionStop = 10
    /// What the right side of a wildcard (`*`, `[*]`) binds at.
    private static let wildcardPower = 20
    /// What the operand of a unary `-` or `+` binds at: tighter than any
    /// binary arithmetic, looser than `.` and `[…]` (`-a.b` negates `a.b`).
    private static let unaryPower = 7

    let expression: String
    private let tokens: [JMESToken]
    private var position = 0
    private var depth = 0
    /// The height of the deepest tree parsed so far inside the current
    /// ``parseExpression(_:)`` call (its children's), which it adds its
    /// own levels to.
    private var childHeight = 0
    /// The distinct identifiers, in slot order.
    private(set) var keys: [String] = []
    private var slotOfKey: [String: Int] = [:]
    /// Whether the expression reads `$` or a variable (JMESPath Community).
    private(set) var usesScope = false
    /// Whether the expression reads `$`, the value the evaluation started on.
    private(set) var readsRoot = false
    /// The values `$name` stands for; `nil` when none were given.
    let parameters: PathParameters?
    /// The variables of the `let`s being parsed, innermost last: a `$name`
    /// among them is a variable even when a parameter has that name.
    private var letNames: [String] = []

    init(_ expression: String, parameters: PathParameters? = nil) throws(QueryError) {
        self.expression = expression
        self.tokens = try JMESLexer.tokens(of: expression)
        self.parameters = parameters
    }

    /// Parses the whole expression.
    mutating func parse() throws(QueryError) -> JMESExpression {
        let result = try parseExpression(0)
        guard current.kind == .end else {
            throw unexpected(current)
        }
        return result
    }

    // MARK: Tokens

    private var current: JMESToken { tokens[position] }

    private func lookahead(_ offset: Int) -> JMESToken {
        tokens[min(position + offset, tokens.count - 1)]
    }

    private mutating func advance() { if position < tokens.count - 1 { position += 1 } }

    private mutating func match(_ kind: JMESToken.Kind) throws(QueryError) {
        guard current.kind == kind else {
            let expected: QueryError.Kind
            switch kind {
            case .rightBracket: expected = .expectedClosingBracket
            case .rightParenthesis: expected = .expectedClosingParenthesis
            default: expected = .unexpectedToken
            }
            throw error(expected, "expected \(JMESToken(kind: kind, range: 0..<0).spelling), found \(current.spelling)", current.range)
        }
        advance()
    }

    private func error(_ kind: QueryError.Kind, _ message: String, _ range: Range<Int>) -> QueryError {
        QueryError(kind, message, path: expression, scalarRange: range)
    }

    private func unexpected(_ token: JMESToken) -> QueryError {
        if token.kind == .end {
            return error(.expectedOperand, "incomplete expression", token.range)
        }
        if token.kind == .assign {
            return error(.unexpectedToken, "'=' is not an operator (did you mean '=='?)", token.range)
        }
        return error(.unexpectedToken, "unexpected \(token.spelling)", token.range)
    }

    private mutating func slot(of key: String) -> Int {
        if let slot = slotOfKey[key] { return slot }
        slotOfKey[key] = keys.count
        keys.append(key)
        return keys.count - 1
    }

    // MARK: Pratt loop

    private mutating func parseExpression(_ bindingPower: Int) throws(QueryError) -> JMESExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else {
            throw error(.nestingTooDeep, "expression nested more than \(Self.maxDepth) levels deep", current.range)
        }
        let outerHeight = childHeight
        childHeight = 0
        let token = current
        advance()
        var left = try prefix(token)
        var height = childHeight + 1
        try checkHeight(height, at: token)
        while bindingPower < current.bindingPower {
            let token = current
            advance()
            childHeight = 0
            left = try infix(token, left)
            // A dotted field chain (`a.b.c`) stays one flat node; anything
            // else wraps `left` (and what the right side built) in a new one.
            if case .fields = left { continue }
            height = max(height, childHeight) + 1
            try checkHeight(height, at: token)
        }
        childHeight = max(outerHeight, height)
        return left
    }

    /// Refuses a tree `height` levels high, pointing at the token that made it so.
    private func checkHeight(_ height: Int, at token: JMESToken) throws(QueryError) {
        guard height > Self.maxDepth else { return }
        throw error(
            .nestingTooDeep,
            "expression nested more than \(Self.maxDepth) levels deep (each link of a chain such as "
                + "'a | b | c', 'a[0][0]' or 'a || b' is one level)", token.range)
    }

    /// The "nud" rules: a token that starts an expression.
    private mutating func prefix(_ token: JMESToken) throws(QueryError) -> JMESExpression {
        switch token.kind {
        case .literal:
            return .literal(token.literal)
        case .rawString:
            return .literal(.string(token.text))
        case .identifier:
            if token.text == "let" && current.kind == .variable { return try letExpression() }
            return .field(slot: slot(of: token.text))
        case .quotedIdentifier:
            if current.kind == .leftParenthesis {
                throw error(.unexpectedToken, "a function name cannot be quoted", token.range)
            }
            return .field(slot: slot(of: token.text))
        case .star:
            if current.kind == .rightBracket { return .valueProjection(.current, .current) }
            return .valueProjection(.current, try projectionRight(Self.wildcardPower))
        case .filter:
            return try filter(.current)
        case .leftBrace:
            return try multiSelectHash()
        case .leftParenthesis:
            let inner = try parseExpression(0)
            try match(.rightParenthesis)
            return inner
        case .flatten:
            return .listProjection(.flatten(.current), try projectionRight(token.bindingPower))
        case .not:
            return .not(try parseExpression(token.bindingPower))
        case .leftBracket:
            if current.kind == .number || current.kind == .colon {
                return try indexOrSlice(.current)
            }
            if current.kind == .star && lookahead(1).kind == .rightBracket {
                advance()
                advance()
                return .listProjection(.current, try projectionRight(Self.wildcardPower))
            }
            return try multiSelectList()
        case .current:
            return .current
        case .root:
            usesScope = true
            readsRoot = true
            return .root
        case .variable:
            // A `let` around this point binds the name; otherwise it is a
            // parameter, a value fixed when compiling; otherwise nothing
            // could ever bind it, which is said now, under it.
            if letNames.contains(token.text) {
                usesScope = true
                return .variable(token.text, range: token.range)
            }
            guard let parameters else {
                throw error(
                    .undefinedVariable,
                    "no value is bound to $\(token.text): no let binds it and no parameter is given "
                        + "(JMESPath(_:parameters:), or docq --arg / --argjson)", token.range)
            }
            guard parameters.binds(token.text) else {
                throw error(.undefinedVariable, parameters.unboundMessage(token.text), token.range)
            }
            return .literal(try boundValue(token))
        case .minus, .plus:
            let operand = try parseExpression(Self.unaryPower)
            return .unary(negates: token.kind == .minus, operand, range: token.range.lowerBound..<tokens[position - 1].range.upperBound)
        case .expressionReference:
            return .reference(try parseExpression(token.bindingPower))
        default:
            throw unexpected(token)
        }
    }

    /// The "led" rules: a token that continues the expression on its left.
    private mutating func infix(_ token: JMESToken, _ left: JMESExpression) throws(QueryError) -> JMESExpression {
        switch token.kind {
        case .dot:
            if current.kind == .star {
                advance()
                return .valueProjection(left, try projectionRight(token.bindingPower))
            }
            let right = try dotRight(token.bindingPower)
            switch (left, right) {
            case (.field(let a), .field(let b)): return .fields([a, b])
            case (.fields(let slots), .field(let b)): return .fields(slots + [b])
            case (_, .function): return .subexpression(left, .skippedOnNull(right))
            default: return .subexpression(left, right)
            }
        case .pipe:
            let right = try parseExpression(token.bindingPower)
            switch right {
            case .multiSelectList, .multiSelectHash: return .pipe(left, .builtOnNull(right))
            default: return .pipe(left, right)
            }
        case .or:
            return .or(left, try parseExpression(token.bindingPower))
        case .and:
            return .and(left, try parseExpression(token.bindingPower))
        case .leftParenthesis:
            return try functionCall(left, openedAt: token)
        case .filter:
            return try filter(left)
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
            let comparison: JMESComparison
            switch token.kind {
            case .equal: comparison = .equal
            case .notEqual: comparison = .notEqual
            case .less: comparison = .less
            case .lessOrEqual: comparison = .lessOrEqual
            case .greater: comparison = .greater
            default: comparison = .greaterOrEqual
            }
            return .comparison(comparison, left, try parseExpression(token.bindingPower))
        case .flatten:
            return .listProjection(.flatten(left), try projectionRight(token.bindingPower))
        case .leftBracket:
            if current.kind == .number || current.kind == .colon {
                return try indexOrSlice(left)
            }
            try match(.star)
            try match(.rightBracket)
            return .listProjection(left, try projectionRight(Self.wildcardPower))
        case .plus, .minus, .star, .divide, .modulo, .integerDivide:
            let right = try parseExpression(token.bindingPower)
            let operation: JMESArithmetic
            switch token.kind {
            case .plus: operation = .add
            case .minus: operation = .subtract
            case .star: operation = .multiply
            case .divide: operation = .divide
            case .modulo: operation = .modulo
            default: operation = .integerDivide
            }
            return .arithmetic(operation, left, right, range: token.range)
        case .question:
            // The true branch runs to the ':' (a pipe included); the false
            // branch binds just above a pipe, so chains nest to the right.
            let whenTrue = try parseExpression(0)
            try match(.colon)
            let whenFalse = try parseExpression(token.bindingPower - 1)
            return .conditional(left, whenTrue, whenFalse)
        default:
            throw unexpected(token)
        }
    }

    // MARK: Pieces

    /// What follows a projection: nothing (the elements themselves), or an
    /// index, filter or dotted expression applied to each element.
    private mutating func projectionRight(_ bindingPower: Int) throws(QueryError) -> JMESExpression {
        if current.bindingPower < Self.projectionStop { return .current }
        switch current.kind {
        case .leftBracket, .filter:
            return try parseExpression(bindingPower)
        case .dot:
            advance()
            return try dotRight(bindingPower)
        default:
            throw unexpected(current)
        }
    }

    /// What may follow a `.`: an identifier, `*`, a multi-select list or hash.
    private mutating func dotRight(_ bindingPower: Int) throws(QueryError) -> JMESExpression {
        switch current.kind {
        case .identifier, .quotedIdentifier, .star:
            return try parseExpression(bindingPower)
        case .leftBracket:
            advance()
            return try multiSelectList()
        case .leftBrace:
            advance()
            return try multiSelectHash()
        default:
            throw error(.expectedKey, "expected an identifier, '*', '[' or '{' after '.', found \(current.spelling)", current.range)
        }
    }

    /// `[n]` or `[start:stop:step]` after `base`; the `[` is consumed.
    private mutating func indexOrSlice(_ base: JMESExpression) throws(QueryError) -> JMESExpression {
        if current.kind == .colon || lookahead(1).kind == .colon {
            var parts: [Int?] = [nil, nil, nil]
            var part = 0
            let start = current.range.lowerBound
            while current.kind != .rightBracket {
                switch current.kind {
                case .colon:
                    part += 1
                    guard part < 3 else { throw error(.expectedClosingBracket, "a slice has at most three parts", current.range) }
                case .number:
                    guard parts[part] == nil else { throw unexpected(current) }
                    parts[part] = current.number
                default:
                    throw error(.expectedIndex, "expected a number or ':' in a slice, found \(current.spelling)", current.range)
                }
                advance()
            }
            if parts[2] == 0 {
                throw error(.invalidValue, "a slice step cannot be 0", start..<current.range.lowerBound)
            }
            try match(.rightBracket)
            let slice = JMESExpression.slice(base, start: parts[0], stop: parts[1], step: parts[2])
            return .listProjection(slice, try projectionRight(Self.wildcardPower))
        }
        let index = current.number
        try match(.number)
        try match(.rightBracket)
        return .index(base, index)
    }

    /// `[?condition]` after `base`; the `[?` is consumed.
    private mutating func filter(_ base: JMESExpression) throws(QueryError) -> JMESExpression {
        let condition = try parseExpression(0)
        try match(.rightBracket)
        let right = current.kind == .flatten ? JMESExpression.current : try projectionRight(21)
        return .filterProjection(base, right, condition: condition)
    }

    /// `let $a = …, $b = … in body` (JMESPath Community); `let` is consumed
    /// and a variable follows it. `let` and `in` stay ordinary identifiers
    /// everywhere else.
    private mutating func letExpression() throws(QueryError) -> JMESExpression {
        var names: [String] = []
        var values: [JMESExpression] = []
        while true {
            guard current.kind == .variable else {
                throw error(.unexpectedToken, "expected a variable ($name) in 'let', found \(current.spelling)", current.range)
            }
            // Each binding chains a scope onto the last, which evaluation
            // makes and frees one by one: they are capped as levels are.
            guard letNames.count + names.count < Self.maxDepth else {
                throw error(.nestingTooDeep, "more than \(Self.maxDepth) variables are bound at once", current.range)
            }
            names.append(current.text)
            advance()
            guard current.kind == .assign else {
                throw error(.unexpectedToken, "expected '=' after the variable, found \(current.spelling)", current.range)
            }
            advance()
            values.append(try parseExpression(0))
            if current.kind == .comma {
                advance()
                continue
            }
            guard current.kind == .identifier, current.text == "in" else {
                throw error(.unexpectedToken, "expected ',' or 'in' after a binding, found \(current.spelling)", current.range)
            }
            advance()
            break
        }
        usesScope = true
        letNames.append(contentsOf: names)
        defer { letNames.removeLast(names.count) }
        return .letBinding(names: names, values: values, body: try parseExpression(0))
    }

    /// `[a, b, …]`; the `[` is consumed.
    private mutating func multiSelectList() throws(QueryError) -> JMESExpression {
        var items: [JMESExpression] = []
        while true {
            items.append(try parseExpression(0))
            if current.kind == .rightBracket { break }
            try match(.comma)
        }
        try match(.rightBracket)
        return .multiSelectList(items, builds: !items.allSatisfy(\.yieldsNodes))
    }

    /// `{key: value, …}`; the `{` is consumed.
    private mutating func multiSelectHash() throws(QueryError) -> JMESExpression {
        var keys: [String] = []
        var values: [JMESExpression] = []
        while true {
            guard current.kind == .identifier || current.kind == .quotedIdentifier else {
                throw error(.expectedKey, "expected a key in '{…}', found \(current.spelling)", current.range)
            }
            keys.append(current.text)
            advance()
            try match(.colon)
            values.append(try parseExpression(0))
            if current.kind == .comma {
                advance()
            } else {
                try match(.rightBrace)
                break
            }
        }
        return .multiSelectHash(keys: keys, values: values)
    }

    /// `name(arg, …)`; the `(` is consumed. Unknown names and wrong argument
    /// counts are caught here, before anything is evaluated.
    private mutating func functionCall(_ left: JMESExpression, openedAt parenthesis: JMESToken) throws(QueryError) -> JMESExpression {
        let nameToken = tokens[position - 2]
        guard case .field = left, nameToken.kind == .identifier else {
            throw error(.unexpectedToken, "only a function name can be called", parenthesis.range)
        }
        var arguments: [JMESExpression] = []
        while current.kind != .rightParenthesis {
            arguments.append(try parseExpression(0))
            if current.kind != .rightParenthesis { try match(.comma) }
        }
        let range = nameToken.range.lowerBound..<current.range.upperBound
        try match(.rightParenthesis)
        guard let function = JMESFunction(rawValue: nameToken.text) else {
            let suggestion = Suggestions.closest(to: nameToken.text, in: JMESFunction.allCases.map(\.rawValue))
            throw error(.unknownFunction, "unknown function \(nameToken.text)()" + (suggestion.map { " (did you mean \($0)()?)" } ?? ""), nameToken.range)
        }
        if let problem = function.arityProblem(arguments.count) {
            throw error(.invalidArity, problem, range)
        }
        // A pattern written in the expression is checked now, not per element.
        if let position = function.patternArgument, case .literal(.string(let pattern)) = arguments[position],
            case .failure(let problem) = TextPattern.compile(pattern)
        {
            throw error(.invalidValue, "\(function.rawValue)() argument \(position + 1): \(problem.message)", range)
        }
        return .function(function, arguments, range: range)
    }
}
