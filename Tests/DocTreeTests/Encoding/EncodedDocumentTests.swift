import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import DocTree
import DocQueryNetworking

/// Whole loads through the parsers: legacy-charset and UTF-16/32 documents
/// become the same tree as their UTF-8 twins, from data, files and http.
@Suite
struct EncodedDocumentTests {
    /// Checks the theater list's tree.
    private func expectTheaters(_ document: Document, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let theater = document.root.children.first
        #expect(document.format == .json, sourceLocation: sourceLocation)
        #expect(theater?.children(named: "상영관명").first?.string == "MMC 만경관 1관", sourceLocation: sourceLocation)
        #expect(theater?.children(named: "위도").first?.string == "35.8709275", sourceLocation: sourceLocation)
        #expect(theater?.children.map(\.name) == ["_id", "상영관명", "위도"], sourceLocation: sourceLocation)
    }

    static let theaters = LegacyDocuments.theatersText

    @Test(arguments: [
        ("EUC-KR", LegacyDocuments.theatersEUCKR),
        ("ks_c_5601-1987", LegacyDocuments.theatersEUCKR),
        (nil, [0xFF, 0xFE] + theaters.utf16LE),
        (nil, theaters.utf16BE),
        ("UTF-16", theaters.utf16LE),
        (nil, [0x00, 0x00, 0xFE, 0xFF] + theaters.utf32BE),
        (nil, theaters.utf32LE),
        (nil, [0xEF, 0xBB, 0xBF] + Array(theaters.utf8)),
    ] as [(String?, [UInt8])])
    func loadsTheaterListInAnyEncoding(_ encoding: String?, _ bytes: [UInt8]) throws {
        let document = try Document(data: Data(bytes), options: LoadOptions(encoding: encoding))
        expectTheaters(document)
    }

    @Test func loadsShiftJISAndWindows1252JSON() throws {
        let japanese = try Document(data: Data(LegacyDocuments.shiftJIS), options: LoadOptions(encoding: "Shift_JIS"))
        #expect(japanese.root.children(named: "name").first?.string == #"表示"ソ"ｶﾀｶﾅ"#)
        let western = try Document(data: Data(LegacyDocuments.windows1252), options: LoadOptions(encoding: "windows-1252"))
        #expect(western.root.children(named: "price").first?.string == "€5 – café")
    }

    @Test func unlabelledLegacyJSONIsAnEncodingError() {
        let error = #expect(throws: LoadError.self) { try Document(data: Data(LegacyDocuments.theatersEUCKR)) }
        #expect(error?.kind == .invalidEncoding)
        // The first EUC-KR byte: `[{"_id":1.0,"` is 13 bytes.
        #expect(error?.location?.byteOffset == 13)
    }

    @Test func xmlDeclarationIsHonouredWhenNothingElseSays() throws {
        for (name, text, city) in [("euc-kr.xml", "한국어 문서입니다", "서울"), ("shift_jis.xml", "表示テスト：日本語（ソ能）ｶﾀｶﾅ", "東京")] {
            let document = try Document(contentsOf: try SharedData.url("conformance/xml-hostile/\(name)"))
            #expect(document.root.children(named: "t").first?.string == text, "\(name)")
            #expect(document.root.attribute(named: "city")?.string == city, "\(name)")
        }
    }

    @Test func utf16XMLIsTranscodedAndItsDeclarationOverridden() throws {
        for name in ["utf16le-bom.xml", "utf16be-bom.xml"] {
            let document = try Document(contentsOf: try SharedData.url("conformance/xml-hostile/\(name)"))
            #expect(document.root.children(named: "t").first?.string == "Grüße, 世界 🎉", "\(name)")
        }
    }

    @Test func encodingOptionOverridesTheXMLDeclaration() throws {
        let bytes = Array(#"<?xml version="1.0" encoding="UTF-8"?><t>"#.utf8) + [0xE9] + Array("</t>".utf8)
        let document = try Document(data: Data(bytes), options: LoadOptions(encoding: "ISO-8859-1"))
        #expect(document.root.string == "é")
    }

    // MARK: HTTP

    static let routes: [String: CannedResponse] = [
        "/theaters.json": .ok(contentType: "application/json; charset=EUC-KR", body: LegacyDocuments.theatersEUCKR),
        "/feed.xml": .ok(contentType: "text/xml", body: Array(#"<?xml version="1.0"?><feed><title>t</title></feed>"#.utf8)),
        "/latin1.xml": .ok(contentType: "application/xml; charset=ISO-8859-1", body: Array("<t>caf".utf8) + [0xE9] + Array("</t>".utf8)),
        "/sniffed": .ok(contentType: "text/plain", body: Array(" <a>1</a>".utf8)),
        "/mislabelled": .ok(contentType: "application/json", body: Array("<a>1</a>".utf8)),
    ]

    @Test func loadsOverHTTP() async throws {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        try await LocalHTTPServer.serve(Self.routes) { base in
            expectTheaters(try await Document.load(from: base.appendingPathComponent("theaters.json"), session: session))

            let feed = try await Document.load(from: base.appendingPathComponent("feed.xml"), session: session)
            #expect(feed.format == .xml)
            #expect(feed.root.children(named: "title").first?.string == "t")

            let latin1 = try await Document.load(from: base.appendingPathComponent("latin1.xml"), session: session)
            #expect(latin1.root.string == "café")

            let sniffed = try await Document.load(from: base.appendingPathComponent("sniffed"), session: session)
            #expect(sniffed.format == .xml)

            // The media type says JSON, so XML there is a JSON syntax error.
            let error = await #expect(throws: LoadError.self) {
                try await Document.load(from: base.appendingPathComponent("mislabelled"), session: session)
            }
            #expect(error?.kind == .invalidSyntax)

            // The option beats the media type.
            let forced = try await Document.load(
                from: base.appendingPathComponent("mislabelled"), options: LoadOptions(format: .xml), session: session)
            #expect(forced.root.string == "1")
        }
    }
}
