import Foundation
import Testing
@testable import DocTree

/// Encodings libxml2 handles itself (raw bytes, `encoding` nil) and the
/// ones a caller forces through `XMLLoader.parse(_:encoding:options:)`.
@Suite struct XMLEncodingTests {
    static func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func utf16(_ text: String, bigEndian: Bool, bom: Bool) -> [UInt8] {
        var bytes: [UInt8] = bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            bytes += bigEndian ? pair : pair.reversed()
        }
        return bytes
    }

    struct RawCase: Sendable, CustomTestStringConvertible {
        let id: String
        let bytes: [UInt8]
        let text: String
        var attribute: String? = nil
        var testDescription: String { id }
    }

    static let international = "Grüße, 世界 🎉"

    static let raw: [RawCase] = [
        RawCase(id: "UTF-8 with BOM", bytes: [0xEF, 0xBB, 0xBF] + utf8("<t>\(international)</t>"), text: international),
        RawCase(id: "UTF-16LE with BOM",
                bytes: utf16("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<t>\(international)</t>", bigEndian: false, bom: true),
                text: international),
        RawCase(id: "UTF-16BE with BOM",
                bytes: utf16("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<t>\(international)</t>", bigEndian: true, bom: true),
                text: international),
        RawCase(id: "UTF-16LE, no BOM, with a declaration",
                bytes: utf16("<?xml version=\"1.0\" encoding=\"UTF-16LE\"?><t>\(international)</t>", bigEndian: false, bom: false),
                text: international),
        // 日本 表 (0x95 0x5C: a backslash trail byte) ｶﾅ (single-byte kana).
        RawCase(id: "Shift_JIS declared",
                bytes: utf8("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<t c=\"") + [0x93, 0xFA]
                    + utf8("\">") + [0x93, 0xFA, 0x96, 0x7B, 0x95, 0x5C, 0xB6, 0xC5] + utf8("</t>"),
                text: "日本表ｶﾅ", attribute: "日"),
        // 한국 / 서울
        RawCase(id: "EUC-KR declared",
                bytes: utf8("<?xml version=\"1.0\" encoding=\"EUC-KR\"?>\n<t c=\"") + [0xBC, 0xAD, 0xBF, 0xEF]
                    + utf8("\">") + [0xC7, 0xD1, 0xB1, 0xB9] + utf8("</t>"),
                text: "한국", attribute: "서울"),
        RawCase(id: "ISO-8859-1 declared",
                bytes: utf8("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><t>caf") + [0xE9] + utf8("</t>"),
                text: "café"),
        RawCase(id: "windows-1252 declared",
                bytes: utf8("<?xml version=\"1.0\" encoding=\"windows-1252\"?><t>") + [0x80, 0x20, 0x93, 0x71, 0x94] + utf8("</t>"),
                text: "€ “q”"),
    ]

    @Test(arguments: raw)
    func rawBytesAreDecodedByLibXML2(_ row: RawCase) throws {
        let root = try loadXML(bytes: row.bytes).root
        #expect(root.string == row.text)
        if let attribute = row.attribute {
            #expect(root.attribute(named: "c")?.string == attribute)
        }
    }

    struct ForcedCase: Sendable, CustomTestStringConvertible {
        let id: String
        let bytes: [UInt8]
        let encoding: String
        let text: String
        var testDescription: String { id }
    }

    static let forced: [ForcedCase] = [
        ForcedCase(id: "transcoded to UTF-8, declaration still says Shift_JIS",
                   bytes: utf8("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><t>日本表</t>"),
                   encoding: "UTF-8", text: "日本表"),
        ForcedCase(id: "transcoded to UTF-8, declaration still says UTF-16",
                   bytes: utf8("<?xml version=\"1.0\" encoding=\"UTF-16\"?><t>\(international)</t>"),
                   encoding: "UTF-8", text: international),
        ForcedCase(id: "IANA name on bytes without a declaration",
                   bytes: utf8("<t>") + [0x93, 0xFA, 0x96, 0x7B] + utf8("</t>"),
                   encoding: "Shift_JIS", text: "日本"),
        ForcedCase(id: "the caller's name beats the declaration",
                   bytes: utf8("<?xml version=\"1.0\" encoding=\"UTF-8\"?><t>") + [0x80] + utf8("</t>"),
                   encoding: "windows-1252", text: "€"),
        ForcedCase(id: "lowercase name", bytes: utf8("<t>caf") + [0xE9] + utf8("</t>"),
                   encoding: "iso-8859-1", text: "café"),
    ]

    @Test(arguments: forced)
    func forcedEncodingWins(_ row: ForcedCase) throws {
        let document = try XMLLoader.parse(row.bytes, encoding: row.encoding, options: LoadOptions(format: .xml))
        #expect(document.root.string == row.text)
    }

    @Test func unknownForcedEncodingIsUnsupported() throws {
        #expect {
            _ = try XMLLoader.parse(Self.utf8("<t/>"), encoding: "x-no-such-charset", options: LoadOptions())
        } throws: { error in
            (error as? LoadError)?.kind == .unsupportedEncoding
        }
    }

    @Test func forcedUTF8StillRejectsInvalidBytes() throws {
        do {
            _ = try XMLLoader.parse(Self.utf8("<t>\n  a") + [0xFF] + Self.utf8("</t>"), encoding: "UTF-8", options: LoadOptions())
            Issue.record("loaded invalid UTF-8")
        } catch {
            #expect(error.kind == .invalidEncoding)
            #expect(error.location?.line == 2)
            #expect(error.location?.column == 4)
        }
    }

    struct BadBytesCase: Sendable, CustomTestStringConvertible {
        let id: String
        let bytes: [UInt8]
        let encodingName: String
        var testDescription: String { id }
    }

    @Test(arguments: [
        BadBytesCase(id: "Shift_JIS",
                     bytes: utf8("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<t>") + [0x93, 0xFA, 0xFF, 0xFF] + utf8("</t>"),
                     encodingName: "Shift_JIS"),
        BadBytesCase(id: "EUC-KR, cut inside a character",
                     bytes: utf8("<?xml version=\"1.0\" encoding=\"EUC-KR\"?>\n<t>") + [0xC7, 0xD1, 0xB1] + utf8("</t>"),
                     encodingName: "EUC-KR"),
    ])
    func bytesInvalidInTheDeclaredEncodingAreLocated(_ row: BadBytesCase) throws {
        do {
            _ = try loadXML(bytes: row.bytes)
            Issue.record("loaded bytes that are not \(row.encodingName)")
        } catch {
            #expect(error.kind == .invalidEncoding)
            #expect(error.message.contains(row.encodingName), "\(error.message)")
            // After "<t>" and the one good character, where the bad bytes start.
            #expect(error.location?.line == 2)
            #expect(error.location?.column == 5)
        }
    }
}
