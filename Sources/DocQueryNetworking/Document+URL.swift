import DocTree
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Document {
    /// Loads a document from a file or an http(s) URL.
    ///
    /// File URLs are read directly, as ``init(contentsOf:options:)`` does.
    /// http and https URLs are fetched with `session`; the response's
    /// `Content-Type` then helps:
    ///
    /// - its `charset` names the encoding, unless ``LoadOptions/encoding`` does;
    /// - its media type names the format, unless ``LoadOptions/format`` does:
    ///   `application/json`, `text/json` and `*/*+json` are JSON;
    ///   `application/xml`, `text/xml` and `*/*+xml` are XML; any other type
    ///   (`text/plain`, `text/html` …) is sniffed.
    ///
    /// ```swift
    /// let doc = try await Document.load(from: URL(string: "https://example.com/theaters")!)
    /// ```
    ///
    /// - Throws: ``LoadError`` of kind ``LoadError/Kind-swift.struct/unreadableSource``
    ///   when the file cannot be read, the request fails (`"cannot load …:
    ///   reason"`), the server answers with a status outside 200–299 (`"HTTP
    ///   404 (not found) for …"`), or the scheme is neither file, http nor
    ///   https; else any error of loading the bytes.
    public static func load(
        from url: URL, options: LoadOptions = LoadOptions(), session: URLSession = .shared
    ) async throws(LoadError) -> Document {
        if url.isFileURL { return try Document(contentsOf: url, options: options) }
        return try await load(from: URLRequest(url: url), options: options, session: session)
    }

    /// Loads a document from an http(s) request, for requests that need
    /// headers (an API key, `Accept`) or another method.
    ///
    /// The response is used as ``load(from:options:session:)-(URL,_,_)`` describes.
    public static func load(
        from request: URLRequest, options: LoadOptions = LoadOptions(), session: URLSession = .shared
    ) async throws(LoadError) -> Document {
        if let url = request.url, url.isFileURL { return try Document(contentsOf: url, options: options) }
        let response = try await HTTPSource.fetch(request, session: session, maxBytes: options.maxInputBytes)
        var options = options
        if options.format == nil { options.format = response.contentType?.format }
        return try Document(bytes: response.bytes, charset: response.contentType?.charset, options: options)
    }
}
