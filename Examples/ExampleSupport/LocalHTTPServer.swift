import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A canned HTTP response for ``LocalHTTPServer``.
public struct CannedResponse: Sendable {
    /// The status code, e.g. 200.
    public var status: Int
    /// The reason phrase, e.g. `OK`.
    public var reason: String
    /// Header fields besides `Content-Length` and `Connection`, in order.
    public var headers: [(name: String, value: String)]
    /// The body, sent as it is.
    public var body: [UInt8]
    /// Whether the head says the body's length; without it the body ends
    /// where the server closes the connection (as a streamed response does).
    public var sendsContentLength = true
    /// Whether the body sent is the request's own body instead of ``body``,
    /// as a service that answers a `POST` or `PATCH` with the resource it
    /// stored does; see ``echo(contentType:)``.
    public var echoesRequestBody = false

    /// Creates a response.
    public init(status: Int = 200, reason: String = "OK", headers: [(name: String, value: String)] = [], body: [UInt8]) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }

    /// A 200 response with the given `Content-Type`, if any.
    public static func ok(contentType: String?, body: [UInt8]) -> CannedResponse {
        CannedResponse(headers: contentType.map { [("Content-Type", $0)] } ?? [], body: body)
    }

    /// A 200 response whose body is the request's body, byte for byte: what
    /// a client sent is what it reads back.
    public static func echo(contentType: String) -> CannedResponse {
        var response = CannedResponse.ok(contentType: contentType, body: [])
        response.echoesRequestBody = true
        return response
    }

    /// The answer to a path that has no route.
    public static let notFound = CannedResponse(
        status: 404, reason: "Not Found", headers: [("Content-Type", "text/plain")], body: Array("no such path".utf8))
}

/// A minimal HTTP/1.1 server on 127.0.0.1 for the examples and the tests:
/// it answers requests from a fixed table of request targets (path and
/// query, e.g. `/theaters?s_page=2&s_list=5`), one connection at a time, each
/// closed after its response. A route may name its method
/// (`PATCH /todos/5`); that route is tried first, then the target alone.
///
/// It listens on an ephemeral loopback port only, never connects anywhere,
/// and answers every request for exactly as long as the body of
/// ``serve(_:_:)`` runs: it stops when the body returns, never before. (It
/// had a request cap and a 300 s lifetime once; under ThreadSanitizer a test
/// task could wait in the busy cooperative pool for longer than that
/// between its first and its second request, which then found the port
/// closed.) Plain POSIX sockets on one thread; no state is shared with the
/// caller but immutable values and a pipe that says "stop".
public enum LocalHTTPServer {
    /// A failure to set the server up.
    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Serves `routes` (request target, e.g. `/theaters.json`, to response) while
    /// `body` runs with the server's base URL (`http://127.0.0.1:PORT`).
    /// Unknown paths get ``CannedResponse/notFound``.
    public static func serve<T>(
        _ routes: [String: CannedResponse],
        _ body: (URL) async throws -> T
    ) async throws -> T {
        let listener = try makeListener()
        var stopPipe: [Int32] = [-1, -1]
        guard pipe(&stopPipe) == 0 else {
            _ = close(listener.descriptor)
            throw SetupError(description: "pipe failed: \(String(cString: strerror(errno)))")
        }
        let (finished, finish) = AsyncStream<Never>.makeStream()
        let descriptor = listener.descriptor
        let stopReader = stopPipe[0]
        let thread = Thread {
            run(listener: descriptor, stop: stopReader, routes: routes)
            _ = close(descriptor)
            finish.finish()
        }
        thread.start()

        let base = URL(string: "http://127.0.0.1:\(listener.port)")!
        let result: Result<T, any Error>
        do { result = .success(try await body(base)) } catch { result = .failure(error) }

        var byte: UInt8 = 1
        _ = write(stopPipe[1], &byte, 1)
        for await _ in finished {}
        _ = close(stopPipe[0])
        _ = close(stopPipe[1])
        return try result.get()
    }

    private static func makeListener() throws -> (descriptor: Int32, port: UInt16) {
        #if os(Linux)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw SetupError(description: "socket failed: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian  // 127.0.0.1
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = close(descriptor)
            throw SetupError(description: "cannot listen on 127.0.0.1: \(reason)")
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            _ = close(descriptor)
            throw SetupError(description: "getsockname failed")
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// The accept loop; returns when told to stop. A failure that ends it
    /// early (the listener broken or closed under it) is said on standard
    /// error, so a client's "couldn't connect" has a reason next to it.
    private static func run(listener: Int32, stop: Int32, routes: [String: CannedResponse]) {
        while true {
            var fds = [
                pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                return complain("poll failed: \(String(cString: strerror(errno)))")
            }
            if fds[1].revents & Int16(POLLIN) != 0 { return }
            if fds[1].revents != 0 { return complain("the stop pipe failed (poll events \(fds[1].revents))") }
            if fds[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                return complain("the listening socket failed (poll events \(fds[0].revents))")
            }
            guard fds[0].revents & Int16(POLLIN) != 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            answer(connection, routes: routes)
            _ = close(connection)
        }
    }

    private static func complain(_ reason: String) {
        FileHandle.standardError.write(Data("LocalHTTPServer stopped early: \(reason)\n".utf8))
    }

    /// Reads one request (its head, and a body of `Content-Length` bytes)
    /// and writes the response.
    private static func answer(_ connection: Int32, routes: [String: CannedResponse]) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        _ = setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var one: Int32 = 1
        _ = setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif

        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while request.count < 64 * 1024, !contains(request, end) {
            let got = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if got <= 0 { return }
            request.append(contentsOf: buffer[..<got])
        }
        let headEnd = firstIndex(of: end, in: request).map { $0 + end.count } ?? request.count
        let head = String(decoding: request[..<headEnd], as: UTF8.self)
        let line = head.prefix { $0 != "\r" && $0 != "\n" }
        let parts = line.split(separator: " ")
        let method = parts.first.map(String.init) ?? "GET"
        let path = parts.count >= 2 ? String(parts[1]) : "/"
        var response = routes["\(method) \(path)"] ?? routes[path] ?? .notFound
        if response.echoesRequestBody {
            let length = head.split(separator: "\r\n").lazy
                .compactMap { field -> Int? in
                    let pair = field.split(separator: ":", maxSplits: 1)
                    guard pair.count == 2, pair[0].lowercased() == "content-length" else { return nil }
                    return Int(pair[1].trimmingCharacters(in: .whitespaces))
                }
                .first ?? 0
            var body = Array(request[headEnd...])
            while body.count < min(length, 1 << 20) {
                let got = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                if got <= 0 { return }
                body.append(contentsOf: buffer[..<got])
            }
            response.body = Array(body.prefix(length))
        }

        var reply = "HTTP/1.1 \(response.status) \(response.reason)\r\n"
        for (name, value) in response.headers { reply += "\(name): \(value)\r\n" }
        if response.sendsContentLength { reply += "Content-Length: \(response.body.count)\r\n" }
        reply += "Connection: close\r\n\r\n"
        send(connection, Array(reply.utf8) + response.body)
    }

    private static func send(_ connection: Int32, _ bytes: [UInt8]) {
        #if os(Linux)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        var sent = 0
        while sent < bytes.count {
            let result = bytes.withUnsafeBytes { Foundation.send(connection, $0.baseAddress! + sent, $0.count - sent, flags) }
            if result <= 0 { return }
            sent += result
        }
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        firstIndex(of: needle, in: haystack) != nil
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
