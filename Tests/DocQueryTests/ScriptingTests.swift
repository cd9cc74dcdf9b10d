import DocQuery
import Foundation
import Testing

/// The Swift API: dynamic members, subscripts, typed accessors, matches,
/// compiled queries and `value(forKeyPath:)`.
@Suite struct ScriptingTests {
    @Test func dynamicMembersReadLikeKeyPaths() throws {
        let auth = try Fixtures.document("auth")
        let lists = try Fixtures.document("lists")
        #expect(auth.auth.user.username.string == "bob")
        #expect(auth.auth.token._string.string == "6410bde19b6dfb474fec71f186bc715831ea6842")
        #expect(auth.stat.string == "ok")
        #expect(auth.auth.user._elementName.string == "user")
        #expect(lists.lists.list.name.strings == ["Inbox", "High Priority", "Personal"])
        #expect(lists.lists._contents.count == 3)
        // A node conforms too: paths start at the node.
        let user = try #require(auth.auth.user.node)
        #expect(user.fullname.string == "Bob T. Monkey")
        #expect(user["id"].int == 987_654_321)
    }

    @Test func subscriptsTakePathsAndIndexes() throws {
        let lists = try Fixtures.document("lists")
        #expect(lists["auth.user.username"].isEmpty)
        #expect(lists["lists.list[?smart == 1].name"].string == "High Priority")
        #expect(lists.lists.list[1].name.string == "High Priority")
        #expect(lists.lists.list[-1].name.string == "Personal")
        #expect(lists.lists.list[5].isEmpty)
        let theatres = try Fixtures.document("theatres")
        #expect(theatres[0].상영관명.string == "MMC 만경관 1관")
        #expect(theatres.root[2]["상영관명"].string == "CGV 대구")
        // Members that hide keys are reachable by subscript.
        let counted = try Document(string: #"{"count": 7, "filter": "on", "string": "s"}"#, options: LoadOptions(format: .json))
        #expect(counted.root["count"].int == 7)
        #expect(counted["count"].int == 7)
        #expect(counted["filter"].string == "on")
        #expect(counted["string"].string == "s")
        #expect(counted["count"].count == 1)
    }

    @Test func queryThrowsWhereSubscriptsExplain() throws {
        let lists = try Fixtures.document("lists")
        #expect(throws: QueryError.self) { try lists.query("lists.@cuont") }
        let result = lists["lists.@cuont"]
        #expect(result.isEmpty)
        let explanation = try #require(result.explanation)
        #expect(explanation.error?.kind == .unknownOperator)
        #expect(explanation.description.hasPrefix("error: unknown operator '@cuont'"))
        // An evaluation error too.
        let store = try Fixtures.document("store")
        #expect(store["store.books.@sum.title"].explanation?.error?.kind == .nonNumericValue)
        // A chain continued from a failed result stays failed.
        #expect(store["store.books.@sum.title"].count.isMultiple(of: 1))
        #expect(store["store.books.@sum.title"]["@count"].explanation?.error?.kind == .nonNumericValue)
    }

    @Test func typedAccessors() throws {
        let doc = try Document(string: """
            {"int": 42, "neg": -7, "big": 12345678901234567890, "frac": 10.25, "exp": 1e3, "text": " 12 ",
             "flag": true, "no": false, "null": null, "word": "yes", "date": "2018-06-13", "stamp": "2018-06-13T10:20:30Z",
             "zoned": "2018-06-13T10:20:30+09:00", "frac_stamp": "2018-06-13T10:20:30.250Z", "compact": "20180613",
             "one": "1", "zero": 0, "list": [1, 2, 3]}
            """, options: LoadOptions(format: .json))
        // `int` and `date` are Document's own accessors (the root's), so those keys take a subscript.
        #expect(doc["int"].int == 42)
        #expect(doc.neg.int == -7)
        #expect(doc.big.int == nil)
        #expect(doc.big.decimal == Decimal(string: "12345678901234567890"))
        #expect(doc.big.string == "12345678901234567890")
        #expect(doc.frac.int == nil)
        #expect(doc.frac.double == 10.25)
        #expect(doc.frac.decimal == Decimal(string: "10.25"))
        #expect(doc.exp.int == 1000)
        #expect(doc.exp.string == "1e3")
        #expect(doc.text.int == 12)
        #expect(doc.flag.bool == true)
        #expect(doc.no.bool == false)
        #expect(doc.one.bool == true)
        #expect(doc.word.bool == nil)
        #expect(doc.word.int == nil)
        #expect(doc.null.string == nil)
        #expect(doc.null.count == 1)
        // A lone JSON array stands for its elements (issue 8, trap 1).
        #expect(doc.list.string == "1")
        #expect(doc.list.count == 3)
        #expect(doc.list.arrayNode?.kind == .array)
        #expect(doc.list["@count"].int == 3)
        #expect(doc.missing.string == nil)
        #expect(doc.missing.strings == [])
        let utc = TimeZone(identifier: "UTC")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let june13 = calendar.date(from: DateComponents(year: 2018, month: 6, day: 13))!
        #expect(doc["date"].date() == june13)
        #expect(doc.compact.date(format: "yyyyMMdd") == june13)
        // ISO 8601's basic format reads without a pattern.
        #expect(doc.compact.date() == june13)
        #expect(doc.stamp.date() == june13.addingTimeInterval(10 * 3600 + 20 * 60 + 30))
        #expect(doc.zoned.date() == june13.addingTimeInterval(1 * 3600 + 20 * 60 + 30))
        #expect(doc.frac_stamp.date() == june13.addingTimeInterval(10 * 3600 + 20 * 60 + 30.25))
        let seoul = TimeZone(identifier: "Asia/Seoul")!
        #expect(doc.compact.date(format: "yyyyMMdd", timeZone: seoul) == june13.addingTimeInterval(-9 * 3600))
    }

    @Test func xmlTextConvertsToo() throws {
        let lists = try Fixtures.document("lists")
        #expect(lists.lists.list.position.int == -1)
        #expect(lists.lists.list.position.strings == ["-1", "0", "0"])
        #expect(lists.lists.list.locked.bool == true)
        #expect(lists.lists.list.smart.bool == false)
        #expect(lists.lists.list.id.decimal == 100653)
        let mixed = try Fixtures.document("mixed")
        #expect(mixed.price.int == 10)
        #expect(mixed.price.double == 10)
        #expect(mixed.price.string == " 10 ")
    }

    @Test func nodesPathsAndMatches() throws {
        let lists = try Fixtures.document("lists")
        let result = try lists.query("lists.list.name")
        #expect(result.paths == ["lists.list[0].name", "lists.list[1].name", "lists.list[2].name"])
        #expect(result.nodes.count == 3)
        #expect(result.nodes.allSatisfy { $0.kind == .attribute })
        #expect(result.node?.string == "Inbox")
        let matches = Array(result)
        #expect(matches.count == 3)
        #expect(matches[1].path == "lists.list[1].name")
        #expect(matches[1].parent?.name == "list")
        #expect(matches[1].value == .node(matches[1].node!))
        #expect(matches[1].description == #"lists.list[1].name: "High Priority""#)
        // Computed values.
        let count = try lists.query("lists.list.@count")
        #expect(count.node == nil)
        #expect(count.nodes.isEmpty)
        #expect(count.first?.value == .number("3"))
        #expect(count.paths == ["lists.list.@count"])
        #expect(count.first?.parent == nil)
        let names = try lists.query("lists.list._elementName")
        #expect(names.first?.value == .string("list"))
        #expect(names.paths == ["lists.list[0]._elementName", "lists.list[1]._elementName", "lists.list[2]._elementName"])
        #expect(names.first?.parent?.name == "list")
        // The root and its own text.
        #expect(try lists.query(".").paths == ["."])
        #expect(try lists.query("_string").paths == ["_string"])
    }

    @Test func compiledQueriesRunOnDocumentsNodesAndResults() throws {
        let query = try PathQuery("list.name")
        #expect(query.description == "list.name")
        #expect(query == (try PathQuery("list.name")))
        #expect(Set([query, try PathQuery("list.name")]).count == 1)
        let lists = try Fixtures.document("lists")
        #expect(try query.evaluate(on: lists).isEmpty)
        let listsNode = try #require(lists.lists.node)
        #expect(try query.evaluate(on: listsNode).strings == ["Inbox", "High Priority", "Personal"])
        #expect(try query.evaluate(on: lists.lists).strings == ["Inbox", "High Priority", "Personal"])
        #expect(try lists.query(query).isEmpty)
        // The document node is a valid start too.
        #expect(try PathQuery("rsp.stat").evaluate(on: lists.documentNode).string == "ok")
        // A literal key.
        #expect(PathQuery(key: "a.b").description == "\"a.b\"")
        #expect(PathQuery(key: "_contents").description == "\"_contents\"")
        #expect(PathQuery(key: "상영관명").description == "상영관명")
        #expect(PathQuery.quotedKey("@type") == "\"@type\"")
        let odd = try Fixtures.document("oddKeys")
        #expect(try PathQuery(key: "a.b").evaluate(on: odd).int == 1)
        #expect(try PathQuery(key: "_contents").evaluate(on: odd).int == 3)
    }

    @Test func canonicalPathOfNodes() throws {
        let lists = try Fixtures.document("lists")
        #expect(PathQuery.canonicalPath(of: lists.root) == ".")
        #expect(PathQuery.canonicalPath(of: lists.documentNode) == nil)
        let filter = try #require(lists["lists.list.filter"].node)
        #expect(PathQuery.canonicalPath(of: filter) == "lists.list[1].filter")
        let text = try #require(filter.children.first)
        #expect(text.kind == .text)
        #expect(PathQuery.canonicalPath(of: text) == nil)
    }

    @Test func valueForKeyPathHasKVCShapes() throws {
        let auth = try Fixtures.document("auth")
        #expect(auth.value(forKeyPath: "auth.user.username") as? String == "bob")
        #expect(auth.value(forKeyPath: "auth.token") as? String == "6410bde19b6dfb474fec71f186bc715831ea6842")
        #expect((auth.value(forKeyPath: "auth.user") as? Node)?.name == "user")
        #expect(auth.value(forKeyPath: "auth.nobody") == nil)
        #expect(auth.value(forKeyPath: "auth.[") == nil)
        let lists = try Fixtures.document("lists")
        #expect(lists.value(forKeyPath: "lists.list.name") as? [String] == ["Inbox", "High Priority", "Personal"])
        #expect((lists.value(forKeyPath: "lists.list.name") as? [Any])?.compactMap { $0 as? String } == ["Inbox", "High Priority", "Personal"])
        #expect(lists.value(forKeyPath: "lists.list[0].name") as? String == "Inbox")
        #expect(lists.value(forKeyPath: "lists.list.@count") as? Int == 3)
        #expect((lists.value(forKeyPath: "lists.list[?smart == 1].name") as? [Any])?.first as? String == "High Priority")
        let store = try Fixtures.document("store")
        #expect(store.value(forKeyPath: "store.books[0].price") as? Double == 8.95)
        #expect(store.value(forKeyPath: "store.books.@count") as? Int == 4)
        #expect(store.value(forKeyPath: "store.books.@sum.price") as? Decimal == Decimal(string: "53.92"))
        #expect(store.value(forKeyPath: "store.open") as? Bool == true)
        #if canImport(FoundationEssentials)
        #expect((store.value(forKeyPath: "store.manager") as? Node)?.kind == .null)
        #else
        #expect(store.value(forKeyPath: "store.manager") is NSNull)
        #endif
        #expect((store.value(forKeyPath: "store.books.title") as? [Any])?.count == 4)
        #expect((store.value(forKeyPath: "store.empty") as? Node)?.kind == .array)
        let node = try #require(store.store.node)
        #expect(node.value(forKeyPath: "address.city") as? String == "Gwenborough")
        let big = try Document(string: #"{"id": 505874924095815681, "huge": 123456789012345678901234567890}"#, options: LoadOptions(format: .json))
        #expect(big.value(forKeyPath: "id") as? Int == 505_874_924_095_815_681)
        #expect(big.value(forKeyPath: "huge") as? Decimal == Decimal(string: "123456789012345678901234567890"))
    }

    @Test func resultsPrintTheirMatches() throws {
        let lists = try Fixtures.document("lists")
        #expect(String(describing: try lists.query("lists.list[0].name")) == #"lists.list[0].name: "Inbox""#)
        #expect(String(describing: lists["nothing"]).hasPrefix("no match for 'nothing'"))
    }
}
