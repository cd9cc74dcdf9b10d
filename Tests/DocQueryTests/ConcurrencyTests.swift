import DocQuery
import DocTree
import Testing

/// One document, many tasks, many queries: results are the same as when run
/// one at a time, including on wide nodes whose key index is built lazily
/// while other tasks read it.
@Suite struct ConcurrencyTests {
    static let paths = [
        "store.books.title", "store.books[?price > 10].title", "store.books.@sum.price", "..city",
        "store.books.category.@distinctUnionOfArrays", "store.tags[1]", "store.@keys", "store.books[-1].author",
    ]

    @Test func manyTasksOneDocument() async throws {
        let doc = try Fixtures.document("store")
        let queries = try Self.paths.map { try PathQuery($0) }
        let expected = try queries.map { try $0.evaluate(on: doc).strings }
        let results = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            for round in 0..<400 {
                group.addTask {
                    let k = round % queries.count
                    return (k, try queries[k].evaluate(on: doc).strings)
                }
            }
            var all: [(Int, [String])] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 400)
        for (k, strings) in results { #expect(strings == expected[k]) }
    }

    /// One compiled query on many documents at once, each with its own name
    /// table (keys at different ids, one lacking a key): every task gets its
    /// own document's values, more tables than the key-id cache remembers
    /// included, and freed documents' tables never answer for new ones.
    @Test func oneQueryManyDocumentsAtOnce() async throws {
        let query = try PathQuery("items.name")
        let texts = (0..<7).map { k in
            // Different key orders give "name" a different id in each table.
            let padding = (0..<k).map { "\"pad\($0)\": \($0)" }.joined(separator: ", ")
            return k == 3
                ? #"{"items": [{"title": "none here"}]}"#
                : "{\(padding)\(k > 0 ? ", " : "")\"items\": [{\"name\": \"doc\(k)-a\"}, {\"name\": \"doc\(k)-b\"}]}"
        }
        let results = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            for round in 0..<280 {
                group.addTask {
                    let k = round % texts.count
                    // A fresh document each time: its table may reuse a freed one's address.
                    let document = try Document(string: texts[k], options: LoadOptions(format: .json))
                    return (k, try query.evaluate(on: document).strings)
                }
            }
            var all: [(Int, [String])] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 280)
        for (k, strings) in results {
            #expect(strings == (k == 3 ? [] : ["doc\(k)-a", "doc\(k)-b"]), "document \(k)")
        }
    }

    /// One compiled JMESPath expression on many documents at once: a few
    /// kept alive (their key ids are published to the lock-free slots while
    /// tasks race to evaluate on them first) and many fresh ones (more
    /// tables than the slots hold, so the locked cache answers for them).
    @Test func oneJMESPathManyDocumentsAtOnce() async throws {
        let expression = try JMESPath("[items[*].name, title]")
        let texts = (0..<6).map { k in
            // Different key orders give each key a different id in each table.
            let padding = (0..<k).map { "\"pad\($0)\": \($0), " }.joined()
            return k == 3
                ? #"{"title": "three"}"#
                : "{\(padding)\"items\": [{\"name\": \"doc\(k)-a\"}, {\"name\": \"doc\(k)-b\"}], \"title\": \"t\(k)\"}"
        }
        let expected = texts.indices.map { k in k == 3 ? #"[null,"three"]"# : #"[["doc\#(k)-a","doc\#(k)-b"],"t\#(k)"]"# }
        let kept = try texts.map { try Document(string: $0, options: LoadOptions(format: .json)) }
        let results = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for round in 0..<300 {
                group.addTask {
                    let k = round % texts.count
                    // Every third task reads a fresh document: its table may reuse a freed one's address.
                    let document = round % 3 == 0 ? try Document(string: texts[k], options: LoadOptions(format: .json)) : kept[k]
                    return (k, try expression.evaluate(on: document).arrayNode?.jsonString() ?? "")
                }
            }
            var all: [(Int, String)] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 300)
        for (k, json) in results { #expect(json == expected[k], "document \(k)") }
    }

    @Test func wideNodesIndexedConcurrently() async throws {
        let members = (0..<2_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
        let doc = try Document(string: "{\"wide\": {\(members)}, \"k5\": -5}", options: LoadOptions(format: .json))
        let elements = (0..<500).map { "<e\($0 % 50) n=\"\($0)\"/>" }.joined()
        let xml = try Document(string: "<r>\(elements)</r>", options: LoadOptions(format: .xml))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for round in 0..<200 {
                group.addTask {
                    let k = (round * 37) % 2_000
                    let value = try doc.query("wide.k\(k)").int
                    #expect(value == k)
                    #expect(try doc.query("k5").int == -5)
                    let e = round % 50
                    #expect(try xml.query("e\(e).n").strings == (0..<10).map { String($0 * 50 + e) })
                }
            }
            try await group.waitForAll()
        }
        // After the index exists, lookups still see duplicates and order.
        #expect(try xml.query("e3[1].n").string == "53")
        #expect(try doc.query("wide.k1999").int == 1999)
        #expect(try doc.query("wide.nope").isEmpty)
    }
}
