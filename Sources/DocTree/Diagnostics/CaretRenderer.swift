/// Renders a line of text with a caret line under a range of its characters,
/// the one way every diagnostic of the package points at a problem:
///
/// ```
///   lists.@cuont
///         ^~~~~~
/// ```
///
/// The caret is placed by ``DisplayWidth``, so it lines up under wide (CJK)
/// characters in a terminal; tabs and other control characters are shown as
/// one space each, so the line and its caret stay aligned. An empty range
/// (a position, such as the end of a path) gets a lone `^`.
package enum CaretRenderer {
    /// The text and the caret line, each after `indent`.
    ///
    /// - Parameters:
    ///   - text: The line to show (a path, a snippet).
    ///   - range: The characters to mark (0-based `Character` offsets,
    ///     clamped to the text).
    ///   - indent: What goes before both lines.
    ///   - caretIndent: What goes before the caret line instead of
    ///     `indent`, when it differs (a gutter).
    package static func lines(
        _ text: String, range: Range<Int>, indent: String = "  ", caretIndent: String? = nil,
        style: some DiagnosticStyle = .plain
    ) -> [String] {
        var shown = ""
        var before = 0
        var under = 0
        for (offset, character) in text.enumerated() {
            let printable = character.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F..<0xA0).contains($0.value) }
            let width = printable ? DisplayWidth.of(character) : 1
            shown += printable ? String(character) : " "
            if offset < range.lowerBound {
                before += width
            } else if offset < range.upperBound {
                under += width
            }
        }
        let marker = "^" + String(repeating: "~", count: max(0, under - 1))
        return [indent + shown, (caretIndent ?? indent) + String(repeating: " ", count: before) + style.caret(marker)]
    }
}
