/// How the parts of a rendered diagnostic are decorated: plain text for
/// descriptions, ANSI colour in docq when standard error is a terminal.
///
/// The renderers (``CaretRenderer``, ``LoadError/snippetLines(style:)``,
/// DocQuery's error and explanation lines) call these on the parts that
/// deserve emphasis; the text between them is the same with any style.
package protocol DiagnosticStyle: Sendable {
    /// The word `error:`.
    func error(_ text: String) -> String
    /// A lead word such as `no match:` or `hint:`.
    func note(_ text: String) -> String
    /// The `^~~~` marker.
    func caret(_ text: String) -> String
    /// A suggested name.
    func emphasis(_ text: String) -> String
    /// The line-number gutter.
    func dim(_ text: String) -> String
}

/// No decoration: what `description` and `localizedDescription` show.
package struct PlainDiagnosticStyle: DiagnosticStyle {
    package init() {}
    package func error(_ text: String) -> String { text }
    package func note(_ text: String) -> String { text }
    package func caret(_ text: String) -> String { text }
    package func emphasis(_ text: String) -> String { text }
    package func dim(_ text: String) -> String { text }
}

extension DiagnosticStyle where Self == PlainDiagnosticStyle {
    /// No decoration.
    package static var plain: PlainDiagnosticStyle { PlainDiagnosticStyle() }
}
