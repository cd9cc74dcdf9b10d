import Foundation
import Testing
import TestSupport
@testable import DocTree

/// The streamed reader is the one scan resumed chunk after chunk: however
/// the input is cut, it accepts and rejects what a whole-buffer load does,
/// with the same message at the same place, and selects the same candidates.
@Suite(.timeLimit(.minutes(TestTiming.minutes(2))))
struct StreamChunkingTests {
    /// What a streamed read gave: each candidate as compact JSON, then the
    /// error (message and location), if any.
    struct Outcome: Equatable, CustomStringConvertible {
        var candidates: [String] = []
        var error: String?

        var description: String { "\(candidates) \(error ?? "no error")" }
    }

    static func describe(_ error: LoadError) -> String {
        "\(error.kind) \(error.location.map { "\($0.byteOffset) \($0.line):\($0.column)" } ?? "-") \(error.message)"
    }

    /// Reads `bytes` streamed `slice` bytes at a time (`nil`: as they come).
    static func streamed(_ bytes: [UInt8], _ keys: [String?], slice: Int?) -> Outcome {
        var outcome = Outcome()
        do {
            try StreamingLoad.run(
                ChunkedInput(bytes: bytes, sliceSize: slice), matcher: MemberChainMatcher(keys), options: LoadOptions(format: .json)
            ) { candidate in
                outcome.candidates.append(candidate.document.root.jsonString())
            }
        } catch .load(let error) {
            outcome.error = describe(error)
        } catch {
            outcome.error = "\(error)"
        }
        return outcome
    }

    /// Reads `bytes` streamed in exactly two chunks, cut at `cut`.
    static func streamed(_ bytes: [UInt8], _ keys: [String?], cutAt cut: Int) -> Outcome {
        var outcome = Outcome()
        var scanner = JSONStreamScanner(
            input: ChunkedInput(bytes: Array(bytes[cut...])), head: Array(bytes[..<cut]), skip: 0,
            matcher: MemberChainMatcher(keys), options: LoadOptions())
        do {
            try scanner.run(emit: { outcome.candidates.append($0.document.root.jsonString()) }, nextValue: {})
        } catch .load(let error) {
            outcome.error = describe(error)
        } catch {
            outcome.error = "\(error)"
        }
        return outcome
    }

