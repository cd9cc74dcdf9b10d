import Testing
@testable import DocTree

/// One row of the detection table: input bytes, what the caller or transport
/// said, and what must be detected (`nil`: nothing is known).
struct DetectionCase: Sendable, CustomTestStringConvertible {
    var id: String
    var bytes: [UInt8]
    var option: String? = nil
    var charset: String? = nil
    var scheme: CharacterEncoding.Scheme?
    var source: EncodingDetection.Source? = nil

    var testDescription: String { id }
}

@Suite struct EncodingDetectionTests {
    static let cases: [DetectionCase] = [
        // (3) byte order marks
        DetectionCase(id: "UTF-8 BOM", bytes: [0xEF, 0xBB, 0xBF, 0x7B, 0x7D], scheme: .utf8, source: .byteOrderMark),
        DetectionCase(id: "UTF-16LE BOM", bytes: [0xFF, 0xFE, 0x7B, 0x00], scheme: .utf16(.little), source: .byteOrderMark),
        DetectionCase(id: "UTF-16BE BOM", bytes: [0xFE, 0xFF, 0x00, 0x7B], scheme: .utf16(.big), source: .byteOrderMark),
        DetectionCase(
            id: "UTF-32LE BOM", bytes: [0xFF, 0xFE, 0x00, 0x00, 0x7B, 0x00, 0x00, 0x00], scheme: .utf32(.little),
            source: .byteOrderMark),
        DetectionCase(
            id: "UTF-32BE BOM", bytes: [0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x7B], scheme: .utf32(.big),
            source: .byteOrderMark),
        // (4) zero-byte patterns
        DetectionCase(id: "00 00 00 xx is UTF-32BE", bytes: [0x00, 0x00, 0x00, 0x5B], scheme: .utf32(.big), source: .zeroBytePattern),
        DetectionCase(id: "xx 00 00 00 is UTF-32LE", bytes: [0x5B, 0x00, 0x00, 0x00], scheme: .utf32(.little), source: .zeroBytePattern),
        DetectionCase(id: "00 xx 00 xx is UTF-16BE", bytes: [0x00, 0x5B, 0x00, 0x5D], scheme: .utf16(.big), source: .zeroBytePattern),
        DetectionCase(id: "xx 00 xx 00 is UTF-16LE", bytes: [0x5B, 0x00, 0x5D, 0x00], scheme: .utf16(.little), source: .zeroBytePattern),
        DetectionCase(id: "UTF-16BE, second character not ASCII", bytes: [0x00, 0x22, 0xC0, 0xC1], scheme: .utf16(.big), source: .zeroBytePattern),
        DetectionCase(id: "two-byte UTF-16LE document", bytes: [0x31, 0x00], scheme: .utf16(.little), source: .zeroBytePattern),
        DetectionCase(id: "XML in UTF-16LE without BOM", bytes: Array("<?".utf16LE), scheme: .utf16(.little), source: .zeroBytePattern),
        // (5) nothing known
        DetectionCase(id: "plain ASCII JSON", bytes: Array(#"{"a":1}"#.utf8), scheme: nil),
        DetectionCase(id: "one byte", bytes: [0x31], scheme: nil),
        DetectionCase(id: "EUC-KR bytes without a label", bytes: [0x22, 0xBB, 0xF3, 0x22], scheme: nil),
        DetectionCase(id: "00 00 xx 00 matches no pattern", bytes: [0x00, 0x00, 0x5B, 0x00], scheme: nil),
        DetectionCase(id: "the first character decides", bytes: [0x00, 0x5B, 0x00, 0x00], scheme: .utf16(.big), source: .zeroBytePattern),
        // (1) the option wins over everything, (2) the charset over the BOM
        DetectionCase(
            id: "option beats BOM", bytes: [0xFF, 0xFE, 0x7B, 0x00], option: "windows-1252", charset: "UTF-8",
            scheme: .iconv("WINDOWS-1252"), source: .option),
        DetectionCase(id: "charset beats BOM", bytes: [0xFF, 0xFE, 0x7B, 0x00], charset: "utf-8", scheme: .utf8, source: .transportCharset),
        DetectionCase(id: "quoted charset", bytes: Array("[]".utf8), charset: "\"UTF-8\"", scheme: .utf8, source: .transportCharset),
        DetectionCase(id: "EUC-KR decodes as CP949", bytes: Array("[]".utf8), option: "EUC-KR", scheme: .iconv("CP949"), source: .option),
        DetectionCase(
            id: "ks_c_5601-1987 decodes as CP949", bytes: Array("[]".utf8), charset: "ks_c_5601-1987", scheme: .iconv("CP949"),
            source: .transportCharset),
        DetectionCase(id: "Shift_JIS decodes as CP932", bytes: Array("[]".utf8), option: "Shift_JIS", scheme: .iconv("CP932"), source: .option),
        DetectionCase(id: "other names go to iconv", bytes: Array("[]".utf8), option: " latin1 ", scheme: .iconv("LATIN1"), source: .option),
        DetectionCase(
            id: "UTF-16 label takes the BOM's order", bytes: [0xFF, 0xFE, 0x7B, 0x00], option: "utf-16", scheme: .utf16(.little),
            source: .option),
        DetectionCase(
            id: "UTF-16 label takes the zero pattern's order", bytes: [0x7B, 0x00, 0x7D, 0x00], charset: "UTF-16",
            scheme: .utf16(.little), source: .transportCharset),
        DetectionCase(id: "UTF-16 label defaults to big-endian", bytes: [0x4E, 0x2D], option: "UTF-16", scheme: .utf16(.big), source: .option),
        DetectionCase(
            id: "UTF-32 label takes the BOM's order", bytes: [0xFF, 0xFE, 0x00, 0x00, 0x7B, 0x00, 0x00, 0x00], option: "UTF-32",
            scheme: .utf32(.little), source: .option),
        DetectionCase(id: "explicit UTF-16BE is kept", bytes: [0xFF, 0xFE, 0x7B, 0x00], option: "UTF-16BE", scheme: .utf16(.big), source: .option),
    ]

    @Test(arguments: cases)
    func detects(_ row: DetectionCase) throws {
        let detected = try row.bytes.withUnsafeBufferPointer { bytes throws(LoadError) in
            try EncodingDetection.detect(bytes, option: row.option, charset: row.charset)
        }
        #expect(detected?.encoding.scheme == row.scheme)
        #expect(detected?.source == row.source)
    }

    @Test(arguments: ["", "   ", "UTF-8//IGNORE", "UTF-8//TRANSLIT", "utf 8", "é", String(repeating: "x", count: 65)])
    func rejectsNamesNoEncodingHas(_ name: String) {
        let error = #expect(throws: LoadError.self) {
            _ = try CharacterEncoding(label: name)
        }
        #expect(error?.kind == .unsupportedEncoding)
        #expect(error?.message == "unknown encoding '\(name)'")
    }

    @Test func keepsTheLabelAsWrittenForMessages() throws {
        let encoding = try CharacterEncoding(label: " 'Shift_JIS' ")
        #expect(encoding.label == "Shift_JIS")
        #expect(encoding.iconvName == "CP932")
    }
}

extension String {
    /// The string's UTF-16LE bytes, encoded by the standard library (not iconv).
    var utf16LE: [UInt8] { utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
    /// The string's UTF-16BE bytes.
    var utf16BE: [UInt8] { utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
    /// The string's UTF-32LE bytes.
    var utf32LE: [UInt8] { unicodeScalars.flatMap { scalar in (0..<4).map { UInt8((scalar.value >> (8 * $0)) & 0xFF) } } }
    /// The string's UTF-32BE bytes.
    var utf32BE: [UInt8] { unicodeScalars.flatMap { scalar in (0..<4).reversed().map { UInt8((scalar.value >> (8 * $0)) & 0xFF) } } }
}

extension Array where Element == UInt8 {
    /// Bytes from hex digits (`"5b7b22"`); test data only.
    init(hex: String) {
        let digits = Array(hex.utf8)
        precondition(digits.count % 2 == 0, "odd hex length")
        func value(_ digit: UInt8) -> UInt8 {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
            default: preconditionFailure("not a hex digit")
            }
        }
        self = stride(from: 0, to: digits.count, by: 2).map { value(digits[$0]) << 4 | value(digits[$0 + 1]) }
    }
}
