import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

/// Streamed XML edits whose path counts from the end (`book[-1].title`):
/// a first pass over the input counts what the index indexes, and the edit
/// then streams with the index from the start. The same bytes, or the same
/// kind of error, as the document held whole, whatever the chunks.
@Suite struct XMLStreamedCountingTests {
    let base = XMLStreamedEditTests()
    static let catalog = XMLStreamedFilterTests.catalog

    @Test func indexesAndSlicesFromTheEnd() throws {
        for path in ["book[-1].title", "book[-2]", "book[-3:].id", "book[1:-1].price", "book[-2:-1]", "book.title[-1]", "*[-1].book"] {
            try base.expectSame(Self.catalog, [.remove(path)])
        }
        try base.expectSame(Self.catalog, [.set("book[-1].title", to: "Last")])
        try base.expectSame(Self.catalog, [.set("book[-2].id", to: "x")])
        try base.expectSame(Self.catalog, [.rename("book[-1]", to: "volume")])
        try base.expectSame(Self.catalog, [.insert("new", into: "book[-1]", key: "@added")])
        try base.expectSame(Self.catalog, [.insert(["title": "Five"], after: "book[-1]", key: "book")])
        // With a filter after it, and beside edits that count from the start.
        try base.expectSame(Self.catalog, [.set("book[-3:][?price > 30].title", to: "X")])
        try base.expectSame(Self.catalog, [.set("book[-1].title", to: "X"), .set("book[0].price", to: "1")])
    }

    /// The count is of every value the steps before the index reach, in
    /// document order: `book[-1]` is the last `book` child of the root,
    /// not the one in `<shelf>`; an index out of range matches nothing.
    @Test func countsWhatTheStepsBeforeReach() throws {
        let (out, counts) = try base.streamed(Self.catalog, [.set("book[-1].title", to: "Last"), .set("shelf.book[-1].title", to: "Shelved")])
        #expect(counts == [1, 1])
        #expect(out.contains("<title>Last</title>\n    <price>50</price>"))
        #expect(out.contains("<title>Shelved</title><price>60</price>"))
        #expect { try base.streamed(Self.catalog, [.remove("book[-4]")]) } throws: { ($0 as? QueryError)?.kind == .noMatch }
        #expect((try? base.inMemory(Self.catalog, [.remove("book[-4]")])) == nil)
    }

    @Test func inAnotherEncoding() throws {
        let text = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<r><v>caf\u{E9}</v><v>na\u{EF}ve</v></r>\n"
        let bytes = Array(text.unicodeScalars.map { UInt8($0.value) })
        let edits: [Edit] = [.set("v[-1]", to: "d\u{E9}j\u{E0}")]
        let expected = try DocumentEditor(bytes: bytes).applying(edits).bytes
        for slice in [nil, 1, 7] {
            var out: [UInt8] = []
            _ = try XMLStreamedEdit(edits).run(ChunkedInput(bytes: bytes, sliceSize: slice)) { out.append(contentsOf: $0) }
            #expect(out == expected, "slice \(String(describing: slice))")
        }
    }

    /// A file is read twice, the count from its start however far the
    /// edit's own reading has gone.
    @Test func aFileIsReadTwice() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("counting-\(UUID().uuidString).xml")
        try Data(Self.catalog.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let edits: [Edit] = [.set("book[-1].title", to: "Last")]
        var out: [UInt8] = []
        _ = try StreamedEdit(edits).run(contentsOf: url) { out.append(contentsOf: $0) }
        #expect(String(decoding: out, as: UTF8.self) == (try base.inMemory(Self.catalog, edits)))
    }

    /// A pipe can be read once: the refusal says so, under the step.
    @Test func aPipeIsRefused() throws {
        let input = ChunkedInput(descriptor: pipeHolding(Array(Self.catalog.utf8)), closesOnEnd: true, label: "(pipe)")
        #expect { try XMLStreamedEdit([.set("book[-1].title", to: "X")]).run(input) { _ in } } throws: { error in
            guard let error = error as? QueryError, error.kind == .notStreamable else { return false }
            // The caret is under `[-1]`, four scalars into the path.
            return error.message.contains("can be read only once") && error.description.contains("\n" + String(repeating: " ", count: 2 + 4) + "^~~~")
        }
    }

    /// A second step that counts from the end is refused where it stands.
    @Test func aSecondIndexFromTheEndIsRefused() {
        #expect { try XMLStreamedEdit([.set("book[-1].tags.tag[-1]", to: "X")]) } throws: { error in
            guard let error = error as? QueryError, error.kind == .notStreamable else { return false }
            // Under the second `[-1]`, 17 scalars into the path.
            return error.description.contains("\n" + String(repeating: " ", count: 2 + 17) + "^~~~")
        }
    }
}

/// Paths from real documents given an index or slice from the end after
/// one of their keys: the streamed editor and the in-memory one give the
/// same bytes, or refuse with the same kind of error.
@Suite struct XMLStreamedCountingDifferentialTests {
    @Test(arguments: XMLStreamedEditDifferentialTests.documents)
    func countedEditsEqualInMemoryEdits(_ url: URL) throws {
        typealias Differential = XMLStreamedEditDifferentialTests
        let bytes = [UInt8](try Data(contentsOf: url))
        let original = try DocumentEditor(bytes: bytes)
        let large = bytes.count > 100_000
        var generator = SplitMix64(seed: 29)
        let keysOnly = Differential.paths(in: original.document, limit: large ? 4 : 16, seed: 29).filter { !$0.contains("[") }
        let positions = ["[-1]", "[-2]", "[-2:]", "[1:-1]", "[-9]"]
        var changed = 0
        for path in keysOnly.prefix(large ? 2 : 6) {
            let keys = path.split(separator: ".")
            let after = Int(generator.next() % UInt64(keys.count))
            let position = positions[Int(generator.next() % UInt64(positions.count))]
            let counted = keys.enumerated().map { $0.offset == after ? "\($0.element)\(position)" : String($0.element) }.joined(separator: ".")
            for edit in [Edit.set(counted, to: "new & <text>"), .remove(counted), .rename(counted, to: "renamed")] {
                let expected = Differential.outcome { try original.applying([edit]).bytes }
                let differing = Differential.slices(large ? [4093] : [nil, 1, 5], where: edit, streamedOver: bytes, differsFrom: expected)
                #expect(differing.isEmpty, "\(url.lastPathComponent): \(edit.verbForTests), slices \(differing)")
                if case .bytes = expected { changed += 1 }
            }
        }
        #expect(changed >= 1, "\(url.lastPathComponent)")
    }
}
