#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
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
    ///   is not a file URL: use `Document.load(from:)` of DocQueryNetworking for http(s)),
    ///   else any error of loading the bytes. Its ``LoadError/source`` is the
    ///   file's path, so its description names the file (`data/a.json:3:7: …`).
    public convenience init(contentsOf url: URL, options: LoadOptions = LoadOptions()) throws(LoadError) {
        guard url.isFileURL else {
            throw LoadError(
                .unreadableSource,
                "cannot read \(url.absoluteString): not a file URL (use Document.load(from:) of DocQueryNetworking for http and https)")
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
}
