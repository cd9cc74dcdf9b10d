/// Turns raw input bytes into what a parser reads: sniffs the format and,
/// where the encoding is known from outside the document (an option, a
/// transport charset, a BOM, the zero-byte pattern of UTF-16/32), transcodes
/// to UTF-8.
package enum InputDecoding {
    /// Input ready for a parser.
    package struct Prepared {
        /// The bytes to parse: UTF-8 for JSON; for XML either UTF-8 (when
        /// ``xmlEncoding`` is `"UTF-8"`) or the original bytes, left to the
        /// XML declaration.
        package var bytes: [UInt8]
        package var format: DocumentFormat
        /// The encoding libxml2 must assume, or `nil` to let it read the declaration.
        package var xmlEncoding: String?
    }

    package static func prepare(_ bytes: [UInt8], charset: String?, options: LoadOptions) throws(LoadError) -> Prepared {
        // Placeholder: UTF-8 only, format from the first significant byte.
        let first = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        let format = options.format ?? (first == UInt8(ascii: "<") ? .xml : .json)
        return Prepared(bytes: bytes, format: format, xmlEncoding: nil)
    }
}
