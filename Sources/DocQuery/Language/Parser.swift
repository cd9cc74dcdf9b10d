/// Turns a path into steps by recursive descent.
///
/// Grammar (see docs/PathLanguage.md for the full description):
///
/// ```
/// path       = [ "." ] [ first { rest } ]        ; "" and "." alone are the root
/// first      = component | bracket | ".." descent
/// rest       = "." component | bracket | ".." descent
/// component  = key | reserved | "*" | "@" name
/// descent    = key | "*"
/// bracket    = "[" ( integer | [integer] ":" [integer] | "?" or ) "]"
/// or         = and { "||" and }
/// and        = unary { "&&" unary }
/// unary      = "!" unary | "(" or ")" | operand [ compare operand ]
/// operand    = literal | "$" name (a bound value) | relative path (or "." for the member itself)
/// compare    = "==" | "!=" | "<" | "<=" | ">" | ">="
/// ```
///
/// Recursion happens only for filters and parentheses, whose nesting is
/// capped at ``maxNesting``, and a chain of `||` or `&&` nests each link
/// in the next (evaluated recursively), so a path holds at most
/// ``maxLinks`` of them.
struct Parser {
    /// The deepest nesting of filters and parentheses accepted.
    static let maxNesting = 32
    /// The most `||` and `&&` a path may hold, in all its filters.
    static let maxLinks = 256

    private var lexer: Lexer
    private var token: Token
    private var nesting = 0
    /// The `||` and `&&` read so far.
    private var links = 0
    private(set) var keys: [String] = []
    /// Slots by key bytes: `"cafe\u{301}"` and `"caf\u{E9}"` are two keys,
    /// as they are two names in a document (`String` equality would merge them).
    private var keySlots: [DocTree.NameKey: Int] = [:]
    /// The values of `$name` placeholders, when the caller bound any.
    private var parameters: PathParameters?

    /// Parses `source` into its steps and the keys they refer to; with
    /// `parameters`, a bare `$name` operand in a filter is the value bound to it.
    static func parse(_ source: String, parameters: PathParameters? = nil) throws(QueryError) -> (steps: [Step], keys: [String]) {
        var parser = Parser(source)
        parser.parameters = parameters
        try parser.advance(.path)
        let steps = try parser.parseTopLevel()
        return (steps, parser.keys)
    }

    private init(_ source: String) {
        self.lexer = Lexer(source)
        self.token = Token(kind: .end, range: 0..<0)
    }

    private mutating func advance(_ mode: Lexer.Mode) throws(QueryError) {
        token = try lexer.next(mode)
    }

    private func error(_ kind: QueryError.Kind, _ message: String, _ range: Range<Int>? = nil) -> QueryError {
        QueryError(kind, message, path: lexer.source, scalarRange: range ?? token.range)
    }

    private mutating func slot(for key: String) -> Int {
        if let slot = keySlots[DocTree.NameKey(key)] { return slot }
        keys.append(key)
        keySlots[DocTree.NameKey(key)] = keys.count - 1
        return keys.count - 1
    }

    // MARK: Paths

    private mutating func parseTopLevel() throws(QueryError) -> [Step] {
        if token.kind == .dot {
            // A leading "." is optional (jq habit); "." alone is the root.
            try advance(.path)
            if token.kind == .end { return [] }
        } else if token.kind == .end {
            return []
        }
        let steps = try parseSteps(mode: .path)
        guard token.kind == .end else {
            throw error(.unexpectedToken, "unexpected \(token.quotedDescription); expected '.', '[' or the end of the path")
        }
        return steps
    }

    /// Parses a first step and every following step; stops at a token that
    /// cannot continue a path.
    private mutating func parseSteps(mode: Lexer.Mode) throws(QueryError) -> [Step] {
        var steps: [Step] = []
        switch token.kind {
        case .key, .star, .operatorName:
            steps.append(try parseComponent(mode: mode))
        case .leftBracket:
            steps.append(try parseBracket(mode: mode))
        case .dotDot:
            steps.append(try parseDescent(mode: mode))
        default:
            throw error(.expectedKey, "expected a key, '*', '[' or an operator, found \(token.quotedDescription)")
        }
        while true {
            switch token.kind {
            case .dot:
                let dot = token.range
                try advance(.path)
                switch token.kind {
                case .key, .star, .operatorName:
                    steps.append(try parseComponent(mode: mode))
                case .leftBracket:
                    throw error(.expectedKey, "write an index right after the key, without a '.' (items[0])", dot.lowerBound..<token.range.upperBound)
                case .end:
                    throw error(.expectedKey, "expected a key after '.'", dot)
                default:
                    throw error(.expectedKey, "expected a key, '*' or an operator after '.', found \(token.quotedDescription)")
                }
            case .dotDot:
                steps.append(try parseDescent(mode: mode))
            case .leftBracket:
                steps.append(try parseBracket(mode: mode))
            default:
                return steps
            }
        }
    }

