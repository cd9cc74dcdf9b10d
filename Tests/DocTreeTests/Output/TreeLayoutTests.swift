import Testing
@testable import DocTree

/// Pins the worked dump in DocTree.docc/TreeLayout.md, so the article stays true.
@Suite struct TreeLayoutTests {
    @Test func workedDumpMatchesTheArticle() throws {
        let doc = try Document(string: #"{"auth": {"user": "bob", "ids": [1, 2]}}"#, options: LoadOptions(format: .json))
        let rows = doc.table.nodes.map { r in
            "\(r.kind) \(doc.table.names[r.name]) \(r.parent == NodeRecord.noParent ? "-" : "\(r.parent)") \(r.a) \(r.b)"
        }
        #expect(rows == [
            "document  - 7 1",
            "object  0 7 1",
            "object auth 1 7 2",
            "string user 2 19 3",
            "array ids 2 7 2",
            "number  4 33 1",
            "number  4 36 1",
        ])
        #expect(MemoryLayout<NodeRecord>.stride == 16)
    }
}
