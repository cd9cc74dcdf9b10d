import DocQuery
import Foundation
import TestSupport
import Testing

/// The Swift snippets of DocQuery's doc comments, compiled and run here on
/// small documents (the conventions are ``Snippets``'): each doc comment's
/// block is the code of one snippet below, word for word, and
/// ``everyDocumentedBlockIsASnippet()`` checks that none is missing.
@Suite struct DocCommentSnippetTests {
    static let scheduleXML = #"""
        <response><body><totalCount>2</totalCount><items>
        <item><sgName>지방선거</sgName><sgDate>20180613</sgDate><price>1200</price></item>
        <item><sgName>보궐선거</sgName><sgDate>20190403</sgDate></item>
        </items></body></response>
        """#
    static let listsXML = #"""
        <rsp stat="ok"><auth><user id="9" username="bob"/></auth>
        <lists><list id="1" name="Inbox" smart="0"/><list id="2" name="High Priority" smart="1"/>\#
        <list id="3" name="Personal" smart="0"/></lists></rsp>
        """#

    /// A stand-in for `URLRequest`, whose body the snippets set.
    struct Request { var httpBody: Data? }

    struct Todo: Codable { var title: String; var completed: Bool }

    @Test func everyDocumentedBlockIsASnippet() throws {
        let root = SharedData.packageRoot
        let snippets = Set(try Snippets.testSnippets(in: root).map(\.code))
        let blocks = try Snippets.documentedBlocks(in: root)
        #expect(blocks.count > 60)
        let missing = blocks.filter { $0.notCompiled == nil && !snippets.contains($0.code) }
        #expect(missing.isEmpty, "blocks no test compiles:\n\(missing.map { "\($0.place):\n\($0.code)" }.joined(separator: "\n\n"))")
        let marked = blocks.filter { $0.notCompiled != nil }
        #expect(marked.allSatisfy { !$0.notCompiled!.isEmpty }, "a not-compiled marker gives its reason")
        #expect(marked.count <= 8, "not compiled is for other libraries' code and package manifests: \(marked.map(\.place))")
    }

    @Test func documentSubscripts() throws {
        // snippet: doc-document
        let doc = try Document(string: #"{"auth": {"user": "bob"}}"#)
        let user = doc.root["auth"].first?["user"].first?.string   // "bob"
        // end snippet
        #expect(user == "bob")
    }

    @Test func decodeAtAPath() throws {
        struct Schedule: Decodable { let sgName: String }
        let doc = try Document(string: Self.scheduleXML)
        // snippet: doc-decode-at
        let schedules = try doc.decode([Schedule].self, at: "body.items.item")
        let total = try doc.decode(Int.self, at: "body.totalCount")
        // end snippet
        #expect(schedules.map(\.sgName) == ["지방선거", "보궐선거"])
        #expect(total == 2)
    }

    @Test func nodeDecoder() throws {
        let doc = try Document(string: Self.scheduleXML)
        // snippet: doc-node-decoder
        struct Schedule: Decodable { let sgName: String; let sgDate: Date; let price: Int? }

        var decoder = NodeDecoder()
        decoder.dateDecodingStrategy = .formatted("yyyyMMdd")   // the API sends 20180613
        let schedules = try doc.decode([Schedule].self, at: "body.items.item", using: decoder)
        // end snippet
        #expect(schedules.map(\.price) == [1200, nil])

        var seoul = NodeDecoder()
        let decoder2 = { (decoder: inout NodeDecoder) in
            // snippet: doc-date-strategy
            decoder.dateDecodingStrategy = .formatted("yyyyMMdd", timeZone: TimeZone(identifier: "Asia/Seoul")!)
            // end snippet
        }
        decoder2(&seoul)
        let dates = try doc.decode([Schedule].self, at: "body.items.item", using: seoul).map(\.sgDate)
        #expect(dates.first == ISO8601DateFormatter().date(from: "2018-06-12T15:00:00Z"))
    }

    @Test func decodeTheRoot() throws {
        struct User: Decodable { let id: Int; let username: String }
        let doc = try Document(string: #"<user id="9" username="bob"/>"#)
        // snippet: doc-decode-root
        let user = try doc.root.decode(User.self)
        // end snippet
        #expect(user.username == "bob" && user.id == 9)
    }

    @Test func documentEditor() throws {
        let response = Data(#"{"completed": false, "draft": "x", "title": "t"}"#.utf8)
        var request = Request()
        // snippet: doc-document-editor
        var editor = try DocumentEditor(data: response)
        try editor.apply([.set("completed", to: true), .remove("draft")])
        request.httpBody = editor.data
        // end snippet
        #expect(request.httpBody == Data(#"{"completed": true, "title": "t"}"#.utf8))
    }

    @Test func editList() throws {
        var editor = try DocumentEditor(string: """
            {"completed": false, "items": [{"id": 7, "price": 10}, {"id": 8, "price": 3}], "draft": 1, "userId": 2}
            """)
        // snippet: doc-edit
        try editor.apply([
            .set("completed", to: true),
            .set("items[?id == $id].price", to: 9.5, parameters: ["id": 7]),
            .insert(["name": "new"], into: "items"),
            .remove("draft"),
            .rename("userId", to: "owner"),
        ])
        // end snippet
        #expect(String(decoding: editor.bytes, as: UTF8.self) == """
            {"completed": true, "items": [{"id": 7, "price": 9.5}, {"id": 8, "price": 3}, {"name": "new"}], "owner": 2}
            """)
    }

    @Test func editValues() throws {
        // snippet: doc-edit-value
        let flag: EditValue = true
        let todo = try EditValue(encoding: Todo(title: "Write", completed: false))
        let raw = try EditValue(json: #"{"tags": ["a", "b"], "score": 1.50}"#)
        // end snippet
        #expect(flag == EditValue(true))
        #expect(todo == (try EditValue(json: #"{"title": "Write", "completed": false}"#)))
        #expect(raw != todo)
    }

    @Test func streamedEdit() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doc-snippet-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let dumpURL = folder.appendingPathComponent("dump.json")
        try Data(#"{"release": {"version": "2.0"}, "other": 1}"#.utf8).write(to: dumpURL)
        let outURL = folder.appendingPathComponent("out.json")
        #expect(FileManager.default.createFile(atPath: outURL.path, contents: nil))
        let output = try FileHandle(forWritingTo: outURL)
        // snippet: doc-streamed-edit
        let edit = try StreamedEdit([.set("release.version", to: "2.1")])
        let counts = try edit.run(contentsOf: dumpURL) { bytes in try output.write(contentsOf: bytes) }
        // end snippet
        try output.close()
        _ = counts
        #expect(try Data(contentsOf: outURL) == Data(#"{"release": {"version": "2.1"}, "other": 1}"#.utf8))
    }

    @Test func encodingIntoDocuments() throws {
        let todo = Todo(title: "Write docs", completed: false)
        do {
            // snippet: doc-document-encoding
            let doc = try Document(encoding: todo, as: .json)
            let title = doc["title"].string   // "Write docs"
            // end snippet
            #expect(title == "Write docs")
            #expect(doc.root.kind == .object)
        }
        do {
            // snippet: doc-document-literal
            let doc = try Document(["title": "Write docs", "tags": ["docs"]], as: .xml)
            // <?xml version="1.0" encoding="UTF-8"?>
            // <root><title>Write docs</title><tags>docs</tags></root>
            // end snippet
            #expect(doc.xmlString()?.contains("<root><title>Write docs</title><tags>docs</tags></root>") == true)
        }
        var request = Request()
        // snippet: doc-editor-literal
        var post = try DocumentEditor(["title": "Write docs", "userId": 7], as: .json)
        try post.apply(.insert("docs", into: ".", key: "tag"))
        request.httpBody = post.data   // {"title":"Write docs","userId":7,"tag":"docs"}
        // end snippet
        #expect(request.httpBody == Data(#"{"title":"Write docs","userId":7,"tag":"docs"}"#.utf8))
    }

    @Test func documentEncoder() throws {
        // snippet: doc-document-encoder
        struct Todo: Codable { var id: Int; var title: String; var tags: [String] }

        let todo = Todo(id: 7, title: "Write docs", tags: ["docs"])
        let json = try DocumentEncoder().encode(todo, as: .json)
        // {"id":7,"title":"Write docs","tags":["docs"]}

        var encoder = DocumentEncoder()
        encoder.attributeStrategy = .keys(["id"])
        encoder.rootElementName = "todo"
        let xml = try encoder.encode(todo, as: .xml)
        // <?xml version="1.0" encoding="UTF-8"?>
        // <todo id="7"><title>Write docs</title><tags>docs</tags></todo>
        // end snippet
        #expect(String(decoding: json, as: UTF8.self) == #"{"id":7,"title":"Write docs","tags":["docs"]}"#)
        #expect(String(decoding: xml, as: UTF8.self).contains(#"<todo id="7"><title>Write docs</title><tags>docs</tags></todo>"#))
    }

    @Test func pathQueries() throws {
        let responses = [try Document(string: Self.listsXML)]
        var printed: [[String]] = []
        func print(_ names: [String]) { printed.append(names) }
        // snippet: doc-path-query
        let names = try PathQuery("lists._contents.name")
        for doc in responses {
            print(try names.evaluate(on: doc).strings)   // ["Inbox", "High Priority", "Personal"]
        }
        // end snippet
        #expect(printed == [["Inbox", "High Priority", "Personal"]])
        // snippet: doc-path-query-parameters
        let byName = try PathQuery("lists.list[?name == $name].id", parameters: ["name": "Bob's list"])
        // end snippet
        let bob = try Document(string: #"<rsp><lists><list id="4" name="Bob's list"/></lists></rsp>"#)
        #expect(try byName.evaluate(on: bob).int == 4)
    }

    @Test func jmesPath() throws {
        struct Headline: Decodable { let title: String; let date: String }
        let feed = try Document(string: """
            <rss><channel><item><title>One</title><pubDate>2020</pubDate></item>\
            <item><title>Two</title><pubDate>2021</pubDate></item></channel></rss>
            """)
        // snippet: doc-jmespath
        let titles = try JMESPath("channel.item[*].{title: title, date: pubDate}")
        let result = try feed.query(titles)          // or titles.evaluate(on: feed)
        let pairs = try result.decode([Headline].self)
        // end snippet
        #expect(pairs.map(\.title) == ["One", "Two"])
        let todos = try Document(string: #"[{"userId": 1, "title": "a"}, {"userId": 2, "title": "b"}]"#)
        // snippet: doc-jmespath-parameters
        let mine = try JMESPath("[?userId == $user].title", parameters: ["user": 2])
        // end snippet
        #expect(try mine.evaluate(on: todos).strings == ["b"])
    }

    @Test func explanation() throws {
        let doc = try Document(string: """
            <rsp><tasks><list id="1"><taskseries><name>a</name></taskseries><taskseries/></list>\
            <list id="2"><taskseries/><taskseries/><taskseries/></list></tasks></rsp>
            """)
        var printed = ""
        func print(_ value: Any) { printed = "\(value)" }
        // snippet: doc-explanation
        let result = doc["tasks.list.tasksries.name"]
        print(result.explanation!)
        // no match for 'tasks.list.tasksries.name'
        //   tasks.list.tasksries.name
        //              ^~~~~~~~~
        // 'tasks.list' matched 2 elements, but none has the key 'tasksries'
        // did you mean 'taskseries'?
        // keys there: id (2), taskseries (5)
        // end snippet
        #expect(printed == """
            no match for 'tasks.list.tasksries.name'
              tasks.list.tasksries.name
                         ^~~~~~~~~
            'tasks.list' matched 2 elements, but none has the key 'tasksries'
            did you mean 'taskseries'?
            keys there: id (2), taskseries (5)
            """)
    }

    @Test func matchesAndResults() throws {
        let doc = try Document(string: Self.listsXML)
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        // snippet: doc-match
        for match in try doc.query("lists.list.name") {
            print(match.path, match.string ?? "")   // lists.list[0].name Inbox
        }
        for list in try doc.query("lists.list") {
            print(list["id"].int ?? 0)               // 1: a match is queryable like a node
        }
        // end snippet
        #expect(printed == ["lists.list[0].name Inbox", "lists.list[1].name High Priority", "lists.list[2].name Personal", "1", "2", "3"])
        let schedule = try Document(string: Self.scheduleXML)
        try {
            let doc = schedule
            // snippet: doc-query-result
            let result = try doc.query("body.items.item.sgName")
            let names = result.strings   // every name, [] when there is none
            let first = result.string     // the first name, or nil
            let count = result.count      // how many matched
            for match in result { print(match.path, match.string ?? "") }
            // end snippet
            #expect(names == ["지방선거", "보궐선거"] && first == "지방선거" && count == 2)
        }()
        try {
            let doc = try Document(string: #"{"tags": ["swift", "xml"]}"#)
            // snippet: doc-array-node
            // {"tags": ["swift", "xml"]}
            let count = doc.tags.count            // 2: the elements
            let kind = doc.tags.arrayNode?.kind   // .array: the array itself
            // end snippet
            #expect(count == 2 && kind == .array)
        }()
    }

    @Test func scripting() throws {
        let doc = try Document(string: Self.listsXML)
        // snippet: doc-scripting
        let username = doc.auth.user.username.string    // "bob"
        let names = doc.lists.list.name.strings          // ["Inbox", "High Priority", "Personal"]
        let same = doc["auth.user.username"].string      // a whole path
        let first = doc.lists.list[0].name.string        // an index
        let smart = try doc.query("lists.list[?smart == 1].name")   // throws on a bad path
        let bobs = try doc.query("lists.list[?name == $name]", ["name": "Bob's list"])   // a bound value
        // end snippet
        #expect(username == "bob" && same == "bob" && first == "Inbox")
        #expect(names == ["Inbox", "High Priority", "Personal"])
        #expect(smart.string == "High Priority" && bobs.isEmpty)
        try {
            // snippet: doc-query-parameters
            let bobs = try doc.query("lists.list[?name == $name]", ["name": "Bob's list"])
            // end snippet
            #expect(bobs.isEmpty)
        }()
    }

    @Test func streamedMatches() async throws {
        let dumpURL = FileManager.default.temporaryDirectory.appendingPathComponent("doc-snippet-\(UUID()).osm")
        try Data(#"<osm><node><tag k="name" v="Leeds"/><tag k="x" v="y"/></node></osm>"#.utf8).write(to: dumpURL)
        defer { try? FileManager.default.removeItem(at: dumpURL) }
        var printed: [String] = []
        func print(_ line: String) { printed.append(line) }
        // snippet: doc-streamed-matches
        let names = try PathQuery("node.tag[?k == 'name'].v").stream(contentsOf: dumpURL)
        for try await name in names { print(name.string ?? "") }
        // end snippet
        #expect(printed == ["Leeds"])
    }

    /// Snippets that read a file of the reader's: compiled, never called.
    func compiledOnlyNeedingAFile() {
        // snippet: doc-document-stream
        for record in DocumentStream(contentsOf: URL(fileURLWithPath: "events.jsonl")) {
            switch record {
            case .success(let event): print(event.root["type"].string ?? "?")
            case .failure(let error): print("skipped:", error)   // 12:7: expected a value, found '}'
            }
        }
        // end snippet
    }
}
