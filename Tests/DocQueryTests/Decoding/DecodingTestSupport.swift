import DocQuery
import Foundation
import Testing

/// Helpers shared by the decoding tests (namespaced: the query tests share this target).
enum DecodingFixture {
    /// Loads a test document from text (XML when it starts with `<`).
    static func load(_ text: String) throws -> Document {
        try Document(string: text)
    }

    /// A moment in UTC.
    static func utcDate(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }
}

/// The parts of a `DecodingError` the tests check.
struct DecodingFailure: Equatable, CustomStringConvertible {
    enum Kind: String { case typeMismatch, valueNotFound, keyNotFound, dataCorrupted }
    var kind: Kind
    /// The coding path in path notation, the missing key included for `keyNotFound`.
    var path: String
    var message: String

    init?(_ error: any Error) {
        guard let error = error as? DecodingError else { return nil }
        switch error {
        case .typeMismatch(_, let context):
            self.init(.typeMismatch, context.codingPath, context.debugDescription)
        case .valueNotFound(_, let context):
            self.init(.valueNotFound, context.codingPath, context.debugDescription)
        case .keyNotFound(let key, let context):
            self.init(.keyNotFound, context.codingPath + [key], context.debugDescription)
        case .dataCorrupted(let context):
            self.init(.dataCorrupted, context.codingPath, context.debugDescription)
        @unknown default:
            return nil
        }
    }

    private init(_ kind: Kind, _ codingPath: [any CodingKey], _ message: String) {
        self.kind = kind
        self.path = NodeDecoder.path(of: codingPath)
        self.message = message
    }

    var description: String { "\(kind) at \(path): \(message)" }
}

/// Runs `body`, expects it to throw a `DecodingError` of `kind` at `path`
/// whose message contains each of `fragments`, and returns it.
@discardableResult
func expectDecodingFailure<T>(
    _ kind: DecodingFailure.Kind, at path: String, containing fragments: [String] = [],
    sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> T
) -> DecodingFailure? {
    do {
        let value = try body()
        Issue.record("expected \(kind) at \(path), but decoded \(value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        guard let failure = DecodingFailure(error) else {
            Issue.record("expected a DecodingError, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
        #expect(failure.kind == kind, "\(failure)", sourceLocation: sourceLocation)
        #expect(failure.path == path, "\(failure)", sourceLocation: sourceLocation)
        for fragment in fragments {
            #expect(failure.message.contains(fragment), "\(failure)", sourceLocation: sourceLocation)
        }
        return failure
    }
}

// MARK: - The public-data response (XML and its JSON twin)

/// One election as a Korean public-data API lists it.
struct Election: Decodable, Equatable, Sendable {
    let sgName: String
    let sgDate: Date
    let price: Decimal
    let note: String?
}

/// The whole response, modelled the way the XML nests it.
struct ElectionResponse: Decodable, Equatable, Sendable {
    struct Header: Decodable, Equatable, Sendable {
        let resultCode: String
        let resultMsg: String
    }
    struct Body: Decodable, Equatable, Sendable {
        struct Items: Decodable, Equatable, Sendable {
            let item: [Election]
        }
        let items: Items
        let numOfRows: Int
        let pageNo: Int
        let totalCount: Int
    }
    let header: Header
    let body: Body
}

enum ElectionFixture {
    static let decoder = NodeDecoder(dateDecodingStrategy: .formatted("yyyyMMdd"))

    static let first = Election(sgName: "제7회 전국동시지방선거", sgDate: DecodingFixture.utcDate(2018, 6, 13), price: Decimal(10), note: nil)
    static let second = Election(sgName: "제21대 국회의원선거", sgDate: DecodingFixture.utcDate(2020, 4, 15), price: Decimal(string: "12.50")!, note: "재외선거 포함")
    static let third = Election(sgName: "제20대 대통령선거", sgDate: DecodingFixture.utcDate(2022, 3, 9), price: Decimal(string: "0.001")!, note: nil)

    static func xmlItem(_ election: Election) -> String {
        let day = xmlDay(election.sgDate)
        let note = election.note.map { "<note>\($0)</note>" } ?? ""
        return """
            <item>
              <sgName>\(election.sgName)</sgName>
              <sgDate>\(day)</sgDate>
              <price> \(election.price) </price>\(note)
            </item>
            """
    }

    static func jsonItem(_ election: Election) -> String {
        let note = election.note.map { #","note":"\#($0)""# } ?? ""
        return #"{"sgName":"\#(election.sgName)","sgDate":"\#(xmlDay(election.sgDate))","price":\#(election.price)\#(note)}"#
    }

    static func xmlDay(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyyMMdd"
        return formatter.string(from: date)
    }

    /// The XML response listing `elections` (none, one or several).
    static func xml(_ elections: [Election]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <response>
          <header><resultCode>00</resultCode><resultMsg>NORMAL SERVICE.</resultMsg></header>
          <body>
            <items>
              \(elections.map(xmlItem).joined(separator: "\n"))
            </items>
            <numOfRows>10</numOfRows>
            <pageNo>1</pageNo>
            <totalCount>\(elections.count)</totalCount>
          </body>
        </response>
        """
    }

    /// The JSON twin. `singleAsObject` sends a lone item as an object
    /// rather than an array of one, as XML-to-JSON gateways do.
    static func json(_ elections: [Election], singleAsObject: Bool = false) -> String {
        let items = elections.count == 1 && singleAsObject
            ? jsonItem(elections[0])
            : "[" + elections.map(jsonItem).joined(separator: ",") + "]"
        return """
            {"header":{"resultCode":"00","resultMsg":"NORMAL SERVICE."},
             "body":{"items":{"item":\(items)},"numOfRows":10,"pageNo":1,"totalCount":\(elections.count)}}
            """
    }
}
