import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

/// Filters and `*` over repeated XML elements, streamed: each element the
/// path's prefix reaches is held whole while the filter is decided, then
/// edited or copied through: the same bytes, or the same kind of error, as
/// the document held whole, whatever the chunks; bounded by `maxHeld`.
@Suite struct XMLStreamedFilterTests {
    static let catalog = """
        <?xml version="1.0"?>
        <catalog>
          <!-- books -->
          <book id="b1">
            <title>One</title>
            <price>10</price>
          </book>
          <book id="b2" kind='paper'>
            <title>Two</title>
            <price>40</price>
            <tags><tag>x</tag><tag>y</tag></tags>
          </book>
          <book id="b3">
            <title>Three</title>
            <price>50</price>
          </book>
          <shelf>
            <book id="b4"><title>Four</title><price>60</price></book>
          </shelf>
        </catalog>

        """

    let base = XMLStreamedEditTests()

    @Test func setThroughAFilter() throws {
        try base.expectSame(Self.catalog, [.set("book[?price > 30].title", to: "X")])
        try base.expectSame(Self.catalog, [.set("book[?price > 30].id", to: "new")])
        try base.expectSame(Self.catalog, [.set("book[?tags.tag == 'y'].price", to: "1")])
        try base.expectSame(Self.catalog, [.set("book[?title == 'One'].title", to: "<&>")])
        try base.expectSame(Self.catalog, [.set("*[?id == 'b1'].price", to: "2")])
        try base.expectSame(Self.catalog, [.set("shelf.book[?price > 30].title", to: "X")])
    }

