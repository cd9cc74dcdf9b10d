import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

/// Streamed inserts of elements and text into XML: byte for byte the
/// in-memory editor's output (``DocumentEditor``), whatever the chunks cut,
/// or a refusal as not streamable where the stream cannot know the layout.
@Suite struct XMLStreamedInsertTests {
    /// The streamed output of `edits` on `bytes`, read in slices of `slice` bytes.
    static func streamed(_ bytes: [UInt8], _ edits: [Edit], slice: Int?) throws -> [UInt8] {
        var out: [UInt8] = []
        _ = try XMLStreamedEdit(edits).run(ChunkedInput(bytes: bytes, sliceSize: slice)) { out.append(contentsOf: $0) }
        return out
    }

    /// Each insert form on `path`, and the sets that replace an element with elements.
    static func forms(_ path: String) -> [Edit] {
        [
            .insert("new & <v>", into: path, key: "added"), .insert("text & <t>", into: path),
            .insert(["k": "v", "list": ["x", "y"], "@at": "1"], into: path, key: "obj"), .insert(.null, into: path, key: "none"),
            .insert("v", into: path, key: "first", at: 0), .insert("v", into: path, key: "second", at: 1),
            .insert("t", into: path, at: 1), .insert("v", into: path, key: "last", at: -1), .insert("t", into: path, at: -2),
            .insert("v", before: path, key: "pre"), .insert("t", before: path),
            .insert(["a": ["b": "c"]], before: path, key: "preobj"), .insert("v", after: path, key: "post"),
            .insert("t", after: path), .insert([1, 2], after: path, key: "many"),
            .set(path, to: ["k": "v", "sub": ["x": 1], "@at": "2"]), .set(path, to: [["a": 1], ["b": ["c": 2]]]), .set(path, to: []),
        ]
    }

    /// Checks the streamed output equals the in-memory one (or both fail
    /// alike) for `edits` at several slice sizes; returns whether it applied.
    /// Edits the in-memory editor rejects as overlapping may be refused as
    /// not streamable instead, when an insert's place is not known yet as
    /// the other edit comes (docq then takes the tree, which says why).
    @discardableResult
    static func expectSame(
        _ bytes: [UInt8], _ edits: [Edit], slices: [Int?] = [nil, 1, 2, 5, 64], editor: DocumentEditor? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Bool {
        let expected = XMLStreamedEditDifferentialTests.outcome { try (editor ?? DocumentEditor(bytes: bytes)).applying(edits).bytes }
        for slice in slices {
            var got = XMLStreamedEditDifferentialTests.outcome { try Self.streamed(bytes, edits, slice: slice) }
            if got == .failure("notStreamable"), expected == .failure("conflictingEdits") { got = expected }
            #expect(
                got == expected, "\(edits.map(\.verbForTests)), slice \(String(describing: slice)): \(describe(got)) vs \(describe(expected))",
                sourceLocation: sourceLocation)
        }
        if case .bytes = expected { return true }
        return false
    }

    static func describe(_ outcome: XMLStreamedEditDifferentialTests.Outcome) -> String {
        switch outcome {
        case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
        case .failure(let kind): "failure \(kind)"
        }
    }

    static let handWritten: [(String, [String])] = [
        ("<a/>", ["."]),
        ("<a/>\n", ["."]),
        ("<a></a>", ["."]),
        ("<a>  </a>\n", ["."]),
        ("<a>\n  <b/>\n</a>\n", [".", "b"]),
        ("<a>\n  <b>only text</b>\n  <c x='1' />\n</a>\n", ["b", "c"]),
        ("<a>\n  <b>\n  </b>\n</a>", ["b"]),
        ("<a><b>1</b><c>2</c></a>", [".", "b", "c"]),
        ("<a>\n  <b/> <!-- ends b's line -->\n  <!-- own line -->\n  <c/><!--x--><!--y-->\n</a>\n", [".", "b", "c"]),
        ("<?xml version=\"1.0\"?>\n<!-- top -->\n<?pi data?>\n<a>\n  <?pi in?>\n  <b>x</b>\n  <!-- c -->\n</a>\n<!-- after -->\n", [".", "b"]),
        ("<a>\r\n  <b>\r\n    <c/>\r\n  </b>\r\n  <d/>\r\n</a>\r\n", ["b", "c", "d", "."]),
        ("<a>\n\t<b>\n\t\t<c/>\n\t</b>\n\t<d></d>\n</a>\n", ["b", "c", "d"]),
        ("<a>\n  <b><![CDATA[<x> & y]]></b>\n  <c>mixed <i>text</i> here</c>\n</a>\n", ["b", "c", "c.i"]),
        ("<a><b>one line <c/> tail</b></a>", ["b", "b.c"]),
        ("<r>\n<a>\n<b/>\n</a>\n</r>\n", ["a", "a.b"]),
        ("<a>\n    <b/>\n    <b>2</b>\n</a>\n", ["b", "b[1]"]),
        ("<a xmlns='urn:x' xmlns:p='urn:p'>\n  <p:b/>\n</a>\n", [".", "p:b"]),
        ("<a>\r<b/>\r</a>", [".", "b"]),
        ("<a>\n<b/></a>", [".", "b"]),
    ]