    /// A key, reserved name, `*` or operator (the current token).
    private mutating func parseComponent(mode: Lexer.Mode) throws(QueryError) -> Step {
        let range = token.range
        let step: Step
        switch token.kind {
        case .key(let key, let bare):
            if bare, let reserved = ReservedName(rawValue: key) {
                step = Step(kind: .reserved(reserved), range: range)
            } else {
                step = Step(kind: .key(slot: slot(for: key)), range: range)
            }
        case .star:
            step = Step(kind: .wildcard, range: range)
        case .operatorName(let name):
            guard let op = CollectionOperator(rawValue: "@" + name) else {
                var message = "unknown operator '@\(name)'"
                if let near = Suggestions.closest(to: "@" + name, in: CollectionOperator.allCases.map(\.rawValue)) {
                    message += " (did you mean '\(near)'?)"
                } else {
                    message += "; to use '@\(name)' as a key, quote it: \"@\(name)\""
                }
                throw error(.unknownOperator, message)
            }
            step = Step(kind: .collectionOperator(op), range: range)
        default:
            preconditionFailure("parseComponent called on \(token.kind)")
        }
        try advance(mode)
        return step
    }

    /// `..key` or `..*` (the current token is `..`).
    private mutating func parseDescent(mode: Lexer.Mode) throws(QueryError) -> Step {
        let start = token.range.lowerBound
        try advance(.path)
        let step: Step
        switch token.kind {
        case .key(let key, let bare):
            if bare, ReservedName(rawValue: key) != nil {
                throw error(.expectedKey, "'..' must be followed by a key or '*', not the reserved name '\(key)'")
            }
            step = Step(kind: .descendant(slot: slot(for: key)), range: start..<token.range.upperBound)
        case .star:
            step = Step(kind: .descendant(slot: nil), range: start..<token.range.upperBound)
        default:
            throw error(.expectedKey, "expected a key or '*' after '..', found \(token.quotedDescription)")
        }
        try advance(mode)
        return step
    }

    /// `[i]`, `[a:b]` or `[?filter]` (the current token is `[`).
    private mutating func parseBracket(mode: Lexer.Mode) throws(QueryError) -> Step {
        let start = token.range.lowerBound
        try advance(.index)
        let kind: Step.Kind
        switch token.kind {
        case .question:
            nesting += 1
            defer { nesting -= 1 }
            if nesting > Self.maxNesting {
                throw error(.nestingTooDeep, "filters are nested more than \(Self.maxNesting) deep")
            }
            try advance(.expression)
            if token.kind == .rightBracket {
                throw error(.expectedOperand, "expected a condition after '[?'")
            }
            kind = .filter(try parseOr())
        case .integer(let value):
            try advance(.index)
            if token.kind == .colon {
                try advance(.index)
                kind = .slice(value, try optionalBound())
            } else {
                kind = .index(value)
            }
        case .colon:
            try advance(.index)
            kind = .slice(nil, try optionalBound())
        case .star:
            throw error(.expectedIndex, "'[*]' is not a step here: use '[:]' for every item, or '*' for every child")
        case .rightBracket:
            throw error(.expectedIndex, "expected an index, a slice or a filter inside '[]'")
        default:
            throw error(.expectedIndex, "expected an index, a slice or a filter, found \(token.quotedDescription)")
        }
        guard token.kind == .rightBracket else {
            if token.kind == .colon {
                throw error(.expectedClosingBracket, "slices take two bounds at most ([start:end])")
            }
            throw error(.expectedClosingBracket, "expected ']', found \(token.quotedDescription)")
        }
        let end = token.range.upperBound
        try advance(mode)
        return Step(kind: kind, range: start..<end)
    }

    private mutating func optionalBound() throws(QueryError) -> Int? {
        if case .integer(let value) = token.kind {
            try advance(.index)
            return value
        }
        return nil
    }

    // MARK: Filters

    private mutating func parseOr() throws(QueryError) -> FilterExpression {
        var left = try parseAnd()
        while token.kind == .or {
            try countLink()
            try advance(.expression)
            left = .or(left, try parseAnd())
        }
        return left
    }

    private mutating func parseAnd() throws(QueryError) -> FilterExpression {
        var left = try parseUnary()
        while token.kind == .and {
            try countLink()
            try advance(.expression)
            left = .and(left, try parseUnary())
        }
        return left
    }

