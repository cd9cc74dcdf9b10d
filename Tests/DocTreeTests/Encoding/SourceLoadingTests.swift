import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import DocTree
import DocQueryNetworking

/// Reading files and fetching over HTTP, up to the bytes and charset handed
/// to the decoding layer, and the errors of unreadable sources.
@Suite struct SourceLoadingTests {
    /// A fresh folder under the temporary directory, removed after `body`.
    private func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    // MARK: Files

    @Test func readsAFileWhole() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("theaters.json")
            // Larger than one read chunk, and not a multiple of it.
            let bytes = Array([[UInt8]](repeating: LegacyDocuments.theatersEUCKR, count: 2_000).joined())
            try Data(bytes).write(to: file)
            #expect(try FileSource.bytes(of: file) == bytes)
        }
    }

    @Test func missingFileNamesPathAndReason() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("missing.json")
            let error = #expect(throws: LoadError.self) { try Document(contentsOf: file) }
            #expect(error?.kind == .unreadableSource)
            #expect(error?.message == "cannot read '\(file.path)': No such file or directory")
        }
    }

    @Test func directoryIsUnreadable() throws {
        try withTemporaryFolder { folder in
            let error = #expect(throws: LoadError.self) { try Document(contentsOf: folder) }
            #expect(error?.kind == .unreadableSource)
            #expect(error?.message == "cannot read '\(folder.path)': Is a directory")
        }
    }

    @Test func emptyFileIsAnEmptyInput() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("empty.json")
            try Data().write(to: file)
            let error = #expect(throws: LoadError.self) { try Document(contentsOf: file) }
            #expect(error?.kind == .invalidSyntax)
            #expect(error?.message == "the input is empty")
            // Document(contentsOf:) names the file.
            #expect(error?.source == file.path)
            #expect(error?.description == file.path + ":1:1: the input is empty")
        }
    }

    #if os(Linux)
    @Test func readsFilesWhoseSizeReadsZero() throws {
        let bytes = try FileSource.bytes(of: URL(fileURLWithPath: "/proc/self/status"))
        #expect(String(decoding: bytes, as: UTF8.self).contains("Name:"))
    }
    #endif

    @Test func contentsOfRefusesNetworkURLs() {
        let error = #expect(throws: LoadError.self) { try Document(contentsOf: URL(string: "http://127.0.0.1:9/x.json")!) }
        #expect(error?.kind == .unreadableSource)
        #expect(error?.message.contains("not a file URL") == true)
    }

    @Test func loadRefusesOtherSchemesBeforeConnecting() async {
        let error = await #expect(throws: LoadError.self) {
            try await Document.load(from: URL(string: "ftp://127.0.0.1/x.json")!)
        }
        #expect(error?.kind == .unreadableSource)
        #expect(error?.message == "cannot load ftp://127.0.0.1/x.json: unsupported URL scheme 'ftp' (use file, http or https)")
    }

    // MARK: HTTP

    static let routes: [String: CannedResponse] = [
        "/theaters.json": .ok(contentType: "application/json; charset=EUC-KR", body: LegacyDocuments.theatersEUCKR),
        "/feed.xml": .ok(contentType: "text/xml", body: Array(#"<?xml version="1.0"?><feed><title>t</title></feed>"#.utf8)),
        "/latin1.xml": .ok(contentType: "application/xml; charset=ISO-8859-1", body: Array("<t>caf".utf8) + [0xE9] + Array("</t>".utf8)),
        "/moved": CannedResponse(status: 302, reason: "Found", headers: [("Location", "/theaters.json")], body: []),
        "/broken": CannedResponse(status: 500, reason: "Internal Server Error", body: Array("oops".utf8)),
    ]

    private func makeSession() -> URLSession {
        URLSession(configuration: .ephemeral)
    }

    @Test func fetchesEUCKRJSONWithItsCharset() async throws {
        let session = makeSession()
        defer { session.finishTasksAndInvalidate() }
        try await LocalHTTPServer.serve(Self.routes) { base in
            for path in ["theaters.json", "moved"] {
                let response = try await HTTPSource.fetch(URLRequest(url: base.appendingPathComponent(path)), session: session, maxBytes: .max)
                #expect(response.bytes == LegacyDocuments.theatersEUCKR, "\(path)")
                #expect(response.contentType == ContentType("application/json; charset=EUC-KR"), "\(path)")
                let prepared = try InputDecoding.prepare(response.bytes, charset: response.contentType?.charset, options: LoadOptions())
                #expect(String(decoding: prepared.bytes, as: UTF8.self) == LegacyDocuments.theatersText)
                #expect(prepared.detected?.source == .transportCharset)
            }
        }
    }

    @Test func fetchesXMLWithItsMediaType() async throws {
        let session = makeSession()
        defer { session.finishTasksAndInvalidate() }
        try await LocalHTTPServer.serve(Self.routes) { base in
            let feed = try await HTTPSource.fetch(URLRequest(url: base.appendingPathComponent("feed.xml")), session: session, maxBytes: .max)
            #expect(feed.contentType?.format == .xml)
            #expect(feed.contentType?.charset == nil)

            let latin1 = try await HTTPSource.fetch(URLRequest(url: base.appendingPathComponent("latin1.xml")), session: session, maxBytes: .max)
            let prepared = try InputDecoding.prepare(latin1.bytes, charset: latin1.contentType?.charset, options: LoadOptions())
            #expect(String(decoding: prepared.bytes, as: UTF8.self) == "<t>café</t>")
            #expect(prepared.xmlEncoding == "UTF-8")
        }
    }

    @Test(arguments: [
        ("missing.json", "HTTP 404 (not found) for "),
        ("broken", "HTTP 500 (internal server error) for "),
    ])
    func statusOutside2xxIsUnreadable(_ path: String, _ prefix: String) async throws {
        let session = makeSession()
        defer { session.finishTasksAndInvalidate() }
        try await LocalHTTPServer.serve(Self.routes) { base in
            let url = base.appendingPathComponent(path)
            let error = await #expect(throws: LoadError.self) {
                try await Document.load(from: url, session: session)
            }
            #expect(error?.kind == .unreadableSource)
            #expect(error?.message == prefix + url.absoluteString)
        }
    }

    @Test func refusedConnectionIsUnreadable() async throws {
        let session = makeSession()
        defer { session.finishTasksAndInvalidate() }
        // A loopback port held by a socket that never listens: connecting is
        // refused, and no server of a test running alongside can take the
        // port meanwhile (a port left free by a finished server can be).
        let port = try #require(RefusingPort())
        let url = URL(string: "http://127.0.0.1:\(port.number)/theaters.json")!
        let error = await #expect(throws: LoadError.self) {
            try await Document.load(from: url, session: session)
        }
        #expect(error?.kind == .unreadableSource)
        #expect(error?.message.hasPrefix("cannot load \(url.absoluteString): ") == true)
        withExtendedLifetime(port) {}  // held until the load was refused
    }
}
