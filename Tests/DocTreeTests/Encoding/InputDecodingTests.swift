import Foundation
import Testing
import TestSupport
@testable import DocTree

/// Test documents in legacy encodings, as the bytes a server would send
/// (written out in hex so the tests do not encode them with the decoder
/// they check).
enum LegacyDocuments {
    /// The theater list of a Korean public API, in UTF-8.
    static let theatersText = #"[{"_id":1.0,"상영관명":"MMC 만경관 1관","위도":35.8709275}]"#
    /// The same in EUC-KR.
    static let theatersEUCKR = [UInt8](
        hex: "5b7b225f6964223a312e302c22bbf3bfb5b0fcb8ed223a224d4d4320b8b8b0e6b0fc2031b0fc222c22c0a7b5b5223a33352e383730393237357d5d")
    /// JSON in Shift_JIS whose kanji have 0x5C trail bytes and whose escapes
    /// are 0x5C backslashes.
    static let shiftJISText = #"{"name":"表示\"ソ\"ｶﾀｶﾅ"}"#
    static let shiftJIS = [UInt8](hex: "7b226e616d65223a22955c8ea65c22835c5c22b6c0b6c5227d")
    /// JSON in windows-1252 (euro sign, en dash, é).
    static let windows1252Text = #"{"price":"€5 – café"}"#
    static let windows1252 = [UInt8](hex: "7b227072696365223a228035209620636166e9227d")
}

/// One row of the decoding table.
struct DecodingCase: Sendable, CustomTestStringConvertible {
    var id: String
    var bytes: [UInt8]
    var option: String? = nil
    var charset: String? = nil
    var format: DocumentFormat? = nil
    /// The UTF-8 text the parser must get.
    var text: String
    var expectedFormat: DocumentFormat = .json
    var xmlEncoding: String? = nil

    var testDescription: String { id }
}

/// One row of the error table.
struct DecodingFailure: Sendable, CustomTestStringConvertible {
    var id: String
    var bytes: [UInt8]
    var option: String? = nil
    var charset: String? = nil
    var kind: LoadError.Kind
    var message: String
    /// (byte offset, line, column), when the error has a location.
    var location: (offset: Int, line: Int, column: Int)? = nil

    var testDescription: String { id }
}

