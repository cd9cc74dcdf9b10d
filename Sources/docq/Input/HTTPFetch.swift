import CLibCurl
import DocTree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fetches an http(s) operand with libcurl, loaded when the first URL is
/// fetched (Sources/CLibCurl), so docq links neither FoundationNetworking
/// nor libcurl, and a run on files never maps them.
///
/// It does for docq what DocQueryNetworking's URLSession loading does for
/// the library: a 2xx body with its `Content-Type`, the same messages for a
/// failed request or another status, and the same byte limit.
enum HTTPFetch {
    /// A successful response: its body and `Content-Type`.
    struct Response {
        var bytes: [UInt8]
        var contentType: ContentType?
    }

    /// Fetches `url` and returns the body of a 2xx response.
    ///
    /// - Throws: ``LoadError/Kind-swift.struct/unreadableSource`` when
    ///   libcurl cannot be loaded, the transfer fails, or the status is
    ///   outside 200–299; ``LoadError/Kind-swift.struct/tooLarge`` once more
    ///   than `maxBytes` have arrived.
    static func fetch(_ url: URL, maxBytes: Int) throws(LoadError) -> Response {
        let label = url.absoluteString
        if let problem = docq_curl_load() {
            throw LoadError(.unreadableSource, "cannot load \(label): libcurl could not be loaded (\(String(cString: problem)))")
        }
        let body = Body(maxBytes: maxBytes)
        var status = 0
        var contentType = [CChar](repeating: 0, count: 1024)
        var error = [CChar](repeating: 0, count: 512)
        let code = withExtendedLifetime(body) {
            docq_curl_get(
                label, { data, size, context in
                    let body = Unmanaged<Body>.fromOpaque(context!).takeUnretainedValue()
                    return body.append(data, size) ? size : 0
                }, Unmanaged.passUnretained(body).toOpaque(), &status, &contentType, contentType.count, &error, error.count)
        }
        if body.overflowed {
            throw Document.inputTooLarge(body.bytes.count, isComplete: false, maxInputBytes: maxBytes)
        }
        guard code == 0 else {
            throw LoadError(.unreadableSource, "cannot load \(label): \(text(error))")
        }
        guard (200..<300).contains(status) else {
            throw LoadError(.unreadableSource, "HTTP \(status) (\(reason(status))) for \(label)")
        }
        let type = text(contentType)
        return Response(bytes: body.bytes, contentType: type.isEmpty ? nil : ContentType(type))
    }

    /// The text of a NUL-terminated C string in `buffer`.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The body as it arrives, stopped past the byte limit.
    private final class Body {
        let maxBytes: Int
        var bytes: [UInt8] = []
        var overflowed = false

        init(maxBytes: Int) { self.maxBytes = maxBytes }

        /// Appends `size` bytes; `false` (stop) once past the limit.
        func append(_ data: UnsafePointer<CChar>?, _ size: Int) -> Bool {
            guard let data, size > 0 else { return true }
            if bytes.count + size > maxBytes {
                bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: maxBytes - bytes.count).bindMemory(to: UInt8.self))
                overflowed = true
                return false
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: size).bindMemory(to: UInt8.self))
            return true
        }
    }

    /// The reason phrase of an HTTP status (RFC 9110), in lower case as
    /// docq's messages give it.
    static func reason(_ status: Int) -> String {
        switch status {
        case 300: "multiple choices"
        case 301: "moved permanently"
        case 302: "found"
        case 303: "see other"
        case 304: "not modified"
        case 307: "temporary redirect"
        case 308: "permanent redirect"
        case 400: "bad request"
        case 401: "unauthorized"
        case 402: "payment required"
        case 403: "forbidden"
        case 404: "not found"
        case 405: "method not allowed"
        case 406: "not acceptable"
        case 408: "request timeout"
        case 409: "conflict"
        case 410: "gone"
        case 413: "content too large"
        case 414: "uri too long"
        case 415: "unsupported media type"
        case 429: "too many requests"
        case 500: "internal server error"
        case 501: "not implemented"
        case 502: "bad gateway"
        case 503: "service unavailable"
        case 504: "gateway timeout"
        default:
            switch status {
            case 100..<200: "informational"
            case 300..<400: "redirection"
            case 400..<500: "client error"
            default: "server error"
            }
        }
    }
}
