import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Document {
    /// Loads a document from a file.
    ///
    /// The file is loaded as ``init(data:options:)`` would load its bytes:
    /// the format is sniffed unless ``LoadOptions/format`` says it, and the
    /// encoding detected unless ``LoadOptions/encoding`` names it. XML is
    /// parsed in chunks as it is read (libxml2's push parser), so the file
    /// is never held whole beside its tree; JSON is read into the buffer
    /// its tree keeps as text.
    ///
    /// ```swift
    /// let doc = try Document(contentsOf: URL(fileURLWithPath: "theaters.json"),
    ///                        options: LoadOptions(encoding: "EUC-KR"))
    /// ```
    ///
    /// - Throws: ``LoadError`` of kind ``LoadError/Kind-swift.struct/unreadableSource``
    ///   with the path and the reason when the file cannot be read (or `url`
    ///   is not a file URL: use ``load(from:options:session:)-(URL,_,_)`` for http(s)),
    ///   else any error of loading the bytes. Its ``LoadError/source`` is the
    ///   file's path, so its description names the file (`data/a.json:3:7: …`).
    public convenience init(contentsOf url: URL, options: LoadOptions = LoadOptions()) throws(LoadError) {
        guard url.isFileURL else {
            throw LoadError(
                .unreadableSource,
                "cannot read \(url.absoluteString): not a file URL (use Document.load(from:) for http and https)")
        }
        let path = url.path
        do {
            try self.init(chunks: ChunkedInput(path: path), charset: nil, options: options,
                          reopen: { () throws(LoadError) in try ChunkedInput(path: path) })
        } catch {
            var named = error
            named.source = path
            throw named
        }
    }

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

/// Reads a whole file into memory with POSIX calls, so a failure reports
/// the system's reason ("No such file or directory", "Permission denied").
package enum FileSource {
    /// The bytes of the file at `url`.
    package static func bytes(of url: URL) throws(LoadError) -> [UInt8] {
        let path = url.path
        let descriptor = url.withUnsafeFileSystemRepresentation { name -> Int32 in
            guard let name else { return -1 }
            return open(name, O_RDONLY | O_CLOEXEC)
        }
        guard descriptor >= 0 else { throw unreadable(path, errno) }
        defer { _ = close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable(path, errno) }
        if status.st_mode & S_IFMT == S_IFDIR { throw unreadable(path, EISDIR) }

        var failure: Int32 = 0
        let expected = max(Int(status.st_size), 0)
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
            initialized = readFully(descriptor, into: buffer, failure: &failure)
        }
        // The size is a hint: a file that grew, or a pipe or device whose size
        // reads 0, is read on to its end.
        if failure == 0, bytes.count == expected {
            let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 64 * 1024)
            defer { chunk.deallocate() }
            while failure == 0 {
                let got = readFully(descriptor, into: chunk, failure: &failure)
                if got == 0 { break }
                bytes.append(contentsOf: chunk[..<got])
            }
        }
        if failure != 0 { throw unreadable(path, failure) }
        return bytes
    }

    /// Reads until `buffer` is full or the file ends; returns the count read.
    /// With an `offset`, reads from that file offset (`pread`, leaving the
    /// descriptor's position alone), else from the current position. A
    /// failure other than an interruption is left in `failure`.
    package static func readFully(
        _ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, offset: Int? = nil, failure: inout Int32
    ) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var filled = 0
        while filled < buffer.count {
            let result = offset.map { pread(descriptor, base + filled, buffer.count - filled, off_t($0 + filled)) }
                ?? read(descriptor, base + filled, buffer.count - filled)
            if result > 0 {
                filled += result
            } else if result == 0 {
                break
            } else if errno != EINTR {
                failure = errno
                break
            }
        }
        return filled
    }

    private static func unreadable(_ path: String, _ code: Int32) -> LoadError {
        let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
        return LoadError(.unreadableSource, "cannot read '\(path)': \(reason)")
    }
}

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
