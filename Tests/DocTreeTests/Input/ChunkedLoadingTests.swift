import Foundation
import Testing
@testable import DocTree
import TestSupport

/// Loads from files and descriptors read in chunks: XML through libxml2's
/// push parser must build exactly the tree the in-memory parser builds.
@Suite struct ChunkedLoadingTests {
    static var xmlFiles: [URL] {
        let examples = SharedData.packageRoot.appendingPathComponent("Examples/documents")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        let local = names.filter { $0.hasSuffix(".xml") }.sorted().map { examples.appendingPathComponent($0) }
        return local + ((try? SharedData.files(in: "bench-data/xml")) ?? [])
    }

    /// A document as text that shows every record: kinds, names and values in order.
    static func dump(_ document: Document) -> String {
        (document.root.xmlString() ?? "") + "\n" + document.root.jsonString()
    }

    @Test(arguments: xmlFiles)
    func pushParserBuildsTheSameTree(_ url: URL) throws {
        let bytes = try Data(contentsOf: url)
        let inMemory = try Document(data: bytes)
        for chunkSize in [1, 7, 4096] {
            let pushed = try Self.load(bytes: [UInt8](bytes), chunkSize: chunkSize, reopenable: true)
            #expect(pushed.table.nodes.count == inMemory.table.nodes.count, "chunk \(chunkSize)")
            #expect(Self.dump(pushed) == Self.dump(inMemory), "chunk \(chunkSize)")
        }
        #expect(Self.dump(try Document(contentsOf: url)) == Self.dump(inMemory))
    }

    /// Bytes put back (docq puts back what it read to sniff a file) come
    /// out again before the rest, in order, when put back twice as well,
    /// and the byte count follows them.
    @Test func unreadBytesComeBackFirst() throws {
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("unread-\(UUID().uuidString).bin").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }

