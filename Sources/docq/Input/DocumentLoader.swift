import DocTree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads the document an ``InputSource`` names.
///
/// Files and standard input are read here, in chunks, so a large input can
/// show a ``ProgressBar``; the bytes then go to DocTree's loader without
/// another copy (for JSON the tree keeps them as its text buffer). URLs are
/// fetched with libcurl (``HTTPFetch``) and loaded with the response's
/// charset and media type, as DocQueryNetworking's `Document.load(from:)` does.
struct DocumentLoader: Sendable {
    /// The format and encoding options from the command line.
    var options: LoadOptions
    /// Whether a progress bar may be shown (it also needs a large input and a
    /// terminal on standard error). Tests set `DOCQ_FORCE_PROGRESS=1` to see it.
    var allowsProgress = true
    /// Whether an XML document keeps its bytes and its elements' spans
    /// (``DocumentRecords/xmlSource``), for `--xml`.
    var keepsXMLSource = false

    /// Loads `source`.
    ///
    /// - Throws: ``LoadError`` when it cannot be read or parsed.
    func load(_ source: InputSource) async throws(LoadError) -> Document {
        let options = source.loadOptions(options)
        switch source {
        case .url(let url):
            let response = try HTTPFetch.fetch(url, maxBytes: options.maxInputBytes)
            var options = options
            if options.format == nil { options.format = response.contentType?.format }
            return try Document(bytes: response.bytes, charset: response.contentType?.charset, options: options)
        case .standardInput:
            return try load(descriptor: 0, label: source.label, options: options)
        case .file(let path):
            let descriptor = try Self.open(path)
            defer { _ = close(descriptor) }
            return try load(descriptor: descriptor, label: path, options: options)
        }
    }

    /// Loads what `descriptor` reads to its end, with `options` (a source's, applied already).
    func load(descriptor: Int32, label: String, options: LoadOptions) throws(LoadError) -> Document {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Self.unreadable(label, errno) }
        if status.st_mode & S_IFMT == S_IFDIR { throw Self.unreadable(label, EISDIR) }
        let size = Self.regularSize(status)
        let forced = environmentVariable("DOCQ_FORCE_PROGRESS") == "1"
        let progress = allowsProgress ? ProgressBar(label: label, total: size, force: forced && size > 0) : nil
        defer { progress?.finish() }

        let bytes = try Self.readAll(descriptor, sizeHint: size, label: label, progress: progress)
        progress?.parsing()
        return try Document(bytes: bytes, charset: nil, options: options)
    }

    /// The size a descriptor's `fstat` status says, for a regular file (a
    /// file given, or standard input redirected from one); 0 for a pipe or
    /// a device, whose size is not known.
    static func regularSize(_ status: stat) -> Int {
        status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
    }

    /// Reads a descriptor to its end, into memory reserved once from the
    /// size `fstat` says of a regular file.
    static func readAll(_ descriptor: Int32, label: String) throws(LoadError) -> [UInt8] {
        var status = stat()
        let size = fstat(descriptor, &status) == 0 ? regularSize(status) : 0
        return try readAll(descriptor, sizeHint: size, label: label, progress: nil)
    }

    /// Reads a descriptor to its end (``FileSource/readAll(_:sizeHint:progress:)``).
    static func readAll(_ descriptor: Int32, sizeHint: Int, label: String, progress: ProgressBar?) throws(LoadError) -> [UInt8] {
        do {
            return try FileSource.readAll(descriptor, sizeHint: sizeHint, progress: progress.map { bar in { bar.reading($0) } })
        } catch {
            throw unreadable(label, error.value)
        }
    }

    /// Opens the file at `path` for reading (a directory fails with `EISDIR`).
    static func open(_ path: String) throws(LoadError) -> Int32 {
        switch FileSource.openForReading(path) {
        case .success(let descriptor): return descriptor
        case .failure(let error): throw unreadable(path, error.value)
        }
    }

    /// docq's "cannot read" error: the source is named before it, as for any load error.
    static func unreadable(_ label: String, _ code: Int32) -> LoadError {
        let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
        return LoadError(.unreadableSource, "cannot read: \(reason)")
    }
}
