/// Decides which encoding an input is in, before anything is decoded.
///
/// ## Order
///
/// 1. An explicit ``LoadOptions/encoding`` wins.
/// 2. Then a transport charset (the `charset` of an HTTP `Content-Type`).
/// 3. Then a byte order mark: `EF BB BF` (UTF-8), `FF FE 00 00` (UTF-32LE),
///    `00 00 FE FF` (UTF-32BE), `FF FE` (UTF-16LE), `FE FF` (UTF-16BE).
/// 4. Then the zero bytes around the first character, which in JSON and XML
///    is always ASCII (RFC 4627 §3; XML 1.0 appendix F):
///    `00 00 00 xx` UTF-32BE, `xx 00 00 00` UTF-32LE, `00 xx` UTF-16BE,
///    `xx 00` UTF-16LE.
/// 5. Otherwise nothing is known (`nil`): JSON must then be UTF-8, and XML is
///    left to its own declaration.
///
/// A label without byte order (`UTF-16`, `UTF-32`) takes it from a BOM, else
/// from the zero-byte pattern, else big-endian.
package enum EncodingDetection {
    /// Where an encoding was learnt.
    package enum Source: String, Hashable, Sendable {
        /// ``LoadOptions/encoding``.
        case option
        /// The charset a transport declared, such as HTTP `Content-Type`.
        case transportCharset
        /// A byte order mark at the start of the input.
        case byteOrderMark
        /// The zero bytes of UTF-16 or UTF-32 around the first character.
        case zeroBytePattern
    }

    /// An encoding and where it was learnt.
    package struct Detected: Hashable, Sendable {
        package var encoding: CharacterEncoding
        package var source: Source
    }

    /// Applies the order above to `bytes`.
    ///
    /// - Throws: ``LoadError/Kind-swift.struct/unsupportedEncoding`` when the
    ///   option or the charset is not a possible encoding name.
    package static func detect(_ bytes: UnsafeBufferPointer<UInt8>, option: String?, charset: String?) throws(LoadError) -> Detected? {
        if let option {
            return Detected(encoding: resolvingByteOrder(try CharacterEncoding(label: option), bytes), source: .option)
        }
        if let charset {
            return Detected(encoding: resolvingByteOrder(try CharacterEncoding(label: charset), bytes), source: .transportCharset)
        }
        if let (scheme, _) = byteOrderMark(bytes) {
            return Detected(encoding: CharacterEncoding(label: name(of: scheme), scheme: scheme), source: .byteOrderMark)
        }
        if let scheme = zeroBytePattern(bytes) {
            return Detected(encoding: CharacterEncoding(label: name(of: scheme), scheme: scheme), source: .zeroBytePattern)
        }
        return nil
    }

    /// The byte order mark at the start of `bytes`: its scheme and length.
    package static func byteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> (CharacterEncoding.Scheme, length: Int)? {
        let count = bytes.count
        if case let length = InputHead.byteOrderMarkLength(bytes), length > 0 { return (.utf8, length) }
        if count >= 4, bytes[0] == 0xFF, bytes[1] == 0xFE, bytes[2] == 0, bytes[3] == 0 { return (.utf32(.little), 4) }
        if count >= 4, bytes[0] == 0, bytes[1] == 0, bytes[2] == 0xFE, bytes[3] == 0xFF { return (.utf32(.big), 4) }
        if count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return (.utf16(.little), 2) }
        if count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return (.utf16(.big), 2) }
        return nil
    }

    /// The UTF-16 or UTF-32 form that the first bytes of an input show (a
    /// byte order mark, else the zero bytes around the first character), for
    /// the readers of UTF-8 only to refuse by name; `nil` for any other input.
    package static func wideUnicode(_ head: [UInt8]) -> CharacterEncoding.Scheme? {
        head.withUnsafeBufferPointer { bytes in
            if let (scheme, _) = byteOrderMark(bytes) { return scheme == .utf8 ? nil : scheme }
            return zeroBytePattern(bytes)
        }
    }

    /// The UTF-16 or UTF-32 form whose zero bytes surround the first character.
    package static func zeroBytePattern(_ bytes: UnsafeBufferPointer<UInt8>) -> CharacterEncoding.Scheme? {
        let count = bytes.count
        if count >= 4 {
            if bytes[0] == 0, bytes[1] == 0, bytes[2] == 0, bytes[3] != 0 { return .utf32(.big) }
            if bytes[0] != 0, bytes[1] == 0, bytes[2] == 0, bytes[3] == 0 { return .utf32(.little) }
        }
        if count >= 2 {
            if bytes[0] == 0, bytes[1] != 0 { return .utf16(.big) }
            if bytes[0] != 0, bytes[1] == 0 { return .utf16(.little) }
        }
        return nil
    }

    /// Gives a `UTF-16` or `UTF-32` label without byte order the one the
    /// input shows; other encodings are returned unchanged.
    private static func resolvingByteOrder(_ encoding: CharacterEncoding, _ bytes: UnsafeBufferPointer<UInt8>) -> CharacterEncoding {
        let found = byteOrderMark(bytes)?.0 ?? zeroBytePattern(bytes)
        switch (encoding.scheme, found) {
        case (.utf16(nil), .utf16(let order)?):
            return CharacterEncoding(label: encoding.label, scheme: .utf16(order))
        case (.utf16(nil), _):
            return CharacterEncoding(label: encoding.label, scheme: .utf16(.big))
        case (.utf32(nil), .utf32(let order)?):
            return CharacterEncoding(label: encoding.label, scheme: .utf32(order))
        case (.utf32(nil), _):
            return CharacterEncoding(label: encoding.label, scheme: .utf32(.big))
        default:
            return encoding
        }
    }

    /// The conventional name of a Unicode scheme, used as the label of a
    /// detected encoding.
    package static func name(of scheme: CharacterEncoding.Scheme) -> String {
        switch scheme {
        case .utf8: "UTF-8"
        case .utf16(.little): "UTF-16LE"
        case .utf16(.big): "UTF-16BE"
        case .utf16(nil): "UTF-16"
        case .utf32(.little): "UTF-32LE"
        case .utf32(.big): "UTF-32BE"
        case .utf32(nil): "UTF-32"
        case .iconv(let name): name
        }
    }
}