        let input = try ChunkedInput(path: path)
        var first: [UInt8] = []
        _ = try input.read(into: &first, limit: 1000)
        var second: [UInt8] = []
        _ = try input.read(into: &second, limit: 500)
        #expect(input.bytesRead == 1500)
        input.unread(second)
        input.unread(first)
        #expect(input.bytesRead == 0)
        var all: [UInt8] = []
        while try input.read(into: &all, limit: 4096) > 0 {}
        #expect(all == bytes)
        #expect(input.bytesRead == bytes.count)
    }

    /// A second reading of a file (from the offset its descriptor stood
    /// at) or of bytes in memory gives them all again, and leaves the first
    /// where it was; a pipe has none.
    @Test func aFileAndBytesCanBeReadAgain() throws {
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reread-\(UUID().uuidString).bin").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        #expect(lseek(descriptor, 10, SEEK_SET) == 10)
        for input in [ChunkedInput(descriptor: descriptor, closesOnEnd: true, label: path), ChunkedInput(bytes: Array(bytes[10...]), sliceSize: 999)] {
            var head: [UInt8] = []
            _ = try input.read(into: &head, limit: 1000)
            let again = try #require(input.rereading())
            var all: [UInt8] = []
            while try again.read(into: &all, limit: 4096) > 0 {}
            #expect(all.count == bytes.count - 10 && all.elementsEqual(bytes[10...]))
            var rest = head
            while try input.read(into: &rest, limit: 4096) > 0 {}
            #expect(rest.count == bytes.count - 10 && rest.elementsEqual(bytes[10...]))
        }
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[1]) }
        #expect(ChunkedInput(descriptor: ends[0], closesOnEnd: true, label: "(pipe)").rereading() == nil)
    }

    @Test func mixedContentAfterDroppedWhitespaceRestarts() throws {
        let text = "<a>\n  <b>1</b>\n  <c>x <i>y</i> z</c>\n</a>"
        let expected = Self.dump(try Document(data: Data(text.utf8)))
        #expect(Self.dump(try Self.load(bytes: Array(text.utf8), chunkSize: 5, reopenable: true)) == expected)
        #expect(Self.dump(try Self.load(bytes: Array(text.utf8), chunkSize: 5, reopenable: false)) == expected)
    }

    /// The head read before sniffing (all of an in-memory input, one push
    /// chunk of a file) reaches libxml2 in pieces of
    /// ``XMLLoader/pushChunkSize``: tags, attribute values and multibyte
    /// characters that straddle a piece boundary come out whole, also when
    /// mixed content late in the input makes the load start again.
    @Test func aLongHeadIsPushedInPieces() throws {
        var text = "<list>\n"
        var k = 0
        while text.utf8.count < 3 * XMLLoader.pushChunkSize + 100 {
            text += "  <item n=\"가나다 \(k)\">값 \u{1F600} \(k)</item>\n"
            k += 1
        }
        let mixed = text + "  <note>a <b>bold</b> word</note>\n</list>\n"
        text += "</list>\n"
        for document in [text, mixed] {
            let bytes = Array(document.utf8)
            let expected = Self.dump(try Document(data: Data(bytes)))
            for reopenable in [true, false] {
                let reopen: () throws(LoadError) -> ChunkedInput = { ChunkedInput(bytes: bytes) }
                let pushed = try Document(
                    chunks: ChunkedInput(bytes: bytes), charset: nil, options: LoadOptions(),
                    reopen: reopenable ? reopen : nil)
                #expect(Self.dump(pushed) == expected, "reopenable \(reopenable)")
            }
        }
    }

    @Test func errorsAreLocatedWithSnippet() throws {
        let text = "<a>\n  <b>1</b>\n  <c>2</b>\n</a>\n"
        let expected = #expect(throws: LoadError.self) { try Document(data: Data(text.utf8)) }
        let pushed = #expect(throws: LoadError.self) { try Self.load(bytes: Array(text.utf8), chunkSize: 3, reopenable: true) }
        #expect(pushed?.location == expected?.location)
        #expect(pushed?.snippet == expected?.snippet)
        #expect(pushed?.message == expected?.message)
        let unlocated = #expect(throws: LoadError.self) { try Self.load(bytes: Array(text.utf8), chunkSize: 3, reopenable: false) }
        #expect(unlocated?.location?.line == 3)
    }

    @Test func concurrentLoadsFromFiles() async throws {
        let files = Self.xmlFiles
        try await withThrowingTaskGroup(of: Int.self) { group in
            for k in 0..<32 {
                group.addTask { try Document(contentsOf: files[k % files.count]).table.nodes.count }
            }
            for try await count in group { #expect(count > 1) }
        }
    }

    @Test func progressHearsEveryChunk() throws {
        let text = "<a>" + String(repeating: "<b>x</b>", count: 1000) + "</a>"
        let heard = Heard()
        var options = LoadOptions()
        options.progress = LoadProgress { heard.append($0) }
        let input = ChunkedInput(bytes: Array(text.utf8))
        _ = try Document(chunks: input, charset: nil, options: options, reopen: nil)
        #expect(heard.values.last == text.utf8.count)
        #expect(heard.values == heard.values.sorted())
    }

    @Test func jsonFromChunksKeepsItsBytesAsText() throws {
        let text = #"{"a": [1, 2.5, "x"]}"#
        let document = try Document(chunks: ChunkedInput(bytes: Array(text.utf8)), charset: nil, options: LoadOptions(), reopen: nil)
        #expect(document.table.text == Array(text.utf8))
    }

    /// Loads `bytes` handed out in slices of `chunkSize`.
    static func load(bytes: [UInt8], chunkSize: Int, reopenable: Bool) throws -> Document {
        let reopen: () throws(LoadError) -> ChunkedInput = { ChunkedInput(bytes: bytes, sliceSize: chunkSize) }
        return try Document(
            chunks: ChunkedInput(bytes: bytes, sliceSize: chunkSize), charset: nil, options: LoadOptions(),
            reopen: reopenable ? reopen : nil)
    }
}

final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Int] = []
    func append(_ value: Int) { lock.withLock { list.append(value) } }
    var values: [Int] { lock.withLock { list } }
}

