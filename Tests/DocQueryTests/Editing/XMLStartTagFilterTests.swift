@testable import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

/// Streamed XML filters decided on start tags (``XMLStartTagTest``): the
/// same bytes, or the same error, as the same edit decided on a tree of
/// every candidate, and as the document edited held whole, on inputs
/// where the attributes alone could mislead (child elements of the same
/// name, prefixes, references, normalisation, numbers against text).
@Suite struct XMLStartTagFilterTests {
    /// The output, or the error's description, of `edits` streamed in slices of `slice` bytes.
    func streamed(_ text: String, _ edits: [Edit], onStartTags: Bool, slice: Int?) -> String {
        do {
            var edit = try XMLStreamedEdit(edits)
            edit.decidesOnStartTags = onStartTags
            var out: [UInt8] = []
            _ = try edit.run(ChunkedInput(bytes: Array(text.utf8), sliceSize: slice)) { out.append(contentsOf: $0) }
            return String(decoding: out, as: UTF8.self)
        } catch {
            return "error: \(error)"
        }
    }

    /// Checks both ways give the same, at several slice sizes, and that an
    /// output is the held-whole editor's.
    func expectSame(_ text: String, _ edits: [Edit], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let tree = streamed(text, edits, onStartTags: false, slice: nil)
        if !tree.hasPrefix("error: ") {
            let whole = try? String(decoding: DocumentEditor(string: text).applying(edits).bytes, as: UTF8.self)
            #expect(tree == whole, "held whole", sourceLocation: sourceLocation)
        }
        for slice in [nil, 1, 5] {
            #expect(streamed(text, edits, onStartTags: true, slice: slice) == tree, "slice \(String(describing: slice))", sourceLocation: sourceLocation)
        }
    }

    static let tricky = """
        <?xml version="1.0"?>
        <!DOCTYPE r [
          <!ENTITY seven "7">
          <!ATTLIST n kind CDATA "plain" code NMTOKENS #IMPLIED>
        ]>
        <r xmlns:p="urn:p" xmlns:q="urn:q">
          <n id="7" v="a"/>
          <n id="07" v="b"></n>
          <n id="&seven;" v="c"/>
          <n id=" 7 " v="d"/>
          <n id="7.0" v="e"><x>1</x></n>
          <n id="1"><id>7</id><v>f</v></n>
          <n><id>7</id><id>8</id></n>
          <n p:id="7" v="g"/>
          <n q:id="8" id="9" v="h"/>
          <n id="x&#10;y" v="i" code="  a   b  "/>
          <n id="true" v="j" kind="odd"/>
          <n id="1e1" v="k"><p:id>7</p:id></n>
          <n id="&#55;" v="l"><v>inner</v></n>
          <n id="Ä" v="m"/>
        </r>

        """

    @Test func theTestIsDecidedOnStartTagsForKeysAndLiterals() throws {
        func test(_ path: String) throws -> XMLStartTagTest? {
            let plan = try StreamPlan(PathQuery(path), positions: .counted)
            return XMLStreamedEdit.startTagTest(.remove(path), rest: plan.rest)
        }
        #expect(try test("n[?id == 7]")?.keys == [Array("id".utf8)])
        #expect(try test("n[?id == 7 && !(v < 'c' || p:id)].v")?.then == Array("v".utf8))
        #expect(try test("n[?'a' == v]") != nil)
        // The element itself, a path of two keys, two keys compared, or more steps after: on the tree.
        #expect(try test("n[?. == 7]") == nil)
        #expect(try test("n[?x.y == 7]") == nil)
        #expect(try test("n[?id == v]") == nil)
        #expect(try test("n[?id == 7].x.y") == nil)
        // An index or slice from the start counts the candidates that pass; one from the end, or one after the key, does not.
        #expect(try test("n[?id == 7][1]")?.picks == 1..<2)
        #expect(try test("n[?id > 5][2:4].v")?.picks == 2..<4)
        #expect(try test("n[?id > 5][2:4].v")?.then == Array("v".utf8))
        #expect(try test("n[?id == 7].v")?.picks == nil)
        #expect(try test("n[?id == 7][-1]") == nil)
        #expect(try test("n[?id == 7].v[0]") == nil)
    }

    @Test func indexesAndSlicesAfterTheFilter() {
        for path in ["n[?id == 7][0]", "n[?id == 7][1]", "n[?id == 7][2:5]", "n[?id][3:]", "n[?v][:2]", "n[?id == 7][9]", "n[?id][4:2]"] {
            expectSame(Self.tricky, [.remove(path)])
            expectSame(Self.tricky, [.set(path + ".v", to: "Z")])
            expectSame(Self.tricky, [.insert("new", into: path, key: "w")])
        }
        expectSame(Self.tricky, [.set("n[?id == 7][1].v", to: "Z"), .remove("n[?id == 7][0]")])
    }

    @Test func numbersTextAndBooleans() {
        for path in [
            "n[?id == 7]", "n[?id != 7]", "n[?id == '7']", "n[?id > 5]", "n[?id <= 7.0]", "n[?id >= '7']", "n[?id < 'b']",
            "n[?7 == id]", "n[?id == 10]", "n[?id == true]", "n[?id == null]", "n[?id == 'x\ny']", "n[?id == 'Ä']",
            "n[?id =~ '^0']", "n[?'a' < v]",
        ] {
            expectSame(Self.tricky, [.remove(path)])
            expectSame(Self.tricky, [.set(path + ".v", to: "Z")])
        }
    }

    @Test func childElementsOfTheSameName() {
        // An <id> child (or p:id) decides where the attribute alone would not.
        for path in ["n[?id == 7]", "n[?id == 8]", "n[?!id]", "n[?id]", "n[?id != 7]", "n[?p:id == 7]", "n[?v == 'f']", "n[?x == 1]"] {
            expectSame(Self.tricky, [.remove(path)])
            expectSame(Self.tricky, [.set(path + ".v", to: "Z")])
            expectSame(Self.tricky, [.insert("new", into: path, key: "w")])
        }
    }

    @Test func prefixesDefaultsAndNormalisation() {
        for path in [
            "n[?p:id == 7]", "n[?q:id == 8]", "n[?id == 9]", "n[?kind == 'plain']", "n[?kind == 'odd']", "n[?code == 'a b']",
            "n[?code == '  a   b  ']", "n[?id == 7 && kind == 'plain']", "n[?id == 7 || v == 'h']", "n[?!(id == 7)]", "n[?true]",
            "n[?1 == 1 && v]", "n[?v == 'i'].code",
        ] {
            expectSame(Self.tricky, [.remove(path)])
            expectSame(Self.tricky, [.set(path + ".v", to: "Z")])
        }
    }

    @Test func besideOtherEditsAndFilters() {
        expectSame(Self.tricky, [.set("n[?id == 7].v", to: "Z"), .remove("n[?v == 'c']"), .set("n[?id == 9].q:id", to: "Q")])
        expectSame(Self.tricky, [.remove("n[?id == 7]"), .remove("n[?id == 9].v")])
        expectSame(Self.tricky, [.rename("n[?id > 1].v", to: "w")])
    }
}