    @Test func handWrittenDocumentsEveryForm() {
        var applied = 0
        for (text, paths) in Self.handWritten {
            for path in paths {
                for edit in Self.forms(path) where Self.expectSame(Array(text.utf8), [edit]) { applied += 1 }
            }
        }
        #expect(applied > 200)
    }

    @Test func theLayoutOfNewElementsIsTheInMemoryOne() throws {
        // Spot checks of the bytes themselves, beside the comparison.
        let text = "<a>\n  <b/> <!-- note -->\n</a>\n"
        let after = try Self.streamed(Array(text.utf8), [.insert("v", after: "b", key: "c")], slice: 1)
        #expect(String(decoding: after, as: UTF8.self) == "<a>\n  <b/> <!-- note -->\n  <c>v</c>\n</a>\n")
        let into = try Self.streamed(Array(text.utf8), [.insert("v", into: "b", key: "c")], slice: 3)
        #expect(String(decoding: into, as: UTF8.self) == "<a>\n  <b>\n    <c>v</c>\n  </b> <!-- note -->\n</a>\n")
        let crlf = "<a>\r\n\t<b/>\r\n</a>"
        let first = try Self.streamed(Array(crlf.utf8), [.insert("v", into: ".", key: "c", at: 0)], slice: 2)
        #expect(String(decoding: first, as: UTF8.self) == "<a>\r\n\t<c>v</c>\r\n\t<b/>\r\n</a>")
    }

    @Test func severalInsertsInOneRun() throws {
        let text = "<a>\n  <b>\n    <c/>\n  </b>\n  <d>x</d>\n</a>\n"
        Self.expectSame(Array(text.utf8), [
            .insert("1", into: "b", key: "e"), .insert("2", before: "d", key: "f"), .insert("3", after: "d"),
            .set("d", to: "y"), .rename("b.c", to: "g"), .insert("4", into: ".", key: "h"),
        ])
        // Two inserts at one place conflict, as in memory.
        Self.expectSame(Array(text.utf8), [.insert("1", after: "b", key: "e"), .insert("2", before: "d", key: "f")])
        Self.expectSame(Array(text.utf8), [.insert("1", into: "b", key: "e"), .insert("2", into: "b", key: "f")])
        Self.expectSame(Array(text.utf8), [.remove("b"), .insert("2", into: "b", key: "f")])
        // A set of an element's text and an element inserted into it: whatever
        // the chunks, the same bytes as in memory, or, where the stream cannot
        // tell yet whether they touch, not streamable (docq then takes the tree).
        let both: [Edit] = [.set("d", to: "y"), .insert("1", into: "d", key: "e")]
        let expected = try? DocumentEditor(bytes: Array(text.utf8)).applying(both).bytes
        #expect(expected != nil)
        for edits in [both, both.reversed()] {
            // Read whole, the content shows at once: the same bytes.
            #expect(try Self.streamed(Array(text.utf8), edits, slice: nil) == expected)
            for slice in [1, 3, 20] {
                do {
                    #expect(try Self.streamed(Array(text.utf8), edits, slice: slice) == expected, "slice \(String(describing: slice))")
                } catch let error as QueryError {
                    #expect(error.kind == .notStreamable, "slice \(String(describing: slice)): \(error)")
                }
            }
        }
        // A removal before an insert is no conflict: it learns where it ends first.
        #expect(Self.expectSame(Array(text.utf8), [.remove("b"), .insert("2", into: "d", key: "f"), .insert("3", after: "d", key: "g")]))
    }

