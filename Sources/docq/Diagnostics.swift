import ArgumentParser
import DocQuery
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// docq's exit statuses: jq's where the situations match, so scripts
/// written for jq read them the same way. ``table`` is the one list the
/// help (`EXIT STATUS`) and docs/docq.md show.
///
/// A run over several documents goes on after a failure and exits with the
/// highest status it met.
enum ExitStatus: Int32, Sendable, Comparable, CaseIterable {
    /// At least one value matched (an edit: every file was edited), or
    /// the input held no document at all (empty standard input), as for jq.
    case matched = 0
    /// The path matched nothing (jq `-e`: the last output was false or null).
    case noMatch = 1
    /// A usage error, or an input that cannot be opened or read (jq: a usage
    /// problem or system error).
    case usage = 2
    /// A malformed path or expression (jq: a compile error).
    case malformedPath = 3
    /// A document that cannot be parsed (jq: malformed input).
    case malformedDocument = 4
    /// A well-formed path that fails on the document: `@sum` over text, a
    /// CSV row of an object, a JMESPath type error (jq: a runtime error).
    case evaluationFailed = 5

    static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }

    /// What each status means, for the help and the guide.
    var meaning: String {
        switch self {
        case .matched: "a value matched, an edit succeeded, or the input held no document"
        case .noMatch: "the path matched nothing (stderr explains how far it got)"
        case .usage: "a usage error, or a file or URL that cannot be read"
        case .malformedPath: "a malformed path or expression (shown with a caret)"
        case .malformedDocument: "a document that cannot be parsed; the others are still processed"
        case .evaluationFailed: "the path failed on a document (@sum over text, CSV of an object …)"
        }
    }

    /// The table as the help prints it: `  N  meaning`, one row a line.
    static var table: String {
        allCases.map { "  \($0.rawValue)  \($0.meaning)" }.joined(separator: "\n")
    }

    /// The status for a document that could not be loaded: 2 when it could
    /// not be read (or its encoding is unknown), 4 when it is malformed.
    init(_ error: LoadError) {
        switch error.kind {
        case .unreadableSource, .unsupportedEncoding: self = .usage
        case .notEditable, .invalidNumber: self = .evaluationFailed
        default: self = .malformedDocument
        }
    }

    /// The status for a path's error met while evaluating or editing: 1 for
    /// an edit's path that matched nothing, 2 for a path that cannot stream
    /// under `--stream`, 3 for a malformed path, 5 for any other failure.
    init(_ error: QueryError) {
        switch error.kind {
        case .noMatch: self = .noMatch
        case .notStreamable: self = .usage
        case .unexpectedCharacter, .unterminatedString, .invalidEscape, .invalidNumber, .expectedKey, .expectedIndex,
             .expectedClosingBracket, .expectedOperand, .expectedClosingParenthesis, .unexpectedToken, .unknownOperator,
             .nestingTooDeep, .pathTooLong, .invalidArity, .unknownFunction, .undefinedVariable:
            self = .malformedPath
        default: self = .evaluationFailed
        }
    }

    /// The status for an error met while compiling a path: 3, or 2 for a
    /// path that cannot stream.
    init(compiling error: QueryError) {
        self = error.kind == .notStreamable ? .usage : .malformedPath
    }
}

/// Every error docq reports, turned into an exit status and the text for
/// standard error, in this one place.
///
/// The text is the library's: ``QueryError``, ``LoadError`` and
/// ``Explanation`` render themselves (carets, snippets, suggestions), and
/// this adds what only docq knows (the file name, the `no match:` heading,
/// hints). When standard error is a terminal (and `NO_COLOR` is not set)
/// ``Style`` adds ANSI colour around the parts that deserve it.
///
/// ```
/// error: unknown operator '@cuont' (did you mean '@count'?)
///   lists.@cuont
///         ^~~~~~
/// error: broken.json:3:7: expected a value, found ']'
///     3 | [1, 2,]
/// ```
struct Diagnostics: Sendable {
    /// ANSI decoration, or none.
    struct Style: DiagnosticStyle {
        var colors: Bool

        static let plain = Style(colors: false)

        /// Colour when standard error is a terminal that wants it.
        static var standardError: Style { Style(colors: wantsColor(descriptor: 2)) }

        /// Whether output to `descriptor` is coloured when nothing asks:
        /// it is a terminal, `NO_COLOR` is unset or empty (no-color.org)
        /// and `TERM` is not `dumb`.
        static func wantsColor(descriptor: Int32) -> Bool {
            (environmentVariable("NO_COLOR") ?? "").isEmpty && environmentVariable("TERM") != "dumb"
                && isatty(descriptor) == 1
        }

        func error(_ text: String) -> String { wrap(text, "1;31") }
        func note(_ text: String) -> String { wrap(text, "1;33") }
        func caret(_ text: String) -> String { wrap(text, "1;32") }
        func emphasis(_ text: String) -> String { wrap(text, "1") }
        func dim(_ text: String) -> String { wrap(text, "2") }

        private func wrap(_ text: String, _ code: String) -> String {
            colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }
    }

    var style: Style

    init(style: Style = .standardError) {
        self.style = style
    }

    // MARK: - Paths

    /// A malformed path (or a failed evaluation): the message, the path, and
    /// a caret line under the problem.
    func text(for error: QueryError, source: String? = nil) -> String {
        error.renderedLines(source: source, style: style).joined(separator: "\n") + "\n"
    }

    // MARK: - Documents

