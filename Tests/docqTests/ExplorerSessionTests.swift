import DocTree
import Foundation
import Testing
import TestSupport
@testable import docq

/// The explorer's state machine, driven with scripted lines (no terminal).
@Suite("Explorer session")
struct ExplorerSessionTests {
    static func session(_ example: String) throws -> ExplorerSession {
        let document = try Document(contentsOf: URL(fileURLWithPath: Docq.example(example)))
        return ExplorerSession(document: document)
    }

    struct MoveCase: Sendable, CustomTestStringConvertible {
        var id: String
        var document: String
        var lines: [String]
        var prompt: String
        var testDescription: String { id }
    }

    @Test(arguments: [
        MoveCase(id: "XML root", document: "lists.xml", lines: [], prompt: "rsp> "),
        MoveCase(id: "cd child", document: "lists.xml", lines: ["cd lists"], prompt: "rsp.lists> "),
        MoveCase(id: "cd indexed", document: "lists.xml", lines: ["cd lists.list[1]"], prompt: "rsp.lists.list[1]> "),
        MoveCase(id: "cd step by step", document: "lists.xml", lines: ["cd lists", "cd list[2]"], prompt: "rsp.lists.list[2]> "),
        MoveCase(id: "cd ..", document: "lists.xml", lines: ["cd lists.list[1]", "cd .."], prompt: "rsp.lists> "),
        MoveCase(id: "cd ../..", document: "lists.xml", lines: ["cd lists.list[1]", "cd ../.."], prompt: "rsp> "),
        MoveCase(id: "cd .. at the root stays", document: "lists.xml", lines: ["cd .."], prompt: "rsp> "),
        MoveCase(id: "cd /", document: "lists.xml", lines: ["cd lists.list[1]", "cd /"], prompt: "rsp> "),
        MoveCase(id: "cd alone", document: "lists.xml", lines: ["cd lists", "cd"], prompt: "rsp> "),
        MoveCase(id: "cd /PATH", document: "lists.xml", lines: ["cd lists.list[1]", "cd /lists"], prompt: "rsp.lists> "),
        MoveCase(id: "failed cd stays", document: "lists.xml", lines: ["cd lists", "cd nothing"], prompt: "rsp.lists> "),
        MoveCase(id: "JSON root", document: "tasks.json", lines: [], prompt: "/> "),
        MoveCase(id: "JSON path", document: "tasks.json", lines: ["cd tasks.list[0]"], prompt: "tasks.list[0]> "),
        MoveCase(id: "JSON array root", document: "theaters.json", lines: ["cd [2]"], prompt: "[2]> "),
        MoveCase(id: "namespaced", document: "quote.xml", lines: ["cd Body.GetQuoteResponse"], prompt: "soap:Envelope.soap:Body.m:GetQuoteResponse> "),
    ])
    func moves(_ example: MoveCase) throws {
        var session = try Self.session(example.document)
        for line in example.lines { _ = session.handle(line) }
        #expect(session.prompt == example.prompt)
    }

    @Test("cd refuses what is not one container, and says why", arguments: [
        ("cd lists.list", "matches 3 nodes"),
        ("cd stat", "not a container"),
        ("cd lists.nothing", "no match"),
        ("cd lists._contents.@count", "computed value"),
        ("cd lists.@cuont", "^~~~~~"),
    ])
    func refusedMoves(_ line: String, _ expected: String) throws {
        var session = try Self.session("lists.xml")
        let reply = session.handle(line)
        #expect(reply.output.isEmpty)
        #expect(reply.errors.joined(separator: "\n").contains(expected), "\(reply.errors)")
        #expect(session.prompt == "rsp> ")
    }

