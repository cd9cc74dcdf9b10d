import Foundation
import Testing
import TestSupport
@testable import DocTree

/// `RecordReader.nextBatch(size:)`, the batches of JSON Lines that docq
/// reads on several cores: whole lines that put together give the input
/// back, and readers of the batches, each counting lines from 1, place
/// records where one reader of the whole input places them.
@Suite struct RecordBatchTests {
    /// About 6 KB of JSON Lines: short and long lines (some longer than a
    /// batch), blank lines, CR LF, two records parted by a lone CR, and
    /// malformed records; no line feed at the end.
    static let input: [UInt8] = {
        var generator = SplitMix64(seed: 9)
        var text = ""
        for k in 0..<120 {
            switch generator.next() % 9 {
            case 0: text += "{\"a\": [\(k),}\n"
            case 1: text += "{\"a\":\(k)}\r{\"b\":\"\(String(repeating: "é", count: k % 7))\" ]\r\n"
            case 2: text += "\n\r\n"
            case 3: text += "{\"long\":\"\(String(repeating: "x", count: 150))\"}\n"
            default: text += "{\"a\":\(k),\"s\":\"\(String(repeating: "y", count: k % 13))\"}\n"
            }
        }
        return Array((text + "{\"last\": tru").utf8)
    }()

    @Test func batchesAreWholeLinesThatMakeTheInput() throws {
        for slice in [nil, 5, 64] as [Int?] {
            for size in [1, 40, 100] {
                let reader = RecordReader(
                    input: ChunkedInput(bytes: Self.input, sliceSize: slice), options: LoadOptions(), chunkSize: 32)
                var batches: [[UInt8]] = []
                var offset = 0
                while let batch = try reader.nextBatch(size: size) {
                    #expect(batch.byteOffset == offset)
                    offset += batch.bytes.count
                    #expect(batch.bytes.last == 0x0A || offset == Self.input.count, "slice \(String(describing: slice)), size \(size)")
                    batches.append(batch.bytes)
                    // Still shared here: reusing it must leave the kept copy intact.
                    reader.recycle(batch.bytes)
                }
                // In-memory input without slices is handed out, and batched, in one piece.
                #expect(slice == nil ? batches.count == 1 : batches.count > 10)
                #expect(Array(batches.joined()) == Self.input, "slice \(String(describing: slice)), size \(size)")
            }
        }
    }

    @Test func batchReadersPlaceRecordsAsOneReaderDoes() throws {
        let whole = RecordReader(input: ChunkedInput(bytes: Self.input), options: LoadOptions())
        var expected: [DocTree.SourceLocation] = []
        while let record = whole.next() {
            if case .failure(let error) = record, let location = error.location { expected.append(location) }
        }
        #expect(expected.count > 10)

        for size in [1, 300, 2000] {
            let batches = RecordReader(
                input: ChunkedInput(bytes: Self.input, sliceSize: 50), options: LoadOptions(), chunkSize: 64)
            var count = 0
            var found: [DocTree.SourceLocation] = []
            var start = DocTree.SourceLocation(byteOffset: 0, line: 1, column: 1)
            while let batch = try batches.nextBatch(size: size) {
                #expect(batch.byteOffset == start.byteOffset)
                let origin = DocTree.SourceLocation(byteOffset: batch.byteOffset, line: 1, column: 1)
                let reader = RecordReader(input: ChunkedInput(bytes: batch.bytes), options: LoadOptions(), origin: origin)
                while let record = reader.next() {
                    if case .failure(let error) = record, let location = error.location {
                        found.append(location.counted(from: start))
                    }
                }
                #expect(reader.location.byteOffset == batch.byteOffset + batch.bytes.count)
                start = reader.location.counted(from: start)
                count += 1
            }
            #expect(count > 2)
            #expect(found == expected, "size \(size)")
            #expect(start == whole.location)
        }
    }

    @Test func fileBatchesAreTheLinesThatStartInTheirBytes() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("batches-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        // Ahead of the input: a reader of a descriptor starts where it stands.
        let skipped = Array("not part of it\n".utf8)
        try Data(skipped + Self.input).write(to: url)

        for size in [1, 2, 40, 100, 151, 152, 500, 100_000] {
            let descriptor = open(url.path, O_RDONLY)
            #expect(lseek(descriptor, off_t(skipped.count), SEEK_SET) == off_t(skipped.count))
            let input = ChunkedInput(descriptor: descriptor, closesOnEnd: true, label: url.path)
            let batches = try #require(FileLineBatches(input, size: size))
            #expect(batches.count == (Self.input.count + size - 1) / size)
            var joined: [UInt8] = []
            var empty = 0
            for index in 0..<batches.count {
                let batch = try batches.batch(index)
                if batch.bytes.isEmpty {
                    empty += 1
                    continue
                }
                #expect(batch.byteOffset == joined.count, "size \(size), batch \(index)")
                // The lines that start in its bytes: the first one does, and the last ends past them.
                #expect(index == 0 || Self.input[batch.byteOffset - 1] == 0x0A)
                #expect(batch.byteOffset < (index + 1) * size, "size \(size), batch \(index)")
                let end = batch.byteOffset + batch.bytes.count
                #expect(end >= min((index + 1) * size, Self.input.count), "size \(size), batch \(index)")
                #expect(batch.bytes.last == 0x0A || end == Self.input.count)
                joined += batch.bytes
            }
            #expect(joined == Self.input, "size \(size)")
            // Lines of 150 bytes and more cover whole batches of fewer.
            #expect(size > 151 || empty > 0, "size \(size)")
        }
        // An empty file may be one whose size is not known (/proc): read in order.
        let empty = url.appendingPathExtension("empty")
        try Data().write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(FileLineBatches(try ChunkedInput(path: empty.path), size: 10) == nil)
        // Standard input from a pipe is read in order only.
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer { _ = close(pipeEnds[1]) }
        #expect(FileLineBatches(ChunkedInput(descriptor: pipeEnds[0], closesOnEnd: true, label: "pipe"), size: 10) == nil)
    }