    /// A document that cannot be read or parsed: the source, line, column
    /// and message, then the library's excerpt (``LoadError/snippetLines(style:)``):
    /// the offending line under a line-number gutter, `…` where it is cut,
    /// and the caret line under the column, as ``LoadError/description`` shows it.
    func text(for error: LoadError, source: String) -> String {
        var head = "\(style.error("error:")) \(source)"
        if let location = error.location { head += ":\(location.line):\(location.column)" }
        head += ": \(error.message)\n"
        for line in error.snippetLines(style: style) { head += line + "\n" }
        if error.kind == .invalidEncoding {
            head += "\(style.note("hint:")) for a document in a legacy encoding, name it with -e/--encoding (e.g. -e EUC-KR)\n"
        }
        return head
    }

    /// Any other error: `error: [SOURCE: ]MESSAGE`.
    func errorText(_ message: String, source: String? = nil) -> String {
        "\(style.error("error:")) \(source.map { $0 + ": " } ?? "")\(message)\n"
    }

    // MARK: - Empty results

    /// A path that matched nothing: the path with a caret under the step
    /// that found nothing, why, a "did you mean", and the keys that were there.
    ///
    /// ```
    /// no match: auth.usr.username
    ///   auth.usr.username
    ///        ^~~
    ///   'auth' matched an element, but it has no key 'usr'
    ///   did you mean 'user'?
    ///   keys there: token, perms, user
    /// ```
    func noMatchText(path: String, explanation: Explanation?, source: String?) -> String {
        noMatchLines(path: path, explanation: explanation, source: source).joined(separator: "\n") + "\n"
    }

    /// ``noMatchText(path:explanation:source:)`` as lines.
    func noMatchLines(path: String, explanation: Explanation?, source: String?) -> [String] {
        var head = "\(style.note("no match:")) \(path)"
        if let source { head += " in \(source)" }
        return [head] + (explanation?.renderedLines(textIndent: "  ", style: style) ?? [])
    }

    // MARK: - Text for a terminal

    /// The longest line a message keeps whole, in characters.
    static let longestLine = 1_000

    /// `text` made safe to write to a terminal, as every diagnostic is
    /// (``writeToStandardError(_:)``):
    ///
    /// - control characters (but line feed and tab), DEL and the C1
    ///   controls are written as `\u{1B}`, so text from the command line or
    ///   a document cannot move the cursor or retitle the window; the only
    ///   escape sequences kept are the colours ``Style`` itself writes;
    /// - over-long lines are cut: when some line is longer than
    ///   ``longestLine`` characters, every line loses the same columns (from
    ///   the 500th to 400 before the longest line's end), marked `…`, so a
    ///   caret stays under the character it points at.
    static func displayable(_ text: String) -> String {
        let clean = text.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F && $0 < 0x80 || $0 == 0x0A || $0 == 0x09 }
        var text = clean ? text : escapedControls(text)
        if text.utf8.count > longestLine {
            text = cutLongLines(text)
        }
        return text
    }

    /// The SGR sequences ``Style`` writes, which ``displayable(_:)`` keeps.
    private static let ownEscapes: Set<String> = ["[0m", "[1m", "[2m", "[1;31m", "[1;33m", "[1;32m"]

    private static func escapedControls(_ text: String) -> String {
        var out = ""
        let scalars = Array(text.unicodeScalars)
        var k = 0
        while k < scalars.count {
            let scalar = scalars[k]
            let value = scalar.value
            if value == 0x1B, let end = scalars[k...].prefix(8).firstIndex(of: "m"),
               ownEscapes.contains(String(String.UnicodeScalarView(scalars[(k + 1)...end])))
            {
                out.unicodeScalars.append(contentsOf: scalars[k...end])
                k = end + 1
                continue
            }
            if (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value) {
                out += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
            k += 1
        }
        return out
    }

    private static func cutLongLines(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let longest = lines.map(\.count).max() ?? 0
        guard longest > longestLine else { return text }
        let cutStart = 500
        let cutEnd = longest - 400
        return lines.map { line -> String in
            guard line.count > cutStart else { return String(line) }
            let head = line.prefix(cutStart)
            let tail = line.count > cutEnd ? line.dropFirst(cutEnd) : ""
            return head + "…" + tail
        }.joined(separator: "\n")
    }

    // MARK: - Mistakes and hints

    /// A command line refused before it ran: `error: MESSAGE`, then each hint.
    func text(for mistake: CommandLineHints.Mistake) -> String {
        errorText(mistake.message) + mistake.hints.map(hintText).joined()
    }

    /// `hint: TEXT` on a line.
    func hintText(_ hint: String) -> String {
        "\(style.note("hint:")) \(hint)\n"
    }

    // MARK: - Usage

    /// What to print for an error thrown while parsing the command line, and
    /// the status: help, version and completion scripts go to standard
    /// output with 0; usage errors to standard error with 2, with the hints
    /// ``CommandLineHints`` has for `arguments`.
    static func commandLine(
        _ error: any Error, command: any ParsableCommand.Type, arguments: [String]
    ) -> (text: String, toStandardOutput: Bool, status: Int32) {
        let message = command.fullMessage(for: error)
        let code = command.exitCode(for: error)
        if code == .success {
            return (message.isEmpty ? "" : message + "\n", true, 0)
        }
        // argument-parser names the command alone ('set --help'), as if it were the program.
        let name = command.configuration.commandName ?? ""
        let help = name == "query" || name == "docq" ? "docq --help" : "docq help \(name)"
        let text = message.replacing("See '\(name) --help'", with: "See '\(help)'")
        let hints = CommandLineHints.hints(afterParseError: arguments)
        return (text + "\n" + hints.map(Diagnostics().hintText).joined(), false, ExitStatus.usage.rawValue)
    }
}
