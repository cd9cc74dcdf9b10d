import ArgumentParser
import DocQuery
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// docq's exit statuses.
enum ExitStatus: Int32, Sendable, Comparable {
    /// At least one value matched.
    case matched = 0
    /// The path matched nothing.
    case noMatch = 1
    /// A usage error, or a malformed path.
    case usage = 2
    /// A document could not be read or parsed.
    case unreadableDocument = 3

    static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }
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
        static var standardError: Style {
            let wanted = environmentVariable("NO_COLOR") == nil && environmentVariable("TERM") != "dumb"
            return Style(colors: wanted && OutputStream.standardError().isTerminal)
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

    // MARK: - Usage

    /// What to print for an error thrown while parsing the command line, and
    /// the status: help, version and completion scripts go to standard
    /// output with 0; usage errors to standard error with 2.
    static func commandLine(
        _ error: any Error, command: any ParsableCommand.Type
    ) -> (text: String, toStandardOutput: Bool, status: Int32) {
        let message = command.fullMessage(for: error)
        let code = command.exitCode(for: error)
        if code == .success {
            return (message.isEmpty ? "" : message + "\n", true, 0)
        }
        return (message + "\n", false, ExitStatus.usage.rawValue)
    }
}
