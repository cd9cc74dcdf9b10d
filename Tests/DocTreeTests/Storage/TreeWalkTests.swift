import Foundation
import Testing
@testable import DocTree

/// DocTree's record walks for the path steps and the JMESPath view
/// (`Document+Steps.swift`, `Document+JSONView.swift`), checked against `Node`'s
/// own view of the same documents.
@Suite struct TreeWalkTests {
    static let xml = #"<r xmlns:p="urn:p" id="1"><a>x</a><p:a k="v"/><b><a>y</a></b><?a pi?><a/></r>"#

    private func index(_ node: Node?) throws -> UInt32 { try #require(node).index }

    @Test func namedChildrenAreFoundInOneCall() throws {
        let doc = try Document(string: Self.xml)
        let root = try index(doc.root)
        let a = try #require(doc.table.names.id(of: "a"))
        var exact: [UInt32] = []
        doc.appendNamedChildren(of: root, named: a, byLocalName: false, into: &exact)
        // The two unprefixed <a> children, not the one inside <b>, not the PI, not p:a.
        #expect(exact.map { doc.node(at: $0).name } == ["a", "a"])
        #expect(exact.map { doc.node(at: $0).string } == ["x", ""])
        var local: [UInt32] = []
        doc.appendNamedChildren(of: root, named: a, byLocalName: true, into: &local)
        #expect(local.map { doc.node(at: $0).name } == ["a", "p:a", "a"])
        let id = try #require(doc.table.names.id(of: "id"))
        var attributes: [UInt32] = []
        doc.appendNamedChildren(of: root, named: id, byLocalName: false, into: &attributes)
        #expect(attributes.map { doc.node(at: $0).kind } == [.attribute])
    }

    @Test func theJSONViewTypesAndFindsMembers() throws {
        let doc = try Document(string: Self.xml)
        let root = try index(doc.root)
        let names = doc.table.names
        let a = try #require(names.id(of: "a")), b = try #require(names.id(of: "b")), id = try #require(names.id(of: "id"))
        // The document node stands for its root, an object (it has attributes).
        #expect(doc.viewKind(of: 0) == .object)
        #expect(doc.viewMember(of: 0, named: id) == doc.viewMember(of: root, named: id))
        guard case .node(let attribute) = doc.viewMember(of: root, named: id) else {
            Issue.record("id is one attribute")
            return
        }
        #expect(doc.viewKind(of: attribute) == .string)
        // Exact name first: the two <a>, not p:a.
        #expect(doc.viewMember(of: root, named: a) == .repeated(byLocalName: false))
        guard case .node(let bNode) = doc.viewMember(of: root, named: b) else {
            Issue.record("b is one element")
            return
        }
        #expect(doc.viewKind(of: bNode) == .object)
        guard case .node(let inner) = doc.viewMember(of: bNode, named: a) else {
            Issue.record("b holds one a")
            return
        }
        // <a>y</a> has neither attributes nor child elements: a string, without members.
        #expect(doc.viewKind(of: inner) == .string)
        #expect(doc.viewMember(of: inner, named: a) == .missing)
        #expect(doc.viewMember(of: root, named: 0) == .missing)
        let mixed = try Document(string: #"<r k="v">text<c/></r>"#)
        #expect(mixed.viewMember(of: 0, named: try #require(mixed.table.names.id(of: "r"))) == .missingBesideText)
    }

    @Test func viewPathsFollowEachElement() throws {
        let json = try Document(string: #"[{"u": {"n": "x"}}, {"u": {}}, {"u": {"n": null}}, 3, {"u": {"n": "y"}}]"#)
        let names = json.table.names
        let ids = [try #require(names.id(of: "u")), try #require(names.id(of: "n"))]
        var out: [UInt32] = []
        #expect(json.appendViewPaths(ofElementsOf: json.rootIndex, named: nil, byLocalName: false, following: [0, 1], of: ids, into: &out))
        // Missing members, nulls and non-objects are left out.
        #expect(out.map { json.node(at: $0).string } == ["x", "y"])
        let xml = try Document(string: #"<r><e i="1"/><e i="2"><t/><t/></e><f i="3"/><e><i>4</i></e></r>"#)
        let xmlNames = xml.table.names
        let e = try #require(xmlNames.id(of: "e")), i = try #require(xmlNames.id(of: "i")), t = try #require(xmlNames.id(of: "t"))
        var found: [UInt32] = []
        #expect(xml.appendViewPaths(ofElementsOf: xml.rootIndex, named: e, byLocalName: false, following: [0], of: [i, t], into: &found))
        #expect(found.map { xml.node(at: $0).string } == ["1", "2", "4"])
        // A step that reaches a repeated name is not one node: the caller evaluates in general.
        var repeated: [UInt32] = []
        #expect(!xml.appendViewPaths(ofElementsOf: xml.rootIndex, named: e, byLocalName: false, following: [1], of: [i, t], into: &repeated))
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
