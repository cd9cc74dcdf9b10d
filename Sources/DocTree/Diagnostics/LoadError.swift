/// The error thrown when a document cannot be loaded: malformed JSON or XML,
/// bad encodings, limits exceeded, forbidden constructs, or unreadable sources.
///
/// ## Reading an error
///
/// ``kind`` says what went wrong in a way code can test; ``message`` is one
/// line for people; ``location`` and ``snippet`` point at the bad spot when
/// the input has one. ``description`` reads `line:column: message`.
///
/// ```swift
/// do {
///     _ = try Document(string: "[1, 2,]")
/// } catch {
///     print(error)          // 1:7: expected a value, found ']'
///     print(error.kind)     // invalidSyntax
/// }
/// ```
public struct LoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is.
    public var kind: Kind
    /// A one-line explanation.
    public var message: String
    /// Where in the input the problem is, when it is in the input.
    public var location: SourceLocation?
    /// The offending line (or part of it), when there is one.
    public var snippet: String?

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, location: SourceLocation? = nil, snippet: String? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
        self.snippet = snippet
    }

    /// Creates an error located at `offset` in UTF-8 `bytes`, computing line,
    /// column and snippet.
    package init(_ kind: Kind, _ message: String, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        self.init(
            kind, message,
            location: SourceLocation(offset: offset, in: bytes),
            snippet: SourceLocation.snippet(at: offset, in: bytes))
    }

    /// `line:column: message`, or just the message when there is no location.
    public var description: String {
        if let location { return "\(location): \(message)" }
        return message
    }

    /// The kinds of load failure. New kinds may be added; switch with a `default`.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable, Hashable {
            case invalidSyntax, invalidEncoding, unsupportedEncoding, nestingTooDeep
            case entityNotAllowed, tooLarge, unreadableSource, invalidNumber
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The input is not well-formed JSON or XML.
        public static let invalidSyntax = Kind(.invalidSyntax)
        /// The bytes are not valid in the input's encoding (e.g. invalid UTF-8).
        public static let invalidEncoding = Kind(.invalidEncoding)
        /// The named or declared encoding is not known on this system.
        public static let unsupportedEncoding = Kind(.unsupportedEncoding)
        /// Nesting is deeper than ``LoadOptions/maxDepth``.
        public static let nestingTooDeep = Kind(.nestingTooDeep)
        /// The XML uses an entity that is not allowed (external, or expanding past the budget).
        public static let entityNotAllowed = Kind(.entityNotAllowed)
        /// The document exceeds a size limit of the tree (node count, text size, names).
        public static let tooLarge = Kind(.tooLarge)
        /// The file or URL could not be read.
        public static let unreadableSource = Kind(.unreadableSource)
        /// A number accessor could not represent the number exactly.
        public static let invalidNumber = Kind(.invalidNumber)

        /// The kind's name, e.g. `invalidSyntax`.
        public var description: String { value.rawValue }
    }
}
