import DocQuery
import Foundation
import Testing

/// The traps of issue 8's "Why" list, one test (or more) each; every one
/// failed on the code before the issue.
struct SurfaceTests {
    // MARK: 1. A lone JSON array is its elements

    @Test func loneArrayActsAsItsElements() throws {
        let doc = try Document(string: #"{"tags": ["swift", "xml", "json"], "ids": [7, 8]}"#)
        #expect(doc.tags.count == 3)
        #expect(doc.tags.count == doc["tags.@count"].int)
        #expect(doc.tags.strings == ["swift", "xml", "json"])
        #expect(doc.tags.string == "swift")
        #expect(doc.tags[1].string == "xml")
        #expect(doc.tags.nodes.map(\.kind) == [.string, .string, .string])
        #expect(doc.tags.map(\.path) == ["tags[0]", "tags[1]", "tags[2]"])
        #expect(doc.tags.paths == ["tags[0]", "tags[1]", "tags[2]"])
        #expect(doc.ids.int == 7 && doc.ids.int64 == 7 && doc.ids.uint64 == 7)
        #expect(try doc.decode([String].self, at: "tags").count == doc.tags.count)
        // The array itself stays reachable.
        #expect(doc.tags.arrayNode?.kind == .array)
        #expect(doc.tags.arrayNode?.strings == ["swift", "xml", "json"])
        #expect(doc.root.children.first?.nodes.count == 3)
        // An empty array is an empty match, not a missing one.
        let empty = try Document(string: #"{"tags": []}"#)
        #expect(empty.tags.isEmpty && empty.tags.count == 0 && empty.tags.first == nil)
        #expect(empty.tags.explanation == nil)
        #expect(empty.tags.arrayNode != nil)
    }

    @Test func loopingOverATopLevelArrayVisitsEveryElement() throws {
        let doc = try Document(string: #"{"data": [{"name": "A"}, {"name": "B"}, {"name": "C"}]}"#)
        var names: [String] = []
        for theater in doc.data { names.append(theater.name.string ?? "?") }
        #expect(names == ["A", "B", "C"])
        let top = try Document(string: #"[1, 2, 3]"#)
        #expect(top.root.nodes.count == 3)
        #expect(top["."].count == 3)
        #expect(top["."].strings == ["1", "2", "3"])
    }

    @Test func severalArraysAreNotExpanded() throws {
        let doc = try Document(string: #"{"rows": [{"c": [1, 2]}, {"c": [3]}]}"#)
        #expect(doc.rows.c.count == 2)
        #expect(doc.rows.c.nodes.map(\.kind) == [.array, .array])
        #expect(doc.rows.c.arrayNode == nil)
    }

    // MARK: 3. Match is queryable like Node

    @Test func matchIsQueryable() throws {
        let doc = try Document(string: #"{"tasks": [{"task": {"due": "2024-04-10", "n": 1}}, {"task": {"due": "2024-05-01", "n": 2}}]}"#)
        var dues: [String] = []
        for match in doc.tasks {
            dues.append(match["task.due"].string ?? "?")
            #expect(match.task.n.int == match["task"]["n"].int)
        }
        #expect(dues == ["2024-04-10", "2024-05-01"])
        let first = try #require(doc.tasks.first)
        #expect(try first.query("task.n").int == 1)
        #expect(first.task.due.date() != nil)
        // A computed match continues too: `_string` then nothing below it.
        let name = try #require(doc["tasks[0].task._elementName"].first)
        #expect(name.string == "task")
        #expect(name["x"].isEmpty)
    }

    // MARK: 4. Double quotes in a filter make a key; bound values

    @Test func doubleQuotedNameInFilterIsExplained() throws {
        let lists = try Fixtures.document("lists")
        let result = lists[#"lists.list[?name == "Inbox"]"#]
        #expect(result.isEmpty)
        let reason = try #require(result.explanation?.reason)
        #expect(reason.contains(#""Inbox" in double quotes is a key"#))
        #expect(reason.contains("write 'Inbox'"))
        // A key that exists is not flagged.
        let present = lists[#"lists.list[?"name" == 'Nope']"#]
        #expect(present.explanation?.reason.contains("double quotes") == false)
        // The literal it suggests is escaped for a single-quoted string.
        let quoted = lists[#"lists.list[?name == "Bob's"]"#]
        #expect(quoted.explanation?.reason.contains(#"write 'Bob\'s'"#) == true)
    }

    @Test(arguments: ["Bob's list", #"back\slash "quoted""#, "장보기 목록", "a' || 1 == 1 || name == 'x"])
    func boundParametersAreValuesNotSyntax(_ name: String) throws {
        let escaped = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let doc = try Document(string: #"{"lists": {"list": [{"name": "Inbox", "id": 1}, {"name": "\#(escaped)", "id": 2}]}}"#)
        #expect(try doc.query("lists.list[?name == $name].id", ["name": name]).ints() == [2])
        #expect(try doc.query("lists.list[?name == $0].id", [name]).ints() == [2])
        let compiled = try PathQuery("lists.list[?name != $name].id", parameters: ["name": name])
        #expect(try compiled.evaluate(on: doc).ints() == [1])
    }

    @Test func boundParametersTakeNumbersBoolsAndNull() throws {
        let doc = try Document(string: #"{"a": [{"n": 5, "ok": true, "x": null}, {"n": 12345678901234567, "ok": false, "x": 1}]}"#)
        #expect(try doc.query("a[?n > $min].n", ["min": 4]).count == 2)
        #expect(try doc.query("a[?n == $id].ok", ["id": 12_345_678_901_234_567]).bool == false)
        #expect(try doc.query("a[?n < $d].n", ["d": 5.5]).int == 5)
        #expect(try doc.query("a[?ok == $b].n", ["b": true]).int == 5)
        #expect(try doc.query("a[?x == $none].n", ["none": nil]).int == 5)
        #expect(try doc.query("a[?n == $dec].n", ["dec": Decimal(5)]).int == 5)
    }

    @Test func unboundOrUnsupportedParametersAreErrors() throws {
        let doc = try Document(string: #"{"a": [{"n": 1}]}"#)
        #expect(throws: QueryError.self) { try doc.query("a[?n == $missing]", ["other": 1]) }
        #expect(throws: QueryError.self) { try doc.query("a[?n == $x]", ["x": [1, 2]]) }
        #expect(throws: QueryError.self) { try doc.query("a[?n == $x]", ["x": Double.nan]) }
        // Without parameters `$name` is an ordinary key.
        let dollar = try Document(string: #"{"a": [{"$n": 1}]}"#)
        #expect(try dollar.query("a[?$n == 1].$n").int == 1)
        // Queries that bind different values are different queries.
        #expect(try PathQuery("a[?n == $v]", parameters: ["v": 1]) != PathQuery("a[?n == $v]", parameters: ["v": 2]))
        #expect(try PathQuery("a[?n == $v]", parameters: ["v": 1]) == PathQuery("a[?n == $v]", parameters: ["v": 1]))
    }

    // MARK: 6. Decoding

    struct Response: Decodable, Equatable {
        struct Body: Decodable, Equatable {
            struct Items: Decodable, Equatable { let item: [Election] }
            let items: Items
            let totalCount: Int
        }
        let body: Body
    }
    struct Election: Decodable, Equatable { let sgId: String }

    @Test func emptyXMLListDecodesAsEmptyArrayAndRootDecodes() throws {
        let empty = try Document(string: "<response><body><items/><totalCount>0</totalCount></body></response>")
        #expect(try empty.decode(Response.self) == Response(body: .init(items: .init(item: []), totalCount: 0)))
        let one = try Document(string: "<response><body><items><item><sgId>1</sgId></item></items><totalCount>1</totalCount></body></response>")
        #expect(try one.decode(Response.self).body.items.item == [Election(sgId: "1")])
        // A missing scalar is still an error.
        let missing = try Document(string: "<response><body><items/></body></response>")
        #expect(throws: DecodingError.self) { try missing.decode(Response.self) }
    }

    @Test func numericTextMismatchNamesTheLenientStrategy() throws {
        struct Row: Decodable { let id: Int }
        let doc = try Document(string: #"{"id": "1"}"#)
        do {
            _ = try doc.decode(Row.self)
            Issue.record("a JSON string decoded into Int under the strict strategy")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.debugDescription.contains(".lenient"))
        }
        var decoder = NodeDecoder()
        decoder.jsonScalarStrategy = .lenient
        #expect(try doc.decode(Row.self, using: decoder).id == 1)
    }

    // MARK: 7. Printing and dumping

    @Test func printingShowsContent() throws {
        let auth = try Fixtures.document("auth")
        #expect(String(describing: auth.auth.token) == #"auth.token: "6410bde19b6dfb474fec71f186bc715831ea6842""#)
        let json = try Document(string: #"{"tags": ["swift", "xml"], "o": {"a": [1, 2, 3, 4, 5, 6]}}"#)
        #expect(String(describing: json.tags) == "tags[0]: \"swift\"\ntags[1]: \"xml\"")
        #expect(String(describing: json.o.a.arrayNode!).contains("1, 2, 3, 4"))
        #expect(String(describing: json.o).contains("o: object {a}"))
        let many = try Document(string: "[" + (1...25).map(String.init).joined(separator: ",") + "]")
        let printed = String(describing: many["."])
        #expect(printed.hasSuffix("… \(25 - QueryResult.printedMatchLimit) more"))
    }

    @Test func dumpShowsValuesNotInternals() throws {
        let lists = try Fixtures.document("lists")
        for value in [dumped(lists), dumped(lists.lists.list), dumped(lists.lists.list.first!), dumped(lists.root)] {
            #expect(!value.contains("NSLock") && !value.contains("NameTable") && !value.contains("0x"), "\(value)")
        }
        #expect(dumped(lists.lists.list).contains("High Priority") || dumped(lists.lists.list).contains("lists.list[1]"))
    }

    private func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    // MARK: 8. One accessor set; members that hide keys

    @Test func nodeMatchAndResultShareTheAccessorSet() throws {
        let doc = try Document(string: #"{"n": "18446744073709551615", "d": "2024-04-10", "b": "1", "x": 1.5}"#)
        let node = try #require(doc.root.children.first)
        let match = try #require(doc.n.first)
        #expect(node.uint64 == UInt64.max && match.uint64 == UInt64.max && doc.n.uint64 == UInt64.max)
        #expect(node.int64 == nil && match.int64 == nil && doc.n.int64 == nil)
        #expect(node.strings == match.strings && match.strings == doc.n.strings)
        #expect(doc.d.date() == doc.d.first?.date() && doc.d.date() == doc.d.node?.date())
        #expect(doc.b.bool == true && doc.b.first?.bool == true && doc.b.node?.bool == true)
        #expect(doc.x.decimal == Decimal(string: "1.5") && doc.x.first?.double == 1.5)
        #expect(match.nodes == [node] && doc.n.nodes == [node])
        // Computed values read through the same rules.
        let array = try Document(string: "[1, 2, 3, 4]")
        #expect(array["@count"].int64 == 4 && array["@count"].first?.uint64 == 4)
    }

    @Test func membersThatHideKeysAreReachedBySubscript() throws {
        let lists = try Fixtures.document("lists")
        // `filter` is Sequence.filter on a result; the subscript reaches the key.
        #expect(lists.lists.list["filter"].string == "(priority:1)")
        #expect(lists.lists.list["count"].isEmpty)
        #expect(lists.lists.list.count == 3)
    }
}

extension QueryResult {
    fileprivate func ints() -> [Int] { compactMap(\.int) }
}