    /// Inside a held candidate (its events held in columns until the
    /// filter is decided) each start tag replays with its own attributes,
    /// prefixed or not, beside comments and processing instructions, and
    /// each text with its own bytes.
    @Test func heldEventsReplayAsTheyCame() throws {
        let document = """
            <catalog xmlns:x="urn:x">
              <book><e x:a="1" b="1"/><e a="2"/><e b="3" a="4"/><!-- c --><?p i?><price>40</price></book>
              <book><e a="5"/><price>10</price></book>
            </catalog>

            """
        try base.expectSame(document, [.set("book[?price > 30].e.a", to: "9")])
        try base.expectSame(document, [.remove("book[?price > 30].e.a")])
        try base.expectSame(document, [.set("book[?price > 30].e.b", to: "8"), .remove("book[?price > 30].e.a")])
        #expect(try base.inMemory(document, [.set("book[?price > 30].e.a", to: "9")])
            .contains(#"<e x:a="9" b="1"/><e a="9"/><e b="3" a="9"/>"#))
        // Each held text replays as its own bytes: a set to the value an
        // element holds already keeps its bytes (`&#67;`), the others change.
        let texts = "<r><book><t>A</t> <t>&#67;</t><t>B&amp;</t><price>40</price></book></r>"
        try base.expectSame(texts, [.set("book[?price > 30].t", to: "C")])
        #expect(try base.inMemory(texts, [.set("book[?price > 30].t", to: "C")]).contains("<t>C</t> <t>&#67;</t><t>C</t>"))
    }

    @Test func deleteThroughAFilter() throws {
        try base.expectSame(Self.catalog, [.remove("book[?id == 'b2']")])
        try base.expectSame(Self.catalog, [.remove("book[?price > 30]")])
        try base.expectSame(Self.catalog, [.remove("book[?price > 30].kind")])
        try base.expectSame(Self.catalog, [.remove("book[?price < 30].title")])
        try base.expectSame(Self.catalog, [.remove("book[?id == 'b2'].tags.tag")])
    }

    /// An index or slice after a filter counts what the filter keeps
    /// across every element it tests, in document order, as held whole; one
    /// from the end is counted in a first pass.
    @Test func indexesAfterAFilter() throws {
        for path in [
            "book[?price > 30][0].title", "book[?price > 30][1]", "book[?price > 30][-1].id", "book[?price > 30][1:].title",
            "book[?price > 30][:-1]", "book[?price > 30].tags.tag[1]", "book[?price > 30].tags.tag[-1]", "*[?id][-2].price",
        ] {
            try base.expectSame(Self.catalog, [.remove(path)])
        }
        try base.expectSame(Self.catalog, [.set("book[?price > 30][-1].title", to: "X"), .set("book[?price > 30][0].title", to: "Y")])
        try base.expectSame(Self.catalog, [.insert("new", into: "book[?price > 30][0]", key: "note")])
        // Out of range, nothing matches.
        #expect(base.kind(base.failure(Self.catalog, [.remove("book[?price > 30][2]")])) == .noMatch)
        #expect(base.kind(base.failure(Self.catalog, [.remove("book[?price > 30][-3]")])) == .noMatch)
    }

    /// Indexes and slices after the first count what reaches them across
    /// the elements held, as the document held whole does; after an index
    /// (one element), from the end too.
    @Test func positionsAfterAPositionAfterAFilter() throws {
        for path in [
            "book[?price > 5][1:].tags.tag[1]", "book[?price > 5][1:][1].title", "book[?price > 5][1:].*[3:5]",
            "book[?price > 5][-2:].*[3]", "book[?price > 5][0:2][1:][0].title", "*[?id][1:].*[0]",
            "book[?price > 30][0].tags.tag[1]", "book[?price > 30][0].tags.tag[-1]", "book[?price > 30][-2].tags.tag[-2:]",
            "book[?price > 30][0][0].title", "book[?price > 5][1].*[1]", "book[?price > 5][1].*[-1]", "book[?price > 5][-1].*[-1]",
            "book[?price > 5][1].tags.tag[?. == 'y'][0]", "*[?id][-1].*[:1]",
        ] {
            try base.expectSame(Self.catalog, [.remove(path)])
            if !path.hasSuffix("*[-1]") { try base.expectSame(Self.catalog, [.set(path, to: "X")]) }
        }
        for path in ["book[?price > 30][0].tags.tag[2]", "book[?price > 30][1].tags.tag[0]", "book[?price > 30][-3].tags.tag[0]"] {
            let (held, streamed) = base.bothFailures(Self.catalog, [.remove(path)])
            #expect(held == .noMatch && streamed == .noMatch, "\(path)")
        }
    }

    @Test func aWildcardAfterAFilter() throws {
        try base.expectSame(Self.catalog, [.remove("book[?price > 45].*")])
        try base.expectSame(Self.catalog, [.set("book[?price > 45].*", to: "z")])
    }

    @Test func insertsRenamesAndOtherEditsBeside() throws {
        try base.expectSame(Self.catalog, [.insert("new", into: "book[?price > 30]", key: "note")])
        try base.expectSame(Self.catalog, [.insert("new", into: "book[?price > 30]", key: "note", at: 0)])
        try base.expectSame(Self.catalog, [.insert("new", after: "book[?id == 'b1']", key: "book")])
        try base.expectSame(Self.catalog, [.insert("new", before: "book[?id == 'b3']", key: "book")])
        try base.expectSame(Self.catalog, [.insert("v", into: "book[?id == 'b3']", key: "@lang")])
        // At an index from the end, each element held whole tells its children.
        try base.expectSame(Self.catalog, [.insert("new", into: "book[?price > 30]", key: "note", at: -1)])
        try base.expectSame(Self.catalog, [.insert("new", into: "book[?price > 30]", key: "note", at: -2)])
        try base.expectSame(Self.catalog, [.insert("new", into: "book[?price > 30].tags", key: "tag", at: -1)])
        try base.expectSame(Self.catalog, [.insert("new", into: "book[?price > 30][-1]", key: "note", at: -1)])
        try base.expectSame(
            Self.catalog, [.insert("a", into: "book[?price > 5]", key: "note", at: -1), .insert("b", into: "shelf.book", key: "n", at: -2)])
        let outside = base.bothFailures(Self.catalog, [.insert("new", into: "book[?price > 30]", key: "note", at: -3)])
        #expect(outside.held == .invalidEdit && outside.streamed == .invalidEdit)
        try base.expectSame(Self.catalog, [.rename("book[?price > 30].title", to: "name")])
        // Edits the stream follows live, before, inside and after a held element.
        try base.expectSame(
            Self.catalog,
            [.set("book[?price > 30].title", to: "X"), .set("book.price", to: "7"), .set("shelf.book.id", to: "s")])
        try base.expectSame(Self.catalog, [.remove("book[?id == 'b1']"), .set("shelf.book.id", to: "s"), .remove("book[?id == 'b3'].id")])
        try base.expectSame(Self.catalog, [.set("book[?price > 30].title", to: "X"), .set("book[?price < 30].title", to: "Y")])
    }

    /// One element where the prefix could reach several: the filter tests it as held whole.
    @Test func aLoneElement() throws {
        let text = "<r>\n  <book id='1'><price>40</price></book>\n  <other/>\n</r>\n"
        try base.expectSame(text, [.set("book[?price > 30].price", to: "1")])
        try base.expectSame(text, [.remove("book[?price > 30]")])
        #expect(base.kind(base.failure(text, [.remove("book[?price > 50]")])) == .noMatch)
    }

    @Test func namespacesAndEntitiesInAHeldElement() throws {
        let text = "<!DOCTYPE r [<!ENTITY e 'E'>]>\n<r xmlns:p='urn:p'>\n  <p:i n='1'><p:v>&e;</p:v></p:i>\n  <p:i n='2'><p:v>F</p:v></p:i>\n</r>\n"
        try base.expectSame(text, [.set("p:i[?p:v == 'E'].n", to: "9")])
        try base.expectSame(text, [.remove("p:i[?n == '2']")])
    }

    @Test func errorsAreTheHeldWholeOnes() throws {
        for edits: [Edit] in [
            [.set("book[?price > 99].title", to: "X")],
            [.remove("book[?id == 'b2']"), .set("book.title", to: "Y")],
            [.set("book[?price > 30].title", to: "X"), .set("book[?id == 'b3'].title", to: "Y")],
            [.set("book[?price > 30].tags", to: "X")],
        ] {
            let (held, streamed) = base.bothFailures(Self.catalog, edits)
            #expect(held != nil)
            #expect(held == streamed, "\(edits)")
        }
    }

    @Test func whatNeedsTheWholeDocumentNamesItsStep() {
        let error = base.failure(Self.catalog, [.set("book[?price > 30]..title", to: "X")]) as? QueryError
        #expect(error?.kind == .notStreamable)
        #expect(error?.message.contains("'..'") == true)
        #expect(error?.description.contains("^~") == true)
        // After a slice, an index from the end counts over what the slice picks in the whole document.
        let second = base.failure(Self.catalog, [.set("book[?price > 5][1:].*[-1]", to: "X")]) as? QueryError
        #expect(second?.kind == .notStreamable && second?.message.contains("after a slice") == true)
        let counted = base.failure(Self.catalog, [.set("book[?price > 5][-2:].title[-1]", to: "X")]) as? QueryError
        #expect(counted?.kind == .notStreamable && counted?.message.contains("after a slice") == true)
        // A filter on the root element would hold the whole document.
        #expect(base.kind(base.failure(Self.catalog, [.set("[?book].book.title", to: "X")])) == .notStreamable)
    }

    /// `maxHeld` caps the element a filter holds: past it the edit fails,
    /// naming the cap and the filter; within it the output is the same.
    @Test(arguments: [nil, 3, 4096])
    func maxHeldCapsAHeldElement(slice: Int?) throws {
        let edits: [Edit] = [.set("book[?price > 30].title", to: "X")]
        func run(_ cap: Int, _ text: String) throws -> String {
            var out: [UInt8] = []
            _ = try XMLStreamedEdit(edits, maxHeld: cap).run(ChunkedInput(bytes: Array(text.utf8), sliceSize: slice)) {
                out.append(contentsOf: $0)
            }
            return String(decoding: out, as: UTF8.self)
        }
        #expect(try run(1 << 20, Self.catalog) == base.inMemory(Self.catalog, edits))
        // A big element (the chunks a stream reads are larger than these test documents).
        let big = "<r>\n  <book><price>40</price><title>t</title><pad>" + String(repeating: "p", count: 300_000) + "</pad></book>\n</r>\n"
        #expect(try run(1 << 20, big) == base.inMemory(big, edits))
        do {
            _ = try run(64 * 1024, big)
            Issue.record("a held element past the cap was edited")
        } catch let error as QueryError {
            #expect(error.kind == .notStreamable)
            #expect(error.message.contains("65536 bytes"))
            #expect(error.message.contains("'[?price > 30]'"))
        }
    }
}

/// Filters made from the corpora's own paths (`a.b[?c].c`, `a.b[?!c]`):
/// streamed, the same bytes or the same kind of error as held whole.
@Suite struct XMLStreamedFilterDifferentialTests {
    static let documents = XMLStreamedEditDifferentialTests.documents.filter { url in
        ((try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? .max) <= 100_000
    }

    @Test(arguments: documents)
    func streamedFiltersEqualHeldWholeOnes(_ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        let original = try DocumentEditor(bytes: bytes)
        let paths = XMLStreamedEditDifferentialTests.paths(in: original.document, limit: 8, seed: 29)
            .filter { !$0.contains("[") && $0.contains(".") }
        var filters: [String] = []
        for path in paths {
            let steps = path.split(separator: ".")
            let prefix = steps.dropLast().joined(separator: ".")
            filters += [
                "\(prefix)[?\(steps.last!)].\(steps.last!)", "\(prefix)[?!\(steps.last!)]", "\(prefix)[?\(steps.last!)][0]",
                "\(prefix)[?!\(steps.last!)][-1]", "\(prefix)[?\(steps.last!)][1:].\(steps.last!)",
            ]
        }
        var changed = 0
        for path in filters {
            for edit in [Edit.set(path, to: "new & <text>"), .remove(path), .insert("x", into: path, key: "added")] {
                let expected = XMLStreamedEditDifferentialTests.outcome { try original.applying([edit]).bytes }
                let differing = XMLStreamedEditDifferentialTests.slices([nil, 7], where: edit, streamedOver: bytes, differsFrom: expected)
                #expect(differing.isEmpty, "\(url.lastPathComponent): \(edit.path), slices \(differing)")
                if case .bytes = expected { changed += 1 }
            }
        }
        #expect(filters.isEmpty || changed > 0, "\(url.lastPathComponent): some filter edit applies")
    }
}
