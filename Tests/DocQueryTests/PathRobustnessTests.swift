import DocQuery
import Testing
import TestSupport

/// Nothing typed as a path crashes: random paths compile or fail with a
/// located error, and whatever compiles evaluates or fails with a
/// `QueryError`. Deep documents do not overflow the stack.
@Suite struct PathRobustnessTests {
    static let pieces = [
        "store", "books", "title", "price", "list", "lists", "name", ".", ".", "..", "[", "]", "[0]", "[-1]", "[1:3]",
        "[?", "==", "!=", "<", ">=", "&&", "||", "!", "(", ")", "'x'", "'", "\"", "\"a.b\"", "\\", "*", "@count", "@sum",
        "@max", "@keys", "@unionOfArrays", "@", "_contents", "_string", "_text", " ", "10", "-1.5e3", "true", "null",
        ":", "상영관명", "e\u{301}", "\u{0}", "\t", "#", "{", "?",
    ]

    /// A key step stops at the first match only where keys are unique: every
    /// repeated key is still found, in order, on objects and through arrays.
    @Test(arguments: [
        (#"{"k":1,"x":{"k":9},"k":2}"#, "k", ["1", "2"]),
        (#"{"a":[{"k":1,"k":2},{"k":3},{"j":0,"k":4,"k":5}]}"#, "a.k", ["1", "2", "3", "4", "5"]),
        (#"{"a":[{"k":1,"j":{"k":7}},{"j":0,"k":3}]}"#, "a.k", ["1", "3"]),
        (#"{"a":{"k":{"k":8}},"k":6,"a":{"k":5}}"#, "a.k", ["{…}", "5"]),
    ])
    func repeatedKeysAreAllFound(_ json: String, _ path: String, _ expected: [String]) throws {
        let document = try Document(string: json)
        let values = try document.query(path).map { $0.string ?? "{…}" }
        #expect(values == expected)
    }

    /// A key on XML elements finds every attribute and child element it
    /// names, by qualified or local name, with or without prefixes in the
    /// document (key scans stop early only where no other match can follow).
    @Test(arguments: [
        (#"<r><n id="1" v="x"><id>2</id><m id="9"/></n><n v="y" id="3"/><n/></r>"#, "n.id", ["1", "2", "3"]),
        (#"<r xmlns:a="urn:a" xmlns:b="urn:b"><n a:id="1" id="2" b:id="3"><a:id>4</a:id></n><n b:id="5"/></r>"#, "n.id", ["1", "2", "3", "4", "5"]),
        (#"<r xmlns:a="urn:a"><n a:id="1" id="2"/></r>"#, "n.a:id", ["1"]),
    ])
    func xmlKeysFindEveryAttributeAndElement(_ xml: String, _ path: String, _ expected: [String]) throws {
        let document = try Document(string: xml)
        #expect(try document.query(path).strings == expected)
    }

    /// A compiled query remembers its key ids for the last document only:
    /// documents that number their names differently, one after another
    /// (and documents freed in between), each get their own.
    @Test func oneQueryOnDocumentsThatNumberKeysDifferently() throws {
        let query = try PathQuery("a.k")
        let first = try Document(string: #"{"a":{"x":0,"k":1}}"#)
        let second = try Document(string: #"{"k":9,"x":8,"a":{"k":2}}"#)
        let third = try Document(string: #"{"a":{"j":3}}"#)
        for _ in 0..<2 {
            #expect(try query.evaluate(on: first).strings == ["1"])
            #expect(try query.evaluate(on: second).strings == ["2"])
            #expect(try query.evaluate(on: third).strings == [])
        }
        for value in 0..<20 {
            let shortLived = try Document(string: value.isMultiple(of: 2) ? #"{"a":{"k":\#(value)}}"# : #"{"k":0,"a":{"b":1,"k":\#(value)}}"#)
            #expect(try query.evaluate(on: shortLived).strings == ["\(value)"])
        }
    }

    @Test func randomPathsNeverCrash() throws {
        var rng = SplitMix64(seed: 0xD0C0_E7A1)
        let store = try Fixtures.document("store")
        let lists = try Fixtures.document("lists")
        var compiled = 0
        for _ in 0..<3_000 {
            let length = Int.random(in: 1...8, using: &rng)
            let path = (0..<length).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
            do {
                let query = try PathQuery(path)
                compiled += 1
                for doc in [store, lists] {
                    do {
                        let result = try query.evaluate(on: doc)
                        _ = result.paths
                        _ = result.strings
                        if result.isEmpty { _ = result.explanation?.description }
                    } catch {
                        #expect(error.path == path)
                    }
                }
            } catch {
                #expect(error.range.upperBound <= path.count, "\(path): \(error.range)")
                #expect(!error.description.isEmpty)
                let explained = store[path].explanation
                #expect(explained?.error == error)
            }
        }
        #expect(compiled > 300)
    }

    @Test func deepDocuments() throws {
        let depth = 5_000
        let json = String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth)
        let doc = try Document(string: json, options: LoadOptions(format: .json))
        let all = try doc.query("..*")
        #expect(all.count == depth)
        let deepest = try #require(all.nodes.last)
        let path = try #require(PathQuery.canonicalPath(of: deepest))
        #expect(path == String(repeating: "[0]", count: depth))
        #expect(try doc.query(path).int == 7)
        #expect(try doc.query("..*.@count").int == depth)
        #expect(try doc.query("..*[-1]").int == 7)
        #expect(try doc.query(path + ".nothing").explanation != nil)

        let xmlDepth = 300  // past libxml2's own 256 levels, which never apply
        let xml = String(repeating: "<a>", count: xmlDepth) + "text" + String(repeating: "</a>", count: xmlDepth)
        let xdoc = try Document(string: xml, options: LoadOptions(format: .xml))
        #expect(try xdoc.query("..a").count == xmlDepth - 1)
        #expect(try xdoc.query("..a[-1]._string").string == "text")
        #expect(try xdoc.query("_text").string == "text")
        let inner = try #require(try xdoc.query("..a[-1]").node)
        #expect(PathQuery.canonicalPath(of: inner) == Array(repeating: "a", count: xmlDepth - 1).joined(separator: "."))
    }
}
