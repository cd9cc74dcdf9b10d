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

    func failure(_ text: String, _ edits: [Edit]) -> (any Error)? {
        do {
            _ = try streamed(text, edits, slice: 3)
            return nil
        } catch {
            return error
        }
    }

    func kind(_ error: (any Error)?) -> QueryError.Kind? { (error as? QueryError)?.kind }

    /// The kinds of error `edits` give held whole and streamed.
    func bothFailures(_ text: String, _ edits: [Edit]) -> (held: QueryError.Kind?, streamed: QueryError.Kind?) {
        var held: QueryError.Kind?
        do { _ = try inMemory(text, edits) } catch { held = kind(error) }
        return (held, kind(failure(text, edits)))
    }

    @Test func unchangedBytesStayWhereverChunksEnd() throws {
        // A BOM, a DOCTYPE with an entity, CDATA, comments, PIs, CRLF line
        // ends, references, both quote styles: everything but the edited value stays.
        let text = "\u{FEFF}<?xml version=\"1.0\"?>\r\n<!DOCTYPE r [<!ENTITY e \"E\">]>\r\n<r a='1' b=\"&amp;\">\r\n  <!-- c --><?pi x?>\r\n"
            + "  <v>&e;&#65;<![CDATA[<x>]]></v>\r\n  <w>old</w>\r\n</r>\r\n"
        for slice in [nil, 1, 2, 5] {
            let (out, counts) = try streamed(text, [.set("w", to: "new")], slice: slice)
            #expect(out == text.replacingOccurrences(of: "<w>old</w>", with: "<w>new</w>"))
            #expect(counts == [1])
        }
        try expectSame(text, [.set("v", to: "plain"), .set("a", to: "2"), .remove("b")])
    }

    @Test func countsEveryMatch() throws {
        let text = "<r><i id=\"1\"><n>a</n></i><i id=\"2\"><n>b</n></i><i><n>c</n></i></r>"
        let (out, counts) = try streamed(text, [.set("i.n", to: "x"), .set("i.id", to: "0")], slice: 4)
        #expect(out == "<r><i id=\"0\"><n>x</n></i><i id=\"0\"><n>x</n></i><i><n>x</n></i></r>")
        #expect(counts == [3, 2])
        try expectSame(text, [.set("i[2].n", to: "y"), .rename("i[0].id", to: "key")])
    }

    @Test func aPathMatchingNothingFails() {
        #expect(kind(failure(Self.pom, [.set("missing", to: "1")])) == .noMatch)
        #expect(kind(failure(Self.pom, [.set("version", to: "1"), .remove("plugin.absent")])) == .noMatch)
    }

    @Test func malformedInputFailsWhereItIs() {
        let error = failure("<a>\n  <b>1</b>\n  <c></a>\n", [.set("b", to: "2")]) as? LoadError
        #expect(error?.kind == .invalidSyntax)
        #expect(error?.location?.line == 3)
        #expect(failure("<a><b>1</b>", [.set("b", to: "2")]) is LoadError)
    }

    @Test func refusesWhatTheInMemoryEditorRefuses() {
        #expect(kind(failure("<a><b><c/></b></a>", [.set("b", to: "1")])) == .invalidEdit)
        #expect(kind(failure("<a><b><!-- x -->t</b></a>", [.set("b", to: "1")])) == .invalidEdit)
        #expect(kind(failure("<a><b>1</b></a>", [.rename("b", to: "not a name")])) == .invalidEdit)
        #expect(kind(failure("<a x='1' y='2'/>", [.rename("x", to: "y")])) == .invalidEdit)
        #expect(kind(failure("<!DOCTYPE a [<!ENTITY e '<b>x</b>'>]><a>&e;</a>", [.set("b", to: "1")])) == .invalidEdit)
        #expect(kind(failure("<!DOCTYPE a [<!ATTLIST a d CDATA 'v'>]><a/>", [.set("d", to: "1")])) == .invalidEdit)
    }

    @Test func overlappingEditsAreRejected() {
        #expect(kind(failure("<a><b><c>1</c></b></a>", [.remove("b"), .set("b.c", to: "2")])) == .conflictingEdits)
        #expect(kind(failure("<a><b x='1'>1</b></a>", [.remove("b"), .set("b.x", to: "2")])) == .conflictingEdits)
        #expect(kind(failure("<a><b>1</b></a>", [.set("b", to: "2"), .set("b", to: "3")])) == .conflictingEdits)
        #expect(kind(failure("<a><b>1</b></a>", [.rename("b", to: "c"), .remove("b")])) == .conflictingEdits)
    }

    @Test func setAndRenameOfOneElementGoTogether() throws {
        try expectSame("<a><b>1</b></a>", [.rename("b", to: "c"), .set("b", to: "2")])
        try expectSame("<a><b>1</b></a>", [.set("b", to: "2"), .rename("b", to: "c")])
    }

    @Test func whatDoesNotStreamSaysSo() {
        #expect(kind(failure(Self.pom, [.set("plugin[?id == 'compiler'][0:][-1].skip", to: "1")])) == .notStreamable)
        #expect(kind(failure(Self.pom, [.set("..version", to: "1")])) == .notStreamable)
    }

    /// A document in a legacy encoding stays in it, as in memory: bytes
    /// outside the edits as they came, new text converted, a character the
    /// encoding lacks as a character reference, whatever the chunks cut.
    @Test(arguments: ["ISO-8859-1", "EUC-KR", "UTF-16", "Shift_JIS"])
    func legacyEncodingsStayTheirs(_ label: String) throws {
        let text = "<?xml version=\"1.0\" encoding=\"\(label)\"?>\n<a k='é'>\n  <b>é 1</b>\n  <c x=\"é\">é</c>\n</a>\n"
        let korean = label == "EUC-KR" ? text.replacingOccurrences(of: "é", with: "한글") : text
        let japanese = label == "Shift_JIS" ? korean.replacingOccurrences(of: "é", with: "日本") : korean
        let bytes = try Transcoder.encode(Array(japanese.utf8), to: CharacterEncoding(label: label)) { _ in "?" }
        let edits: [Edit] = [.set("b", to: "ü € 한"), .set("c.x", to: "ô"), .remove("k"), .rename("c", to: "d")]
        let expected = try DocumentEditor(bytes: bytes).applying(edits).bytes
        #expect(expected != bytes)
        let edit = try XMLStreamedEdit(edits)
        for slice in [nil, 1, 3] {
            var out: [UInt8] = []
            _ = try edit.run(ChunkedInput(bytes: bytes, sliceSize: slice)) { out.append(contentsOf: $0) }
            #expect(out == expected, "\(label), slice \(String(describing: slice))")
            try edit.checkOutput(ChunkedInput(bytes: out, sliceSize: slice))
        }
    }

    @Test func aLegacyDocumentThatDoesNotConvertBackIsRefused() {
        // Bytes not valid in the declared encoding fail where they are.
        let bytes: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"EUC-KR\"?><a><b>".utf8) + [0xFF, 0xFF] + Array("</b></a>".utf8)
        var error: (any Error)?
        do { _ = try streamed(bytes, [.set("b", to: "x")], slice: 5) } catch let caught { error = caught }
        #expect((error as? LoadError)?.kind == .invalidEncoding)
    }

    @Test func anOutputIsReadBack() throws {
        let edit = try XMLStreamedEdit([.set("b", to: "2")])
        let (out, _) = try streamed("<a><b>1</b></a>", [.set("b", to: "2")])
        try edit.checkOutput(ChunkedInput(bytes: Array(out.utf8), sliceSize: 3))
        for broken in ["<a><b>2</a>", "<a><b>2</b>", "<a><b x='1' x='2'/></a>", ""] {
            #expect(throws: QueryError.self, "\(broken)") { try edit.checkOutput(ChunkedInput(bytes: Array(broken.utf8), sliceSize: 3)) }
        }
    }

    @Test func theRootElementCannotBeRemoved() throws {
        #expect(kind(failure("<a><b>1</b></a>", [.remove(".")])) == .invalidEdit)
        #expect(throws: QueryError.self) { try inMemory("<a><b>1</b></a>", [.remove(".")]) }
    }

    @Test func renameElementsAndAttributes() throws {
        try expectSame(Self.pom, [.rename("version", to: "revision"), .rename("plugin.phase", to: "stage")])
        try expectSame(Self.pom, [.rename("packaging", to: "kind")])
    }

    /// An attribute is found in its tag by its name as written, prefix
    /// included; a key names an attribute by its qualified or its local
    /// name; namespace declarations are no attributes.
    @Test func prefixedAttributes() throws {
        let text = "<r xmlns:p=\"urn:p\" xmlns=\"urn:d\">\n  <i p:id=\"1\" id='2'/>\n  <i xmlns:q='urn:q' p:id='3' q:k=\"4\"/>\n</r>\n"
        try expectSame(text, [.set("i.p:id", to: "x")])
        try expectSame(text, [.set("i.id", to: "y & z")])
        try expectSame(text, [.remove("i.q:k"), .rename("i[0].p:id", to: "n")])
        try expectSame(text, [.rename("i.p:id", to: "p:key")])
        let (out, counts) = try streamed(text, [.set("i.id", to: "0")], slice: 2)
        #expect(counts == [3])
        #expect(out == text.replacingOccurrences(of: "\"1\"", with: "\"0\"").replacingOccurrences(of: "'2'", with: "'0'")
            .replacingOccurrences(of: "'3'", with: "'0'"))
        #expect(kind(failure(text, [.rename("i[0].p:id", to: "id")])) == .invalidEdit)
    }

    /// An attribute inserted into each matched element: after the last
    /// one, quoted like it, on a line of its own when that one is, in the
    /// document's line ending; or after the name.
    @Test func insertAnAttribute() throws {
        try expectSame(Self.pom, [.insert("true", into: "plugin", key: "@inherited")])
        try expectSame(Self.pom, [.insert("a \"b\" & 'c'", into: "version", key: "@note")])
        let text = "<r>\r\n  <i\r\n    a='1'\r\n    b='2'/>\r\n  <i a=\"1\">x</i>\r\n  <j/>\r\n</r>\r\n"
        try expectSame(text, [.insert("v", into: "i", key: "@c")])
        try expectSame(text, [.insert("<v>", into: "j", key: "@c"), .rename("j", to: "k"), .set("i[1]", to: "y")])
        try expectSame(text, [.insert(1, into: "i[1]", key: "@n"), .remove("i[0].b")])
        let (out, counts) = try streamed(text, [.insert("v", into: "i", key: "@c")], slice: 1)
        #expect(counts == [2])
        #expect(out.contains("b='2'\r\n    c='v'/>") && out.contains("<i a=\"1\" c=\"v\">x</i>"))
    }

    @Test func anInsertItCannotMakeIsRefused() throws {
        #expect(kind(failure("<a><b x='1'/></a>", [.insert("2", into: "b", key: "@x")])) == .invalidEdit)
        #expect(kind(failure("<a><b x='1'/></a>", [.insert("2", into: "b.x", key: "@y")])) == .invalidEdit)
        #expect(kind(failure("<a><b x='1'/></a>", [.insert("2", into: "b", key: "@not a name")])) == .invalidEdit)
        #expect(kind(failure("<a><b x='1'/></a>", [.insert("2", before: "b", key: "@y")])) == .invalidEdit)
        #expect(kind(failure("<a><b x='1'/></a>", [.insert("2", into: "c", key: "@y")])) == .noMatch)
        #expect(kind(failure("<a><b x='1'/></a>", [.remove("b"), .insert("2", into: "b", key: "@y")])) == .conflictingEdits)
        #expect(throws: QueryError.self) { try inMemory("<a><b x='1'/></a>", [.insert("2", into: "b", key: "@x")]) }
        // An attribute the DTD supplies is one the element has, streamed as in memory.
        let defaulted = "<!DOCTYPE a [<!ATTLIST b d CDATA 'v'>]><a><b/></a>"
        #expect(throws: QueryError.self) { try inMemory(defaulted, [.insert("2", into: "b", key: "@d")]) }
        #expect(kind(failure(defaulted, [.insert("2", into: "b", key: "@d")])) == .invalidEdit)
        try expectSame(defaulted, [.insert("2", into: "b", key: "@e")])
    }

    /// What an element set holds besides text is named in the error.
    @Test func whatAnElementHoldsIsNamed() {
        for (text, named) in [
            ("<a><b><x:c xmlns:x='u'/></b></a>", "the element <x:c>"), ("<a><b><c/></b></a>", "the element <c>"),
            ("<a><b><!--c--></b></a>", "a comment"), ("<a><b><?p x?></b></a>", "a processing instruction"),
        ] {
            let message = (failure(text, [.set("b", to: "1")]) as? QueryError)?.message ?? ""
            #expect(message.contains("holds \(named)"), "\(text): \(message)")
        }
    }
}

