import Foundation
import Testing
@testable import DocTree
import TestSupport

/// Random and mutated inputs: the scanner either builds a tree that
/// re-serialises to itself or throws a located error; it never crashes,
/// hangs or leaves an error without a location, and it accepts exactly
/// what Foundation's `JSONSerialization` accepts. Failures print the input
/// in hex. The generator is seeded, so a failure reproduces.
@Suite struct JSONRobustnessTests {
    /// Bytes that matter to the grammar, plus the UTF-8 edge bytes.
    static let alphabet: [UInt8] = Array("{}[]:,\"\\ 0123456789-+.eEtrufalsn\t\n\r/ub".utf8)
        + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xBB, 0xF0, 0xF4, 0xF5, 0xFF]

    static let seeds: [String] = [
        #"{"a":[1,-2.5e+3,"x\"y\\z\u00e9\uD834\uDD1E",true,false,null,{}],"":{"b":[[]]},"a":0}"#,
        #"[{"id":12345678901234567890,"name":"日本語","tags":["x","y"],"ok":true,"n":null}]"#,
        "{\n  \"deep\": [[[[{\"k\": \"v\"}]]]],\n  \"num\": -0.0e-0\n}\n",
        #""a string with an escape\n and 한국어""#,
        "[0,1,2,3,4,5,6,7,8,9,10.5,1e9,-1E-9]",
    ]

    @Test func randomBytesNeverCrash() {
        var generator = SplitMix64(seed: 0x00D0_C712_EE00_0001)
        var accepted = 0
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...48, using: &generator)
            let bytes = (0..<length).map { _ in
                Bool.random(using: &generator)
                    ? Self.alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            if check(bytes) { accepted += 1 }
        }
        // Random bytes are seldom JSON, but short ones sometimes are (`7`,
        // `""`); each verdict was checked against JSONSerialization's.
        #expect(accepted > 0 && accepted < 3_000)
    }

    @Test func mutatedDocumentsNeverCrash() {
        var generator = SplitMix64(seed: 0x00D0_C712_EE00_0002)
        var accepted = 0
        for _ in 0..<4_000 {
            var bytes = Array(Self.seeds.randomElement(using: &generator)!.utf8)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                mutate(&bytes, using: &generator)
            }
            if check(bytes) { accepted += 1 }
        }
        // Some mutations keep the document valid (a digit for a digit), most do not.
        #expect(accepted > 0 && accepted < 4_000)
    }

    @Test func everyPrefixOfAValidDocumentIsHandled() {
        for seed in Self.seeds {
            let bytes = Array(seed.utf8)
            for end in 0...bytes.count {
                _ = check(Array(bytes[..<end]))
            }
        }
    }

    private func mutate(_ bytes: inout [UInt8], using generator: inout SplitMix64) {
        let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
        let byte = Bool.random(using: &generator)
            ? Self.alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
        switch Int.random(in: 0..<5, using: &generator) {
        case 0 where !bytes.isEmpty: bytes[position] = byte
        case 1: bytes.insert(byte, at: position)
        case 2 where !bytes.isEmpty: bytes.remove(at: position)
        case 3 where !bytes.isEmpty:
            let end = min(bytes.count, position + Int.random(in: 1...8, using: &generator))
            bytes.insert(contentsOf: bytes[position..<end], at: position)
        default: bytes = Array(bytes[..<position])
        }
    }

    /// Loads `bytes`; returns whether they were accepted.
    @discardableResult
    private func check(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
        do {
            let document = try JSONTesting.scan(bytes)
            // What loads re-serialises, and the result loads to the same tree.
            let rendered = JSONTesting.render(document.root)
            let again = try JSONTesting.scan(rendered)
            #expect(JSONTesting.render(again.root) == rendered, "input: \(TestText.hex(bytes))", sourceLocation: sourceLocation)
            // Foundation's parser agrees (the seeds hold no number it cannot represent).
            #expect(
                (try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)) != nil,
                "accepted what JSONSerialization rejects: \(TestText.hex(bytes))", sourceLocation: sourceLocation)
            return true
        } catch {
            #expect(
                [.invalidSyntax, .invalidEncoding, .nestingTooDeep].contains(error.kind),
                "input: \(TestText.hex(bytes))", sourceLocation: sourceLocation)
            let offset = error.location?.byteOffset ?? -1
            #expect(offset >= 0 && offset <= bytes.count, "\(error) for input: \(TestText.hex(bytes))",
                    sourceLocation: sourceLocation)
            // Foundation's parser rejects it too.
            #expect(
                (try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)) == nil,
                "rejected what JSONSerialization accepts (\(error)): \(TestText.hex(bytes))", sourceLocation: sourceLocation)
            return false
        }
    }
}
