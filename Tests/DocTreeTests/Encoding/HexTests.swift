import Testing
@testable import DocTree

@Suite struct HexTests {
    @Test func readsDigitsOfEitherCase() {
        let digits = Array("0123456789abcdefABCDEF".utf8)
        #expect(digits.map { Hex.digitValue($0)! } == Array(0...15) + Array(10...15))
        for byte in Array("gG/:@`x \u{0}".utf8) { #expect(Hex.digitValue(byte) == nil) }
        let text = Array("u00e9Z".utf8)
        text.withUnsafeBufferPointer { buffer in
            #expect(Hex.value4(buffer, at: 1) == 0xE9)
            #expect(Hex.value4(buffer, at: 2) == nil)  // "0e9Z"
            #expect(Hex.value4(buffer, at: 3) == nil)  // too short
        }
    }

    @Test func writesPaddedUppercase() {
        #expect(Hex.padded(0xE9, digits: 4) == "00E9")
        #expect(Hex.padded(0x1F600, digits: 4) == "1F600")
        #expect(Hex.byte(0x0A) == "0x0A")
        #expect(InputDecoding.hex([0xEF, 0xBB, 0x01]) == "EF BB 01")
    }
}
