import DocQuery
import Foundation
import Testing

@Suite struct DateDecodingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let strategy: NodeDecoder.DateDecodingStrategy
        /// The element's text (XML).
        let xml: String?
        /// The member's value (a JSON literal).
        let json: String?
        /// The date, or `nil` for a `dataCorrupted` failure.
        let expected: Date?
        var lenient = false
        var testDescription: String { id }
    }

    static let day = DecodingFixture.utcDate(2018, 6, 13)
    static let seoul = TimeZone(identifier: "Asia/Seoul")!

    static let cases: [Case] = [
        Case(id: "ISO 8601 date-time", strategy: .iso8601, xml: "2018-06-13T09:30:00Z", json: #""2018-06-13T09:30:00Z""#,
             expected: DecodingFixture.utcDate(2018, 6, 13, 9, 30)),
        Case(id: "ISO 8601 with offset", strategy: .iso8601, xml: " 2018-06-13T18:30:00+09:00 ", json: #""2018-06-13T18:30:00+09:00""#,
             expected: DecodingFixture.utcDate(2018, 6, 13, 9, 30)),
        Case(id: "ISO 8601 with fraction", strategy: .iso8601, xml: "2018-06-13T09:30:00.250Z", json: nil,
             expected: DecodingFixture.utcDate(2018, 6, 13, 9, 30).addingTimeInterval(0.25)),
        Case(id: "ISO 8601 date only", strategy: .iso8601, xml: "2018-06-13", json: #""2018-06-13""#, expected: day),
        Case(id: "ISO 8601 rejects other text", strategy: .iso8601, xml: "13/06/2018", json: #""13/06/2018""#, expected: nil),
        Case(id: "yyyyMMdd", strategy: .formatted("yyyyMMdd"), xml: "20180613", json: #""20180613""#, expected: day),
        Case(id: "yyyyMMdd padded", strategy: .formatted("yyyyMMdd"), xml: "\n  20180613\n", json: nil, expected: day),
        Case(id: "yyyyMMdd in Seoul", strategy: .formatted("yyyyMMdd", timeZone: seoul), xml: "20180613", json: nil,
             expected: DecodingFixture.utcDate(2018, 6, 12, 15)),
        Case(id: "yyyyMMdd too short", strategy: .formatted("yyyyMMdd"), xml: "2018061", json: nil, expected: nil),
        Case(id: "yyyyMMdd month 13", strategy: .formatted("yyyyMMdd"), xml: "20181313", json: nil, expected: nil),
        Case(id: "date and time pattern", strategy: .formatted("yyyy-MM-dd HH:mm:ss"), xml: "2018-06-13 09:30:00", json: nil,
             expected: DecodingFixture.utcDate(2018, 6, 13, 9, 30)),
        Case(id: "seconds since 1970", strategy: .secondsSince1970, xml: "1528848000", json: "1528848000", expected: day),
        Case(id: "fractional seconds since 1970", strategy: .secondsSince1970, xml: nil, json: "1528848000.5",
             expected: day.addingTimeInterval(0.5)),
        Case(id: "milliseconds since 1970", strategy: .millisecondsSince1970, xml: "1528848000000", json: "1528848000000", expected: day),
        Case(id: "deferred to Date", strategy: .deferredToDate, xml: "0", json: "0", expected: Date(timeIntervalSinceReferenceDate: 0)),
        Case(id: "custom", strategy: .custom { decoder in
                let text = try decoder.singleValueContainer().decode(String.self)
                let parts = text.split(separator: "/").compactMap { Int($0) }
                guard parts.count == 3 else {
                    throw DecodingError.dataCorruptedError(in: try decoder.singleValueContainer(), debugDescription: "not d/m/y")
                }
                return DecodingFixture.utcDate(parts[2], parts[1], parts[0])
             }, xml: "13/6/2018", json: #""13/6/2018""#, expected: day),
    ]

    @Test(arguments: cases)
    func strategy(_ c: Case) throws {
        let decoder = NodeDecoder(dateDecodingStrategy: c.strategy)
        var inputs: [String] = []
        if let xml = c.xml { inputs.append("<r><when>\(xml)</when></r>") }
        if let json = c.json { inputs.append(#"{"when": \#(json)}"#) }
        for input in inputs {
            let doc = try DecodingFixture.load(input)
            if let expected = c.expected {
                let date = try doc.decode(Date.self, at: "when", using: decoder)
                #expect(abs(date.timeIntervalSince(expected)) < 0.001, "\(input): \(date) != \(expected)")
            } else {
                expectDecodingFailure(.dataCorrupted, at: "when") {
                    try doc.decode(Date.self, at: "when", using: decoder)
                }
            }
        }
    }

    @Test func jsonDateTypesMustMatchUnlessLenient() throws {
        let doc = try DecodingFixture.load(#"{"text": "1528848000", "number": 20180613}"#)
        let seconds = NodeDecoder(dateDecodingStrategy: .secondsSince1970)
        expectDecodingFailure(.typeMismatch, at: "text", containing: ["the JSON string \"1528848000\""]) {
            try doc.decode(Date.self, at: "text", using: seconds)
        }
        var lenient = seconds
        lenient.jsonScalarStrategy = .lenient
        #expect(try doc.decode(Date.self, at: "text", using: lenient) == Self.day)
        let formatted = NodeDecoder(dateDecodingStrategy: .formatted("yyyyMMdd"))
        expectDecodingFailure(.typeMismatch, at: "number", containing: ["expected Date"]) {
            try doc.decode(Date.self, at: "number", using: formatted)
        }
    }

    @Test func optionalDatesAndDatesInArrays() throws {
        struct Event: Decodable { let start: Date; let end: Date?; let holidays: [Date] }
        let decoder = NodeDecoder(dateDecodingStrategy: .formatted("yyyyMMdd"))
        let doc = try DecodingFixture.load("<e><start>20180613</start><end/><holidays>20180606</holidays><holidays>20180815</holidays></e>")
        let event = try doc.root.decode(Event.self, using: decoder)
        #expect(event.start == Self.day)
        #expect(event.end == nil)
        #expect(event.holidays == [DecodingFixture.utcDate(2018, 6, 6), DecodingFixture.utcDate(2018, 8, 15)])
    }
}
