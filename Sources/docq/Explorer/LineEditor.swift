import DocTree
internal import CLibEdit
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

/// Line editing for the explorer through libedit: the only file that sees
/// the C library.
///
/// It gives the usual editing keys (emacs bindings), history that is kept
/// between sessions in a dot-file (`~/.docq_history`), and tab completion
/// at the cursor through ``completer``. Ctrl-C abandons the line being
/// typed; Ctrl-D on an empty line ends input.
///
/// libedit calls back through `@convention(c)` functions that capture
/// nothing; they find this object through the editor's client data
/// (`Unmanaged`, unretained: the editor never outlives `self`).
final class LineEditor {
    /// Finds the completion for a line and a cursor position (in characters).
    typealias Completer = (_ line: String, _ cursor: Int) -> Completion

    private let editor: OpaquePointer
    private let history: OpaquePointer
    private let historyPath: String?
    private let input: UnsafeMutablePointer<FILE>
    private let output: UnsafeMutablePointer<FILE>
    private let errors: UnsafeMutablePointer<FILE>
    private var promptBuffer: UnsafeMutablePointer<CChar>
    private let completer: Completer
    /// Set by the Ctrl-C binding: the line being typed is abandoned.
    private var interrupted = false

    /// The prompt shown before each line.
    var prompt: String {
        didSet {
            free(promptBuffer)
            promptBuffer = strdup(prompt)
        }
    }

    /// Sets up libedit on standard input and output.
    ///
    /// - Parameters:
    ///   - historyPath: the history file, read now and written after every
    ///     line; `nil` keeps history for this session only.
    ///   - completer: answers tab.
    init?(historyPath: String?, completer: @escaping Completer) {
        if let failure = docq_libedit_load() {
            // The explorer goes on reading plain lines (scripted mode).
            writeToStandardError("docq explore: no line editing: libedit cannot be loaded (\(String(cString: failure)))\n")
            return nil
        }
        _ = setlocale(LC_CTYPE, "")
        guard let input = fdopen(0, "r"), let output = fdopen(1, "w"), let errors = fdopen(2, "w") else { return nil }
        guard let editor = docq_el_init("docq", input, output, errors) else { return nil }
        guard let history = docq_history_init() else {
            docq_el_end(editor)
            return nil
        }
        self.editor = editor
        self.history = history
        self.historyPath = historyPath
        self.input = input
        self.output = output
        self.errors = errors
        self.prompt = ""
        self.promptBuffer = strdup("")
        self.completer = completer

        _ = docq_history_set_size(history, 1000)
        _ = docq_history_set_unique(history, 1)
        if let historyPath { _ = docq_history_load(history, historyPath) }

        _ = docq_el_set_editor(editor, "emacs")
        _ = docq_el_set_signal(editor, 1)
        _ = docq_el_set_history(editor, history)
        _ = docq_el_set_clientdata(editor, Unmanaged.passUnretained(self).toOpaque())
        _ = docq_el_set_prompt(editor, { editor in
            guard let editor, let data = docq_el_get_clientdata(editor) else { return nil }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().promptBuffer
        })
        _ = docq_el_add_function(editor, "docq-complete", "Complete the key at the cursor", { editor, _ in
            guard let editor, let data = docq_el_get_clientdata(editor) else { return UInt8(CC_ERROR) }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().complete()
        })
        _ = docq_el_bind(editor, "^I", "docq-complete")
        _ = docq_el_add_function(editor, "docq-interrupt", "Abandon the line", { editor, _ in
            guard let editor, let data = docq_el_get_clientdata(editor) else { return UInt8(CC_ERROR) }
            Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().interrupted = true
            return UInt8(CC_NEWLINE)
        })
        _ = docq_el_disable_isig(editor)
        _ = docq_el_bind(editor, "^C", "docq-interrupt")
        // Read ~/.editrc (or $EDITRC) like other libedit programs.
        _ = docq_el_source(editor, nil)
    }

    deinit {
        docq_el_end(editor)
        docq_history_end(history)
        free(promptBuffer)
        fflush(output)
    }

    /// Reads one line, without its line break. Returns `nil` at the end of
    /// input (Ctrl-D); an interrupted line (Ctrl-C) reads as `""`.
    func readLine() -> String? {
        var count: Int32 = 0
        interrupted = false
        let line = docq_el_gets(editor, &count)
        if interrupted {
            write("^C\n")
            return ""
        }
        guard let line, count > 0 else { return nil }
        var text = String(cString: line)
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        return text
    }

    /// Adds a line to the history and saves the history file.
    func remember(_ line: String) {
        guard !line.trimmingXMLWhitespace().isEmpty else { return }
        _ = docq_history_enter(history, line)
        if let historyPath { _ = docq_history_save(history, historyPath) }
    }

    /// Writes text to the terminal (between lines, not while editing).
    func write(_ text: String) {
        fputs(text, output)
        fflush(output)
    }

    /// The tab key: insert what all candidates share, or list them.
    private func complete() -> UInt8 {
        guard let info = docq_el_line(editor)?.pointee, let buffer = info.buffer else { return UInt8(CC_ERROR) }
        let cursorBytes = info.cursor - buffer
        let lineBytes = info.lastchar - buffer
        let line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: lineBytes), as: UTF8.self)
        let before = String(decoding: UnsafeRawBufferPointer(start: buffer, count: cursorBytes), as: UTF8.self)
        let completion = completer(line, before.count)
        guard !completion.candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        let common = completion.commonPrefix
        if common.hasPrefix(completion.partial), common.count > completion.partial.count {
            _ = docq_el_insertstr(editor, String(common.dropFirst(completion.partial.count)))
            return UInt8(CC_REFRESH)
        }
        if !common.hasPrefix(completion.partial) {
            // A key that needs quotes, typed without them: the word is replaced.
            docq_el_deletestr(editor, Int32(completion.partial.unicodeScalars.count))
            _ = docq_el_insertstr(editor, common)
            return UInt8(CC_REFRESH)
        }
        if completion.candidates.count == 1 { return UInt8(CC_REFRESH) }
        write("\n" + Self.columns(completion.candidates) + "\n")
        return UInt8(CC_REDISPLAY)
    }

    /// Candidates laid out in columns for an 80-column terminal.
    static func columns(_ items: [String]) -> String {
        let width = min((items.map { DisplayWidth.of($0) }.max() ?? 0) + 2, 80)
        let perLine = max(80 / width, 1)
        var lines: [String] = []
        var line = ""
        for (position, item) in items.enumerated() {
            line += position % perLine == perLine - 1 ? item : DisplayWidth.padded(item, to: width)
            if position % perLine == perLine - 1 {
                lines.append(line)
                line = ""
            }
        }
        if !line.isEmpty { lines.append(line) }
        // Spaces and tabs at either end of each line (Foundation's `.whitespaces`).
        let isBlank = { (scalar: Unicode.Scalar) in scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        return lines.map { line in
            String(String.UnicodeScalarView(line.unicodeScalars.drop(while: isBlank).reversed().drop(while: isBlank).reversed()))
        }.joined(separator: "\n")
    }
}
