@testable import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

/// The streamed edit's layout probe against `JSONLayout(_:)` on the whole
/// document: fed in small pieces, it learns the same line ending,
/// indentation unit, colon and spacing after commas.
@Suite struct JSONLayoutProbeTests {
    /// A whole document's layout is read from its facts only as far as they
    /// settle: here, at the first nested object's first key, not through
    /// the thousand members after it. Facts that never settle (no nested
    /// array in a pretty document) are read to the end, and take defaults.
    @Test func wholeDocumentLayoutIsReadOnlyAsFarAsItShows() {
        let members = (0..<1000).map { "  \"k\($0)\": [\($0)]" }.joined(separator: ",\n")
        let bytes = Array(("{\n  \"a\": [1, 2],\n  \"b\": {\"c\": 1},\n" + members + "\n}\n").utf8)
        bytes.withUnsafeBufferPointer { text in
            let facts = JSONLayoutFacts(text)
            #expect(facts.isSettled && !facts.isWhole)
            let layout = JSONLayout(facts: facts, text: text, comments: false)
            #expect(layout.unit == "  " && layout.colon == ": " && layout.afterComma == " " && layout.newline == "\n")
            #expect(layout.expandsNested == JSONLayout.Expansion(objects: false, arrays: false))
        }
        let flat = Array("{\n\t\"a\": {\"b\": 1,\"c\": 2}\n}".utf8)
        flat.withUnsafeBufferPointer { text in
            let facts = JSONLayoutFacts(text)
            #expect(facts.isWhole && !facts.isSettled)
            let layout = JSONLayout(facts: facts, text: text, comments: false)
            #expect(layout.unit == "\t" && layout.afterComma == "" && layout.expandsNested == JSONLayout.Expansion(objects: false))
        }
    }

    /// The probe's layout of `bytes` fed in pieces of `chunk` bytes, told
    /// that output waits on it for every other piece when `waiting` (its
    /// reads come when the bytes have doubled then, else sixteenfold).
    static func probed(_ bytes: [UInt8], chunk: Int, comments: Bool = false, waiting: Bool = false) -> JSONLayout {
        var probe = JSONLayoutProbe(comments: comments)
        var start = 0
        var piece = 0
        bytes.withUnsafeBufferPointer { all in
            while start < all.count, !probe.isComplete {
                let end = min(start + chunk, all.count)
                probe.take(UnsafeBufferPointer(rebasing: all[start..<end]), waiting: waiting && piece % 2 == 1)
                start = end
                piece += 1
            }
        }
        probe.finish()
        return probe.alternatives()[0]
    }

