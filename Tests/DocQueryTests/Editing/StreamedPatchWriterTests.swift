import Testing
@testable import DocQuery

/// The output side of a streamed edit, driven directly: its pending patches
/// are packed, and packing must not change what they say.
@Suite struct StreamedPatchWriterTests {
    private static func writer(_ input: String) -> StreamedPatchWriter {
        var writer = StreamedPatchWriter()
        Array(input.utf8).withUnsafeBufferPointer { writer.append($0) }
        return writer
    }

    private static func written(_ writer: inout StreamedPatchWriter, upTo limit: Int) -> String {
        var out: [UInt8] = []
        writer.flush(upTo: limit) { out.append(contentsOf: $0) }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func pendingPatchesArePacked() {
        // One is held per target of an element not decided yet: 600,000 on a large one.
        #expect(MemoryLayout<StreamedPatchWriter.Pending>.stride == 40)
        var patch = StreamedPatchWriter.Pending(lower: 3, upper: nil, replacement: nil, edit: 7)
        #expect(patch.upper == nil && patch.dropLimit == nil && patch.edit == 7 && !patch.isEmpty)
        patch.upper = 3
        patch.dropLimit = 5
        #expect(patch.upper == 3 && patch.dropLimit == 5 && patch.isEmpty)
        patch.dropLimit = nil
        #expect(patch.dropLimit == nil)
    }

    @Test func anOpenPatchDropsUpToItsLimitUntilItCloses() {
        var writer = Self.writer("abcdefghij")
        #expect(writer.add(.init(lower: 2, upper: nil, replacement: Array("XY".utf8), edit: 0, dropLimit: 4)) == nil)
        // Open: written up to its start, its replacement once, then dropped only to its limit.
        #expect(Self.written(&writer, upTo: 8) == "abXY")
        #expect(writer.written == 4)
        writer.updateLast(where: { $0.upper == nil }) {
            $0.upper = 6
            $0.dropLimit = nil
        }
        #expect(Self.written(&writer, upTo: 10) == "ghij")
        #expect(writer.firstPending == nil)
    }

    @Test func aPatchThatOverlapsAPendingOneNamesItsEdit() {
        var writer = Self.writer("abcdefghij")
        #expect(writer.add(.init(lower: 2, upper: 5, replacement: [], edit: 1)) == nil)
        #expect(writer.add(.init(lower: 4, upper: 6, replacement: [], edit: 2)) == 1)
        // An insertion at the end of a replacement touches nothing.
        #expect(writer.add(.init(lower: 5, upper: 5, replacement: Array("+".utf8), edit: 3)) == nil)
        #expect(Self.written(&writer, upTo: 10) == "ab+fghij")
    }
}
