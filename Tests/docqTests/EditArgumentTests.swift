import Foundation
import Testing

/// How the edit commands read their operands: a negative `--at` in either
/// spelling, and text that is not UTF-8 refused instead of becoming U+FFFD.
@Suite("Edit arguments")
struct EditArgumentTests {
    static let document = Array("{\"a\": [1, 2, 3], \"b\": \"x\"}\n".utf8)

    @Test("--at takes a negative index as its value", arguments: [["--at", "-1"], ["--at=-1"]])
    func negativeAt(_ at: [String]) throws {
        let run = try Docq.run(["insert", "a", "--json", "9"] + at, stdin: Self.document)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "{\"a\": [1, 2, 9, 3], \"b\": \"x\"}\n", "\(run)")
    }

    /// Runs `script` (with `printf`, which gives the bytes that `Process`,
    /// taking Swift strings, cannot pass) on a file that holds the document,
    /// as `$1`.
    func shell(_ script: String) throws -> Docq.ShellRun {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("d.json")
        try Data(Self.document).write(to: file)
        return try Docq.shell(script, [file.path])
    }

    @Test("an operand that is not UTF-8 is refused, naming it and the byte", arguments: [
        (#""$0" set b "$(printf 'x\377y')" "$1""#, "VALUE is not valid UTF-8: its byte 2 (0xFF)"),
        (#""$0" insert a v --key "$(printf '\376')" "$1""#, "--key is not valid UTF-8: its byte 1 (0xFE)"),
        (#""$0" insert a v --key="$(printf 'ok\376')" "$1""#, "--key is not valid UTF-8: its byte 3 (0xFE)"),
        (#""$0" rename b "$(printf '\303(')" "$1""#, "NAME is not valid UTF-8: its byte 1 (0xC3)"),
        (#""$0" delete "$(printf 'a\377')" "$1""#, "PATH is not valid UTF-8: its byte 2 (0xFF)"),
    ])
    func invalidUTF8(_ script: String, _ message: String) throws {
        let run = try shell(script)
        #expect(run.status == 2, "\(run)")
        #expect(run.stdout == "", "\(run)")
        #expect(run.stderr == "error: \(message) is not part of a UTF-8 character; docq reads text as UTF-8\n", "\(run)")
    }

    @Test("U+FFFD typed as such is a character like any other")
    func typedReplacementCharacter() throws {
        let run = try shell(#""$0" set b "$(printf 'x\357\277\275y')" "$1""#)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "{\"a\": [1, 2, 3], \"b\": \"x\u{FFFD}y\"}\n", "\(run)")
    }

    @Test("an --edits file that is not UTF-8 is refused at its line and column")
    func invalidUTF8InEditsFile() throws {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let edits = folder.appendingPathComponent("edits.json")
        try Data(#"[{"set": "b", "value": "x"#.utf8 + [0xFF] + #"y"}]"#.utf8).write(to: edits)
        let run = try Docq.run(["set", "a", "1", "--edits", edits.path], stdin: Self.document)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("edits.json:1:26: invalid UTF-8 at byte offset 25 (FF)"), "\(run)")
    }
}