    @Test func whatCannotStreamIsRefused() throws {
        let text = Array("<a>\n  <b/>\n</a>\n".utf8)
        func kind(_ edits: [Edit]) -> QueryError.Kind? {
            do {
                _ = try Self.streamed(text, edits, slice: 3)
                return nil
            } catch {
                return (error as? QueryError)?.kind
            }
        }
        // An index from the end takes the count of child elements from a
        // first pass, which follows keys and indexes; after a filter, from
        // the element held whole.
        #expect(try Self.streamed(text, [.insert("v", into: ".", key: "c", at: -1)], slice: 3)
            == DocumentEditor(bytes: text).applying([.insert("v", into: ".", key: "c", at: -1)]).bytes)
        #expect(kind([.insert("v", into: "b[?x]", key: "c", at: -1)]) == .noMatch)
        #expect(kind([.insert("v", into: "b[?. == '']", key: "c", at: -1)]) == .invalidEdit)
        #expect(kind([.insert("v", into: ".", key: "c", at: -3)]) == .invalidEdit)
        #expect(kind([.insert("v", into: ".", key: "c", at: 2)]) == .invalidEdit)
        #expect(kind([.insert("v", before: ".", key: "c")]) == .invalidEdit)
        #expect(kind([.insert(["x": 1], into: ".")]) == .invalidEdit)
        #expect(kind([.insert("v", into: ".", key: "not a name")]) == .invalidEdit)
        #expect(kind([.insert("v", into: "z", key: "c")]) == .noMatch)
        // More than 16 KiB of text between the last child element and the end tag.
        let long = Array(("<a>\n  <b/>" + String(repeating: "t", count: 40_000) + "</a>\n").utf8)
        do {
            _ = try Self.streamed(long, [.insert("v", into: ".", key: "c")], slice: 1000)
            Issue.record("a long hold streamed")
        } catch let error as QueryError {
            #expect(error.kind == .notStreamable && error.message.contains("16 KiB"))
        }
        // Below the limit it streams, as in memory.
        let short = Array(("<a>\n  <b/>" + String(repeating: "t", count: 4_000) + "</a>\n").utf8)
        #expect(Self.expectSame(short, [.insert("v", into: ".", key: "c")], slices: [1000]))
    }

    /// A document in a legacy encoding: new content converted into it, a
    /// character it lacks as a character reference, as in memory.
    @Test(arguments: ["ISO-8859-1", "EUC-KR"])
    func legacyEncodings(_ label: String) throws {
        let text = "<?xml version=\"1.0\" encoding=\"\(label)\"?>\n<a k='é'>\n  <b>é 1</b>\n  <c x=\"é\"/>\n</a>\n"
        let localized = label == "EUC-KR" ? text.replacingOccurrences(of: "é", with: "한글") : text
        let bytes = try Transcoder.encode(Array(localized.utf8), to: CharacterEncoding(label: label)) { _ in "?" }
        var applied = 0
        for path in [".", "b", "c"] {
            for edit in [
                Edit.insert("ü € 한 ô", into: path, key: "n"), .insert("ü € 한", into: path), .insert("é", before: path, key: "p"),
                .insert(["x": "한 é"], after: path, key: "q"),
            ] where Self.expectSame(bytes, [edit], slices: [nil, 1, 3]) {
                applied += 1
            }
        }
        #expect(applied >= 10)
    }
}

extension XMLStreamedInsertDifferentialTests {
    /// Inserts and other edits in one transaction on a large document, in
    /// chunks of several sizes.
    @Test func severalInsertsInOneRunOnMondial() throws {
        let bytes = [UInt8](try Data(contentsOf: try SharedData.url("bench-data/xml/mondial-3.0.xml")))
        let edits: [Edit] = [
            .insert("x", into: "country", key: "flag"), .insert("y", before: "country.province.city", key: "district"),
            .insert(["k": "v"], after: "country.city.name", key: "note"), .set("country.city.population", to: ["@year": "1", "n": 2]),
            .insert("t", into: "country.province.city.name"), .rename("country.car_code", to: "code"), .remove("continent"),
        ]
        #expect(XMLStreamedInsertTests.expectSame(bytes, edits, slices: [nil, 4093, 65536]))
    }
}

/// Every insert form, streamed against in memory, on real documents.
@Suite struct XMLStreamedInsertDifferentialTests {
    static let documents: [URL] = {
        let bench = ["sample_rss.xml", "libreoffice_document.fodt", "mondial-3.0.xml"].compactMap {
            try? SharedData.url("bench-data/xml/\($0)")
        }
        return bench + XMLStreamedEditDifferentialTests.documents.filter { $0.path.contains("Examples/documents") }
    }()

    @Test func theCorporaAreThere() {
        #expect(Self.documents.count >= 3 + 6)
    }

    @Test(arguments: documents)
    func everyInsertFormStreamsAsInMemory(_ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        let original = try DocumentEditor(bytes: bytes)
        let large = bytes.count > 100_000
        // The paths of nodes and of their parents (most picked nodes are attributes), and the root.
        // A large document gets one node: each edit of it loads it whole twice (a second a time in
        // debug builds), and severalInsertsInOneRunOnMondial edits many places of one.
        var paths = ["."]
        for path in XMLStreamedEditDifferentialTests.paths(in: original.document, limit: large ? 1 : 6, seed: 6) {
            let parent = path.split(separator: ".").dropLast().joined(separator: ".")
            for candidate in [path, parent] where !candidate.isEmpty && !paths.contains(candidate) { paths.append(candidate) }
        }
        #expect(paths.count >= 2, "\(url.lastPathComponent)")
        var applied = 0
        for path in paths {
            for edit in XMLStreamedInsertTests.forms(path)
            where XMLStreamedInsertTests.expectSame(bytes, [edit], slices: large ? [4093] : [nil, 1, 7], editor: original) {
                applied += 1
            }
        }
        #expect(applied >= 4, "\(url.lastPathComponent) \(paths)")
    }
}
