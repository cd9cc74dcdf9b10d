import DocTree
import Foundation
import Testing
@testable import docq

/// What keeps an explorer session going on real documents: `q` leaves,
/// keys that need quotes complete, counts that stop at the cap say so, and
/// an answer longer than the screen is paged or cut with a note. (Ctrl-C
/// and the pager on a terminal: scripts/explore-tmux.sh.)
@Suite("Explorer: long sessions")
struct ExplorerLongSessionTests {
    static func session(json: String) throws -> ExplorerSession {
        ExplorerSession(document: try Document(string: json))
    }

    @Test("q leaves; a key named q is written quoted")
    func q() throws {
        var session = try Self.session(json: #"{"q": 1}"#)
        #expect(session.handle("\"q\"").output == ["1"])
        #expect(session.handle("q").quit)
    }

    @Test("keys that need quotes complete, typed with or without the quote", arguments: [
        ("my", ["\"my key\"", "my-dash"]),
        ("\"my", ["\"my key\""]),
        ("'my k", ["\"my key\""]),
        ("my k", []),
        ("it", ["\"it's\""]),
        ("'it\\'", ["\"it's\""]),
        ("pl", ["plain"]),
    ])
    func quotedKeys(_ typed: String, _ expected: [String]) throws {
        let session = try Self.session(json: #"{"my key": 1, "my-dash": 2, "plain": 3, "it's": 4}"#)
        let completion = session.completions(for: typed, cursor: typed.count)
        #expect(completion.candidates == expected)
    }

    @Test("a lone quoted candidate replaces what was typed")
    func replacement() throws {
        let session = try Self.session(json: #"{"my key": 1, "other": 2}"#)
        let completion = session.completions(for: "cd my", cursor: 5)
        #expect(completion.start == 3)
        #expect(completion.partial == "my")
        #expect(completion.commonPrefix == "\"my key\"")
    }

    @Test("tree marks counts that stopped at the cap, and says so")
    func cappedCounts() throws {
        let items = (0..<(Outline.countedNodes + 10)).map { #"{"id": \#($0), "tags": ["a"]}"# }
        var session = try Self.session(json: "[" + items.joined(separator: ",") + "]")
        let capped = Outline.countedNodes - 1
        #expect(session.handle("tree 2").output == [
            "/ [\(Outline.countedNodes + 10)]",
            "├── id ×\(capped)+  number",
            "└── tags ×\(capped)+ [\(capped)+] string",
            "(+: counted in the first \(Outline.countedNodes) nodes only; there are more)",
        ])
        // Under the cap, counts are exact and there is no note.
        #expect(session.handle("tree 2 [0:5]").output.last?.hasPrefix("(+") == false)
    }

    @Test("an answer is printed, paged or cut by the screen's height", arguments: [
        (5, "less", Pager.Plan.print),
        (40, "less", Pager.Plan.page),
        (40, nil, Pager.Plan.cut(shown: 21)),
    ] as [(Int, String?, Pager.Plan)])
    func plans(_ count: Int, _ command: String?, _ expected: Pager.Plan) {
        let pager = Pager(command: command, rows: 24, columns: 80)
        #expect(pager.plan((0..<count).map { "line \($0)" }) == expected)
    }

    @Test("lines wider than the screen count for the rows they take")
    func wideLines() {
        let pager = Pager(command: "less", rows: 24, columns: 80)
        #expect(pager.plan(Array(repeating: String(repeating: "x", count: 200), count: 7)) == .print)
        #expect(pager.plan(Array(repeating: String(repeating: "x", count: 200), count: 8)) == .page)
    }

    @Test("without a pager, the first screenful and a note")
    func cutWithNote() {
        let pager = Pager(command: nil, rows: 10, columns: 80)
        var written = ""
        let interrupted = pager.show((0..<100).map { "line \($0)" }) { written += $0 }
        #expect(!interrupted)
        let lines = written.split(separator: "\n").map(String.init)
        #expect(lines.count == 8)
        #expect(lines[6] == "line 6")
        #expect(lines[7] == Pager.note(hidden: 93))
        #expect(lines[7].hasPrefix("… 93 more lines not shown: set PAGER"))
    }

    @Test("a pager is a program that can run", arguments: [
        ("less", true), ("sh -c true", true), ("/bin/sh", true), ("no-such-pager-here", false), ("", false), ("/nowhere/less", false),
    ])
    func runnable(_ command: String, _ expected: Bool) throws {
        if command == "less" && !Pager.isRunnable("less") { try Test.cancel("less is not installed") }
        #expect(Pager.isRunnable(command) == expected)
    }
}
