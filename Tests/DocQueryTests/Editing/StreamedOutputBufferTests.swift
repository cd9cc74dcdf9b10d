import DocQuery
import Testing

/// The blocks a streamed edit's output goes out in: every byte once, in
/// order, in blocks no larger than the buffer unless a piece itself is.
@Suite struct StreamedOutputBufferTests {
    @Test func piecesGoOutInOrderInBlocks() {
        let buffer = StreamedOutputBuffer(capacity: 8)
        var out: [UInt8] = []
        var blocks: [Int] = []
        let deliver: (UnsafeRawBufferPointer) -> Void = { block in
            out.append(contentsOf: block)
            blocks.append(block.count)
        }
        var sent: [UInt8] = []
        for (number, size) in [3, 0, 4, 1, 2, 20, 5, 8, 1].enumerated() {
            let piece = (0..<size).map { UInt8(truncatingIfNeeded: number * 16 + $0) }
            sent += piece
            piece.withUnsafeBytes { buffer.append($0, to: deliver) }
        }
        #expect(blocks == [8, 2, 20, 5, 8], "held until full, a piece of 20 as it is")
        buffer.flush(to: deliver)
        buffer.flush(to: deliver)
        #expect(out == sent)
        #expect(blocks == [8, 2, 20, 5, 8, 1], "the rest once, at the end")
    }
}