    @Test("JSON in UTF-16 or UTF-32, with a byte order mark or without, is refused by name", arguments: [
        ("UTF-16LE", [UInt8]()), ("UTF-16BE", []), ("UTF-32LE", []), ("UTF-32BE", []),
        ("UTF-16LE", [0xFF, 0xFE]), ("UTF-32BE", [0, 0, 0xFE, 0xFF]),
    ])
    func wideUnicodeIsRefused(encoding: String, mark: [UInt8]) throws {
        let bytes = mark + TestText.bytes(#"{"a": [1, 2]}"#, in: encoding)
        for options in [LoadOptions(), LoadOptions(format: .json)] {
            do {
                try StreamingLoad.run(ChunkedInput(bytes: bytes), matcher: MemberChainMatcher(["a"]), options: options) { _ in
                    Issue.record("a candidate from \(encoding)")
                }
                Issue.record("\(encoding) was read")
            } catch .load(let error) {
                #expect(error.kind == .unsupportedEncoding)
                #expect(error.message.contains("UTF-8 only, and this input is \(encoding)"), "\(error.message)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    static let nothing: [String?] = ["no such key"]

    /// The JSONTestSuite files in UTF-8 (streaming reads UTF-8 only).
    static let files: [URL] = ((try? SharedData.files(in: JSONTestSuiteTests.folder, withExtension: "json")) ?? [])
        .filter { file in
            guard let bytes = try? [UInt8](Data(contentsOf: file)) else { return false }
            return !bytes.starts(with: [0xFE, 0xFF]) && !bytes.starts(with: [0xFF, 0xFE]) && !bytes.contains(0)
        }

    @Test func theSuiteIsThere() {
        #expect(Self.files.count > 300)
    }

    @Test(arguments: files)
    func tinyChunksGiveTheWholeBufferVerdict(_ file: URL) throws {
        let bytes = try [UInt8](Data(contentsOf: file))
        let name = file.lastPathComponent
        // The whole-buffer verdict, when the input is one value or a mistake
        // (several values are a stream, which the whole-buffer load refuses).
        var expected: Outcome?
        do {
            if case .document(let document) = try JSONScanner.read(bytes, options: LoadOptions()) {
                expected = Outcome(candidates: [document.root.jsonString()])
            }
        } catch {
            expected = Outcome(error: Self.describe(error))
        }
        let root = Self.streamed(bytes, [], slice: nil)
        if var expected {
            #expect(root == expected, "\(name)")
            expected.candidates = []
            #expect(Self.streamed(bytes, Self.nothing, slice: nil) == expected, "\(name)")
        }
        for slice in [1, 2, 3, 7] {
            #expect(Self.streamed(bytes, [], slice: slice) == root, "\(name), slices of \(slice)")
            #expect(
                Self.streamed(bytes, Self.nothing, slice: slice) == Self.streamed(bytes, Self.nothing, slice: nil),
                "\(name), slices of \(slice)")
        }
    }

    static let document = Array(
        """
        {"a":[1,-2.5e3,"x\\u00e9\\ud83d\\ude00 é",true,false,null,{"b":{"c":[]}},[0]],
         "k\\"ey":{"a":7}, "a" : "tail", "n":{"a":{"a":12345678901234567890}},
         "a":-0.0e+1}\r\n  {"a":  [ ]}\t{"b":1} "top" 42 {"a":true}
        """.utf8)

    @Test func aCutAtEveryByteGivesTheSameCandidates() {
        for keys: [String?] in [["a"], [nil, "a"], ["n", nil], [nil], []] {
            let whole = Self.streamed(Self.document, keys, slice: nil)
            #expect(whole.error == nil)
            #expect(!whole.candidates.isEmpty)
            for cut in 0...Self.document.count {
                #expect(Self.streamed(Self.document, keys, cutAt: cut) == whole, "\(keys), cut at \(cut)")
            }
        }
        // A member candidate keeps its key.
        #expect(Self.streamed(Self.document, ["a"], slice: nil).candidates == [
            #"{"a":[1,-2.5e3,"xé😀 é",true,false,null,{"b":{"c":[]}},[0]]}"#, #"{"a":"tail"}"#, #"{"a":-0.0e+1}"#,
            #"{"a":[]}"#, #"{"a":true}"#,
        ])
    }

    @Test func aLongStringAcrossManyChunksIsReadWhole() throws {
        let long = String(repeating: "abcdefgh", count: 40_000)
        // Escapes on the way: `\"` and `\u00e9`.
        let text = #"{"a":[""# + long + #"\""# + long + #"\u00e9", ""# + long + #""],"b":1}"#
        let bytes = Array(text.utf8)
        let whole = try JSONScanner.parse(bytes, options: LoadOptions())
        let expected = Outcome(candidates: [#"{"a":"# + whole.root.children.first!.jsonString() + "}"])
        for slice in [997, 65_536] {
            #expect(Self.streamed(bytes, ["a"], slice: slice) == expected, "slices of \(slice)")
        }
        // Cut short inside the string: the string is unterminated, located at its quote.
        let cut = Array(bytes[..<(bytes.count / 2)])
        #expect(Self.streamed(cut, Self.nothing, slice: 4096).error?.hasPrefix("invalidSyntax 6 1:7 unterminated string") == true)
    }

    @Test func aCutAtEveryByteOfAMistakeGivesTheSameError() throws {
        for text in [#"{"a":[1,2,"x\u12"]}"#, #"{"a" "b"}"#, "[1,\n tru ]", "[\"\u{7}\"]", "{\"ab\":[1,2}", "[1.e5]", "[\"é\u{FFFF}\\ud800\"]"] {
            let bytes = Array(text.utf8)
            let expected = Outcome(error: Self.describe(try #require(JSONReaderAgreementTests.strictError(bytes))))
            for cut in 0...bytes.count {
                #expect(Self.streamed(bytes, Self.nothing, cutAt: cut) == expected, "\(text), cut at \(cut)")
            }
        }
    }

    @Test func aCandidateAfterAMalformedOneStartsAfresh() throws {
        // The second value fails after its key `b`, inside its candidate; the third, a scalar, has no name.
        let text = "{\"a\":1}\n{\"b\": x}\n5\n{\"a\":2,\"a\":3}\n"
        for slice in [1, 3, nil] as [Int?] {
            var candidates: [String] = []
            var errors = 0
            try StreamingLoad.run(
                ChunkedInput(bytes: Array(text.utf8), sliceSize: slice), matcher: MemberChainMatcher([]),
                options: LoadOptions(format: .json), malformed: { _ in errors += 1 }
            ) { candidate in
                let root = candidate.document.root
                candidates.append("\(root.name ?? "-") \(root.jsonString()) \(candidate.document.table.nodes[Int(root.index)].hasDuplicateKeys)")
            }
            #expect(candidates == [#"- {"a":1} false"#, "- 5 false", #"- {"a":2,"a":3} true"#], "slices of \(String(describing: slice))")
            #expect(errors == 1)
        }
    }
}
