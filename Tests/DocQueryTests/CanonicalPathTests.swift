import DocQuery
import Foundation
import TestSupport
import Testing

/// For every node a path can address, its canonical path selects exactly
/// that node.
@Suite struct CanonicalPathTests {
    /// Every element, attribute and JSON value below the document node, in
    /// document order (an explicit stack: deep documents do not recurse).
    static func addressableNodes(_ doc: Document) -> [Node] {
        var out: [Node] = []
        var stack: [Node] = [doc.root]
        while let node = stack.popLast() {
            out.append(node)
            let children = Array(node.attributes) + node.children.filter { $0.kind != .text && $0.kind != .comment && $0.kind != .processingInstruction }
            stack.append(contentsOf: children.reversed())
        }
        return out
    }

    /// Checks every `stride`-th node (all of them with 1).
    static func check(_ doc: Document, stride: Int = 1, name: String) throws -> Int {
        let nodes = addressableNodes(doc)
        var checked = 0
        var index = 0
        while index < nodes.count {
            let node = nodes[index]
            index += stride
            let path = try #require(PathQuery.canonicalPath(of: node), "\(name): no path for a \(node.kind)")
            let result = try doc.query(path)
            // A lone JSON array stands for its elements; `arrayNode` is the array.
            let matched = result.arrayNode.map { [$0] } ?? result.nodes
            #expect(matched == [node], "\(name): \(path) gave \(result.count) values")
            #expect(result.arrayNode != nil || result.paths == [path], "\(name): \(path)")
            checked += 1
        }
        // The batch form agrees with the one-at-a-time form.
        let all = try doc.query("..*")
        let batch = all.paths
        for (k, match) in all.enumerated() where k % max(1, stride) == 0 {
            #expect(match.path == batch[k])
        }
        return checked
    }

    @Test(arguments: Array(Fixtures.all.keys).sorted())
    func fixtures(_ name: String) throws {
        let doc = try Fixtures.document(name)
        #expect(try Self.check(doc, name: name) > 0)
    }

    @Test func examples() throws {
        let lists = try Fixtures.document("lists")
        #expect(try lists.query("lists.list.filter").paths == ["lists.list[1].filter"])
        let tasks = try Fixtures.document("tasks")
        #expect(try tasks.query("tasks.list.taskseries.name").paths == [
            "tasks.list[0].taskseries[0].name", "tasks.list[0].taskseries[1].name", "tasks.list[1].taskseries.name",
        ])
        let odd = try Fixtures.document("oddKeys")
        #expect(try odd.query("*").paths == [
            "\"a.b\"", "\"key with spaces\"", "\"_contents\"", "\"@type\"", "\"quote\\\"d\"", "2018", "true", "a", "\"\"",
            "\"tab\\tkey\"", "soap:Body", "x-request-id", "dup[0]", "dup[1]", "_id", "\"back\\\\slash\"",
        ])
        // An attribute and a child element with the same name.
        let clash = try Document(string: #"<r><item id="a"><id>b</id></item></r>"#, options: LoadOptions(format: .xml))
        #expect(try clash.query("item.id").paths == ["item.id[0]", "item.id[1]"])
        // Prefixed names keep their prefix; a local name that several prefixes share is counted across them.
        let ns = try Document(string: #"<r xmlns:a="urn:a" xmlns:b="urn:b"><a:x/><b:x/><x/></r>"#, options: LoadOptions(format: .xml))
        #expect(try ns.query("*").paths == ["a:x", "b:x", "x[2]"])
        #expect(try ns.query("x").count == 3)
        // Nested arrays.
        let nested = try Document(string: "[[1, [2, 3]], [], [[4]]]", options: LoadOptions(format: .json))
        #expect(try nested.query("..*").paths == ["[0]", "[0][0]", "[0][1]", "[0][1][0]", "[0][1][1]", "[1]", "[2]", "[2][0]", "[2][0][0]"])
    }

    /// JSON conformance files that must load, with their odd keys and values.
    @Test func jsonConformanceFiles() throws {
        var checked = 0
        for url in try SharedData.files(in: "conformance/json-parsing", withExtension: "json")
        where url.lastPathComponent.hasPrefix("y_") {
            let doc = try Document(data: try Data(contentsOf: url))
            checked += try Self.check(doc, name: url.lastPathComponent)
        }
        #expect(checked > 150)
    }

    @Test(arguments: [
        ("json/github_events.json", 1), ("json/twitter.json", 13), ("xml/sample_rss.xml", 3),
        ("xml/libreoffice_document.fodt", 3), ("xml/map.osm", 397), ("xml/mondial-3.0.xml", 197), ("json/citm_catalog.json", 101),
    ])
    func benchData(_ file: String, _ stride: Int) throws {
        let url = try SharedData.url("bench-data/" + file)
        let doc = try Document(data: try Data(contentsOf: url))
        #expect(try Self.check(doc, stride: stride, name: file) > 100)
    }
}
