import Testing
@testable import DocTree

/// Pins the worked dump in DocTree.docc/TreeLayout.md, so the article stays true.
@Suite struct TreeLayoutTests {
    @Test func workedDumpMatchesTheArticle() throws {
        let doc = try Document(string: #"{"auth": {"user": "bob", "ids": [1, 2]}}"#, options: LoadOptions(format: .json))
        let parents = doc.parentTable.parents
        let rows = doc.table.nodes.enumerated().map { i, r in
            "\(r.kind) \(doc.table.names[r.nameID]) \(r.a) \(r.b) \(parents[i] == ParentTable.none ? "-" : "\(parents[i])")"
        }
        #expect(rows == [
            "document  7 1 -",
            "object  7 1 0",
            "object auth 7 2 1",
            "string user 19 3 2",
            "array ids 7 2 2",
            "number  33 1 4",
            "number  36 1 4",
        ])
        #expect(MemoryLayout<NodeRecord>.stride == 12)
    }
}
