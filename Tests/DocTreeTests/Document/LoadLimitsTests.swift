import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TestSupport
@testable import DocTree
import DocQueryNetworking

/// The limits of ``LoadOptions`` for hostile input: each fails the load with
/// its own message naming the option, and lets through what is at the limit.
@Suite struct LoadLimitsTests {
    // MARK: Input size

    @Test(arguments: [DocumentFormat.json, .xml])
    func inputSizeIsLimited(_ format: DocumentFormat) throws {
        let text = format == .json ? #"{"k": "0123456789"}"# : "<k>0123456789</k>"
        var options = LoadOptions(format: format)
        options.maxInputBytes = text.utf8.count
        #expect(throws: Never.self) { try Document(data: Data(text.utf8), options: options) }
        options.maxInputBytes = text.utf8.count - 1
        for load in [{ try Document(data: Data(text.utf8), options: options) }, { try Document(string: text, options: options) }] {
            let error = try #require(throws: LoadError.self) { try load() }
            #expect(error.kind == .tooLarge)
            #expect(error.message == "the input is \(text.utf8.count) bytes, more than LoadOptions.maxInputBytes (\(text.utf8.count - 1))")
        }
    }

    @Test func inputSizeCountsTheBytesAsGiven() throws {
        // UTF-16 input counts its own bytes, not those of its UTF-8 transcoding.
        let utf16 = [UInt8]([0xFF, 0xFE]) + Array("[1]".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        var options = LoadOptions()
        options.maxInputBytes = utf16.count
        #expect(try Document(data: Data(utf16), options: options).root.children.count == 1)
        options.maxInputBytes = utf16.count - 1
        #expect(throws: LoadError.self) { try Document(data: Data(utf16), options: options) }
    }

    @Test func defaultsAreSafeAndDocumented() {
        let options = LoadOptions()
        #expect(options.maxInputBytes == 1 << 30)
        #expect(options.maxNodeCount == 100_000_000)
        #expect(options.maxDepth == 10_000)
        #expect(options.maxEntityExpansion == 1_000_000)
        #expect(options.allowsHugeXML == false)
    }

    // MARK: Node count

    struct NodeCountCase: Sendable, CustomTestStringConvertible {
        let text: String
        let nodes: Int
        var testDescription: String { text }
    }

    @Test(arguments: [
        NodeCountCase(text: "[1, 2, [3]]", nodes: 6),
        NodeCountCase(text: #"{"a": {"b": null}}"#, nodes: 4),
        NodeCountCase(text: #"<a x="1" y="2">t<b/>u<!--c--><?p d?></a>"#, nodes: 9),
    ])
    func nodeCountIsLimited(_ row: NodeCountCase) throws {
        var options = LoadOptions()
        options.keepsComments = true
        options.keepsProcessingInstructions = true
        options.maxNodeCount = row.nodes
        #expect(try Document(string: row.text, options: options).nodeCount == row.nodes)
        options.maxNodeCount = row.nodes - 1
        let error = try #require(throws: LoadError.self) { try Document(string: row.text, options: options) }
        #expect(error.kind == .tooLarge)
        #expect(error.message == "the document has more than LoadOptions.maxNodeCount (\(row.nodes - 1)) nodes")
    }

    @Test func xmlNodeCountFailsWhereTheLimitIsCrossed() throws {
        var options = LoadOptions(format: .xml)
        options.maxNodeCount = 3  // the document node, <r> and one <e>
        let error = try #require(throws: LoadError.self) {
            try Document(string: "<r>\n<e/>\n<e/>\n<e/></r>", options: options)
        }
        #expect(error.location?.line == 3)
    }

    @Test func jsonNodeCountFailsWhereTheLimitIsCrossed() throws {
        var options = LoadOptions(format: .json)
        options.maxNodeCount = 3  // the document node, the array and `1`
        let error = try #require(throws: LoadError.self) { try Document(string: "[1,\n2,\n3,\n4]", options: options) }
        #expect(error.kind == .tooLarge)
        #expect(error.message == "the document has more than LoadOptions.maxNodeCount (3) nodes")
        #expect(error.location?.line == 2)
    }

    @Test func jsonNodeCountStopsTheScanEarly() throws {
        // A million elements, a limit of ten: the scan stops near the start
        // instead of building the whole table first.
        let bytes = [UInt8(ascii: "[")] + Array(repeating: Array("0,".utf8), count: 1_000_000).joined() + Array("0]".utf8)
        var options = LoadOptions(format: .json)
        options.maxNodeCount = 10
        let error = try #require(throws: LoadError.self) { try Document(data: Data(bytes), options: options) }
        #expect(error.kind == .tooLarge)
        #expect(try #require(error.location?.byteOffset) < 30)
        for nested in ["[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]", #"{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{}}}}}}}}}}}"#] {
            #expect(throws: LoadError.self) { try Document(string: nested, options: options) }
        }
    }

    // MARK: libxml2's own limits, the opt-in past them, and the depth limit

    /// `<d><d>…</d></d>` nested `depth` levels.
    private static func nested(_ depth: Int) -> String {
        String(repeating: "<d>", count: depth) + String(repeating: "</d>", count: depth)
    }

    /// libxml2's own 256 levels never come first: maxDepth is the one limit.
    @Test func libxml2DepthLimitNeverComesFirst() throws {
        #expect(try Document(string: Self.nested(300), options: LoadOptions(format: .xml)).nodeCount == 301)
        var options = LoadOptions(format: .xml)
        options.maxDepth = 299
        let error = try #require(throws: LoadError.self) { try Document(string: Self.nested(300), options: options) }
        #expect(error.kind == .nestingTooDeep)
        #expect(error.message == "elements are nested deeper than 299 levels (see LoadOptions.maxDepth)")
    }

    @Test func hugeXMLAllowsDeepNestingUpToMaxDepth() throws {
        var options = LoadOptions(format: .xml)
        options.allowsHugeXML = true
        options.maxDepth = 1_000
        #expect(try Document(string: Self.nested(1_000), options: options).nodeCount == 1_001)
        let error = try #require(throws: LoadError.self) { try Document(string: Self.nested(1_001), options: options) }
        #expect(error.kind == .nestingTooDeep)
        #expect(error.message.contains("1000"))
    }

    struct HugeCase: Sendable, CustomTestStringConvertible {
        let what: String
        let before: String
        let after: String
        var testDescription: String { what }
    }

    /// One value just over libxml2's 10 000 000-byte cap, in each place it applies.
    @Test(arguments: [
        HugeCase(what: "attribute value", before: #"<a v=""#, after: #""/>"#),
        HugeCase(what: "CDATA section", before: "<a><![CDATA[", after: "]]></a>"),
        HugeCase(what: "comment", before: "<a><!--", after: "--></a>"),
    ])
    func hugeValuesNeedTheOptIn(_ row: HugeCase) throws {
        // Built as bytes: per-character string work on 10 MB is slow in debug builds.
        let xml = Data(Array(row.before.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 10_000_001) + Array(row.after.utf8))
        var options = LoadOptions(format: .xml)
        options.keepsComments = true
        let error = try #require(throws: LoadError.self) { try Document(data: xml, options: options) }
        #expect(error.kind == .tooLarge)
        #expect(error.message.contains("LoadOptions.allowsHugeXML"))
        options.allowsHugeXML = true
        let document = try Document(data: xml, options: options)
        #expect(document.table.text.count == 10_000_001)
    }

    @Test(arguments: ["billion-laughs.xml", "quadratic-blowup.xml"])
    func hugeXMLKeepsTheEntityBudget(_ name: String) throws {
        let url = try SharedData.url("conformance/xml-hostile/\(name)")
        var options = LoadOptions(format: .xml)
        options.allowsHugeXML = true
        let error = try #require(throws: LoadError.self) { try Document(contentsOf: url, options: options) }
        #expect(error.kind == .entityNotAllowed)
        #expect(error.message.contains("maxEntityExpansion"))
    }

    // MARK: Input size of files, streams and responses

    @Test func fileSizeIsCheckedBeforeReading() throws {
        // A sparse 64 GiB file: reading it first would need 64 GiB of memory.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("docquery-sparse-\(UUID().uuidString).json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data("[".utf8)))
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 64 << 30)
        try handle.close()
        let error = try #require(throws: LoadError.self) { try Document(contentsOf: url) }
        #expect(error.kind == .tooLarge)
        #expect(error.message == "the input is \(64 << 30) bytes, more than LoadOptions.maxInputBytes (\(1 << 30))")
    }

    @Test(arguments: [DocumentFormat.json, .xml])
    func endlessInputStopsAtTheLimit(_ format: DocumentFormat) throws {
        var options = LoadOptions(format: format)
        options.maxInputBytes = 100_000
        let error = try #require(throws: LoadError.self) {
            try Document(chunks: EndlessSocket.input(format), charset: nil, options: options, reopen: nil)
        }
        #expect(error.kind == .tooLarge)
        #expect(error.message.hasPrefix("the input is more than LoadOptions.maxInputBytes (100000) bytes; reading stopped after "))
    }

    @Test func endlessDeviceStopsAtTheLimit() throws {
        var options = LoadOptions()
        options.maxInputBytes = 1_000
        let error = try #require(throws: LoadError.self) { try Document(contentsOf: URL(fileURLWithPath: "/dev/zero"), options: options) }
        #expect(error.kind == .tooLarge)
        #expect(error.message.hasPrefix("the input is more than LoadOptions.maxInputBytes (1000) bytes; reading stopped after "))
    }

    @Test(arguments: [true, false])
    func responseStopsAtTheLimit(_ sendsLength: Bool) async throws {
        // 32 MiB: far more than arrives before the cancellation takes effect.
        var response = CannedResponse.ok(contentType: "application/json", body: Array(repeating: UInt8(ascii: " "), count: 32 << 20) + Array("[]".utf8))
        response.sendsContentLength = sendsLength
        var options = LoadOptions()
        options.maxInputBytes = 1_000
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let error = try await LocalHTTPServer.serve(["/big.json": response]) { base in
            await #expect(throws: LoadError.self) {
                try await Document.load(from: base.appendingPathComponent("big.json"), options: options, session: session)
            }
        }
        #expect(error?.kind == .tooLarge)
        if sendsLength {
            #expect(error?.message == "the input is \((32 << 20) + 2) bytes, more than LoadOptions.maxInputBytes (1000)")
        } else {
            #expect(error?.message.hasPrefix("the input is more than LoadOptions.maxInputBytes (1000) bytes; reading stopped after ") == true)
        }
    }
}

/// One end of a socket pair whose other end a thread fills with an endless
/// JSON array or XML element until the reader closes it.
private enum EndlessSocket {
    static func input(_ format: DocumentFormat) -> ChunkedInput {
        var pair: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let made = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair)
        #else
        let made = socketpair(AF_UNIX, SOCK_STREAM, 0, &pair)
        #endif
        precondition(made == 0, "socketpair failed")
        let writer = pair[1]
        #if canImport(Darwin)
        var one: Int32 = 1
        _ = setsockopt(writer, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let (head, item) = format == .json ? ("[", "0,") : ("<r>", "<e/>")
        Thread {
            var bytes = Array(head.utf8)
            let block = Array(repeating: Array(item.utf8), count: 4096).joined()
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            while true {
                bytes.append(contentsOf: block)
                let sent = bytes.withUnsafeBytes { send(writer, $0.baseAddress, $0.count, flags) }
                if sent <= 0 { break }
                bytes.removeFirst(sent)
            }
            close(writer)
        }.start()
        return ChunkedInput(descriptor: pair[0], closesOnEnd: true, label: "(socket)")
    }
}
