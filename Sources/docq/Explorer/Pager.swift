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

/// How the explorer shows an answer on the terminal: as it is when it fits
/// the screen; longer, through `$PAGER` (or `less` when `PAGER` is not
/// set), as git and man do; and when there is no pager (`PAGER` empty or
/// naming no program), the first screenful and a note saying how to see
/// the rest. Ctrl-C (``Interruption``) stops the printing.
struct Pager {
    /// The pager's shell command, or `nil` when there is none to run.
    let command: String?
    /// The terminal's size.
    let rows: Int
    let columns: Int

    /// From the environment and the terminal on standard output.
    static func current() -> Pager {
        var size = winsize()
        let known = ioctl(1, UInt(TIOCGWINSZ), &size) == 0 && size.ws_row > 0
        let command = environmentVariable("PAGER") ?? "less"
        return Pager(
            command: isRunnable(command) ? command : nil,
            rows: known ? Int(size.ws_row) : 24, columns: known && size.ws_col > 0 ? Int(size.ws_col) : 80)
    }

    /// What ``show(_:write:)`` does with `lines`.
    enum Plan: Equatable {
        case print
        case page
        /// The first `shown` lines, then a note.
        case cut(shown: Int)
    }

    /// Whether `lines` fit the screen (with the prompt below them), else
    /// whether they go to the pager or are cut.
    func plan(_ lines: [String]) -> Plan {
        var used = 0
        for line in lines {
            // A line wider than the screen takes several rows.
            used += max(1, (DisplayWidth.of(line) + columns - 1) / columns)
            if used >= rows { return command == nil ? .cut(shown: max(rows - 3, 1)) : .page }
        }
        return .print
    }

    /// The note below a cut answer.
    static func note(hidden: Int) -> String {
        "… \(hidden) more line\(hidden == 1 ? "" : "s") not shown: set PAGER to a pager (such as less) to page long answers, "
            + "or run the path with docq in the shell and redirect it to a file"
    }

    /// Shows `lines`: written with `write` when they fit, else paged or
    /// cut. Returns whether Ctrl-C stopped them.
    func show(_ lines: [String], write: (String) -> Void) -> Bool {
        switch plan(lines) {
        case .print:
            return Self.emit(lines[...], write: write)
        case .cut(let shown):
            if Self.emit(lines.prefix(shown), write: write) { return true }
            write(Self.note(hidden: lines.count - shown) + "\n")
            return false
        case .page:
            return page(lines, write: write)
        }
    }

    private static func emit(_ lines: ArraySlice<String>, write: (String) -> Void) -> Bool {
        feed(lines) { block in
            write(block)
            return true
        }
    }

    /// Passes `lines` to `send` in blocks, checking for Ctrl-C between
    /// them, until `send` says its reader is gone. Returns whether Ctrl-C
    /// stopped them.
    private static func feed(_ lines: ArraySlice<String>, _ send: (String) -> Bool) -> Bool {
        var block = ""
        for line in lines {
            if Interruption.isRequested { return true }
            block += line
            block += "\n"
            if block.utf8.count >= 1 << 16 {
                guard send(block) else { return false }
                block = ""
            }
        }
        if Interruption.isRequested { return true }
        _ = send(block)
        return false
    }

    /// Runs the pager with the lines on its standard input, and waits for
    /// it. The pager takes Ctrl-C itself; docq stops feeding it then, and
    /// when the pager quits early (a closed pipe).
    private func page(_ lines: [String], write: (String) -> Void) -> Bool {
        guard let command else { return Self.emit(lines[...], write: write) }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return Self.emit(lines[...], write: write) }
        // less: quit when it all fits, keep colours, leave the text on the screen.
        setenv("LESS", "FRX", 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        var child: pid_t = 0
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        let spawned = posix_spawn(&child, "/bin/sh", &actions, nil, arguments, environ)
        close(pipeEnds[0])
        guard spawned == 0 else {
            close(pipeEnds[1])
            return Self.emit(lines[...], write: write)
        }
        // A pager that quits early closes the pipe: EPIPE, not SIGPIPE.
        let previous = signal(SIGPIPE, SIG_IGN)
        let interrupted = Self.feed(lines[...]) { Self.send($0, to: pipeEnds[1]) }
        close(pipeEnds[1])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        signal(SIGPIPE, previous)
        return interrupted
    }

    /// Writes `text` to the pager; `false` when it has quit.
    private static func send(_ text: String, to descriptor: Int32) -> Bool {
        var text = text
        return text.withUTF8 { writeFully(UnsafeRawBufferPointer($0), to: descriptor) } == nil
    }

    /// Whether the first word of `command` names a program: a path that is
    /// executable, or a name found on `PATH`.
    static func isRunnable(_ command: String) -> Bool {
        guard let program = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) else {
            return false
        }
        if program.contains("/") { return access(program, X_OK) == 0 }
        let path = environmentVariable("PATH") ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }
}
