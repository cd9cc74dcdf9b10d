#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The error of a path that cannot be compiled, or of a well-formed path
/// that cannot be evaluated on a document (such as `@sum` over text).
///
/// A path that simply finds nothing is not an error: it yields an empty
/// ``QueryResult`` whose ``QueryResult/explanation`` says why.
///
/// ## Reading an error
///
/// ``kind`` says what went wrong in a way code can test, ``message`` is one
/// line for people, and ``range`` locates the problem in ``path`` (in
/// characters). ``description`` (and `localizedDescription`) renders all
/// three exactly as `docq` prints them:
///
/// ```
/// error: unknown operator '@cuont' (did you mean '@count'?)
///   lists.@cuont
///         ^~~~~~
/// ```
public struct QueryError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// What kind of failure this is.
    public var kind: Kind
    /// A one-line explanation, including any "did you mean" suggestion.
    public var message: String
    /// The path that failed, as written.
    public var path: String
    /// The characters of ``path`` the problem covers (0-based offsets counted
    /// in `Character`s; empty when it is a position, such as the end of the path).
    public var range: Range<Int>

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, path: String, range: Range<Int>) {
        self.kind = kind
        self.message = message
        self.path = path
        self.range = range
    }

    /// Creates an error located by Unicode-scalar offsets into `path`.
    init(_ kind: Kind, _ message: String, path: String, scalarRange: Range<Int>) {
        self.init(kind, message, path: path, range: Self.characterRange(scalarRange, in: path))
    }

    /// The 1-based column of the problem, in characters.
    public var column: Int { range.lowerBound + 1 }

    /// `error: message`, then the path, then a caret line under ``range``.
    public var description: String {
        renderedLines().joined(separator: "\n")
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

    /// ``description`` as lines, decorated by `style`; `source` (a file
    /// name) goes after `error:` when given.
    package func renderedLines(source: String? = nil, style: some DiagnosticStyle = .plain) -> [String] {
        let prefix = source.map { "\($0): " } ?? ""
        return ["\(style.error("error:")) \(prefix)\(message)"] + CaretRenderer.lines(path, range: range, style: style)
    }

    static func characterRange(_ scalars: Range<Int>, in path: String) -> Range<Int> {
        let view = path.unicodeScalars
        func characterOffset(_ scalarOffset: Int) -> Int {
            let clamped = Swift.min(Swift.max(scalarOffset, 0), view.count)
            let index = view.index(view.startIndex, offsetBy: clamped)
            return path[..<index].count
        }
        let lower = characterOffset(scalars.lowerBound)
        return lower..<Swift.max(lower, characterOffset(scalars.upperBound))
    }

    /// The kinds of query failure. New kinds may be added; switch with a `default`.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable, Hashable {
            case unexpectedCharacter, unterminatedString, invalidEscape, invalidNumber
            case expectedKey, expectedIndex, expectedClosingBracket, expectedOperand
            case expectedClosingParenthesis, unexpectedToken, unknownOperator, nestingTooDeep
            case nonNumericValue, incomparableValues, resultTooLarge
            case pathTooLong
            case invalidType, invalidArity, unknownFunction, invalidValue
            case notANumber, undefinedVariable
            case notStreamable
            case noMatch, invalidEdit, conflictingEdits
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// A character that cannot start anything at that point (`#` inside a filter).
        public static let unexpectedCharacter = Kind(.unexpectedCharacter)
        /// A quoted key or string literal that is never closed.
        public static let unterminatedString = Kind(.unterminatedString)
        /// A backslash escape that is not valid (`\x` in quotes, a trailing `\`).
        public static let invalidEscape = Kind(.invalidEscape)
        /// A number that is malformed or too large for an index.
        public static let invalidNumber = Kind(.invalidNumber)
        /// A key, `*` or operator was expected (after `.`, or at the start).
        public static let expectedKey = Kind(.expectedKey)
        /// An index, slice or filter was expected inside `[ ]`.
        public static let expectedIndex = Kind(.expectedIndex)
        /// A `]` was expected.
        public static let expectedClosingBracket = Kind(.expectedClosingBracket)
        /// A value (a relative path or a literal) was expected in a filter.
        public static let expectedOperand = Kind(.expectedOperand)
        /// A `)` was expected.
        public static let expectedClosingParenthesis = Kind(.expectedClosingParenthesis)
        /// A token that cannot follow what precedes it.
        public static let unexpectedToken = Kind(.unexpectedToken)
        /// `@name` is not one of the collection operators (`@count`, `@sum`, …).
        public static let unknownOperator = Kind(.unknownOperator)
        /// Filters or parentheses are nested deeper than the parser allows.
        public static let nestingTooDeep = Kind(.nestingTooDeep)
        /// An arithmetic operator (`@sum`, `@avg`) met a value that is not a number.
        public static let nonNumericValue = Kind(.nonNumericValue)
        /// `@min` or `@max` met values that cannot be ordered together.
        public static let incomparableValues = Kind(.incomparableValues)
        /// An evaluation produced more computed values than a result can index.
        public static let resultTooLarge = Kind(.resultTooLarge)
        /// The path is longer than the limit it was compiled with
        /// (``PathQuery/defaultMaxLength`` unless given).
        public static let pathTooLong = Kind(.pathTooLong)

        /// A JMESPath function got an argument of the wrong type
        /// (`length(\`1\`)`), or a sort key mixed numbers and strings.
        public static let invalidType = Kind(.invalidType)
        /// A JMESPath function was called with the wrong number of arguments.
        public static let invalidArity = Kind(.invalidArity)
        /// A JMESPath function name that is not a built-in function.
        public static let unknownFunction = Kind(.unknownFunction)
        /// A value the JMESPath specification rules out, such as a slice step of 0.
        public static let invalidValue = Kind(.invalidValue)
        /// JMESPath Community arithmetic on something that is not a number,
        /// a division by zero, or a result too large for a number.
        public static let notANumber = Kind(.notANumber)
        /// A JMESPath Community variable (`$name`) that nothing binds.
        public static let undefinedVariable = Kind(.undefinedVariable)
        /// A path (or this document, for it) cannot be evaluated as a
        /// stream (``PathQuery/stream(contentsOf:options:)``): a negative
        /// index, `..`, an operator that needs every value at once, …
        public static let notStreamable = Kind(.notStreamable)
        /// An edit's path matches nothing (and is not a keys-only `set`,
        /// which creates what is missing); see ``Edit``.
        public static let noMatch = Kind(.noMatch)
        /// An edit cannot apply to what its path matched: renaming an array
        /// element, inserting into a string, removing the root, …
        public static let invalidEdit = Kind(.invalidEdit)
        /// Two edits of one transaction, or two matches of one edit, touch
        /// the same part of the document.
        public static let conflictingEdits = Kind(.conflictingEdits)
        /// The kind's name, e.g. `unknownOperator`.
        public var description: String { value.rawValue }
    }
}
