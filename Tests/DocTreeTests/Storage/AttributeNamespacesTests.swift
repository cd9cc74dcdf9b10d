import Testing
@testable import DocTree

/// Attribute namespace URIs kept once per name, and per record only for the
/// names whose attributes differ.
@Suite struct AttributeNamespacesTests {
    typealias Entry = AttributeNamespaces.Entry

    @Test func oneURIPerNameAnswersForEveryRecord() {
        let table = AttributeNamespaces(
            [Entry(record: 2, name: 5, uri: 9), Entry(record: 7, name: 5, uri: 9), Entry(record: 8, name: 3, uri: 4)],
            unboundNames: [])
        #expect(table[record: 2, name: 5] == 9)
        #expect(table[record: 7, name: 5] == 9)
        #expect(table[record: 8, name: 3] == 4)
        #expect(table[record: 9, name: 4] == nil)
        #expect(table[record: 9, name: 6] == nil)
        #expect(table[record: 9, name: 1_000] == nil)
        #expect(AttributeNamespaces.none[record: 2, name: 5] == nil)
    }

    @Test func aNameWithTwoURIsIsAnsweredPerRecord() {
        let table = AttributeNamespaces(
            [Entry(record: 2, name: 5, uri: 9), Entry(record: 4, name: 6, uri: 9), Entry(record: 7, name: 5, uri: 10)],
            unboundNames: [])
        #expect(table[record: 2, name: 5] == 9)
        #expect(table[record: 7, name: 5] == 10)
        #expect(table[record: 4, name: 6] == 9)
        #expect(table[record: 11, name: 6] == 9)
    }

    @Test func aNameAlsoFoundWithoutANamespaceIsAnsweredPerRecord() {
        let table = AttributeNamespaces([Entry(record: 2, name: 5, uri: 9)], unboundNames: [5, 8])
        #expect(table[record: 2, name: 5] == 9)
        #expect(table[record: 3, name: 5] == nil)
        #expect(table[record: 4, name: 8] == nil)
    }

    @Test func aReboundPrefixKeepsEachAttributesURIThroughLayoutCompaction() throws {
        // The whitespace before each comment cannot be dropped as it comes,
        // so the records move down when the load ends (layout compaction).
        let xml = """
            <a xmlns:p="urn:one" p:x="1" y="0">
              <!-- a -->
              <b xmlns:p="urn:two" p:x="2">
                <!-- b -->
                <c p:x="3" xmlns:q="urn:one" q:x="4"/>
              </b>
              <d p:x="5"/>
            </a>
            """
        let document = try Document(string: xml, options: LoadOptions(keepsComments: true))
        #expect(document.root.children.map(\.kind) == [.comment, .element, .element])
        var found: [String] = []
        for index in 0..<UInt32(document.nodeCount) {
            let node = document.node(at: index)
            guard node.kind == .attribute else { continue }
            found.append("\(node.name ?? "") \(node.string ?? "") \(node.namespaceURI ?? "-")")
        }
        #expect(found == ["p:x 1 urn:one", "y 0 -", "p:x 2 urn:two", "p:x 3 urn:two", "q:x 4 urn:one", "p:x 5 urn:one"])
        let written = try #require(document.root.xmlString())
        let reloaded = try Document(string: written)
        #expect(reloaded.root.children(named: "b").first?.children(named: "c").first?
            .attribute(named: "q:x")?.namespaceURI == "urn:one")
        #expect(reloaded.root.children(named: "d").first?.attribute(named: "p:x")?.namespaceURI == "urn:one")
        #expect(reloaded.root.children(named: "b").first?.attribute(named: "p:x")?.namespaceURI == "urn:two")
    }
}
