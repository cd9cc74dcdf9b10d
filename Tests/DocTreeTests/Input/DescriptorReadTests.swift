import Foundation
import Testing
@testable import DocTree

/// `FileSource.append(from:at:upTo:fully:to:)`, the one read of a descriptor
/// into an array that every reader of files, pipes and standard input uses:
/// bytes land after the array's own, at most the limit, from the position or
/// an offset, with short reads, the end and failures told apart.
@Suite struct DescriptorReadTests {
    /// A file holding `bytes`, open for reading; removed after `body`.
    private func withFile<T>(_ bytes: [UInt8], _ body: (Int32) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("doctree-read-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let descriptor = open(url.path, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        return try body(descriptor)
    }

    private let text = Array((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })

    @Test func appendsAfterTheBytesHeldAndStopsAtTheLimit() throws {
        try withFile(text) { descriptor throws in
            var bytes: [UInt8] = [1, 2, 3]
            #expect(try FileSource.append(from: descriptor, upTo: 4_000, to: &bytes) == 4_000)
            #expect(bytes == [1, 2, 3] + text[..<4_000])
            // From where the last read stopped, up to the end; then 0.
            #expect(try FileSource.append(from: descriptor, upTo: 1 << 20, to: &bytes) == 6_000)
            #expect(bytes == [1, 2, 3] + text)
            #expect(try FileSource.append(from: descriptor, upTo: 1 << 20, to: &bytes) == 0)
            #expect(bytes.count == 10_003)
        }
    }

    @Test func readsAtAnOffsetLeavingThePositionAlone() throws {
        try withFile(text) { descriptor throws in
            var bytes: [UInt8] = []
            #expect(try FileSource.append(from: descriptor, at: 9_000, upTo: 5_000, fully: true, to: &bytes) == 1_000)
            #expect(bytes == Array(text[9_000...]))
            var fromStart: [UInt8] = []
            #expect(try FileSource.append(from: descriptor, upTo: 10, to: &fromStart) == 10)
            #expect(fromStart == Array(text[..<10]))
        }
    }

    @Test func aPipeGivesWhatItHoldsInOneRead() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let first = Array(text[..<100])
        #expect(first.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == 100)
        var bytes: [UInt8] = []
        // The 100 bytes the pipe holds, not the 1,000 asked for.
        #expect(try FileSource.append(from: ends[0], upTo: 1_000, to: &bytes) == 100)
        #expect(bytes == first)
    }

    @Test func fullyReadsOnUntilTheLimitOrTheEnd() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let (writeEnd, sent) = (ends[1], Array(text[..<300]))
        // The second part comes after the reader has had the first.
        let writer = Thread {
            _ = sent.withUnsafeBytes { write(writeEnd, $0.baseAddress, 100) }
            usleep(20_000)
            _ = sent.withUnsafeBytes { write(writeEnd, $0.baseAddress! + 100, 200) }
            close(writeEnd)
        }
        writer.start()
        var bytes: [UInt8] = []
        #expect(try FileSource.append(from: ends[0], upTo: 250, fully: true, to: &bytes) == 250)
        #expect(try FileSource.append(from: ends[0], upTo: 1_000, fully: true, to: &bytes) == 50)
        #expect(bytes == sent)
    }

    @Test func growsAnArrayWithNoRoomLeft() throws {
        try withFile(text) { descriptor throws in
            var bytes = [UInt8](repeating: 9, count: 16)
            bytes.reserveCapacity(16)
            for _ in 0..<10 { try FileSource.append(from: descriptor, upTo: 1_000, to: &bytes) }
            #expect(bytes == [UInt8](repeating: 9, count: 16) + text)
        }
    }

    @Test func aFailureThrowsTheSystemsReason() {
        var bytes: [UInt8] = [7]
        let error = #expect(throws: FileSource.SystemError.self) { try FileSource.append(from: -1, upTo: 10, to: &bytes) }
        #expect(error?.value == EBADF)
        #expect(bytes == [7])
    }

    @Test func readAllReadsOnPastTheSizeHint() throws {
        try withFile(text) { descriptor throws in
            var seen: [Int] = []
            let bytes = try FileSource.readAll(descriptor, sizeHint: 1_000) { seen.append($0) }
            #expect(bytes == text)
            #expect(seen.last == text.count)
        }
    }
}
