#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The error thrown when a document cannot be loaded: malformed JSON or XML,
/// bad encodings, limits exceeded, forbidden constructs, or unreadable sources.
///
/// ## Reading an error
///
/// ``kind`` says what went wrong in a way code can test; ``message`` is one
/// line for people; ``location`` and ``snippet`` point at the bad spot when
/// the input has one. ``description`` (and `localizedDescription`) reads
/// `line:column: message`, then the snippet under a line-number gutter and a
/// caret under the bad spot, exactly as `docq` prints it after the file name:
///
/// ```swift
/// do {
///     _ = try Document(string: "[1, 2,]", options: LoadOptions(format: .json))
/// } catch {
///     print(error)
///     // 1:7: expected a value, found ']'
///     //    1 | [1, 2,]
///     //      |       ^
///     print(error.kind)     // invalidSyntax
/// }
/// ```
public struct LoadError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// What kind of failure this is.
    public var kind: Kind
    /// A one-line explanation.
    public var message: String
    /// Where in the input the problem is, when it is in the input.
    public var location: SourceLocation?
    /// The offending line (or part of it), when there is one.
    public var snippet: String?
    /// The file (or URL) the input was read from, when it was one:
    /// ``Document/init(contentsOf:options:)`` names its file, and
    /// ``description`` then starts with it.
    public var source: String?

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

    /// `source:line:column: message` (without the source when there is
    /// none, just the message when there is no location), then, when there
    /// is a snippet, the offending line under a line-number gutter and a
    /// caret line under the bad spot.
    public var description: String {
        var head = location.map { "\($0): \(message)" } ?? message
        // An unreadable source's message names it already.
        if let source, kind != .unreadableSource { head = source + ":" + head }
        return ([head] + snippetLines()).joined(separator: "\n")
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

    /// The snippet under a line-number gutter, and a caret line under the
    /// bad spot when the location is known; no lines without a snippet.
    ///
    /// ```
    ///    2 |   "a": [1, 2,]
    ///      |              ^
    /// ```
    ///
    /// The caret stands ``SourceLocation/snippetLead`` characters after the
    /// `…` of a snippet that was cut before the bad spot, else at the column.
    package func snippetLines(style: some DiagnosticStyle = .plain) -> [String] {
        guard let snippet, !snippet.isEmpty else { return [] }
        let number = location.map { String($0.line) } ?? ""
        let width = max(4, number.count)
        let gutter = String(repeating: " ", count: width - number.count) + number + " | "
        let blank = String(repeating: " ", count: width) + " | "
        guard let location else { return [style.dim(gutter) + snippet] }
        let scalars = snippet.unicodeScalars
        let cut = snippet.hasPrefix(SourceLocation.cutMark) && location.column - 1 > SourceLocation.snippetLead
        let lead = cut ? SourceLocation.snippetLead + SourceLocation.cutMark.unicodeScalars.count : location.column - 1
        let caretScalars = min(lead, scalars.count)
        let caret = snippet[..<scalars.index(scalars.startIndex, offsetBy: max(caretScalars, 0))].count
        let lines = CaretRenderer.lines(snippet, range: caret..<caret, indent: "", style: style)
        return [style.dim(gutter) + lines[0], style.dim(blank) + lines[1]]
    }

    /// The kinds of load failure. New kinds may be added; switch with a `default`.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable, Hashable {
            case invalidSyntax, invalidEncoding, unsupportedEncoding, nestingTooDeep
            case entityNotAllowed, tooLarge, unreadableSource, invalidNumber
            case notEditable
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
        /// A well-formed document the editor cannot edit (XML, for now, or
        /// an encoding that does not convert back to the same bytes).
        public static let notEditable = Kind(.notEditable)

        /// The kind's name, e.g. `invalidSyntax`.
        public var description: String { value.rawValue }
    }
}
