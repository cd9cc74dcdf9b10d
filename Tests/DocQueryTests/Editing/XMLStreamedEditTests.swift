import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

/// The streamed XML editor: the same bytes as the in-memory editor for
/// every edit it streams, whatever the chunk boundaries, and its failures.
@Suite struct XMLStreamedEditTests {
    static let pom = XMLEditTests.pom

    /// The streamed result of `edits` on `text`, read in slices of `slice` bytes.
    func streamed(_ text: String, _ edits: [Edit], slice: Int? = nil) throws -> (String, [Int]) {
        try streamed(Array(text.utf8), edits, slice: slice)
    }

    func streamed(_ bytes: [UInt8], _ edits: [Edit], slice: Int? = nil) throws -> (String, [Int]) {
        var out: [UInt8] = []
        let counts = try XMLStreamedEdit(edits).run(ChunkedInput(bytes: bytes, sliceSize: slice)) { out.append(contentsOf: $0) }
        return (String(decoding: out, as: UTF8.self), counts)
    }

    func inMemory(_ text: String, _ edits: [Edit]) throws -> String {
        String(decoding: try DocumentEditor(string: text).applying(edits).bytes, as: UTF8.self)
    }

    /// Checks the streamed output equals the in-memory one at several slice sizes.
    func expectSame(_ text: String, _ edits: [Edit], slices: [Int?] = [nil, 1, 2, 3, 7, 64], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let expected = try inMemory(text, edits)
        #expect(expected != text, "the edit changes something", sourceLocation: sourceLocation)
        for slice in slices {
            let (out, _) = try streamed(text, edits, slice: slice)
            #expect(out == expected, "slice \(String(describing: slice))", sourceLocation: sourceLocation)
        }
    }

    @Test func setElementText() throws {
        try expectSame(Self.pom, [.set("version", to: "2.0")])
        try expectSame(Self.pom, [.set("name", to: "Tom < Jerry & \"Spike\"")])
        try expectSame(Self.pom, [.set("description", to: "plain")])
        try expectSame(Self.pom, [.set("packaging", to: "jar")])
    }

    @Test func setAttribute() throws {
        try expectSame(Self.pom, [.set("plugin.id", to: "it's \"q\""), .set("plugin.phase", to: "it's \"q\"")])
    }

    @Test func removeElementsAndAttributes() throws {
        try expectSame(Self.pom, [.remove("version")])
        try expectSame(Self.pom, [.remove("plugin")])
        try expectSame(Self.pom, [.remove("plugin.skip"), .remove("plugin.id")])
        try expectSame(Self.pom, [.remove("packaging")])
        try expectSame("<a><b>1</b>  <c/> x<d>2</d></a>", [.remove("b"), .remove("c"), .remove("d")])
        try expectSame("<a>\r\n  <b>1</b>\r\n  <c/>\r\n</a>", [.remove("b"), .remove("c")])
    }

    @Test func renameElementsAndAttributes() throws {
        try expectSame(Self.pom, [.rename("version", to: "revision"), .rename("plugin.phase", to: "stage")])
        try expectSame(Self.pom, [.rename("packaging", to: "kind")])
    }
}
