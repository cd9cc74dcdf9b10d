/// Turns raw input bytes into what a parser reads: finds the encoding,
/// transcodes to UTF-8 when it is known, and sniffs the format.
///
/// ## Encoding
///
/// ``EncodingDetection`` decides, in this order: ``LoadOptions/encoding``,
/// a transport charset, a byte order mark, the zero-byte pattern of
/// UTF-16/32. When one of them names the encoding, the input becomes UTF-8
/// here (a UTF-8 BOM is dropped, and UTF-8 input is validated), and an XML
/// parser is told "UTF-8", so it ignores a declaration the bytes no longer
/// match. When none does, the bytes pass as they are: JSON must then be
/// UTF-8 (the scanner checks it), and XML is left to its own declaration
/// (`<?xml version="1.0" encoding="EUC-KR"?>`), which libxml2 honours.
///
/// ## Format
///
/// ``LoadOptions/format`` when given; otherwise the first character that is
/// not JSON/XML white space decides: `<` is XML, anything else JSON.
///
/// ```
/// bytes ──▶ detect ──▶ transcode (if known) ──▶ sniff ──▶ Prepared
/// ```
package enum InputDecoding {
    /// Input ready for a parser.
    package struct Prepared: Sendable {
        /// The bytes to parse: UTF-8 for JSON (or the original bytes, which
        /// the scanner validates as UTF-8); for XML UTF-8 when
        /// ``xmlEncoding`` is `"UTF-8"`, else the original bytes, left to the
        /// XML declaration. A parser's error offsets, lines and columns
        /// count in these bytes: for transcoded input that is the UTF-8
        /// text, and a dropped BOM is not counted.
        package var bytes: [UInt8]
        /// The format to parse as.
        package var format: DocumentFormat
        /// The encoding libxml2 must assume, or `nil` to let it read the
        /// declaration (and BOM). Always `nil` for JSON.
        package var xmlEncoding: String?
        /// The encoding the input was decoded from, and how it was learnt;
        /// `nil` when nothing said and the bytes passed as they are.
        package var detected: EncodingDetection.Detected?
    }

    /// Prepares raw bytes from a file, `Data` or a network response.
    ///
    /// - Parameters:
    ///   - bytes: the input as it arrived.
    ///   - charset: the charset a transport declared (HTTP `Content-Type`), if any.
    ///   - options: ``LoadOptions/encoding`` and ``LoadOptions/format`` are read.
    /// - Throws: ``LoadError`` when the input is empty or only white space,
    ///   the encoding is unknown, or the bytes are not valid in it.
    package static func prepare(_ bytes: [UInt8], charset: String?, options: LoadOptions) throws(LoadError) -> Prepared {
        guard !bytes.isEmpty else { throw emptyInput() }
        let detected = try bytes.withUnsafeBufferPointer { input throws(LoadError) in
            try EncodingDetection.detect(input, option: options.encoding, charset: charset)
        }
        let text = try detected.map { detected throws(LoadError) in try decode(bytes, from: detected.encoding) } ?? bytes
        let format = try sniff(text, options: options)
        try refuseSecondMark(text, format: format)
        let xmlEncoding = format == .xml && detected != nil ? "UTF-8" : nil
        return Prepared(bytes: text, format: format, xmlEncoding: xmlEncoding, detected: detected)
    }

    /// Prepares text that is already UTF-8 (a Swift `String`): drops a
    /// leading U+FEFF and sniffs the format; no detection, no validation.
    package static func prepare(utf8 text: [UInt8], options: LoadOptions) throws(LoadError) -> Prepared {
        guard !text.isEmpty else { throw emptyInput() }
        let mark = InputHead.byteOrderMarkLength(text)
        let body = mark > 0 ? Array(text.dropFirst(mark)) : text
        let format = try sniff(body, options: options)
        try refuseSecondMark(body, format: format)
        let detected = EncodingDetection.Detected(encoding: CharacterEncoding(label: "UTF-8", scheme: .utf8), source: .option)
        return Prepared(bytes: body, format: format, xmlEncoding: format == .xml ? "UTF-8" : nil, detected: detected)
    }

    /// Refuses JSON `text` (the input less one byte order mark) that begins
    /// with another: it is U+FEFF, content, which a JSON value cannot begin
    /// with. The JSON parser drops a mark of input it is handed raw, so it
    /// would drop this one too, and a load would accept what a stream
    /// (which drops one) refuses: the stream's error, located in the input.
    private static func refuseSecondMark(_ text: [UInt8], format: DocumentFormat) throws(LoadError) {
        let mark = InputHead.byteOrderMarkLength(text)
        guard format == .json, mark > 0 else { return }
        let input = InputHead.byteOrderMarkUTF8 + text
        throw input.withUnsafeBufferPointer { JSONFailure(.expectedValue(inArray: false), at: mark).located(in: $0) }
    }

    /// Decodes `bytes` from `encoding` into UTF-8 without a BOM. UTF-8 input
    /// is only validated, and returned as it is (less a BOM).
    package static func decode(_ bytes: [UInt8], from encoding: CharacterEncoding) throws(LoadError) -> [UInt8] {
        var output = try bytes.withUnsafeBufferPointer { input throws(LoadError) in
            if encoding.isUTF8 {
                if let failure = UTF8Validation.firstFailure(in: input) { throw utf8Error(failure, in: input) }
                return bytes
            }
            return try Transcoder.utf8(from: input, encoding: encoding)
        }
        // A BOM in the source (UTF-16LE input that starts with FF FE, say)
        // comes out as U+FEFF; it is not content.
        if case let mark = InputHead.byteOrderMarkLength(output), mark > 0 { output.removeFirst(mark) }
        return output
    }

    /// The format to parse `text` as. Input with nothing but white space
    /// has none to sniff: that is an error here unless the caller named the
    /// format, in which case the parser reports it in its own words.
    private static func sniff(_ text: [UInt8], options: LoadOptions) throws(LoadError) -> DocumentFormat {
        if text.isEmpty { throw emptyInput("the input is empty (it holds only a byte order mark)") }
        if let format = options.format { return format }
        guard let format = InputHead.sniffedFormat(text) else {
            throw text.withUnsafeBufferPointer { buffer in
                LoadError(.invalidSyntax, "the input holds only white space", at: buffer.count, in: buffer)
            }
        }
        return format
    }

    /// The error for input with no bytes to parse, located at its start.
    private static func emptyInput(_ message: String = "the input is empty") -> LoadError {
        LoadError(.invalidSyntax, message, location: SourceLocation(byteOffset: 0, line: 1, column: 1), snippet: "")
    }

    /// The error for ill-formed UTF-8, located at the bad byte.
    private static func utf8Error(_ failure: UTF8Validation.Failure, in input: UnsafeBufferPointer<UInt8>) -> LoadError {
        let message = UTF8Validation.message(at: failure.offset, in: input, inputOffset: failure.offset)
        return LoadError(.invalidEncoding, message, at: failure.offset, in: input)
    }

    /// Bytes as upper-case hex pairs separated by spaces, for messages.
    package static func hex(_ bytes: some Collection<UInt8>) -> String {
        bytes.map { Hex.padded(UInt32($0), digits: 2) }.joined(separator: " ")
    }
}
