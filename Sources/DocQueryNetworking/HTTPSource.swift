import DocTree
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches an http(s) resource with URLSession.
package enum HTTPSource {
    /// A successful response: its body and `Content-Type`.
    package struct Response: Sendable {
        package var bytes: [UInt8]
        package var contentType: ContentType?
    }

    /// Sends `request` and returns the body of a 2xx response.
    ///
    /// With a `maxBytes` limit, a response that announces a larger
    /// `Content-Length` is dropped at once and one without is stopped as
    /// soon as more has arrived (see ``ResponseSizeLimit``).
    ///
    /// - Throws: ``LoadError/Kind-swift.struct/unreadableSource`` for a
    ///   scheme other than http(s), a transport failure, or another status;
    ///   ``LoadError/Kind-swift.struct/tooLarge`` past `maxBytes`.
    package static func fetch(_ request: URLRequest, session: URLSession, maxBytes: Int) async throws(LoadError) -> Response {
        guard let url = request.url else { throw LoadError(.unreadableSource, "cannot load a request without a URL") }
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            throw LoadError(.unreadableSource, "cannot load \(url.absoluteString): unsupported URL scheme '\(scheme)' (use file, http or https)")
        }
        let data: Data
        let response: URLResponse
        let limit = maxBytes == .max ? nil : ResponseSizeLimit(maxBytes: maxBytes)
        do {
            (data, response) = try await session.data(for: request, delegate: limit)
        } catch {
            if let excess = limit?.excess { throw excess.error(maxBytes: maxBytes) }
            throw LoadError(.unreadableSource, "cannot load \(url.absoluteString): \(describe(error))")
        }
        // The transfer may have ended before the cancellation took effect.
        if let excess = limit?.excess { throw excess.error(maxBytes: maxBytes) }
        guard let http = response as? HTTPURLResponse else {
            throw LoadError(.unreadableSource, "cannot load \(url.absoluteString): the response is not HTTP")
        }
        guard (200..<300).contains(http.statusCode) else {
            let reason = HTTPURLResponse.localizedString(forStatusCode: http.statusCode).lowercased()
            throw LoadError(.unreadableSource, "HTTP \(http.statusCode) (\(reason)) for \(url.absoluteString)")
        }
        let contentType = http.value(forHTTPHeaderField: "Content-Type").flatMap(ContentType.init)
        return Response(bytes: [UInt8](data), contentType: contentType)
    }

    /// A short reason for a transport failure.
    private static func describe(_ error: any Error) -> String {
        if let error = error as? URLError {
            return "\(error.localizedDescription) (URLError \(error.code.rawValue))"
        }
        return error.localizedDescription
    }
}
