import DocQuery
import Foundation
import Testing

/// `JMESPath` is used like a key path: `doc.query(expression)` returns a
/// `QueryResult` with the same accessors, and built values print, serialize
/// and decode like nodes.
@Suite struct JMESPathAPITests {
    static let feed = """
        <feed xmlns="http://www.w3.org/2005/Atom"><title>Example Feed</title>
          <entry><title>Robots Run Amok</title><updated>2003-12-13T18:30:02Z</updated></entry>
          <entry><title>Robots Sighted</title><updated>2003-12-14T09:15:00Z</updated></entry>
        </feed>
        """

    struct Headline: Decodable, Equatable {
        let title: String
        let date: Date
    }

    @Test func reshapedFeedDecodesIntoStructs() throws {
        let doc = try Document(string: Self.feed)
        let headlines = try doc.query(JMESPath("entry[*].{title: title, date: updated}")).decode([Headline].self)
        #expect(headlines.map(\.title) == ["Robots Run Amok", "Robots Sighted"])
        #expect(headlines[1].date == Date(timeIntervalSince1970: 1_071_393_300))
    }

    @Test func foundValuesAreNodesWithCanonicalPaths() throws {
        let doc = try Document(string: Self.feed)
        let result = try doc.query(JMESPath("entry[*].title"))
        #expect(result.count == 2)
        #expect(result.strings == ["Robots Run Amok", "Robots Sighted"])
        #expect(result.paths == ["entry[0].title", "entry[1].title"])
        #expect(result.first?.node?.parent?.name == "entry")
        let one = try doc.query(JMESPath("title"))
        #expect(one.string == "Example Feed")
        #expect(one.paths == ["title"])
    }

    @Test func builtValuesReadAndPrintLikeNodes() throws {
        let doc = try Document(string: #"{"items": [{"n": "a", "p": 2}, {"n": "b", "p": 3.5}]}"#)
        #expect(try doc.query(JMESPath("length(items)")).int == 2)
        #expect(try doc.query(JMESPath("sum(items[*].p)")).double == 5.5)
        #expect(try doc.query(JMESPath("join('-', items[*].n)")).string == "a-b")
        #expect(try doc.query(JMESPath("items[0].p > `1`")).bool == true)
        let object = try doc.query(JMESPath("{names: items[*].n, first: items[0]}"))
        #expect(object.count == 1)
        #expect(object.node?.jsonString() == #"{"names":["a","b"],"first":{"n":"a","p":2}}"#)
        let pairs = try doc.query(JMESPath("items[*].[n, p]"))
        #expect(pairs.count == 2, "a built array stands for its elements")
        #expect(pairs.map { $0.node?.jsonString() } == [#"["a",2]"#, #"["b",3.5]"#])
    }

    @Test func nullIsAnEmptyResultAndArraysAreTheirElements() throws {
        let doc = try Document(string: #"{"tags": ["x", "y"], "empty": []}"#)
        #expect(try doc.query(JMESPath("missing")).isEmpty)
        #expect(try doc.query(JMESPath("tags")).strings == ["x", "y"])
        #expect(try doc.query(JMESPath("empty")).isEmpty)
        #expect(try doc.query(JMESPath("tags[?@ == 'z']")).isEmpty)
        #expect(try doc.query(JMESPath("[tags]")).count == 1)
    }

    @Test func evaluatesFromANodeAndConcurrently() async throws {
        let doc = try Document(string: #"{"a": {"b": [1, 2, 3]}}"#)
        let expression = try JMESPath("b[-1]")
        let node = try #require(doc.root.children(named: "a").first)
        #expect(try node.query(expression).int == 3)
        let sums = try await withThrowingTaskGroup(of: Int?.self) { group in
            for _ in 0..<8 { group.addTask { try JMESPath("sum(a.b)").evaluate(on: doc).int } }
            return try await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        #expect(sums == Array(repeating: 6, count: 8))
    }
}

/// Member lookup and the per-document key ids, which evaluation caches.
@Suite struct JMESPathLookupTests {
    /// The result as JSON: a built array is one match, found values one match each.
    func json(_ result: QueryResult) -> String {
        if result.count == 1, let node = result.first?.node { return node.jsonString() }
        return "[" + result.compactMap { $0.node?.jsonString() }.joined(separator: ",") + "]"
    }

    @Test func membersAreFoundInObjectsOfScalarsAndOfContainers() throws {
        // Only scalars (one record per member), then members with subtrees.
        let flat = try Document(string: #"{"a": 1, "b": {}, "c": 3, "a": 4}"#)
        #expect(json(try flat.query(JMESPath("[a, b, c, d]"))) == #"[4,{},3,null]"#)
        let nested = try Document(string: #"{"a": 1, "b": {"x": [1, 2]}, "c": 3, "a": [5]}"#)
        #expect(json(try nested.query(JMESPath("[a, b.x, c, d]"))) == #"[[5],[1,2],3,null]"#)
        let unique = try Document(string: #"{"p": 1, "q": 2, "r": 3}"#)
        #expect(json(try unique.query(JMESPath("[r, q, p]"))) == "[3,2,1]")
        // Alike objects in another key order, or with keys missing, than the first.
        let rows = try Document(string: #"[{"a": 1, "b": 2, "c": 3}, {"c": 30, "a": 10, "b": 20}, {"b": 5}, {}]"#)
        #expect(json(try rows.query(JMESPath("[*].[a, b, c]"))) == "[[1,2,3],[10,20,30],[null,5,null],[null,null,null]]")
    }

    @Test func oneExpressionReadsEachDocumentWithItsOwnKeyIDs() throws {
        let expression = try JMESPath("[b, a]")
        // The same keys get different ids in each document's name table.
        let first = try Document(string: #"{"a": 1, "b": 2}"#)
        let second = try Document(string: #"{"z": 0, "b": 20, "a": 10}"#)
        for _ in 0..<2 {
            #expect(json(try first.query(expression)) == "[2,1]")
            #expect(json(try second.query(expression)) == "[20,10]")
        }
        // Documents freed right after use, so a new table may be allocated where an old one was.
        for round in 0..<20 {
            let doc = try Document(string: round.isMultiple(of: 2) ? #"{"a": 1, "b": 2}"# : #"{"b": 3, "c": 0, "a": 4}"#)
            #expect(json(try doc.query(expression)) == (round.isMultiple(of: 2) ? "[2,1]" : "[3,4]"))
        }
    }
}

/// A key-path result can be reshaped further with JMESPath.
@Suite struct JMESPathOnResultsTests {
    @Test func keyPathResultsFeedJMESPath() throws {
        let doc = try Document(string: "<r><i n='1'>a</i><i n='2'>b</i><i n='3'>c</i></r>")
        let items = try doc.query("i")
        #expect(items.count == 3)
        #expect(try items.query(JMESPath("length(@)")).int == 3)
        #expect(try items.query(JMESPath("[?n != '2']._string")).strings == ["a", "c"])
        #expect(try doc.query("i.@count").query(JMESPath("@ > `2`")).bool == true)
    }
}