@Suite struct InputDecodingTests {
    static let korean = LegacyDocuments.theatersText
    static let xmlUTF16 = #"<?xml version="1.0" encoding="UTF-16"?><t a="é">Grüße 🎉</t>"#
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    static let decoding: [DecodingCase] = [
        DecodingCase(id: "EUC-KR JSON by option", bytes: LegacyDocuments.theatersEUCKR, option: "EUC-KR", text: korean),
        DecodingCase(id: "EUC-KR JSON by charset", bytes: LegacyDocuments.theatersEUCKR, charset: "euc-kr", text: korean),
        DecodingCase(id: "EUC-KR JSON by ks_c_5601-1987", bytes: LegacyDocuments.theatersEUCKR, charset: "ks_c_5601-1987", text: korean),
        DecodingCase(id: "CP949-only syllable under an EUC-KR label", bytes: [0x22, 0x8C, 0x63, 0x22], option: "EUC-KR", text: "\"똠\""),
        DecodingCase(id: "Shift_JIS JSON keeps 0x5C as backslash", bytes: LegacyDocuments.shiftJIS, option: "Shift_JIS", text: LegacyDocuments.shiftJISText),
        DecodingCase(id: "windows-1252 JSON", bytes: LegacyDocuments.windows1252, option: "windows-1252", text: LegacyDocuments.windows1252Text),
        DecodingCase(id: "ISO-8859-1 by charset", bytes: [0x22, 0xE9, 0x22], charset: "ISO-8859-1", text: "\"é\""),
        DecodingCase(id: "UTF-16LE JSON with BOM", bytes: [0xFF, 0xFE] + korean.utf16LE, text: korean),
        DecodingCase(id: "UTF-16BE JSON with BOM", bytes: [0xFE, 0xFF] + korean.utf16BE, text: korean),
        DecodingCase(id: "UTF-16LE JSON without BOM", bytes: korean.utf16LE, text: korean),
        DecodingCase(id: "UTF-16BE JSON without BOM", bytes: korean.utf16BE, text: korean),
        DecodingCase(id: "UTF-32LE JSON with BOM", bytes: [0xFF, 0xFE, 0x00, 0x00] + korean.utf32LE, text: korean),
        DecodingCase(id: "UTF-32BE JSON without BOM", bytes: korean.utf32BE, text: korean),
        DecodingCase(id: "UTF-16 surrogate pair", bytes: #"["🎉"]"#.utf16LE, text: #"["🎉"]"#),
        DecodingCase(id: "UTF-16LE option drops the BOM", bytes: [0xFF, 0xFE] + "[1]".utf16LE, option: "UTF-16LE", text: "[1]"),
        DecodingCase(id: "UTF-8 BOM dropped", bytes: bom + Array(korean.utf8), text: korean),
        DecodingCase(id: "UTF-8 charset drops the BOM", bytes: bom + Array("[]".utf8), charset: "utf-8", text: "[]"),
        DecodingCase(id: "unlabelled UTF-8 passes", bytes: Array(korean.utf8), text: korean),
        DecodingCase(id: "unlabelled bad UTF-8 passes to the JSON scanner", bytes: [0x22, 0xFF, 0x22], text: "\"\u{FFFD}\""),
        // XML
        DecodingCase(
            id: "UTF-16LE XML with BOM is forced to UTF-8", bytes: [0xFF, 0xFE] + xmlUTF16.utf16LE, text: xmlUTF16,
            expectedFormat: .xml, xmlEncoding: "UTF-8"),
        DecodingCase(
            id: "UTF-16BE XML without BOM", bytes: xmlUTF16.utf16BE, text: xmlUTF16, expectedFormat: .xml, xmlEncoding: "UTF-8"),
        DecodingCase(
            id: "unlabelled XML is left to its declaration",
            bytes: Array(#"<?xml version="1.0" encoding="EUC-KR"?><t>"#.utf8) + [0xC7, 0xD1] + Array("</t>".utf8),
            text: #"<?xml version="1.0" encoding="EUC-KR"?><t>"# + "\u{FFFD}\u{FFFD}</t>", expectedFormat: .xml, xmlEncoding: nil),
        DecodingCase(
            id: "XML charset wins over the declaration",
            bytes: Array(#"<?xml version="1.0" encoding="UTF-8"?><t>"#.utf8) + [0xE9] + Array("</t>".utf8), charset: "ISO-8859-1",
            text: #"<?xml version="1.0" encoding="UTF-8"?><t>é</t>"#, expectedFormat: .xml, xmlEncoding: "UTF-8"),
        DecodingCase(
            id: "UTF-8 BOM XML", bytes: bom + Array("<a/>".utf8), text: "<a/>", expectedFormat: .xml, xmlEncoding: "UTF-8"),
        // Format
        DecodingCase(id: "white space before <", bytes: Array(" \r\n\t<a/>".utf8), text: " \r\n\t<a/>", expectedFormat: .xml),
        DecodingCase(id: "format option overrides sniffing", bytes: Array("<a/>".utf8), format: .json, text: "<a/>", expectedFormat: .json),
        DecodingCase(id: "format option XML", bytes: Array("[]".utf8), format: .xml, text: "[]", expectedFormat: .xml),
    ]

    @Test(arguments: decoding)
    func decodes(_ row: DecodingCase) throws {
        let options = LoadOptions(format: row.format, encoding: row.option)
        let prepared = try InputDecoding.prepare(row.bytes, charset: row.charset, options: options)
        #expect(String(decoding: prepared.bytes, as: UTF8.self) == row.text)
        #expect(prepared.format == row.expectedFormat)
        #expect(prepared.xmlEncoding == row.xmlEncoding)
        if prepared.detected == nil {
            #expect(prepared.bytes == row.bytes, "unlabelled input must pass unchanged")
        }
    }

    static let failures: [DecodingFailure] = [
        DecodingFailure(id: "empty input", bytes: [], kind: .invalidSyntax, message: "the input is empty", location: (0, 1, 1)),
        DecodingFailure(
            id: "only a BOM", bytes: bom, kind: .invalidSyntax, message: "the input is empty (it holds only a byte order mark)",
            location: (0, 1, 1)),
        DecodingFailure(
            id: "only white space", bytes: Array(" \n  ".utf8), kind: .invalidSyntax, message: "the input holds only white space",
            location: (4, 2, 3)),
        DecodingFailure(id: "unknown encoding", bytes: Array("[]".utf8), option: "FOO", kind: .unsupportedEncoding, message: "unknown encoding 'FOO'"),
        DecodingFailure(
            id: "unknown charset", bytes: Array("[]".utf8), charset: "x-klingon", kind: .unsupportedEncoding,
            message: "unknown encoding 'x-klingon'"),
        DecodingFailure(
            id: "byte EUC-KR lacks", bytes: Array(#"{"a":""#.utf8) + [0xFF, 0x22, 0x7D], option: "EUC-KR", kind: .invalidEncoding,
            message: "bytes not valid in EUC-KR at byte offset 6 (FF 22 7D)", location: (6, 1, 7)),
        DecodingFailure(
            id: "byte EUC-KR lacks, second line", bytes: Array("{\n".utf8) + [0x22, 0xBB, 0xF3, 0x22, 0x3A, 0x22, 0xFF],
            option: "EUC-KR", kind: .invalidEncoding, message: "bytes not valid in EUC-KR at byte offset 8 (FF)", location: (8, 2, 6)),
        DecodingFailure(
            id: "windows-1252 undefined byte", bytes: [0x22, 0x81, 0x22], option: "windows-1252", kind: .invalidEncoding,
            message: "bytes not valid in windows-1252 at byte offset 1 (81 22)", location: (1, 1, 2)),
        DecodingFailure(
            id: "unpaired UTF-16 surrogate", bytes: "[\"".utf16LE + [0x00, 0xD8] + "\"]".utf16LE, kind: .invalidEncoding,
            message: "unpaired UTF-16 surrogate U+D800 at byte offset 4 (00 D8 22 00)", location: (4, 1, 3)),
        DecodingFailure(
            id: "reversed UTF-16 surrogates", bytes: [0xDC, 0x00, 0xD8, 0x00], option: "UTF-16BE", kind: .invalidEncoding,
            message: "unpaired UTF-16 surrogate U+DC00 at byte offset 0 (DC 00 D8 00)", location: (0, 1, 1)),
        DecodingFailure(
            id: "UTF-32 past U+10FFFF", bytes: "[".utf32BE + [0x00, 0x11, 0x00, 0x00], kind: .invalidEncoding,
            message: "UTF-32 value 0x110000 is past U+10FFFF at byte offset 4 (00 11 00 00)", location: (4, 1, 2)),
        DecodingFailure(
            id: "UTF-16 cut in half", bytes: "[1".utf16LE + [0x5D], kind: .invalidEncoding,
            message: "the input ends inside a UTF-16LE character at byte offset 4 (5D)", location: (4, 1, 3)),
        DecodingFailure(
            id: "overlong UTF-8 by option", bytes: Array(#"{"a":""#.utf8) + [0xC0, 0xAF, 0x22, 0x7D], option: "UTF-8",
            kind: .invalidEncoding, message: "invalid UTF-8 at byte offset 6 (C0)" + legacyAdvice, location: (6, 1, 7)),
        DecodingFailure(
            id: "UTF-8 surrogate by charset", bytes: Array("[\"".utf8) + [0xED, 0xA0, 0x80, 0x22, 0x5D], charset: "utf-8",
            kind: .invalidEncoding, message: "invalid UTF-8 at byte offset 2 (ED A0)" + legacyAdvice, location: (2, 1, 3)),
        DecodingFailure(
            id: "truncated UTF-8 after BOM", bytes: bom + Array("[\"".utf8) + [0xE4, 0xB8], kind: .invalidEncoding,
            // The byte order mark is no column: `[` is the first.
            message: "the input ends inside a UTF-8 character at byte offset 5 (E4 B8)" + legacyAdvice, location: (5, 1, 3)),
        DecodingFailure(
            id: "UTF-8 option on UTF-16 bytes", bytes: [0xFF, 0xFE, 0x5B, 0x00], option: "UTF-8", kind: .invalidEncoding,
            message: "invalid UTF-8 at byte offset 0 (FF)" + legacyAdvice, location: (0, 1, 1)),
        DecodingFailure(
            id: "JSONTestSuite null byte outside string", bytes: [0x5B, 0x00, 0x5D], kind: .invalidEncoding,
            message: "the input ends inside a UTF-16LE character at byte offset 2 (5D)", location: (2, 1, 2)),
    ]

    /// What every UTF-8 error adds for a document in another encoding.
    static let legacyAdvice = #"; if the document is in a legacy encoding, pass LoadOptions.encoding (e.g. "EUC-KR")"#

    @Test(arguments: failures)
    func fails(_ row: DecodingFailure) {
        let error = #expect(throws: LoadError.self) {
            _ = try InputDecoding.prepare(row.bytes, charset: row.charset, options: LoadOptions(encoding: row.option))
        }
        #expect(error?.kind == row.kind)
        #expect(error?.message == row.message)
        if let expected = row.location {
            #expect(error?.location == SourceLocation(byteOffset: expected.offset, line: expected.line, column: expected.column))
        } else {
            #expect(error?.location == nil)
        }
    }

    @Test func whiteSpaceOnlyGoesToTheParserOfANamedFormat() throws {
        let prepared = try InputDecoding.prepare(Array("  \n".utf8), charset: nil, options: LoadOptions(format: .xml))
        #expect(prepared.format == .xml)
        #expect(prepared.bytes == Array("  \n".utf8))
        #expect(throws: LoadError.self) { try InputDecoding.prepare([], charset: nil, options: LoadOptions(format: .xml)) }
    }

    /// One byte order mark is dropped; JSON that begins with a second (a
    /// U+FEFF, content) fails to load as it fails to stream, with the same
    /// error. The parser drops a mark of input handed to it raw, and a load
    /// once dropped both.
    @Test func aSecondByteOrderMarkFailsALoadAsItFailsAStream() throws {
        let mark = InputHead.byteOrderMarkUTF8
        #expect(try Document(bytes: mark + Array("{}".utf8), charset: nil, options: LoadOptions()).root.kind == .object)
        for text in ["{}", "<a/>", " [1]"] {
            let bytes = mark + mark + Array(text.utf8)
            let loaded = #expect(throws: LoadError.self) { try Document(bytes: bytes, charset: nil, options: LoadOptions()) }
            let streamed = StreamChunkingTests.streamed(bytes, ["a"], slice: nil).error
            #expect(loaded.map(StreamChunkingTests.describe) == streamed, "\(text)")
            #expect(loaded?.location?.line == 1 && loaded?.location?.column == 1, "\(text)")
            #expect(throws: LoadError.self) { try Document(string: "\u{FEFF}\u{FEFF}" + text) }
        }
    }

    @Test func encodingErrorShowsTheLineDecodedSoFar() {
        let bytes = Array("[\n  \"".utf8) + [0xB8, 0xB8, 0xFF]
        let error = #expect(throws: LoadError.self) {
            _ = try InputDecoding.prepare(bytes, charset: "EUC-KR", options: LoadOptions())
        }
        #expect(error?.snippet == "  \"만")
        #expect(error?.description == "2:5: bytes not valid in EUC-KR at byte offset 7 (FF)\n   2 |   \"만\n     |      ^")
    }

    @Test func stringInputIsTrustedAndForcedToUTF8() throws {
        let prepared = try InputDecoding.prepare(utf8: Array("\u{FEFF}<?xml version=\"1.0\" encoding=\"EUC-KR\"?><a/>".utf8), options: LoadOptions())
        #expect(prepared.format == .xml)
        #expect(prepared.xmlEncoding == "UTF-8")
        #expect(prepared.bytes.first == UInt8(ascii: "<"))
    }

    @Test func largeInputCrossesTheConversionChunks() throws {
        // 200 000 hangul syllables: 400 KB of EUC-KR, 600 KB of UTF-8.
        let syllable: [UInt8] = [0xB8, 0xB8]  // 만
        let bytes = Array("[\"".utf8) + Array([[UInt8]](repeating: syllable, count: 200_000).joined()) + Array("\"]".utf8)
        let prepared = try InputDecoding.prepare(bytes, charset: nil, options: LoadOptions(encoding: "EUC-KR"))
        #expect(prepared.bytes.count == 4 + 3 * 200_000)
        #expect(String(decoding: prepared.bytes, as: UTF8.self) == "[\"" + String(repeating: "만", count: 200_000) + "\"]")
    }

    /// JSONTestSuite through the decoding layer: every `y_` file passes
    /// unchanged (after a BOM), nothing crashes, and the four files in
    /// UTF-16 or with a BOM come out as the UTF-8 they mean.
    @Test func jsonTestSuitePassesThrough() throws {
        let files = try SharedData.files(in: "conformance/json-parsing", withExtension: "json")
        var accepted = 0
        var counts: [Character: Int] = [:]
        for file in files {
            let name = file.lastPathComponent
            let bytes = [UInt8](try Data(contentsOf: file))
            counts[name.first!, default: 0] += 1
            let prepared = try? InputDecoding.prepare(bytes, charset: nil, options: LoadOptions())
            if name.hasPrefix("y_") {
                #expect(prepared?.bytes == bytes, "\(name) must reach the scanner unchanged")
                #expect(prepared?.format == .json, "\(name)")
                if prepared != nil { accepted += 1 }
            }
        }
        #expect(counts["y"] == 95 && accepted == 95)
        let expected: [String: String] = [
            "i_string_UTF-16LE_with_BOM.json": #"["é"]"#,
            "i_string_utf16BE_no_BOM.json": #"["é"]"#,
            "i_string_utf16LE_no_BOM.json": #"["é"]"#,
            "i_structure_UTF-8_BOM_empty_object.json": "{}",
        ]
        for (name, text) in expected {
            let bytes = [UInt8](try Data(contentsOf: try SharedData.url("conformance/json-parsing/\(name)")))
            let prepared = try InputDecoding.prepare(bytes, charset: nil, options: LoadOptions())
            #expect(String(decoding: prepared.bytes, as: UTF8.self) == text, "\(name)")
        }
        for name in ["n_structure_UTF8_BOM_no_data.json", "n_structure_no_data.json", "n_single_space.json"] {
            let bytes = [UInt8](try Data(contentsOf: try SharedData.url("conformance/json-parsing/\(name)")))
            #expect(throws: LoadError.self, "\(name)") { try InputDecoding.prepare(bytes, charset: nil, options: LoadOptions()) }
        }
        print("JSONTestSuite through InputDecoding: \(accepted)/\(counts["y"] ?? 0) y_ unchanged, \(files.count) files in all")
    }

    /// The hostile-XML set's encoding cases: UTF-16 with a BOM becomes UTF-8
    /// (libxml2 forced to UTF-8); declared legacy encodings pass untouched.
    @Test(arguments: [
        ("utf16le-bom.xml", "UTF-8"), ("utf16be-bom.xml", "UTF-8"), ("euc-kr.xml", nil), ("shift_jis.xml", nil),
        ("invalid-utf8.xml", nil),
    ] as [(String, String?)])
    func hostileXMLEncodings(_ name: String, _ xmlEncoding: String?) throws {
        let bytes = [UInt8](try Data(contentsOf: try SharedData.url("conformance/xml-hostile/\(name)")))
        let prepared = try InputDecoding.prepare(bytes, charset: nil, options: LoadOptions())
        #expect(prepared.format == .xml)
        #expect(prepared.xmlEncoding == xmlEncoding)
        if xmlEncoding == nil {
            #expect(prepared.bytes == bytes)
        } else {
            #expect(String(decoding: prepared.bytes, as: UTF8.self).contains("Grüße, 世界 🎉"))
        }
    }
}