/// The streamed XML editor against the in-memory one on real documents:
/// for edits on paths taken from each document, both give the same bytes,
/// or both refuse with the same kind of error.
@Suite struct XMLStreamedEditDifferentialTests {
    static let documents: [URL] = {
        let bench = (try? SharedData.files(in: "bench-data/xml")) ?? []
        let examples = ((try? FileManager.default.contentsOfDirectory(atPath: SharedData.packageRoot.path + "/Examples/documents")) ?? [])
            .filter { $0.hasSuffix(".xml") }.sorted()
            .map { SharedData.packageRoot.appendingPathComponent("Examples/documents/\($0)") }
        return bench + examples
    }()

    @Test func theCorporaAreThere() {
        #expect(Self.documents.count >= 4 + 6)
    }

    enum Outcome: Equatable {
        case bytes([UInt8])
        case failure(String)
    }

    static func outcome(_ body: () throws -> [UInt8]) -> Outcome {
        do {
            return .bytes(try body())
        } catch let error as QueryError {
            return .failure("\(error.kind)")
        } catch {
            return .failure("\(type(of: error))")
        }
    }

    /// Paths of the document's elements and attributes made of plain names,
    /// with their index steps (one node) and without (every node of that name there).
    static func paths(in document: Document, limit: Int, seed: UInt64) -> [String] {
        var generator = SplitMix64(seed: seed)
        var found: [String] = []
        var seen = Set<String>()
        for _ in 0..<(limit * 20) where found.count < limit {
            let node = document.node(at: UInt32.random(in: 1..<UInt32(document.nodeCount), using: &generator))
            guard node.kind == .element || node.kind == .attribute, let path = PathQuery.canonicalPath(of: node), path != ".",
                path.allSatisfy({ $0.isLetter || $0.isNumber || ".:_-[]".contains($0) }), (try? PathQuery(path)) != nil
            else { continue }
            let keysOnly = path.replacing(/\[[0-9]+\]/, with: "")
            for candidate in [path, keysOnly] where seen.insert(candidate).inserted { found.append(candidate) }
        }
        return found
    }

