@testable import DocQuery
@testable import DocTree
import Foundation
import Testing

/// What the REPL, `po`, `dump` and a playground show of each public value
/// (issue 32): its content, never its storage, in at most 40 lines.
@Suite("Values show themselves")
struct DisplayTests {
    let lists = try! Document(string: Fixtures.lists)
    let tasks = try! Document(contentsOf: URL(fileURLWithPath: #filePath + "/../../../Examples/documents/tasks.json").standardizedFileURL)

    /// The four ways a value is shown: `dump` (the REPL's `dump`, and what
    /// `po` and a playground print below the first line), `print`,
    /// `debugPrint` (`po`'s first line), and the mirror's labels.
    struct Shown {
        var dumped = ""
        var described: String
        var reflected: String
        var labels: [String]

        init(_ value: Any) {
            dump(value, to: &dumped)
            described = String(describing: value)
            reflected = String(reflecting: value)
            labels = Mirror(reflecting: value).children.map { $0.label ?? "" }
        }

        var all: String { [dumped, described, reflected].joined(separator: "\n") }
    }

    /// Words of the storage behind the values, which no display shows.
    static let storage = [
        "NodeTable", "RecordStorage", "NodeRecords", "NameTable", "EditableSource", "KeyIDCache", "OneOrMany",
        "matchedItems", "steps", "keyIDs", "Lock", "0x", "DocTree.", "DocQuery.",
    ]

    private func expectContentOnly(_ shown: Shown, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for word in Self.storage {
            #expect(!shown.all.contains(word), "\(name) shows \(word):\n\(shown.all)", sourceLocation: sourceLocation)
        }
        for text in [shown.dumped, shown.described, shown.reflected] {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(lines <= 40, "\(name): \(lines) lines:\n\(text)", sourceLocation: sourceLocation)
        }
    }

    @Test("a document shows its outline, level by level")
    func document() throws {
        let shown = Shown(lists)
        expectContentOnly(shown, "Document")
        #expect(shown.described == #"Document(xml, 30 nodes): <rsp stat="ok"> {lists}"#)
        #expect(shown.labels == ["@stat", "lists"])
        #expect(shown.dumped.contains(#"▿ lists: <lists> {list, list, list}"#), "\(shown.dumped)")
        #expect(shown.dumped.contains(#"- @name: "High Priority""#), "\(shown.dumped)")
        #expect(shown.dumped.contains(#"- filter: "(priority:1)""#), "\(shown.dumped)")
        let json = Shown(tasks)
        expectContentOnly(json, "JSON Document")
        #expect(json.dumped.contains(#"- name: "Get Bananas""#), "\(json.dumped)")
        #expect((lists.playgroundDescription as? String) == shown.dumped)
    }

    @Test("a large document's outline stops at 30 lines and says so")
    func largeDocument() throws {
        let items = (0..<200).map { #"{"id": \#($0), "tags": ["a", "b"]}"# }.joined(separator: ",")
        let doc = try Document(string: #"{"items": [\#(items)], "total": 200}"#)
        for value in [Shown(doc), Shown(doc.root), Shown(try #require(doc.root.children.first))] {
            expectContentOnly(value, "large document")
            #expect(value.dumped.contains("more (the display stops at 30 lines)"), "\(value.dumped)")
        }
        // Breadth first: the last top-level key shows before anything deeper is cut.
        #expect(Shown(doc).dumped.contains("- total: 200"))
    }

    @Test("a node shows its kind, name, value and outline")
    func node() throws {
        let list = try #require(lists["lists.list"].nodes.dropFirst().first)
        let shown = Shown(list)
        expectContentOnly(shown, "Node")
        #expect(shown.described == #"<list id="387549" name="High Priority" deleted="0" locked="0" …> {filter}"#)
        #expect(shown.reflected.hasPrefix("Node #"), "\(shown.reflected)")
        #expect(Array(shown.labels.prefix(4)) == ["kind", "name", "@id", "@name"])
        #expect(shown.labels.last == "filter")
        let filter = Shown(try #require(list.children(named: "filter").first))
        #expect(filter.labels == ["kind", "name", "value"], "\(filter.dumped)")
    }

    @Test("a match shows its path and value; a result its matches")
    func matchAndResult() throws {
        let result = lists["lists.list"]
        let shown = Shown(result)
        expectContentOnly(shown, "QueryResult")
        #expect(shown.labels == ["lists.list[0]", "lists.list[1]", "lists.list[2]"])
        #expect(shown.dumped.contains(#"- lists.list[1]: <list id="387549""#), "\(shown.dumped)")
        #expect(shown.described.split(separator: "\n").count == 3)
        #expect(shown.reflected == "QueryResult: 3 matches")

        let match = Shown(try #require(result.first))
        expectContentOnly(match, "Match")
        #expect(match.labels == ["path", "value"])
        #expect(match.dumped.contains(#"- @name: "Inbox""#), "\(match.dumped)")

        let many = try Document(string: "[" + (0..<25).map(String.init).joined(separator: ",") + "]")["[:]"]
        let manyShown = Shown(many)
        expectContentOnly(manyShown, "many matches")
        #expect(manyShown.dumped.hasPrefix("▿ QueryResult: 25 matches\n  - [0]: 0\n"), "\(manyShown.dumped)")
        #expect(manyShown.dumped.contains("- … 15 more"), "\(manyShown.dumped)")

        let missing = Shown(lists["lists.lst"])
        expectContentOnly(missing, "empty QueryResult")
        #expect(missing.labels == ["explanation"])
        #expect(missing.reflected == "QueryResult: no match")
        #expect(missing.dumped.contains("lst"), "\(missing.dumped)")
    }

    @Test("an editor shows its text; edits and values show what they write")
    func editing() throws {
        var editor = try DocumentEditor(string: "{\n  \"a\": 1,\n  \"tags\": [\"x\"]\n}\n")
        try editor.apply(.set("a", to: 2))
        let shown = Shown(editor)
        expectContentOnly(shown, "DocumentEditor")
        #expect(shown.described == "{\n  \"a\": 2,\n  \"tags\": [\"x\"]\n}\n")
        #expect(shown.reflected == "DocumentEditor(json, 30 bytes)")
        #expect(shown.labels == ["1", "2", "3", "4", "5"])
        #expect(shown.dumped.contains(#"- 2:   "a": 2,"#), "\(shown.dumped)")

        let long = try DocumentEditor(string: "[\n" + (0..<100).map(String.init).joined(separator: ",\n") + "\n]")
        let longShown = Shown(long)
        #expect(longShown.dumped.contains("- … 72 more lines"), "\(longShown.dumped)")
        #expect(longShown.dumped.split(separator: "\n").count <= 40)

        let edits: [(Edit, String)] = [
            (.set("lists.list[0].name", to: "Chores"), #"set lists.list[0].name to "Chores""#),
            (.insert(["a": 1, "b": [true, nil]], into: "items", at: 0), #"insert {"a":1,"b":[true,null]} into items at 0"#),
            (.insert("x", before: "b", key: "k"), #"insert "k": "x" before b"#),
            (.insert(1.5, after: "items[0]"), "insert 1.5 after items[0]"),
            (.remove("draft"), "remove draft"),
            (.rename("userId", to: "owner"), "rename userId to owner"),
            (.set("items[?(@.id == $id)].price", to: 9.5, parameters: ["id": 7]), "set items[?(@.id == $id)].price to 9.5 where $id = 7"),
        ]
        for (edit, sentence) in edits {
            let shown = Shown(edit)
            expectContentOnly(shown, "Edit")
            #expect(shown.described == sentence)
            #expect(shown.dumped == "- \(sentence)\n")
        }

        let value: EditValue = ["name": "new", "tags": ["a", "b"], "n": 1]
        let valueShown = Shown(value)
        expectContentOnly(valueShown, "EditValue")
        #expect(valueShown.described == #"{"name":"new","tags":["a","b"],"n":1}"#)
        #expect(valueShown.labels == ["name", "tags", "n"])
        #expect(valueShown.dumped.contains(#"- tags: ["a","b"]"#), "\(valueShown.dumped)")
    }

    @Test("a path query shows the path as written")
    func pathQuery() throws {
        let query = try PathQuery("lists.list[?id == $id].name", parameters: ["id": 7])
        let shown = Shown(query)
        expectContentOnly(shown, "PathQuery")
        #expect(shown.described == "lists.list[?id == $id].name")
        #expect(shown.reflected == #"PathQuery("lists.list[?id == $id].name")"#)
        #expect(shown.dumped == "- PathQuery(\"lists.list[?id == $id].name\")\n")
        #expect(shown.labels.isEmpty)
    }

    // MARK: LLDB's summaries

    /// What a type's LLDB summary shows: a constant, or the summary of one
    /// stored property.
    enum Summary {
        case constant(String)
        case child(String)
    }

    @Test("each type carries its LLDB record: storage hidden, a summary shown")
    func lldbFormatters() {
        let docTree: [(type: Any.Type, summary: Summary)] = [
            (Document.self, .constant("Document (print, dump or po shows its outline)")),
            (Node.self, .constant("Node (print, dump or po shows it and its outline)")),
        ]
        let docQuery: [(type: Any.Type, summary: Summary)] = [
            (Match.self, .constant("Match (print, dump or po shows its path and value)")),
            (QueryResult.self, .constant("QueryResult (print, dump or po shows its values)")),
            (DocumentEditor.self, .constant("DocumentEditor (print shows its text, dump or po its lines)")),
            (Edit.self, .child("path")),
            (EditValue.self, .constant("EditValue (print, dump or po shows it as JSON)")),
            (PathQuery.self, .child("description")),
        ]
        func expected(_ records: [(type: Any.Type, summary: Summary)]) -> [UInt8] {
            records.flatMap { Self.formatterRecord(type: String(reflecting: $0.type), summary: $0.summary) }
        }
        #expect(Self.bytes(of: DocTree.lldbFormatters) == expected(docTree))
        #expect(Self.bytes(of: DocQuery.lldbFormatters) == expected(docQuery))
    }

    private static func bytes<T>(of tuple: T) -> [UInt8] {
        withUnsafeBytes(of: tuple) { Array($0) }
    }

    /// A record of LLDB's `.lldbformatters` section: version 1, the size of
    /// the rest, the type name (with its NUL), flags 9 (cascade, hide
    /// children), and one summary program (signature 0) in LLDB's
    /// formatter bytecode.
    static func formatterRecord(type name: String, summary: Summary) -> [UInt8] {
        func uleb(_ value: Int) -> [UInt8] {
            var value = value
            var out: [UInt8] = []
            repeat {
                let low = UInt8(value & 0x7F)
                value >>= 7
                out.append(value == 0 ? low : low | 0x80)
            } while value != 0
            return out
        }
        func literal(_ text: String) -> [UInt8] { [0x22] + uleb(text.utf8.count) + Array(text.utf8) }
        let program: [UInt8]
        switch summary {
        case .constant(let text):
            program = literal(text)
        case .child(let property):
            // "property" @get_child_with_name call @summary call
            program = literal(property) + [0x23, 0x12, 0x60, 0x23, 0x00, 0x60]
        }
        let typeName = Array(name.utf8) + [0]
        let body = uleb(typeName.count) + typeName + uleb(9) + [0] + uleb(program.count) + program
        return [1] + uleb(body.count) + body
    }
}
