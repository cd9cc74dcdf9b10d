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

        let xmlDepth = 200  // libxml2 caps element nesting at 256
        let xml = String(repeating: "<a>", count: xmlDepth) + "text" + String(repeating: "</a>", count: xmlDepth)
        let xdoc = try Document(string: xml, options: LoadOptions(format: .xml))
        #expect(try xdoc.query("..a").count == xmlDepth - 1)
        #expect(try xdoc.query("..a[-1]._string").string == "text")
        #expect(try xdoc.query("_text").string == "text")
        let inner = try #require(try xdoc.query("..a[-1]").node)
        #expect(PathQuery.canonicalPath(of: inner) == Array(repeating: "a", count: xmlDepth - 1).joined(separator: "."))
    }
}
