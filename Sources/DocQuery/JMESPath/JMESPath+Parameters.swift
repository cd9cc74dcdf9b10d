extension JMESPath {
    /// Compiles an expression whose `$name` placeholders take the given
    /// values, as `PathQuery(_:parameters:)`
    /// does for key paths.
    ///
    /// A placeholder is a value wherever an expression can stand
    /// (`todos[?userId == $user].title`, `not_null(name, $fallback)`), and
    /// its value is never read as expression text:
    ///
    /// ```swift
    /// let mine = try JMESPath("[?userId == $user].title", parameters: ["user": 2])
    /// ```
    ///
    /// Values may be a `String` (or `Substring`), any integer type,
    /// `Double`, `Float`, `Decimal` (numbers become JMESPath's `Double`s),
    /// `Bool`, `nil` for `null`, or a `Node`, which stands for its JSON
    /// value, objects and arrays included (XML as `Node.jsonString(pretty:)`
    /// writes it). A `$name` that no parameter and no `let` binds is an
    /// `undefinedVariable` error when it is evaluated; a `let` binding hides a
    /// parameter of the same name.
    ///
    /// - Throws: ``QueryError`` when the expression is malformed, or a
    ///   placeholder has no value or a value of another type (kind
    ///   ``QueryError/Kind-swift.struct/expectedOperand``, pointing at it).
    public init(_ expression: String, parameters: [String: (any Sendable)?]) throws(QueryError) {
        try self.init(expression, bindings: PathParameters(named: parameters))
    }

    /// Compiles an expression whose placeholders `$0`, `$1`, … take
    /// `parameters` in order; see the form with names for the values allowed.
    ///
    /// - Throws: ``QueryError`` as the named form does.
    public init(_ expression: String, parameters: [(any Sendable)?]) throws(QueryError) {
        try self.init(expression, bindings: PathParameters(positional: parameters))
    }

    private init(_ expression: String, bindings: PathParameters) throws(QueryError) {
        var parser = try JMESParser(expression, parameters: bindings)
        let tree = try parser.parse()
        self.program = JMESProgram(
            source: expression, expression: tree, keys: parser.keys, usesScope: parser.usesScope, readsRoot: parser.readsRoot, bound: bindings.identity)
    }
}