    /// In JSON with comments, the probe learns whether the document writes
    /// trailing commas as the editor does from the whole document
    /// (`JSONLayout(_:)`), and the rest of the layout
    /// past comments.
    @Test func trailingCommasAndLayoutWithComments() throws {
        let texts = [
            "{\n  \"x\": {\"e\": []},\n  \"y\": [\n    1,\n  ],\n}\n", "{\n  \"y\": [\n    1\n  ],\n}",
            "// head\n{\n\t\"a\": [1, 2,], // one line\n\t\"b\": {\n\t\t\"c\": 1, /* c */\n\t},\n}", "[]", "[1,]",
        ]
        let corpus = try JSONWithCommentsCorpusTests.files.map { String(decoding: try Data(contentsOf: $0), as: UTF8.self) }
        var seen: Set<Bool?> = []
        for text in texts + corpus {
            let bytes = Array(text.utf8)
            let source = JSONSource(try EditableSource(bytes: bytes, options: JSONWithCommentsCorpusTests.options))
            let want = JSONLayout(source)
            let writes = want.trailingComma
            seen.insert(writes)
            for chunk in [1, 5, 64, 1 << 20] {
                let got = Self.probed(bytes, chunk: chunk, comments: true, waiting: chunk == 5)
                #expect(got.trailingComma == writes, "\(text.prefix(40)) in pieces of \(chunk)")
                #expect(got.unit == want.unit && got.colon == want.colon && got.newline == want.newline && got.afterComma == want.afterComma,
                        "\(text.prefix(40)) in pieces of \(chunk): probe \(got), document \(want)")
            }
        }
        #expect(seen == [true, false])
    }

    /// Whether the probe agrees with the whole document's layout, recording the difference.
    @discardableResult
    static func agrees(_ name: String, _ bytes: [UInt8], chunks: [Int]) throws -> Bool {
        let source = try EditableSource(bytes: bytes, options: LoadOptions())
        let want = JSONLayout(JSONSource(source))
        var agreed = true
        for (n, chunk) in chunks.enumerated() {
            let got = probed(bytes, chunk: chunk, waiting: n % 2 == 1)
            let same = got.newline == want.newline && got.unit == want.unit && got.colon == want.colon
                && got.afterComma == want.afterComma
            #expect(same, "\(name) in pieces of \(chunk): probe \(got), document \(want)")
            agreed = agreed && same
        }
        return agreed
    }

    /// The example documents, the JSON suite's accepted documents and the JSON benchmark data.
    @Test func agreesOnTheCorpus() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: SharedData.packageRoot.path + "/Examples/documents")
            .filter { $0.hasSuffix(".json") }
            .map { SharedData.packageRoot.appendingPathComponent("Examples/documents/\($0)") }
        let suite = ((try? SharedData.files(in: "conformance/json-parsing", withExtension: "json")) ?? [])
            .filter { $0.lastPathComponent.hasPrefix("y_") }
        let bench = (try? SharedData.files(in: "bench-data/json", withExtension: "json")) ?? []
        #expect(examples.count >= 5)
        var compared = 0
        for url in examples + suite + bench {
            let bytes = [UInt8](try Data(contentsOf: url))
            guard (try? EditableSource(bytes: bytes, options: LoadOptions())) != nil else { continue }
            let chunks = bytes.count > 100_000 ? [4093, 65_536] : [1, 2, 5, 64, 4096]
            try Self.agrees(url.lastPathComponent, bytes, chunks: chunks)
            compared += 1
        }
        #expect(compared >= 100)
    }

    /// Generated documents: pretty (two spaces, a tab, four spaces), compact,
    /// with LF or CRLF, each container laid out its own way, so the first
    /// one-line container may open anywhere.
    @Test func agreesOnGeneratedDocuments() throws {
        var generator = SplitMix64(seed: 0x1A7_0075)
        for round in 0..<400 {
            var writer = Writer(generator: generator)
            let bytes = Array(writer.document().utf8)
            generator = writer.generator
            try Self.agrees("generated \(round): \(String(decoding: bytes, as: UTF8.self))", bytes, chunks: [1, 3, 16])
        }
    }

    /// Writes random JSON with a random layout.
    struct Writer {
        var generator: SplitMix64
        var newline = "\n"
        var unit = "  "
        var colons = [":"]
        var pretty = true

        mutating func pick<T>(_ choices: [T]) -> T { choices[Int(generator.next() % UInt64(choices.count))] }

        mutating func document() -> String {
            newline = pick(["\n", "\r\n"])
            unit = pick(["  ", "\t", "    "])
            colons = pick([[":"], [": "], [" : "], [":", ": "]])
            pretty = pick([true, true, false])
            let lead = pick(["", " ", "\n", "\u{FEFF}"])
            return lead + value(depth: 0, indent: "") + pick(["", "\n", " "])
        }

        mutating func value(depth: Int, indent: String) -> String {
            let kind = depth > 3 ? Int(generator.next() % 4) : Int(generator.next() % 7)
            switch kind {
            case 0: return pick(["1", "-0.5", "12e3", "0"])
            case 1: return pick(["\"a\"", "\"q\\\"[,:\"", "\"\"", "\"{x, y}\""])
            case 2: return pick(["true", "false", "null"])
            case 3: return pick(["[]", "{}", "[ ]", "{\n}"])
            default:
                let isObject = kind == 5
                let count = Int(generator.next() % 4)
                let multiline = pretty && pick([true, true, false])
                let inner = indent + unit
                let comma = multiline ? "," : pick([",", ", ", " ,", " , "])
                var out = isObject ? "{" : "["
                for k in 0..<count {
                    if k > 0 { out += comma }
                    if multiline { out += newline + inner }
                    if isObject { out += "\"k\(k)\"" + pick(colons) }
                    out += value(depth: depth + 1, indent: multiline ? inner : indent)
                }
                if multiline, count > 0 { out += newline + indent }
                return out + (isObject ? "}" : "]")
            }
        }
    }
}
