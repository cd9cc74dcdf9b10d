import Testing
@testable import DocTree

struct ContentTypeCase: Sendable, CustomTestStringConvertible {
    var header: String
    var mediaType: String?
    var charset: String? = nil
    var format: DocumentFormat? = nil

    var testDescription: String { header.isEmpty ? "(empty)" : header }
}

@Suite struct ContentTypeTests {
    static let cases: [ContentTypeCase] = [
        ContentTypeCase(header: "application/json", mediaType: "application/json", format: .json),
        ContentTypeCase(header: "application/json; charset=EUC-KR", mediaType: "application/json", charset: "EUC-KR", format: .json),
        ContentTypeCase(header: "Application/JSON;Charset=\"utf-8\"", mediaType: "application/json", charset: "utf-8", format: .json),
        ContentTypeCase(header: "text/json", mediaType: "text/json", format: .json),
        ContentTypeCase(header: "application/geo+json; charset=utf-8", mediaType: "application/geo+json", charset: "utf-8", format: .json),
        ContentTypeCase(header: "text/xml; charset=ISO-8859-1", mediaType: "text/xml", charset: "ISO-8859-1", format: .xml),
        ContentTypeCase(header: "application/xml", mediaType: "application/xml", format: .xml),
        ContentTypeCase(header: "application/atom+xml;type=feed", mediaType: "application/atom+xml", format: .xml),
        ContentTypeCase(header: "application/soap+xml; action=\"urn:a;b\"; charset=Shift_JIS", mediaType: "application/soap+xml", charset: "Shift_JIS", format: .xml),
        ContentTypeCase(header: "text/plain; charset=windows-1252", mediaType: "text/plain", charset: "windows-1252", format: nil),
        ContentTypeCase(header: "text/html", mediaType: "text/html", format: nil),
        ContentTypeCase(header: "application/json; charset=", mediaType: "application/json", charset: nil, format: .json),
        ContentTypeCase(header: "application/json; charset=\"a\\\"b\"", mediaType: "application/json", charset: "a\"b", format: .json),
        ContentTypeCase(header: "", mediaType: nil),
        ContentTypeCase(header: "json", mediaType: nil),
        ContentTypeCase(header: "application/", mediaType: nil),
        ContentTypeCase(header: "; charset=utf-8", mediaType: nil),
    ]

    @Test(arguments: cases)
    func parses(_ row: ContentTypeCase) {
        let parsed = ContentType(row.header)
        #expect(parsed?.mediaType == row.mediaType)
        #expect(parsed?.charset == row.charset)
        #expect(parsed?.format == row.format)
    }
}
