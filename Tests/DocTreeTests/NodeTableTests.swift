import Testing
@testable import DocTree

@Suite struct NodeTableTests {
    @Test func builderNestsSubtreesAndCountsChildren() throws {
        var builder = TreeBuilder(splitsPrefixes: false, maxDepth: 10)
        let key = try builder.names.intern("a")
        let opened = builder.openContainer(.object, name: 0)
        let object = try #require(opened)
        builder.appendLeaf(.null, name: key, offset: 0, length: 0)
        #expect(builder.openContainer(.array, name: key) != nil)
        builder.closeContainer()
        builder.closeContainer()
        let doc = builder.finish(format: .json)
        #expect(doc.nodeCount == 4)
        #expect(doc.root.kind == .object)
        #expect(doc.table.nodes[Int(object)].a == 4)
        #expect(doc.table.nodes[Int(object)].b == 2)
        #expect(doc.root.children.map(\.name) == ["a", "a"])
        #expect(doc.root.children(named: "a").map(\.kind) == [.null, .array])
    }

    @Test func builderRefusesToOpenPastMaxDepth() {
        var builder = TreeBuilder(splitsPrefixes: false, maxDepth: 2)
        #expect(builder.openContainer(.array, name: 0) != nil)
        #expect(builder.openContainer(.array, name: 0) != nil)
        #expect(builder.openContainer(.array, name: 0) == nil)
    }
}
