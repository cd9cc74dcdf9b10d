import Foundation
import Testing
import TestSupport

/// `docq explore` with standard input not a terminal: commands line by line,
/// only the answers printed, so sessions can be scripted.
@Suite("Explorer through a pipe")
struct ExplorerPipeTests {
    @Test("a scripted session over an XML document")
    func scriptedXML() throws {
        let script = """
            ls
            cd lists
            ls
            list.name
            pwd
            cd list[1]
            ls
            cat
            cat --xml
            cd ..
            list.@count
            list.nmae
            list.@cuont
            cd /
            tree 3
            paths lists.list[0]
            :q
            name
            """
        let run = try Docq.run(["explore", "Examples/documents/lists.xml"], stdin: Array((script + "\n").utf8))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("list  element  3"))
        #expect(run.stdout.contains("Inbox\nHigh Priority\nPersonal\n"))
        #expect(run.stdout.contains("Personal\nlists\n"), "pwd")
        #expect(run.stdout.contains(#"<filter>(priority:1)</filter>"#))
        #expect(run.stderr.contains("did you mean 'name'?"))
        #expect(run.stderr.contains("^~~~~~"))
        #expect(!run.stdout.contains("rsp>"), "no prompts when scripted")
        Snapshot.assertMatches(run.stdout, named: "explore-pipe-lists.stdout")
        Snapshot.assertMatches(run.stderr, named: "explore-pipe-lists.stderr")
    }

    @Test("a scripted session over a JSON document with Korean keys")
    func scriptedJSON() throws {
        let script = "ls\ncd [0]\nls\n상영관명\ncd /\n상영관명\n@count\ntree\n"
        let run = try Docq.run(["explore", "Examples/documents/theaters.json"], stdin: Array(script.utf8))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("MMC 만경관 1관\nMMC 만경관 1관\nMMC 만경관 2관\n동성아트홀\n3\n"), "\(run)")
        Snapshot.assertMatches(run.stdout, named: "explore-pipe-theaters.stdout")
    }

    @Test("end of input ends the session; an unreadable document exits 2")
    func endings() throws {
        let empty = try Docq.run(["explore", "Examples/documents/rsp.xml"], stdin: [])
        #expect(empty.status == 0 && empty.stdout.isEmpty, "\(empty)")
        let missing = try Docq.run(["explore", "no-such.xml"], stdin: Array("ls\n".utf8))
        #expect(missing.status == 2, "\(missing)")
        #expect(missing.stderr.contains("no-such.xml"))
    }

    @Test("a run that fails before reading its input leaves the unread input behind cleanly")
    func exitsBeforeReadingInput() throws {
        // More than a pipe buffer holds, so the writer is still writing when
        // docq exits: the caller sees a broken pipe, not a killed process.
        let script = [UInt8](repeating: UInt8(ascii: "\n"), count: 1 << 20)
        let missing = try Docq.run(["explore", "no-such.xml"], stdin: script)
        #expect(missing.status == 2, "\(missing)")
        #expect(missing.stderr.contains("no-such.xml"))
    }

    @Test("random input through the pipe never crashes the explorer")
    func randomInput() throws {
        var generator = SplitMix64(seed: 42)
        let pieces = ["cd ", "ls", "tree ", "cat", " --xml", "paths", "..", ".", "/", "[", "]", "[?", " == ", "'", "\"",
                      "\\", "@count", "@avg", "_text", "lists", "list", "name", "0", "-1", ":", "*", "!", "(", "\n"]
        var script = ""
        for _ in 0..<3000 { script += pieces.randomElement(using: &generator)! }
        let run = try Docq.run(["explore", "Examples/documents/lists.xml"], stdin: Array(script.utf8))
        #expect(run.status == 0, "status \(run.status); stderr tail: \(run.stderr.suffix(500))")
    }
}
