import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// The tests' and examples' HTTP server keeps answering for as long as the
/// body of `serve` runs: a slow test (under ThreadSanitizer a task may wait
/// minutes for a thread between two requests) must never find it gone.
@Suite struct LocalHTTPServerTests {
    @Test func answersEveryRequestUntilTheBodyReturns() async throws {
        let routes = ["/n": CannedResponse.ok(contentType: "text/plain", body: Array("yes".utf8))]
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        // More requests than the server once stopped after (32), each on its
        // own connection, and a known path next to an unknown one.
        let answers = try await LocalHTTPServer.serve(routes) { base in
            var answers: [(Int, String)] = []
            for path in Array(repeating: "n", count: 40) + ["missing"] {
                let (data, response) = try await session.data(from: base.appendingPathComponent(path))
                answers.append(((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self)))
            }
            return answers
        }
        #expect(answers.count == 41)
        #expect(answers.dropLast().allSatisfy { $0 == (200, "yes") })
        #expect(answers.last.map { $0 == (404, "no such path") } == true)
    }

    /// A route naming its method wins over the target alone, and an echo
    /// response sends back the request's body byte for byte.
    @Test func routesByMethodAndEchoesBodies() async throws {
        let routes = [
            "/item": CannedResponse.ok(contentType: "text/plain", body: Array("stored".utf8)),
            "PATCH /item": CannedResponse.echo(contentType: "application/json"),
        ]
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let body = Data(#"{"a": 1, "ü": [true]}"#.utf8) + Data(repeating: 0x20, count: 9000)
        let (got, patched) = try await LocalHTTPServer.serve(routes) { base in
            let (got, _) = try await session.data(from: base.appendingPathComponent("item"))
            var request = URLRequest(url: base.appendingPathComponent("item"))
            request.httpMethod = "PATCH"
            request.httpBody = body
            let (patched, _) = try await session.data(for: request)
            return (got, patched)
        }
        #expect(String(decoding: got, as: UTF8.self) == "stored")
        #expect(patched == body)
    }
}
