import DocQuery
import Foundation
import TestSupport
import Testing

/// The DocQuery side of every snippet in the DocC articles: compiled here,
/// run on small documents, and checked to appear in its article word for
/// word (see ``Snippets``), so an article snippet cannot stop compiling or
/// drift from what the test runs.
@Suite struct ArticleSnippetTests {
    static let docc = SharedData.packageRoot.appendingPathComponent("Sources/DocQuery/DocQuery.docc")

    static let usersJSON = Data(#"""
        {"users": [{"name": "Leona", "address": {"city": "Harrowgate"}}, {"name": "Ervin", "address": {"city": "Brookfield"}}],
         "posts": [{"title": "Rain"}, {"title": "Harbour"}, {"title": "Timetables"}]}
        """#.utf8)
    static let rspXML = Data(#"""
        <rsp stat="ok"><auth><token>6410bde1</token><user id="9" username="bob"/></auth>
        <lists><list id="1" name="Inbox"/><list id="2" name="Work"/></lists></rsp>
        """#.utf8)
    static let scheduleXML = Data(#"""
        <response><header><resultCode>INFO-00</resultCode></header><body><items>
        <item><sgId>20180613</sgId><sgName>제7회 전국동시지방선거</sgName><sgVotedate>20180613</sgVotedate></item>
        </items></body></response>
        """#.utf8)
    static let boxOfficeJSON = Data(#"""
        {"boxOfficeResult": {"dailyBoxOfficeList": [
          {"movieNm": "한강의 밤", "audiCnt": "118402"}, {"movieNm": "고양이 탐정", "audiCnt": "83112"}]}}
        """#.utf8)

    @Test func comingFromSwiftyJSON() throws {
        let data = Self.usersJSON
        // snippet: swiftyjson
        let doc = try Document(data: data)
        let city = doc["users[0].address.city"].string ?? ""
        let titles = doc["posts.title"].strings
        // end snippet
        #expect(city == "Harrowgate")
        #expect(titles == ["Rain", "Harbour", "Timetables"])
    }

    @Test func comingFromSWXMLHash() throws {
        let data = Self.rspXML
        // snippet: swxmlhash
        let doc = try Document(data: data)
        let token = doc["auth.token"].string
        let username = doc["auth.user.username"].string
        let names = doc["lists.list.name"].strings
        // end snippet
        #expect(token == "6410bde1")
        #expect(username == "bob")
        #expect(names == ["Inbox", "Work"])
    }

    // snippet: xmlcoder-model
    struct Election: Decodable {
        let sgId: String
        let sgName: String
        let sgVotedate: Date
    }
    // end snippet

    @Test func comingFromXMLCoder() throws {
        let data = Self.scheduleXML
        // snippet: xmlcoder
        let doc = try Document(data: data)
        var decoder = NodeDecoder()
        decoder.dateDecodingStrategy = .formatted("yyyyMMdd", timeZone: TimeZone(identifier: "Asia/Seoul")!)
        let elections = try doc.decode([Election].self, at: "body.items.item", using: decoder)
        // end snippet
        #expect(elections.map(\.sgName) == ["제7회 전국동시지방선거"])
    }

    @Test func comingFromCodable() throws {
        let data = Self.boxOfficeJSON
        // snippet: codable
        let doc = try Document(data: data)
        let titles = doc["boxOfficeResult.dailyBoxOfficeList.movieNm"].strings
        let audience = doc["boxOfficeResult.dailyBoxOfficeList.@sum.audiCnt"].int ?? 0
        // end snippet
        #expect(titles == ["한강의 밤", "고양이 탐정"])
        #expect(audience == 201_514)
    }

    @Test func comingFromKeyValueCoding() throws {
        let data = Self.usersJSON
        // snippet: kvc
        let doc = try Document(data: data)
        let cities = doc["users.address.city"].strings      // always [String]
        let count = doc["posts.@count"].int                  // 3
        let same = doc.value(forKeyPath: "users.address.city") as? [Any]  // KVC's shapes, for ported code
        // end snippet
        #expect(cities == ["Harrowgate", "Brookfield"])
        #expect(count == 3)
        #expect(same?.count == 2)
    }

    @Test func gettingStarted() throws {
        let data = Self.rspXML
        // snippet: getting-started
        let doc = try Document(data: data)
        let username = doc["auth.user.username"].string        // "bob"
        let names = doc["lists.list.name"].strings             // ["Inbox", "Work"]
        let count = try doc.query("lists.list.@count").int     // 2
        for list in doc["lists.list"] {
            print(list["id"].int ?? 0, list["name"].string ?? "")
        }
        // end snippet
        #expect(username == "bob")
        #expect(names == ["Inbox", "Work"])
        #expect(count == 2)
    }

    @Test func handlingErrors() throws {
        let doc = try Document(data: Self.rspXML)
        var reported: (message: String, column: Int)?
        func report(_ message: String, column: Int) { reported = (message, column) }
        // snippet: errors-malformed-path
        do {
            _ = try doc.query("lists.@cuont")
        } catch {
            report(error.message, column: error.column)   // "unknown operator '@cuont' (did you mean '@count'?)", 7
        }
        // end snippet
        #expect(reported?.message == "unknown operator '@cuont' (did you mean '@count'?)")
        #expect(reported?.column == 7)

        // snippet: errors-no-match
        let result = doc["lists.list.nmae"]
        let reason = result.explanation?.message         // 'lists.list' matched 2 elements, but none has the key 'nmae'
        let suggestion = result.explanation?.suggestion   // "name"
        let text = result.explanation?.description        // the path with a caret under 'nmae', the reason, the keys there
        // end snippet
        #expect(reason == "'lists.list' matched 2 elements, but none has the key 'nmae'")
        #expect(suggestion == "name")
        #expect(text?.contains("keys there: id (2), name (2)") == true)
        #expect(text?.contains("^~~~") == true)
    }

    /// The types of the Decoding article, apart from the other snippets' types.
    enum DecodingArticle {
        // snippet: decoding-model
        struct Election: Decodable {
            let id: String, name: String, voteDate: Date
            enum CodingKeys: String, CodingKey { case id = "sgId", name = "sgName", voteDate = "sgVotedate" }
        }
        // end snippet

        // snippet: decoding-price
        struct Price: Decodable {          // <price currency="KRW">1200</price>
            let currency: String
            let amount: Decimal
            enum CodingKeys: String, CodingKey { case currency, amount = "_string" }
        }
        // end snippet
    }

    @Test func decodingArticle() throws {
        typealias Election = DecodingArticle.Election
        let doc = try Document(data: Self.scheduleXML)
        // snippet: decoding
        var decoder = NodeDecoder()
        decoder.dateDecodingStrategy = .formatted("yyyyMMdd", timeZone: TimeZone(identifier: "Asia/Seoul")!)
        let elections = try doc.decode([Election].self, at: "body.items.item", using: decoder)
        // end snippet
        #expect(elections.map(\.id) == ["20180613"])
        #expect(elections.first?.voteDate == ISO8601DateFormatter().date(from: "2018-06-12T15:00:00Z"))

        let price = try Document(string: #"<price currency="KRW">1200</price>"#).decode(DecodingArticle.Price.self)
        #expect(price.currency == "KRW")
        #expect(price.amount == 1200)
    }

    // snippet: building-model
    struct Todo: Codable, Equatable {
        var id: Int
        var title: String
        var completed: Bool
        var tags: [String]
    }
    // end snippet

    /// A stand-in for `URLRequest`, whose body the snippets set.
    struct Request { var httpBody: Data? }

    @Test func buildingDocuments() throws {
        // snippet: building-json
        let todo = Todo(id: 7, title: "Write docs", completed: false, tags: ["docs"])
        let body = try DocumentEncoder().encode(todo, as: .json)
        // {"id":7,"title":"Write docs","completed":false,"tags":["docs"]}
        // end snippet
        #expect(String(decoding: body, as: UTF8.self) == #"{"id":7,"title":"Write docs","completed":false,"tags":["docs"]}"#)
        // snippet: building-xml
        var encoder = DocumentEncoder()
        encoder.rootElementName = "todo"
        encoder.attributeStrategy = .keys(["id"])
        encoder.formatting = .indented(by: "  ")
        let xml = try encoder.encode(todo, as: .xml)
        let back = try Document(data: Data(xml)).decode(Todo.self)   // == todo
        // end snippet
        #expect(back == todo)
        #expect(String(decoding: xml, as: UTF8.self).contains("<todo id=\"7\">\n  <title>Write docs</title>"))
        // snippet: building-literal
        let pom = try Document(["@version": "1.0", "name": "docq", "module": ["DocTree", "DocQuery"]], as: .xml)
        let modules = pom["module"].strings   // ["DocTree", "DocQuery"]
        // end snippet
        #expect(modules == ["DocTree", "DocQuery"])
        try {
            // snippet: building-editor
            var post = try DocumentEditor(encoding: todo, as: .json)
            try post.apply(.set("completed", to: true))
            let body = post.data   // {"id":7,"title":"Write docs","completed":true,"tags":["docs"]}
            // end snippet
            #expect(body == Data(#"{"id":7,"title":"Write docs","completed":true,"tags":["docs"]}"#.utf8))
        }()
        var editor = try DocumentEditor(string: "<todos>\n  <todo id=\"1\"><title>Old</title></todo>\n</todos>")
        try {
            // snippet: building-into-existing
            let encoder = DocumentEncoder(attributeStrategy: .keys(["id"]))
            try editor.apply(.insert(EditValue(encoding: todo, using: encoder), after: "todo", key: "todo"))
            // end snippet
        }()
        #expect(try editor.document.query("todo.id").strings == ["1", "7"])
    }

    @Test func changingDocuments() throws {
        let response = Data(#"{"completed": false, "tags": ["a"], "draft": 1, "userId": 2}"#.utf8)
        var request = Request()
        // snippet: changing-overview
        var editor = try DocumentEditor(data: response)
        try editor.apply([
            .set("completed", to: true),
            .insert("urgent", into: "tags"),
            .remove("draft"),
            .rename("userId", to: "owner"),
        ])
        request.httpBody = editor.data
        // end snippet
        #expect(request.httpBody == Data(#"{"completed": true, "tags": ["a", "urgent"], "owner": 2}"#.utf8))
        var shop = try DocumentEditor(string: #"{"items": [{"price": 50, "onSale": false}, {"price": 150, "onSale": false}]}"#)
        try shop.apply([
            // snippet: changing-parameters
            .set("items[?price > $max].onSale", to: true, parameters: ["max": 100])
            // end snippet
        ])
        #expect(try shop.document.query("items.onSale").map(\.bool) == [false, true])
    }

    @Test func streamedEdits() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("article-snippet-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputURL = folder.appendingPathComponent("in.json")
        try Data(#"{"features": [{"properties": {"name": "a", "debug": 1}}]}"#.utf8).write(to: inputURL)
        let outURL = folder.appendingPathComponent("out.json")
        #expect(FileManager.default.createFile(atPath: outURL.path, contents: nil))
        let output = try FileHandle(forWritingTo: outURL)
        // snippet: changing-streamed
        let edit = try StreamedEdit([.remove("features.properties.debug")])
        _ = try edit.run(contentsOf: inputURL) { bytes in try output.write(contentsOf: bytes) }
        // end snippet
        try output.close()
        #expect(try Data(contentsOf: outURL) == Data(#"{"features": [{"properties": {"name": "a"}}]}"#.utf8))
    }

    @Test func comingFromJSONDecoder() throws {
        let data = Self.boxOfficeJSON
        // snippet: jsondecoder
        // JSONDecoder
        struct BoxOffice: Decodable {
            let boxOfficeResult: Result
            struct Result: Decodable { let dailyBoxOfficeList: [Entry] }
            struct Entry: Decodable { let movieNm: String; let audiCnt: String }
        }
        let list = try JSONDecoder().decode(BoxOffice.self, from: data).boxOfficeResult.dailyBoxOfficeList
        let titles = list.map(\.movieNm)
        let audience = list.compactMap { Int($0.audiCnt) }.reduce(0, +)
        // end snippet
        #expect(titles == ["한강의 밤", "고양이 탐정"] && audience == 201_514)
    }

    struct Response: Decodable { let stat: String }

    @Test func overview() throws {
        let responseBody = Data(#"""
            <rsp stat="ok"><auth><user username="bob"/></auth><lists><list id="1" name="Inbox" smart="0"/>\#
            <list id="2" name="High Priority" smart="1"/><list id="3" name="Personal" smart="0"/></lists></rsp>
            """#.utf8)
        // snippet: overview
        let doc = try Document(data: responseBody)
        let username = doc.auth.user.username.string    // "bob"
        let names = doc.lists.list.name.strings          // ["Inbox", "High Priority", "Personal"]
        let smart = try doc.query("lists.list[?smart == 1].name").string
        let id = try doc.query("lists.list[?name == $name].id", ["name": "Bob's list"]).int
        let response = try doc.decode(Response.self)
        // end snippet
        #expect(username == "bob" && names == ["Inbox", "High Priority", "Personal"] && smart == "High Priority")
        #expect(id == nil && response.stat == "ok")
    }

    @Test func gettingStartedExplanation() throws {
        let doc = try Document(data: Self.rspXML)
        var printed: [String] = []
        func print(_ value: Any) { printed.append("\(value)") }
        // snippet: getting-started-explanation
        let result = doc["lists.list.nmae"]
        if result.isEmpty, let explanation = result.explanation {
            print(explanation)   // 'lists.list' matched 2 elements, but none has the key 'nmae'; did you mean 'name'?
        }
        // end snippet
        #expect(printed.count == 1)
        #expect(printed.first?.contains("'lists.list' matched 2 elements, but none has the key 'nmae'") == true)
        #expect(printed.first?.contains("did you mean 'name'?") == true)
    }

    @Test func pathSyntaxFromSwift() throws {
        let authXML = #"<rsp stat="ok"><auth><user id="987654321" username="bob"/></auth></rsp>"#
        let listsXML = #"""
            <rsp stat="ok"><lists><list id="100653" name="Inbox" smart="0"/>\#
            <list id="387549" name="High Priority" smart="1"><filter>(priority:1)</filter></list>\#
            <list id="100654" name="Personal" smart="0"/></lists></rsp>
            """#
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        // snippet: path-syntax-swift
        let auth = try Document(string: authXML)      // the first example on this page
        let lists = try Document(string: listsXML)    // the second
        let username = auth.auth.user.username.string             // "bob"
        let names = lists.lists.list.name.strings                  // ["Inbox", "High Priority", "Personal"]
        let smart = lists["lists.list[?smart == 1].name"].string   // "High Priority"
        let count = try lists.query("lists._contents.@count").int  // 3

        let query = try PathQuery("lists.list.name")  // compile once
        for match in try query.evaluate(on: lists) {  // run many times
            print(match.path, match.string ?? "")     // lists.list[0].name Inbox
        }

        let same = auth.value(forKeyPath: "auth.user.username")   // "bob", as Any

        for list in lists.lists.list {                // a match is queryable
            print(list["id"].int ?? 0, list.name.string ?? "")
        }
        let bobs = try lists.query("lists.list[?name == $name].id", ["name": "Bob's list"])
        // end snippet
        #expect(username == "bob" && names == ["Inbox", "High Priority", "Personal"] && smart == "High Priority")
        #expect(count == 3 && same as? String == "bob" && bobs.isEmpty)
        #expect(printed.first == "lists.list[0].name Inbox")
        #expect(printed.last == "100654 Personal")
    }

    /// Every snippet above appears in one of the articles, line for line.
    @Test func snippetsAppearInTheArticles() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let snippets = Snippets.extract(from: source)
        #expect(snippets.count >= 7)
        let articles = try FileManager.default.contentsOfDirectory(atPath: Self.docc.path)
            .filter { $0.hasSuffix(".md") }
            .map { try String(contentsOf: Self.docc.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
        for (name, code) in snippets {
            #expect(articles.contains(code), "snippet '\(name)' is not in any article of DocQuery.docc:\n\(code)")
        }
    }
}
