import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

/// Configuration files as people write them (Examples/documents/jsonc: VS
/// Code's settings and key bindings, tsconfig.json, jsconfig.json, a dev
/// container, .eslintrc.json), read as JSON with comments: every value is
/// the independent reader's (Python's `json5`), a write-back without edits
/// is byte-identical, and random edits agree with a model and stay inside
/// their spans (``EditDifferentialTests``).
@Suite struct JSONWithCommentsCorpusTests {
    static let folder = SharedData.packageRoot.appendingPathComponent("Examples/documents/jsonc")

    static let files: [URL] = {
        let names = [
            "settings.json", "keybindings.json", "tsconfig.json", "jsconfig.json", ".devcontainer/devcontainer.json",
            ".eslintrc.json", "extensions.json", "launch.json",
        ]
        return names.map { folder.appendingPathComponent($0) }
    }()

    static let options: LoadOptions = {
        var options = LoadOptions()
        options.readsJSONWithComments = true
        return options
    }()

    /// Why Python's json5 cannot run here, or `nil` when it can.
    static let missingJSON5 = MissingTool.reason(
        "python3 -c 'import json5'", hint: "python3 or its json5 package is missing (pip install json5)")

    static var requiresJSON5: Bool { ProcessInfo.processInfo.environment["DOCQ_REQUIRE_JSON5"] == "1" }

    @Test(.enabled(if: missingJSON5 == nil || requiresJSON5, "\(missingJSON5 ?? "")"))
    func valuesAreThoseOfAnIndependentReader() throws {
        if let missing = Self.missingJSON5 {
            Issue.record("DOCQ_REQUIRE_JSON5=1 but \(missing)")
            return
        }
        // json5 (a superset of JSON with comments) reads each file; json writes it back as strict JSON, one a line.
        let script = """
            import json, json5, sys
            for path in sys.argv[1:]:
                with open(path, encoding="utf-8") as f:
                    print(json.dumps(json5.load(f)))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + Self.files.map(\.path)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == Self.files.count)
        for (file, line) in zip(Self.files, lines) {
            let ours = try Document(contentsOf: file, options: Self.options)
            let theirs = try Document(string: String(line))
            #expect(Self.sameValue(ours.root, theirs.root), "\(file.lastPathComponent)")
            #expect(ours.nodeCount > 5)
        }
    }

    /// Values compared as JSON values: members in order, numbers by value.
    static func sameValue(_ a: Node, _ b: Node) -> Bool {
        guard a.kind == b.kind else { return false }
        switch a.kind {
        case .object:
            let (x, y) = (Array(a.children), Array(b.children))
            return x.count == y.count && zip(x, y).allSatisfy { $0.name == $1.name && sameValue($0, $1) }
        case .array:
            let (x, y) = (Array(a.children), Array(b.children))
            return x.count == y.count && zip(x, y).allSatisfy { sameValue($0, $1) }
        case .number:
            return Double(a.string ?? "") == Double(b.string ?? "")
        default:
            return a.string == b.string
        }
    }

    @Test func writeBackWithoutEditsIsByteIdentical() throws {
        for file in Self.files {
            let bytes = [UInt8](try Data(contentsOf: file))
            var editor = try DocumentEditor(bytes: bytes, options: Self.options)
            try editor.apply([])
            #expect(editor.bytes == bytes, "\(file.lastPathComponent)")
            // Each plain scalar set to itself changes nothing either.
            let scalars = (1..<UInt32(editor.document.nodeCount)).map { editor.document.node(at: $0) }.filter {
                [.number, .true, .false, .null].contains($0.kind) || ($0.kind == .string && !($0.string ?? "").contains { $0 == "\\" || $0 == "\"" || $0.asciiValue.map { $0 < 0x20 } == true })
            }
            let edits = scalars.compactMap { node in PathQuery.canonicalPath(of: node).map { Edit.set($0, to: EditValue(node)) } }
            #expect(!edits.isEmpty)
            try editor.apply(edits)
            #expect(editor.bytes == bytes, "\(file.lastPathComponent): a set to the same values")
        }
    }

    /// The random edits held whole, and streamed (``StreamedEdit``, in
    /// chunks of 1 byte to the whole input) wherever they stream: the same
    /// bytes (``EditDifferentialTests/check(_:options:_:)``).
    @Test func twoThousandRandomEdits() throws {
        var generator = SplitMix64(seed: 0x32)
        let editors = try Self.files.map { try DocumentEditor(bytes: [UInt8](Data(contentsOf: $0)), options: Self.options) }
        var differential = EditDifferentialTests()
        var checked = 0
        var attempts = 0
        while checked < 2_000, attempts < 8_000 {
            attempts += 1
            let editor = editors[Int.random(in: 0..<editors.count, using: &generator)]
            if try differential.check(editor, options: Self.options, &generator) { checked += 1 }
        }
        #expect(checked == 2_000, "only \(checked) of \(attempts) attempts applied")
        // Sets stream the lean way; removals, inserts and renames below the root's members through the transaction.
        let (streamed, lean) = (differential.streamedCount, differential.leanCount)
        #expect(streamed >= 600 && lean >= 200 && streamed - lean >= 200, "streamed \(streamed) (\(lean) lean)")
    }

    /// Every comment of the input is still in the output of any one edit,
    /// but for those a removal takes (its line comment) or a set replaces.
    @Test func editsKeepTheCommentsOnLinesOfTheirOwn() throws {
        let file = Self.folder.appendingPathComponent("settings.json")
        let bytes = [UInt8](try Data(contentsOf: file))
        let text = String(decoding: bytes, as: UTF8.self)
        let ownLine = text.split(separator: "\n").filter { $0.drop { $0 == " " }.hasPrefix("//") }
        #expect(ownLine.count > 5)
        let editor = try DocumentEditor(bytes: bytes, options: Self.options)
        for edit: Edit in [
            .remove(#"editor\.rulers"#), .remove(#"files\.eol"#), .remove(#"remote\.SSH\.defaultExtensions"#),
            .insert(true, into: ".", key: "new"), .insert(1, into: #"files\.exclude"#, key: "x"),
            .set(#"editor\.fontSize"#, to: 16),
        ] {
            let output = String(decoding: try editor.applying([edit]).bytes, as: UTF8.self)
            for line in ownLine { #expect(output.contains(line), "\(edit) lost \(line)") }
        }
    }
}