    /// Values printed over many lines are cut between values, where a line
    /// starts one at its first column, not inside one; a value longer than
    /// 16 batches is cut at the first line feed of each such block, so
    /// batches stay bounded.
    @Test func fileBatchesCutBetweenValuesPrintedOverManyLines() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pretty-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let value = "{\n  \"id\": 1,\n  \"tags\": [\n    \"a\"\n  ],\n  \"on\": true\n}\n"
        let long = "[\n" + (0..<400).map { "  \($0)" }.joined(separator: ",\n") + "\n]\n"
        let text = Array((String(repeating: value, count: 60) + long + value).utf8)
        try Data(text).write(to: url)
        let longRange = (60 * value.utf8.count)..<(60 * value.utf8.count + long.utf8.count)
        for size in [7, 50, 64, 200] {
            let batches = try #require(FileLineBatches(try ChunkedInput(path: url.path), size: size))
            var joined: [UInt8] = []
            var insideLong = 0
            for index in 0..<batches.count {
                let batch = try batches.batch(index)
                if batch.bytes.isEmpty { continue }
                #expect(batch.byteOffset == joined.count, "size \(size), batch \(index)")
                if longRange.dropFirst().contains(batch.byteOffset) {
                    insideLong += 1
                    #expect(batch.byteOffset % (16 * size) < 8, "size \(size): a cut inside the long value is its block's first")
                } else {
                    #expect(text[batch.byteOffset] == UInt8(ascii: "{") || batch.byteOffset == longRange.lowerBound,
                            "size \(size), batch \(index) begins inside a value")
                }
                joined += batch.bytes
            }
            #expect(joined == text, "size \(size)")
            // Its lines are at most 7 bytes: blocks of 16 batches hold some, and only blocks inside it get a cut.
            #expect(insideLong >= (long.utf8.count / (16 * size)) - 1, "size \(size)")
        }
    }

    /// Batches read from a stream (a pipe) cut as a file's do: between
    /// values printed over many lines, unless none ends in 16 batches'
    /// bytes, when a batch ends at its last line feed.
    @Test func streamBatchesCutBetweenValuesPrintedOverManyLines() throws {
        let value = "{\n  \"id\": 1,\n  \"tags\": [\n    \"a\"\n  ],\n  \"on\": true\n}\n"
        let long = "[\n" + (0..<400).map { "  \($0)" }.joined(separator: ",\n") + "\n]\n"
        let text = Array((String(repeating: value, count: 60) + long + value).utf8)
        let longRange = (60 * value.utf8.count)..<(60 * value.utf8.count + long.utf8.count)
        for (slice, size) in [(5, 7), (64, 50), (7, 64), (100, 200)] {
            let reader = RecordReader(input: ChunkedInput(bytes: text, sliceSize: slice), options: LoadOptions(), chunkSize: 32)
            var joined: [UInt8] = []
            var insideLong = 0
            while let batch = try reader.nextBatch(size: size) {
                #expect(batch.byteOffset == joined.count, "size \(size)")
                if longRange.dropFirst().contains(batch.byteOffset) {
                    insideLong += 1
                    // Past 16 batches' bytes without a cut: the batch before ended at a line feed.
                    #expect(text[batch.byteOffset - 1] == 0x0A, "size \(size)")
                } else {
                    #expect(text[batch.byteOffset] == UInt8(ascii: "{") || batch.byteOffset == longRange.lowerBound,
                            "size \(size): a batch begins inside a value, at \(batch.byteOffset)")
                }
                joined += batch.bytes
            }
            #expect(joined == text, "size \(size)")
            #expect(insideLong <= long.utf8.count / (16 * size) + 1, "size \(size)")
        }
    }

    @Test func countedFromMovesLinesAndColumnsOnly() {
        let start = DocTree.SourceLocation(byteOffset: 500, line: 40, column: 7)
        #expect(DocTree.SourceLocation(byteOffset: 510, line: 1, column: 3).counted(from: start)
            == DocTree.SourceLocation(byteOffset: 510, line: 40, column: 9))
        #expect(DocTree.SourceLocation(byteOffset: 530, line: 3, column: 3).counted(from: start)
            == DocTree.SourceLocation(byteOffset: 530, line: 42, column: 3))
    }
}
