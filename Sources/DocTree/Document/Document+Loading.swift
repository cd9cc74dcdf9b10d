#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Document {
    /// Loads a document from bytes in any supported encoding.
    ///
    /// The format is sniffed unless ``LoadOptions/format`` says it; the
    /// encoding is detected unless ``LoadOptions/encoding`` names it.
    ///
    /// - Throws: ``LoadError`` when the bytes are not a well-formed document.
    public convenience init(data: Data, options: LoadOptions = LoadOptions()) throws(LoadError) {
        let inPlace = data.withUnsafeBytes { raw in
            Result { () throws(LoadError) in try Self.xmlInPlace(raw.bindMemory(to: UInt8.self), options: options) }
        }
        if let loaded = try inPlace.get() {
            self.init(table: loaded.table, format: loaded.format, skippedEntities: loaded.skippedEntities)
            return
        }
        try self.init(bytes: [UInt8](data), charset: nil, options: options)
    }

    /// The document in `input` when it is XML that libxml2 reads as it is
    /// (nothing names its encoding, so it is left to the declaration), parsed
    /// where it lies; `nil` for any other input, which goes through
    /// ``InputDecoding`` (whose rules this follows) and a copy instead.
    ///
    /// The copy of the whole input into an array cost XML loads from `Data`
    /// a page fault per 4 KiB on every load (map.osm: 3 MB, about 740).
    private static func xmlInPlace(_ input: UnsafeBufferPointer<UInt8>, options: LoadOptions) throws(LoadError) -> Document? {
        guard !input.isEmpty, options.encoding == nil,
            (options.format ?? InputHead.sniffedFormat(input)) == .xml,
            try EncodingDetection.detect(input, option: nil, charset: nil) == nil
        else { return nil }
        try checkInputSize(input.count, options: options)
        return try XMLLoader.parse(input, encoding: nil, options: options)
    }

    /// Loads a document from a string (already decoded text, so any
    /// ``LoadOptions/encoding`` is ignored and an XML encoding declaration is
    /// overridden).
    public convenience init(string: String, options: LoadOptions = LoadOptions()) throws(LoadError) {
        try Self.checkInputSize(string.utf8.count, options: options)
        var options = options
        options.encoding = "UTF-8"
        try self.init(prepared: InputDecoding.prepare(utf8: Array(string.utf8), options: options), options: options)
    }

    /// Loads from bytes, with the charset a transport declared (HTTP
    /// `Content-Type`), if any. The one funnel every byte source (data,
    /// files, URLs) uses; see ``InputDecoding`` for the encoding rules.
    package convenience init(bytes: [UInt8], charset: String?, options: LoadOptions) throws(LoadError) {
        try Self.checkInputSize(bytes.count, options: options)
        try self.init(prepared: InputDecoding.prepare(bytes, charset: charset, options: options), options: options)
    }

    /// The document in `bytes` (read as ``init(bytes:charset:options:)``
    /// reads them), or `nil` when they are JSON whose first value is
    /// followed by more: a stream of values, such as JSON Lines, for
    /// ``DocumentStream``.
    package static func oneDocument(bytes: [UInt8], charset: String?, options: LoadOptions) throws(LoadError) -> Document? {
        try checkInputSize(bytes.count, options: options)
        let input = try InputDecoding.prepare(bytes, charset: charset, options: options)
        guard input.format == .json else { return try Document(prepared: input, options: options) }
        switch try JSONScanner.read(input.bytes, options: options) {
        case .document(let document): return document
        case .values: return nil
        }
    }

    /// Parses input that ``InputDecoding`` prepared.
    private convenience init(prepared input: InputDecoding.Prepared, options: LoadOptions) throws(LoadError) {
        let loaded: Document
        switch input.format {
        case .json: loaded = try JSONScanner.parse(input.bytes, options: options)
        case .xml: loaded = try XMLLoader.parse(input.bytes, encoding: input.xmlEncoding, options: options)
        }
        self.init(table: loaded.table, format: loaded.format, skippedEntities: loaded.skippedEntities)
    }

    /// Fails when the input is larger than ``LoadOptions/maxInputBytes``:
    /// `count` is its size, or, unless `isComplete`, the bytes read of it so
    /// far (reading then stops).
    package static func checkInputSize(_ count: Int, isComplete: Bool = true, options: LoadOptions) throws(LoadError) {
        guard count <= options.maxInputBytes else {
            throw inputTooLarge(count, isComplete: isComplete, maxInputBytes: options.maxInputBytes)
        }
    }

    /// The error for input of `count` bytes (or, unless `isComplete`, of
    /// which `count` were read) past `maxInputBytes`.
    package static func inputTooLarge(_ count: Int, isComplete: Bool, maxInputBytes: Int) -> LoadError {
        isComplete
            ? LoadError(.tooLarge, "the input is \(count) bytes, more than LoadOptions.maxInputBytes (\(maxInputBytes))")
            : LoadError(
                .tooLarge,
                "the input is more than LoadOptions.maxInputBytes (\(maxInputBytes)) bytes; reading stopped after \(count)")
    }
}