    @Test("ls lists keys with kind and count")
    func ls() throws {
        var session = try Self.session("lists.xml")
        #expect(session.handle("ls").output == ["stat   attribute  1  \"ok\"", "lists  element    1"])
        _ = session.handle("cd lists")
        #expect(session.handle("ls").output == ["list  element  3"])
        #expect(session.handle("ls list[1]").output == [
            "id        attribute  1  \"387549\"",
            "name      attribute  1  \"High Priority\"",
            "deleted   attribute  1  \"0\"",
            "locked    attribute  1  \"0\"",
            "archived  attribute  1  \"0\"",
            "position  attribute  1  \"0\"",
            "smart     attribute  1  \"1\"",
            "filter    text       1  \"(priority:1)\"",
        ])
    }

    @Test("any other input is a path from here")
    func evaluates() throws {
        var session = try Self.session("lists.xml")
        _ = session.handle("cd lists")
        #expect(session.handle("list.name").output == ["Inbox", "High Priority", "Personal"])
        #expect(session.handle("list[?smart == 1].name").output == ["High Priority"])
        #expect(session.handle("_contents.@count").output == ["3"])
        let miss = session.handle("list.nmae")
        #expect(miss.output.isEmpty)
        #expect(miss.errors.first == "no match: list.nmae")
        #expect(miss.errors.contains("  did you mean 'name'?"), "\(miss.errors)")
    }

    @Test("cat shows pretty JSON, cat --xml XML")
    func cat() throws {
        var session = try Self.session("rsp.xml")
        _ = session.handle("cd auth")
        #expect(session.handle("cat user").output == [
            "{", #"  "id": "987654321","#, #"  "username": "bob","#, #"  "fullname": "Bob T. Monkey""#, "}",
        ])
        let xml = session.handle("cat --xml user")
        #expect(xml.output.joined().contains(#"<user id="987654321" username="bob" fullname="Bob T. Monkey""#), "\(xml)")
        var json = try Self.session("tasks.json")
        #expect(json.handle("cat --xml").errors.first?.contains("JSON") == true)
    }

    @Test("tree merges same-named siblings")
    func tree() throws {
        var session = try Self.session("lists.xml")
        let lines = session.handle("tree").output
        #expect(lines.first == "rsp")
        #expect(lines.contains { $0.contains("list ×3") }, "\(lines)")
        #expect(lines.contains { $0.contains("filter") }, "\(lines)")
        let shallow = session.handle("tree 1").output
        #expect(shallow.count == 3, "\(shallow)")
        #expect(session.handle("tree -1").errors.isEmpty == false)
    }

    @Test("paths lists leaves with canonical paths from the root")
    func paths() throws {
        var session = try Self.session("rsp.xml")
        _ = session.handle("cd auth")
        #expect(session.handle("paths user").output == [
            "auth.user.id\t987654321", "auth.user.username\tbob", "auth.user.fullname\tBob T. Monkey",
        ])
        #expect(session.handle("pwd").output == ["auth"])
    }

    @Test(":q and its spellings leave", arguments: [":q", "quit", "exit", ":quit"])
    func quits(_ line: String) throws {
        var session = try Self.session("rsp.xml")
        #expect(session.handle(line).quit)
        #expect(!session.handle("ls").quit)
    }

    struct CompletionCase: Sendable, CustomTestStringConvertible {
        var id: String
        var document: String
        var setup: [String] = []
        var line: String
        /// The cursor, in characters; the end of the line when nil.
        var cursor: Int? = nil
        var partial: String
        var expected: [String]
        var testDescription: String { id }
    }

    @Test(arguments: [
        CompletionCase(id: "command or key at the start", document: "lists.xml", line: "l", partial: "l",
                       expected: ["lists", "ls"]),
        CompletionCase(id: "cd argument", document: "lists.xml", line: "cd li", partial: "li", expected: ["lists"]),
        CompletionCase(id: "after a dot", document: "lists.xml", line: "lists.list[0].na", partial: "na", expected: ["name"]),
        CompletionCase(id: "from where you are", document: "lists.xml", setup: ["cd lists"], line: "list[1].f",
                       partial: "f", expected: ["filter"]),
        CompletionCase(id: "operators", document: "lists.xml", line: "lists.@c", partial: "@c", expected: ["@count"]),
        CompletionCase(id: "reserved names", document: "lists.xml", line: "lists._c", partial: "_c", expected: ["_contents"]),
        CompletionCase(id: "inside a filter", document: "lists.xml", line: "lists.list[?sm", partial: "sm", expected: ["smart"]),
        CompletionCase(id: "after a filter", document: "lists.xml", line: "lists.list[?smart == 1].na", partial: "na",
                       expected: ["name"]),
        CompletionCase(id: "at the cursor, not the end", document: "lists.xml", line: "lists.li.name", cursor: 8,
                       partial: "li", expected: ["list"]),
        CompletionCase(id: "cat option", document: "lists.xml", line: "cat --x", partial: "--x", expected: ["--xml"]),
        CompletionCase(id: "Korean key", document: "theaters.json", line: "[0].상", partial: "상", expected: ["상영관명"]),
        CompletionCase(id: "namespaced by local name", document: "quote.xml", line: "Bo", partial: "Bo", expected: ["Body"]),
        CompletionCase(id: "keys that need quotes come quoted", document: "tasks.json", line: "cd /tasks.list[0].taskseries[0].t",
                       partial: "t", expected: ["tags", "task"]),
        CompletionCase(id: "a bad base gives nothing", document: "lists.xml", line: "lists.@@.x", partial: "x", expected: []),
    ])
    func completes(_ example: CompletionCase) throws {
        var session = try Self.session(example.document)
        for line in example.setup { _ = session.handle(line) }
        let completion = session.completions(for: example.line, cursor: example.cursor ?? example.line.count)
        #expect(completion.partial == example.partial)
        #expect(completion.candidates == example.expected)
    }

    @Test("Tab on an empty word offers keys, reserved names and operators")
    func emptyWord() throws {
        let session = try Self.session("lists.xml")
        let completion = session.completions(for: "lists.list[0].", cursor: 14)
        #expect(completion.candidates.contains("archived"))
        #expect(completion.candidates.contains("_contents"))
        #expect(completion.candidates.contains("@count"))
        #expect(completion.candidates.firstIndex(of: "archived")! < completion.candidates.firstIndex(of: "_contents")!)
    }

    @Test("malformed paths and failed evaluations give the library's errors with a caret, never a crash")
    func failures() throws {
        var session = try Self.session("lists.xml")
        let reply = session.handle("lists.@cuont")
        #expect(reply.errors == ["error: unknown operator '@cuont' (did you mean '@count'?)", "  lists.@cuont", "        ^~~~~~"])
        #expect(session.handle("lists.list.name.@sum").errors == [
            #"error: @sum needs numbers, but found the text "Inbox" at lists.list[0].name"#,
            "  lists.list.name.@sum",
            "                  ^~~~",
        ])
        #expect(session.handle("cd lists[").errors == [
            "error: expected an index, a slice or a filter, found the end of the path", "  lists[", "        ^",
        ])
        #expect(session.handle("cd lists.@@").errors.first == "error: expected an operator name after '@'")
        #expect(session.prompt == "rsp> ", "a failed cd stays where it was")
        #expect(session.completions(for: "lists.", cursor: 6).candidates.contains("_contents"))
        #expect(session.handle("ls").output.count == 2)
    }

    @Test("a path that matches nothing is explained as docq explains it")
    func noMatch() throws {
        var session = try Self.session("rsp.xml")
        #expect(session.handle("auth.usr.username").errors == [
            "no match: auth.usr.username",
            "  auth.usr.username",
            "       ^~~",
            "  'auth' matched an element, but it has no key 'usr'",
            "  did you mean 'user'?",
            "  keys there: token, perms, user",
        ])
        #expect(session.handle("cd auth.usr").errors.first == "cd: no match: auth.usr")
    }

    @Test("nothing typed crashes the session")
    func randomLines() throws {
        var generator = SplitMix64(seed: 0x5EED)
        let pieces = ["cd ", "ls ", "tree ", "cat ", "cat --xml ", "paths ", "..", ".", "/", "[", "]", "[?", "==", "'", "\"",
                      "\\", "@count", "@sum", "@", "_contents", "_string", "lists", "list", "name", "0", "-1", "1:3", "*",
                      "&&", "||", "!", "(", ")", " ", "상영관명", "\u{0}", "\t", "99999999999999999999", "tree 100000"]
        var session = try Self.session("lists.xml")
        for _ in 0..<2000 {
            let length = Int.random(in: 0...8, using: &generator)
            let line = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let reply = session.handle(line)
            _ = session.completions(for: line, cursor: Int.random(in: 0...line.count, using: &generator))
            if reply.quit { session = try Self.session("lists.xml") }
        }
    }
}
