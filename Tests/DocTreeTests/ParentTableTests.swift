import Foundation
import Testing
import TestSupport
@testable import DocTree

/// Records store no parent; ``ParentTable`` derives them. These tests check
/// it against a top-down walk (each container's children found by subtree
/// jumps), a different algorithm from the table's single stack pass.
@Suite struct ParentTableTests {
    static let examples = ["rsp.xml", "lists.xml", "schedule.xml", "quote.xml", "feed.xml", "theaters.json", "tasks.json"]

    @Test(arguments: examples)
    func everyParentMatchesATopDownWalk(_ name: String) throws {
        let url = SharedData.packageRoot.appendingPathComponent("Examples/documents").appendingPathComponent(name)
        let document = try Document(data: Data(contentsOf: url))
        try expectParentsMatchWalk(document)
    }

    @Test func keptCommentsMixedContentAndDroppedWhitespace() throws {
        let xml = """
            <?xml version="1.0"?>
            <!-- before -->
            <p a="1">Hello <b>big <i>bold</i></b> world<!-- c --><?pi x?>
              <q/>
            </p>
            <?after?>
            """
        var options = LoadOptions()
        options.keepsComments = true
        options.keepsProcessingInstructions = true
        let document = try Document(string: xml, options: options)
        try expectParentsMatchWalk(document)
        let b = try #require(document.root.children(named: "b").first)
        #expect(b.parent == document.root)
        #expect(document.root.parent == document.documentNode)
        #expect(document.documentNode.parent == nil)
    }

    @Test func randomJSON() throws {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let text = Self.randomValue(&generator, depth: 0)
            try expectParentsMatchWalk(Document(string: text, options: LoadOptions(format: .json)))
        }
    }

    private func expectParentsMatchWalk(_ document: Document) throws {
        let nodes = document.table.nodes
        let parents = document.parentTable.parents
        #expect(parents.count == nodes.count)
        #expect(parents.first == ParentTable.none)
        var visited = 1
        var containers: [UInt32] = [0]
        while let container = containers.popLast() {
            var child = container + 1
            while child < nodes[Int(container)].a {
                #expect(parents[Int(child)] == container, "node \(child)")
                visited += 1
                if nodes[Int(child)].kind.isContainer { containers.append(child) }
                child = document.table.subtreeEnd(child)
            }
        }
        #expect(visited == nodes.count)
    }

    private static func randomValue(_ generator: inout SplitMix64, depth: Int) -> String {
        let pick = depth > 5 ? generator.next() % 3 : generator.next() % 5
        switch pick {
        case 0: return "\(generator.next() % 1000)"
        case 1: return "\"s\(generator.next() % 10)\""
        case 2: return ["true", "false", "null"][Int(generator.next() % 3)]
        case 3:
            let count = Int(generator.next() % 5)
            return "[" + (0..<count).map { _ in randomValue(&generator, depth: depth + 1) }.joined(separator: ",") + "]"
        default:
            let count = Int(generator.next() % 5)
            return "{" + (0..<count).map { i in "\"k\(i)\":" + randomValue(&generator, depth: depth + 1) }
                .joined(separator: ",") + "}"
        }
    }
}
