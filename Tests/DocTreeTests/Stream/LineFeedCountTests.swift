import Testing
import TestSupport
@testable import DocTree

/// The word-at-a-time line feed count (batches of JSON Lines for `-P`)
/// counts exactly what a byte loop counts, whatever the neighbours.
@Suite struct LineFeedCountTests {
    @Test func countsEveryLineFeedAndNothingElse() {
        var generator = SplitMix64(seed: 10)
        // Line feeds next to the bytes a borrow or carry could confuse with them.
        let alphabet: [UInt8] = [0x0A, 0x0A, 0x0B, 0x09, 0x8A, 0x00, 0xFF, 0x7F, 0x80, 0x01, 0x4A]
        for length in 0..<80 {
            for _ in 0..<40 {
                let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
                let counted = bytes.withUnsafeBufferPointer(RecordReader.lineFeedCount)
                #expect(counted == bytes.filter { $0 == 0x0A }.count, "\(bytes)")
            }
        }
        let all = [UInt8](repeating: 0x0A, count: 67)
        #expect(all.withUnsafeBufferPointer(RecordReader.lineFeedCount) == 67)
    }
}
