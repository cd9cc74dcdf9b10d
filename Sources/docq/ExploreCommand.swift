import ArgumentParser
import DocTree
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

/// `docq explore FILE|URL`: an interactive session for finding your way
/// around a document.
struct Explore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        _superCommandName: "docq",
        abstract: "Explore a document interactively: move around, list keys, try paths.",
        discussion: """
            The prompt shows where you are (rsp.lists>). Commands:
              cd PATH       go to the node PATH matches; cd .. up, cd / to the root
              ls [PATH]     the keys here with their kind and how often they occur
              tree [DEPTH]  the outline below here, same names merged (depth 3)
              cat [PATH]    the node as pretty JSON; cat --xml shows XML as XML
              paths [PATH]  every leaf below here with its canonical path
              pwd           the canonical path of where you are
              help          this list
              :q or q       leave (Ctrl-D works too)
            Anything else is evaluated as a path from where you are. Ctrl-C stops a \
            command and returns to the prompt. An answer longer than the screen goes \
            through $PAGER (less when PAGER is not set); with no pager, the first \
            screenful is shown with a note.

            Tab completes keys, reserved names (_contents, _string …) and operators \
            (@count …) at the cursor. History is kept in ~/.docq_history. When standard \
            input is not a terminal, commands are read line by line and only the answers \
            are printed, so a session can be scripted:
              printf 'cd lists\\nls\\nlist.name\\n' | docq explore lists.xml
            A document read from standard input (-) is explored from the terminal:
              curl -s https://example.com/feed.xml | docq explore -
            """
    )

    @Argument(help: ArgumentHelp("The file or http(s) URL to explore; - reads standard input.", valueName: "file-or-url"))
    var source: String

    @OptionGroup var input: InputOptions

    /// Loads the document and runs the session.
    func execute() async -> ExitStatus {
        let diagnostics = Diagnostics()
        let source = InputSource(operand: source)
        let document: Document
        do {
            document = try await DocumentLoader(options: input.loadOptions).load(source)
        } catch {
            writeToStandardError(diagnostics.text(for: error, source: source.label))
            return ExitStatus(error)
        }
        let session = ExplorerSession(document: document)
        if source == .standardInput && isatty(1) == 1 {
            // The document came through the pipe; take commands from the terminal.
            let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
            if terminal >= 0 {
                _ = dup2(terminal, 0)
                _ = close(terminal)
            }
        }
        let interactive = isatty(0) == 1 && isatty(1) == 1
        if interactive {
            runInteractive(session)
        } else {
            runScripted(session)
        }
        return .matched
    }

    /// Reads commands line by line from a pipe or file; prints only the answers.
    private func runScripted(_ session: ExplorerSession) {
        var session = session
        var out = OutputStream.standardOutput()
        while let line = Swift.readLine(strippingNewline: true) {
            let reply = session.handle(line)
            for text in reply.output { out.line(text) }
            if !reply.errors.isEmpty {
                out.flush()
                writeToStandardError(reply.errors.map { $0 + "\n" }.joined())
            }
            if reply.quit { break }
        }
        out.flush()
    }

    /// The terminal session, with line editing, completion and history.
    private func runInteractive(_ initial: ExplorerSession) {
        let box = SessionBox(initial)
        let home = environmentVariable("HOME") ?? getpwuid(getuid()).map { String(cString: $0.pointee.pw_dir) } ?? ""
        let historyPath = home.isEmpty ? nil : (home.hasSuffix("/") ? home : home + "/") + ".docq_history"
        guard let editor = LineEditor(historyPath: historyPath, completer: { line, cursor in
            box.session.completions(for: line, cursor: cursor)
        }) else {
            runScripted(initial)
            return
        }
        editor.write("docq explore: \(source) (\(initial.document.format)). Type help for commands, :q to leave.\n")
        Interruption.catching { session(editor, box) }
    }

    /// Reads and answers lines until `:q` or Ctrl-D; Ctrl-C drops a
    /// command (its thread finishes unseen) or stops its printing.
    private func session(_ editor: LineEditor, _ box: SessionBox) {
        let style = Diagnostics.Style.standardError
        while true {
            editor.prompt = box.session.prompt
            guard let line = editor.readLine() else {
                editor.write("\n")
                break
            }
            editor.remember(line)
            let session = box.session
            let answer = Interruption.run { () -> (ExplorerSession, ExplorerReply) in
                var session = session
                let reply = session.handle(line)
                return (session, reply)
            }
            var interrupted = true
            if let (next, reply) = answer {
                box.session = next
                let errors = reply.errors.map { error in
                    error.hasPrefix("error:") ? style.error("error:") + error.dropFirst(6) : error
                }
                interrupted = Pager.current().show(reply.output + errors, write: editor.write)
                if reply.quit { break }
            }
            if interrupted { editor.write("\n(interrupted)\n") }
            Interruption.reset()
        }
    }
}

/// The session the line editor's completer reads, which the loop updates
/// after each command.
private final class SessionBox {
    var session: ExplorerSession
    init(_ session: ExplorerSession) { self.session = session }
}