    @Test(arguments: documents)
    func streamedEditsEqualInMemoryEdits(_ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        let original = try DocumentEditor(bytes: bytes)
        let large = bytes.count > 100_000
        let paths = Self.paths(in: original.document, limit: large ? 2 : 12, seed: 18)
        #expect(paths.count >= (large ? 2 : 3), "\(url.lastPathComponent)")
        var compared = 0
        var changed = 0
        for path in paths {
            for edit in [
                Edit.set(path, to: "new & <text>"), .remove(path), .rename(path, to: "renamed"),
                .insert("it's \"new\"", into: path, key: "@added"),
            ] {
                let expected = Self.outcome { try original.applying([edit]).bytes }
                let slices: [Int?] = large ? [4093] : [nil, 1, 5]
                let differing = Self.slices(slices, where: edit, streamedOver: bytes, differsFrom: expected)
                #expect(differing.isEmpty, "\(url.lastPathComponent): \(edit.verbForTests) \(path), slices \(differing)")
                compared += slices.count
                if case .bytes = expected { changed += 1 }
            }
        }
        #expect(changed >= (large ? 1 : 2), "\(url.lastPathComponent): \(compared) comparisons, \(changed) edits that applied")
    }

    /// Those of `slices` (slice sizes of the input) at which `edit`,
    /// streamed over `bytes`, does not give `expected`.
    static func slices(_ slices: [Int?], where edit: Edit, streamedOver bytes: [UInt8], differsFrom expected: Outcome) -> [Int?] {
        slices.filter { slice in
            let streamed = outcome {
                var out: [UInt8] = []
                _ = try XMLStreamedEdit([edit]).run(ChunkedInput(bytes: bytes, sliceSize: slice)) { out.append(contentsOf: $0) }
                return out
            }
            return streamed != expected
        }
    }

    /// Several edits in one run, on distinct nodes, as the in-memory editor.
    @Test func severalEditsInOneRun() throws {
        let url = try SharedData.url("bench-data/xml/mondial-3.0.xml")
        let bytes = [UInt8](try Data(contentsOf: url))
        let edits: [Edit] = [
            .set("country.name", to: "X"), .remove("country.province.city.population"), .rename("country.car_code", to: "code"),
            .set("country[0].population", to: "1"),
        ]
        let expected = try DocumentEditor(bytes: bytes).applying(edits).bytes
        var out: [UInt8] = []
        let counts = try XMLStreamedEdit(edits).run(ChunkedInput(bytes: bytes, sliceSize: 65536)) { out.append(contentsOf: $0) }
        #expect(out == expected)
        #expect(counts.allSatisfy { $0 > 0 } && counts[3] == 1)
    }
}

extension Edit {
    var verbForTests: String { "\(self)".prefix(40).description }
}