    private mutating func parseUnary() throws(QueryError) -> FilterExpression {
        switch token.kind {
        case .not:
            return try nested { (p: inout Parser) throws(QueryError) in
                try p.advance(.expression)
                return .not(try p.parseUnary())
            }
        case .leftParen:
            let open = token.range
            let inner = try nested { (p: inout Parser) throws(QueryError) in
                try p.advance(.expression)
                return try p.parseOr()
            }
            guard token.kind == .rightParen else {
                throw error(.expectedClosingParenthesis, "expected ')' to close the '(' at column \(QueryError.characterRange(open, in: lexer.source).lowerBound + 1), found \(token.quotedDescription)")
            }
            try advance(.expression)
            return inner
        default:
            let left = try parseOperand()
            let op: ComparisonOperator
            switch token.kind {
            case .equal: op = .equal
            case .notEqual: op = .notEqual
            case .less: op = .less
            case .lessEqual: op = .lessEqual
            case .greater: op = .greater
            case .greaterEqual: op = .greaterEqual
            case .matches: return .comparison(left, try parsePattern(), .literal(.null))
            default: return .test(left)
            }
            try advance(.expression)
            let right = try parseOperand()
            return .comparison(left, op, right)
        }
    }

    /// `$name.key.key…` on a bound object (`$ENV.HOME`): the member the
    /// keys reach, or `null` when one is missing, as jq's `$ENV.NAME` is.
    /// The current token is `$name`; it is left on the last key.
    private mutating func boundMember(of object: Node, named name: String) throws(QueryError) -> Node? {
        var current: Node? = object
        try advance(.expression)
        while token.kind == .dot {
            try advance(.expression)
            guard case .key(let key, _) = token.kind else {
                throw error(.expectedKey, "expected a member name after '$\(name).', found \(token.quotedDescription)")
            }
            current = current?.children(named: key).first
            var following = lexer
            guard (try? following.next(.expression))?.kind == .dot else { break }
            try advance(.expression)
        }
        return current
    }

    /// The `'pattern'` after `=~` (the current token), compiled.
    private mutating func parsePattern() throws(QueryError) -> ComparisonOperator {
        try advance(.expression)
        let range = token.range
        let operand = try parseOperand()
        guard case .literal(.string(let source, _)) = operand else {
            throw error(.expectedOperand, "'=~' takes a regular expression in quotes: [?name =~ '^a']")
        }
        switch TextPattern.compile(source) {
        case .success(let pattern): return .matches(pattern)
        case .failure(let problem): throw error(.invalidValue, problem.message, range)
        }
    }

    /// Counts the `||` or `&&` under the cursor against ``maxLinks``.
    private mutating func countLink() throws(QueryError) {
        links += 1
        if links > Self.maxLinks {
            throw error(.nestingTooDeep, "a path holds more than \(Self.maxLinks) '||' and '&&' in its filters")
        }
    }

    /// Runs `body` one level deeper; the current token is the `(` or `!`
    /// that opens the level, which an error points at.
    private mutating func nested(_ body: (inout Parser) throws(QueryError) -> FilterExpression) throws(QueryError) -> FilterExpression {
        nesting += 1
        defer { nesting -= 1 }
        if nesting > Self.maxNesting {
            throw error(.nestingTooDeep, "a filter is nested more than \(Self.maxNesting) deep")
        }
        return try body(&self)
    }

    private mutating func parseOperand() throws(QueryError) -> Operand {
        if let parameters, case .key(let key, bare: true) = token.kind, key.hasPrefix("$"), key.count > 1 {
            let name = String(key.dropFirst())
            let fail = { (message: String) in error(.expectedOperand, message) }
            var following = lexer
            if (try? following.next(.expression))?.kind == .dot, case .node(let object) = try parameters.value(for: name, error: fail) {
                token.kind = try parameters.token(for: try boundMember(of: object, named: name), name: name, error: fail)
            } else {
                token.kind = try parameters.token(for: name, error: fail)
            }
        }
        switch token.kind {
        case .string(let text):
            try advance(.expression)
            return .literal(.string(text, utf8: Array(text.utf8)))
        case .number(_, let text):
            // The lexer took JSON's number grammar and bound numbers are
            // Swift's spellings, which the exact reader all takes.
            var digits = text
            guard let value = digits.withUTF8({ NumberText.exact(from: $0) }) else {
                throw error(.invalidNumber, "\(text) is not a number")
            }
            try advance(.expression)
            return .literal(.number(value, text: text))
        case .key("true", bare: true):
            try advance(.expression)
            return .literal(.bool(true))
        case .key("false", bare: true):
            try advance(.expression)
            return .literal(.bool(false))
        case .key("null", bare: true):
            try advance(.expression)
            return .literal(.null)
        case .dot:
            // "." alone is the member itself; ".key" is the same as "key".
            try advance(.expression)
            switch token.kind {
            case .key, .star, .operatorName, .leftBracket, .dotDot:
                return .path(try parseSteps(mode: .expression))
            default:
                return .path([])
            }
        case .key, .star, .operatorName, .leftBracket, .dotDot:
            return .path(try parseSteps(mode: .expression))
        case .rightBracket, .end:
            throw error(.expectedOperand, "expected a value: a relative path, a 'string', a number, true, false or null")
        default:
            throw error(.expectedOperand, "expected a value, found \(token.quotedDescription)")
        }
    }
}
