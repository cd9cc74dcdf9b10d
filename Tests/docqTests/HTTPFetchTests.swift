import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// docq fetches http(s) operands through libcurl, loaded on demand
/// (Sources/CLibCurl, Sources/docq/Input/HTTPFetch.swift), not URLSession.
@Suite("http(s) operands")
struct HTTPFetchTests {
    @Test("docq links neither FoundationNetworking nor libcurl")
    func linksNoNetworking() throws {
        let process = Process()
        #if canImport(Darwin)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/otool")
        process.arguments = ["-L", Docq.binary.path]
        #else
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ldd", Docq.binary.path]
        #endif
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let map = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(map.contains("libc."), "\(map)")
        #expect(!map.contains("FoundationNetworking"), "\(map)")
        #expect(!map.contains("libcurl"), "\(map)")
    }

    @Test("a redirect is followed; another status and a missing Content-Type are handled")
    func statusesAndRedirects() async throws {
        let routes: [String: CannedResponse] = [
            "/moved": CannedResponse(status: 301, reason: "Moved Permanently", headers: [("Location", "/data")], body: []),
            "/data": .ok(contentType: nil, body: Array(#"{"a":{"b":"found"}}"#.utf8)),
            "/broken": CannedResponse(status: 500, reason: "Internal Server Error", body: Array("oops".utf8)),
        ]
        try await LocalHTTPServer.serve(routes) { base in
            let moved = try Docq.run(["a.b", base.absoluteString + "/moved"])
            #expect(moved.lines == ["found"], "\(moved)")
            let broken = base.absoluteString + "/broken"
            let failed = try Docq.run(["a", broken])
            #expect(failed.status == 2, "\(failed)")
            #expect(failed.stderr.contains("HTTP 500 (internal server error) for \(broken)"), "\(failed)")
        }
    }

    @Test("a refused connection is an input error that names the URL")
    func refusedConnection() throws {
        // A loopback port held by a socket that never listens (as in
        // SourceLoadingTests): connecting is refused.
        let port = try #require(RefusingPort())
        let url = "http://127.0.0.1:\(port.number)/theaters.json"
        let lists = Docq.example("lists.xml")
        let run = try Docq.run(["lists.list.name", url, lists])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("cannot load \(url): "), "\(run)")
        // The other operand is still read.
        #expect(run.lines.first == "\(lists):Inbox", "\(run)")
        withExtendedLifetime(port) {}  // held until docq was refused
    }
}
