import Testing
@testable import DocTree
import TestSupport

@Suite struct UTF8ValidationTests {
    /// (bytes, expected failure as offset/length/truncated, or nil)
    static let cases: [(String, [UInt8], UTF8Validation.Failure?)] = [
        ("empty", [], nil),
        ("ASCII longer than a word", Array("0123456789abcdefghij".utf8), nil),
        ("every length", Array("a é 世 🎉".utf8), nil),
        ("U+10FFFF", [0xF4, 0x8F, 0xBF, 0xBF], nil),
        ("stray continuation", [0x41, 0x80], .init(offset: 1, length: 1, isTruncated: false)),
        ("overlong 2-byte", [0xC1, 0xBF], .init(offset: 0, length: 1, isTruncated: false)),
        ("overlong 3-byte", [0xE0, 0x9F, 0xBF], .init(offset: 0, length: 2, isTruncated: false)),
        ("surrogate", [0xED, 0xA0, 0x80], .init(offset: 0, length: 2, isTruncated: false)),
        ("past U+10FFFF", [0xF4, 0x90, 0x80, 0x80], .init(offset: 0, length: 2, isTruncated: false)),
        ("F5 lead", [0xF5, 0x80, 0x80, 0x80], .init(offset: 0, length: 1, isTruncated: false)),
        ("bad third byte after ASCII word", Array("abcdefgh".utf8) + [0xE4, 0xB8, 0x41], .init(offset: 8, length: 3, isTruncated: false)),
        ("cut off at the end", Array("ab".utf8) + [0xF0, 0x9F, 0x8E], .init(offset: 2, length: 3, isTruncated: true)),
    ]

    @Test(arguments: cases)
    func validates(_ name: String, _ bytes: [UInt8], _ failure: UTF8Validation.Failure?) {
        #expect(bytes.withUnsafeBufferPointer { UTF8Validation.firstFailure(in: $0) } == failure)
    }

    /// Random byte strings, mostly ASCII with some high bytes: the validator
    /// agrees with the standard library's decoder on every one.
    @Test func agreesWithTheStandardLibrary() {
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 24)
            let bytes = (0..<count).map { _ -> UInt8 in
                let r = generator.next()
                return r % 3 == 0 ? UInt8(truncatingIfNeeded: r >> 8) | 0x80 : UInt8(truncatingIfNeeded: r >> 8) & 0x7F
            }
            let valid = bytes.withUnsafeBufferPointer { UTF8Validation.firstFailure(in: $0) } == nil
            let reference = Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
            #expect(valid == reference, "bytes: \(TestText.hex(bytes))")
            if valid != reference { return }
        }
    }
}
