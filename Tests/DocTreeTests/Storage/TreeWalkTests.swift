import Foundation
import Testing
@testable import DocTree

/// DocTree's record walks for the path steps and the JMESPath view
/// (`Document+Steps.swift`, `nextNamedChild`), checked against `Node`'s
/// own view of the same documents.
@Suite struct TreeWalkTests {
    static let xml = #"<r xmlns:p="urn:p" id="1"><a>x</a><p:a k="v"/><b><a>y</a></b><?a pi?><a/></r>"#

    private func index(_ node: Node?) throws -> UInt32 { try #require(node).index }

    @Test func namedChildrenAreFoundOneMatchAtATime() throws {
        let doc = try Document(string: Self.xml)
        let root = try index(doc.root)
        let a = try #require(doc.table.names.id(of: "a"))
        var exact: [UInt32] = []
        var position = root
        while let next = doc.nextNamedChild(of: root, after: position, named: a, byLocalName: false) {
            exact.append(next)
            position = next
        }
        // The two unprefixed <a> children, not the one inside <b>, not the PI, not p:a.
        #expect(exact.map { doc.node(at: $0).name } == ["a", "a"])
        #expect(exact.map { doc.node(at: $0).string } == ["x", ""])
        var local: [UInt32] = []
        position = root
        while let next = doc.nextNamedChild(of: root, after: position, named: a, byLocalName: true) {
            local.append(next)
            position = next
        }
        #expect(local.map { doc.node(at: $0).name } == ["a", "p:a", "a"])
        let id = try #require(doc.table.names.id(of: "id"))
        let attribute = try #require(doc.nextNamedChild(of: root, after: root, named: id, byLocalName: false))
        #expect(doc.node(at: attribute).kind == .attribute)
        #expect(doc.nextNamedChild(of: root, after: attribute, named: id, byLocalName: false) == nil)
    }

    @Test func stepWalksSelectWhatNodeChildrenHold() throws {
        let doc = try Document(string: Self.xml)
        let root = try index(doc.root)
        let limit = UInt32(doc.table.nodes.count)
        var children: [UInt32] = []
        doc.appendWildcardChildren(ofEach: [root, limit], below: limit, into: &children)
        #expect(children.map { doc.node(at: $0).name } == ["a", "p:a", "b", "a"])
        var attributes: [UInt32] = []
        doc.appendAttributes(ofEach: children + [root], below: limit, into: &attributes)
        #expect(attributes.map { doc.node(at: $0).name } == ["k", "id"])
        let a = try #require(doc.table.names.id(of: "a"))
        var descendants: [UInt32] = []
        // The root and a node inside it: each descendant once.
        doc.appendDescendants(ofEach: [root, children[2]], below: limit, named: a, into: &descendants)
        #expect(descendants.map { doc.node(at: $0).string } == ["x", "", "y", ""])
        var everything: [UInt32] = []
        doc.appendDescendants(ofEach: [0], below: limit, named: nil, into: &everything)
        #expect(everything.map { doc.node(at: $0).name } == ["r", "a", "p:a", "b", "a", "a"])
    }

    @Test func jsonWildcardsOpenArraysOfObjects() throws {
        let doc = try Document(string: #"[{"x": 1, "y": [2]}, [{"z": 3}], 4]"#)
        let array = try index(doc.root)
        let limit = UInt32(doc.table.nodes.count)
        var out: [UInt32] = []
        doc.appendWildcardChildren(ofEach: [array], below: limit, into: &out)
        #expect(out.map { doc.node(at: $0).name } == ["x", "y", "z"])
        var all: [UInt32] = []
        doc.appendDescendants(ofEach: [array], below: limit, named: nil, into: &all)
        #expect(all.count == Int(limit) - 2, "every node below the root array")
    }
}
