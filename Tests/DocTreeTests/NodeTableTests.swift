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
        // The object repeats its key, so it carries the flag the JSON
        // scanner gives such objects (member lookup reads all matches then).
        builder.nodes[Int(object)].insert(.duplicateKeys)
        builder.closeContainer()
        let doc = builder.finish(format: .json)
        #expect(doc.nodeCount == 4)
        #expect(doc.root.kind == .object)
        #expect(doc.table.nodes[Int(object)].a == 4)
        #expect(doc.table.nodes[Int(object)].b == 2)
        #expect(doc.root.children.map(\.name) == ["a", "a"])
        #expect(doc.root.children(named: "a").map(\.kind) == [.null, .array])
    }

    @Test func recordStorageGrowsKeepsEveryRecordAndTrimsToSize() {
        let storage = RecordStorage(capacity: 16)
        for i in 0..<1000 {
            storage.append(NodeRecord(kind: .number, name: 0, a: UInt32(i), b: UInt32(i % 7)))
        }
        #expect(storage.count == 1000 && storage.capacity >= 1000)
        storage[500].b = 99
        storage.removeLast(100)
        storage.trim()
        #expect(storage.capacity == 900)
        let records = storage.records
        #expect(records.count == 900)
        #expect(records.map(\.a) == (0..<900).map { UInt32($0) })
        #expect(records[500].b == 99 && records[501].b == UInt32(501 % 7))
        // Less unused room than is worth a call stays.
        storage.removeLast(RecordStorage.keptSlack - 1)
        storage.trim()
        #expect(storage.capacity == 900)
        storage.removeLast(1)
        storage.trim()
        #expect(storage.capacity == 900 - RecordStorage.keptSlack)
    }

    @Test func aLoadedDocumentKeepsNoUnusedRecordCapacity() throws {
        // The JSON scanner reserves a record per 8 input bytes; this document
        // has a value per ~60 bytes, so most of that reserve goes unused.
        let text = "[" + (0..<200).map { #"{"name": "item number \#($0)", "ok": true}"# }.joined(separator: ",") + "]"
        let document = try Document(string: text)
        #expect(document.nodeCount == 2 + 200 * 3)
        let storage = RecordStorage(capacity: text.utf8.count / 8)
        #expect(storage.capacity > document.nodeCount)  // what was reserved
        #expect(document.table.nodes.count == document.nodeCount)
        #expect(document.table.nodes.storageCapacity == document.nodeCount)  // what is kept
    }

    @Test func builderRefusesToOpenPastMaxDepth() {
        var builder = TreeBuilder(splitsPrefixes: false, maxDepth: 2)
        #expect(builder.openContainer(.array, name: 0) != nil)
        #expect(builder.openContainer(.array, name: 0) != nil)
        #expect(builder.openContainer(.array, name: 0) == nil)
    }
}
