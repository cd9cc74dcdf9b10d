import DocTree
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension DocumentStream {
    /// A stream over a file or the body of an http(s) URL.
    ///
    /// File URLs are read in chunks, as ``init(contentsOf:options:)`` does;
    /// an http(s) body is fetched whole with `session` (so it may be at most
    /// ``LoadOptions/maxInputBytes``), then read record by record.
    ///
    /// - Throws: ``LoadError/Kind-swift.struct/unreadableSource`` when the
    ///   request fails or the status is outside 200–299;
    ///   ``LoadError/Kind-swift.struct/tooLarge`` when the body passes
    ///   ``LoadOptions/maxInputBytes``.
    public static func load(
        from url: URL, options: LoadOptions = LoadOptions(), session: URLSession = .shared
    ) async throws(LoadError) -> DocumentStream {
        if url.isFileURL { return DocumentStream(contentsOf: url, options: options) }
        let response = try await HTTPSource.fetch(URLRequest(url: url), session: session, maxBytes: options.maxInputBytes)
        return DocumentStream(bytes: response.bytes, options: options)
    }
}
