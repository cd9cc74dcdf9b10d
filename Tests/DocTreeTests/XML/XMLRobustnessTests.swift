import Foundation
import Testing
@testable import DocTree
import TestSupport

/// Mutated documents must load or fail with a located error; never crash,
/// hang or leave a broken table (debug builds check the table's invariants
/// after every load).
@Suite struct XMLRobustnessTests {
    static let seeds: [String] = [
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE r [<!ENTITY e "ent &#38;#38; <i>x</i>">]>
        <r xmlns="urn:r" xmlns:p="urn:p" a="1" p:b="&e;">
          <p:c>text &amp; more<![CDATA[<raw>]]>&e;</p:c>
          <!-- comment --><?pi data?>
          <d>  </d><e/>mixed <f>in</f> tail
        </r>
        """,
        "<a><b><c>deep</c></b><b x='&lt;&#x1F600;'/></a>",
    ]

    /// Bytes that tend to matter to an XML parser.
    static let interesting: [UInt8] = Array("<>&;/=\"'![]?-:# \n\r\tx".utf8) + [0x00, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]

    @Test(arguments: 0..<2)
    func mutatedDocumentsNeverCrash(_ seedIndex: Int) throws {
        var random = SplitMix64(seed: UInt64(seedIndex) &* 7919 &+ 1)
        let original = Array(Self.seeds[seedIndex].utf8)
        for round in 0..<400 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[position] = Self.interesting.randomElement(using: &random)!
                case 1: bytes.remove(at: position)
                default: bytes.insert(Self.interesting.randomElement(using: &random)!, at: position)
                }
                if bytes.isEmpty { bytes = [0x3C] }
            }
            let options = LoadOptions(format: .xml, keepsComments: round % 2 == 0, keepsProcessingInstructions: true)
            do {
                let document = try loadXML(bytes: bytes, options)
                _ = document.root.text
            } catch {
                if error.location == nil && error.kind != .unsupportedEncoding {
                    Issue.record("no location for \(error) on \(TestText.hex(bytes))")
                }
            }
        }
    }

    @Test func randomBytesNeverCrash() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<300 {
            let count = Int.random(in: 1...64, using: &random)
            var bytes = (0..<count).map { _ in Self.interesting.randomElement(using: &random)! }
            bytes.insert(0x3C, at: 0)
            do {
                _ = try loadXML(bytes: bytes)
            } catch {
                if error.location == nil && error.kind != .unsupportedEncoding {
                    Issue.record("no location for \(error) on \(TestText.hex(bytes))")
                }
            }
        }
    }
}
