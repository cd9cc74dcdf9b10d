import Foundation
import Testing

/// Diagnostics that are safe on a terminal, bounded in size, and name the
/// real cause at the right line.
@Suite("Messages")
struct MessageTests {
    private let todos = "Examples/documents/todos.json"

    @Test("control characters from the command line are escaped, never echoed raw")
    func controlCharacters() throws {
        let path = "a\u{1B}]0;owned\u{07}\u{1B}[2J["
        for arguments in [[path, todos], [".", "no-such-\u{1B}[31mfile"], ["--\u{1B}[2Jbogus", "."]] {
            let run = try Docq.run(arguments)
            #expect(run.status != 0, "\(run)")
            #expect(!run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, "\(run.stderr.debugDescription)")
            #expect(run.stderr.contains("\\u{1B}"), "\(run.stderr.debugDescription)")
        }
    }

    @Test("a 100 kB path or file name gives a short message, caret still under the problem")
    func longInput() throws {
        // (Linux takes at most 128 kB in one argument.)
        let long = String(repeating: "a", count: 100_000)
        let path = try Docq.run([long + "[", todos])
        #expect(path.status == 3, "\(path.status)")
        #expect(path.stderr.utf8.count < 4_000, "\(path.stderr.utf8.count) bytes")
        let lines = path.stderr.split(separator: "\n").map(String.init)
        // Both lines lose the same columns, so the caret line still ends under the path's end.
        #expect(lines.count >= 3 && lines[1].hasSuffix("a[") && lines[2].hasSuffix("~"), "\(lines)")
        #expect(lines.count >= 3 && lines[1].contains("…") && lines[1].count == lines[2].count, "\(lines)")
        let file = try Docq.run([".", long])
        #expect(file.status == 2 && file.stderr.utf8.count < 4_000, "\(file.stderr.utf8.count) bytes")
    }

    @Test("an edit's error on line 2 of a JSON Lines file is located on line 2")
    func jsonLinesLine() throws {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("e.jsonl")
        try Data("{\"a\":1}\n{\"a\": oops}\n".utf8).write(to: file)
        let run = try Docq.run(["set", "a", "2", file.path])
        #expect(run.status == 4, "\(run)")
        #expect(run.stderr.hasPrefix("error: \(file.path):2:7: expected a value, found 'oops'\n   2 | "), "\(run)")
    }

    @Test("billion laughs is entity amplification; a real loop is a loop")
    func entities() throws {
        var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
        for level in 2...9 {
            laughs += " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 2 ? "" : String(level - 1));", count: 10) + "\">\n"
        }
        laughs += "]>\n<lolz>&lol9;</lolz>\n"
        let run = try Docq.run(["lolz"], stdin: Array(laughs.utf8))
        #expect(run.status == 4, "\(run)")
        #expect(run.stderr.contains("amplification") && !run.stderr.contains("loop"), "\(run)")
        let loop = try Docq.run(["a"], stdin: Array(#"<!DOCTYPE a [<!ENTITY x "&y;"><!ENTITY y "&x;">]><a>&x;</a>"#.utf8))
        #expect(loop.status == 4 && loop.stderr.contains("loop"), "\(loop)")
    }

    @Test("an immutable file's hint says so, not that the directory must be writable")
    func immutableFile() throws {
        let folder = try Docq.temporaryFolder()
        defer {
            _ = try? Self.chattr("-i", folder.appendingPathComponent("s.json").path)
            try? FileManager.default.removeItem(at: folder)
        }
        let file = folder.appendingPathComponent("s.json")
        try Data(#"{"a": 1}"#.utf8).write(to: file)
        // Needs CAP_LINUX_IMMUTABLE and a file system with the flag.
        guard try Self.chattr("+i", file.path) else { return }
        let run = try Docq.run(["set", "--json", "a", "2", "-i", file.path])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("immutable") && !run.stderr.contains("directory must be writable"), "\(run)")
    }

    private static func chattr(_ flag: String, _ path: String) throws -> Bool {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr") else { return false }
        return try Docq.runProgram("/usr/bin/chattr", [flag, path]).status == 0
    }
}
