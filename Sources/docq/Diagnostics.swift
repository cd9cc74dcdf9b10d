import ArgumentParser
import DocTree
import Foundation

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
/// The text is plain; when standard error is a terminal (and `NO_COLOR` is
/// not set) ``Style`` adds ANSI colour around the parts that deserve it.
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
    struct Style: Sendable {
        var colors: Bool

        static let plain = Style(colors: false)

        /// Colour when standard error is a terminal that wants it.
        static var standardError: Style {
            let environment = ProcessInfo.processInfo.environment
            let wanted = environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
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
    func text(for failure: PathFailure, source: String? = nil) -> String {
        var lines: [String] = []
        let prefix = source.map { "\($0): " } ?? ""
        lines.append("\(style.error("error:")) \(prefix)\(failure.message)")
        lines.append(contentsOf: caretLines(path: failure.path, range: failure.range, indent: "  "))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The path indented by `indent` and, when `range` is known, a line
    /// with `^~~~` under that range, aligned by terminal columns.
    func caretLines(path: String, range: Range<Int>?, indent: String) -> [String] {
        var lines = [indent + path]
        guard let range else { return lines }
        let characters = Array(path)
        let start = min(max(range.lowerBound, 0), characters.count)
        let end = min(max(range.upperBound, start), characters.count)
        let lead = DisplayWidth.of(String(characters[..<start]))
        let span = max(DisplayWidth.of(String(characters[start..<end])), 1)
        let marker = "^" + String(repeating: "~", count: span - 1)
        lines.append(indent + String(repeating: " ", count: lead) + style.caret(marker))
        return lines
    }

    // MARK: - Documents

    /// A document that cannot be read or parsed: the source, line, column
    /// and message, then the offending line under a line-number gutter.
    func text(for error: LoadError, source: String) -> String {
        var head = "\(style.error("error:")) \(source)"
        if let location = error.location { head += ":\(location.line):\(location.column)" }
        head += ": \(error.message)\n"
        if let snippet = error.snippet, !snippet.isEmpty {
            let number = error.location.map { String($0.line) } ?? ""
            let gutter = String(repeating: " ", count: max(4 - number.count, 0)) + number
            head += style.dim("\(gutter) | ") + snippet + "\n"
        }
        if error.kind == .invalidEncoding {
            head += "\(style.note("hint:")) for a document in a legacy encoding, name it with -e/--encoding (e.g. -e EUC-KR)\n"
        }
        return head
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
    func noMatchText(path: String, miss: Miss?, source: String?) -> String {
        noMatchLines(path: path, miss: miss, source: source).joined(separator: "\n") + "\n"
    }

    /// ``noMatchText(path:miss:source:)`` as lines.
    func noMatchLines(path: String, miss: Miss?, source: String?) -> [String] {
        var head = "\(style.note("no match:")) \(path)"
        if let source { head += " in \(source)" }
        var lines = [head]
        guard let miss else { return lines }
        if miss.range != nil {
            lines += caretLines(path: miss.path, range: miss.range, indent: "  ")
        }
        lines.append("  " + miss.reason)
        if let suggestion = miss.suggestion {
            lines.append("  did you mean '\(style.emphasis(suggestion))'?")
        }
        if let elsewhere = miss.elsewhere {
            lines.append("  it occurs elsewhere, e.g. at '\(elsewhere)'")
        }
        if !miss.availableKeys.isEmpty {
            let shown = miss.availableKeys.prefix(20).joined(separator: ", ")
            let more = miss.availableKeys.count > 20 ? ", … (\(miss.availableKeys.count - 20) more)" : ""
            lines.append("  keys there: \(shown)\(more)")
        }
        return lines
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
