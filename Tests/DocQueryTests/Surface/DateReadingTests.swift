import DocQuery
import Foundation
import Testing

/// Issue 8, trap 2: one strict ISO 8601 reader behind `.date()` and the
/// decoder; every row goes through both, and both must agree.
struct DateReadingTests {
    /// An input and the instant it means (`nil`: not a date).
    struct Row: Sendable, CustomTestStringConvertible {
        let text: String
        let expected: Double?
        var testDescription: String { "\(text.debugDescription) → \(expected.map { "\($0)" } ?? "nil")" }
    }

    /// Seconds since 1970 of a UTC date-time, read by Foundation's own ISO 8601 formatter.
    static func utc(_ text: String, plus extra: Double = 0) -> Double {
        ISO8601DateFormatter().date(from: text)!.timeIntervalSince1970 + extra
    }

    static let rows: [Row] = [
        Row(text: "2024-04-10", expected: utc("2024-04-10T00:00:00Z")),
        Row(text: "2024-04-10T09:00:00Z", expected: utc("2024-04-10T09:00:00Z")),
        Row(text: "2024-04-10T09:00:00", expected: utc("2024-04-10T09:00:00Z")),
        Row(text: "2024-04-10 09:00:00", expected: utc("2024-04-10T09:00:00Z")),
        Row(text: "2024-04-10t09:00:00z", expected: utc("2024-04-10T09:00:00Z")),
        Row(text: "2024-04-10T09:00Z", expected: utc("2024-04-10T09:00:00Z")),
        Row(text: "2024-04-10T09:00", expected: utc("2024-04-10T09:00:00Z")),
        Row(text: "2024-04-10T09:00:00+09:00", expected: utc("2024-04-10T00:00:00Z")),
        Row(text: "2024-04-10T09:00:00+0900", expected: utc("2024-04-10T00:00:00Z")),
        Row(text: "2024-04-10T09:00:00+09", expected: utc("2024-04-10T00:00:00Z")),
        Row(text: "2024-04-10T09:00:00-05:30", expected: utc("2024-04-10T14:30:00Z")),
        Row(text: "2024-04-10T09:00:00.250Z", expected: utc("2024-04-10T09:00:00Z", plus: 0.25)),
        Row(text: "2024-04-10T09:00:00.5+01:00", expected: utc("2024-04-10T08:00:00Z", plus: 0.5)),
        Row(text: "2024-02-29", expected: utc("2024-02-29T00:00:00Z")),
        Row(text: "2000-02-29", expected: utc("2000-02-29T00:00:00Z")),
        Row(text: " 2024-04-10T09:00:00Z\n", expected: utc("2024-04-10T09:00:00Z")),
        Row(text: "1969-12-31T23:59:59Z", expected: -1),
        Row(text: "2024-12-31T23:59:59Z", expected: utc("2024-12-31T23:59:59Z")),
        Row(text: "2024-04-10junk", expected: nil),
        Row(text: "2024-04-10T25:00:00Z", expected: nil),
        Row(text: "2024-02-30", expected: nil),
        Row(text: "2023-02-29", expected: nil),
        Row(text: "1900-02-29", expected: nil),
        Row(text: "2024-13-01", expected: nil),
        Row(text: "2024-00-10", expected: nil),
        Row(text: "2024-04-00", expected: nil),
        Row(text: "2024-04-31", expected: nil),
        Row(text: "2024-04-10T09:60:00Z", expected: nil),
        Row(text: "2024-04-10T09:00:60Z", expected: nil),
        Row(text: "2024-04-10T09:00:00+24:00", expected: nil),
        Row(text: "2024-4-10", expected: nil),
        // ISO 8601's basic format, read as strictly as the extended one (issue 20).
        Row(text: "20240410", expected: utc("2024-04-10T00:00:00Z")),
        Row(text: "20240410T090000Z", expected: utc("2024-04-10T09:00:00Z")),
        Row(text: "20240410T0900+0900", expected: utc("2024-04-10T00:00:00Z")),
        Row(text: "20240410T090000.250Z", expected: utc("2024-04-10T09:00:00Z", plus: 0.25)),
        Row(text: "20240230", expected: nil),
        Row(text: "2024-0410", expected: nil),
        Row(text: "20240410T09:00:00Z", expected: nil),
        Row(text: "20240410 090000", expected: nil),
        Row(text: "20240410T090000+09:00", expected: nil),
        Row(text: "", expected: nil),
        Row(text: "2024-04-10T", expected: nil),
        Row(text: "2024-04-10T09:00:00.", expected: nil),
        Row(text: "2024-04-10T09:00:00ZZ", expected: nil),
        Row(text: "2024-04-10  09:00:00", expected: nil),
        Row(text: "24-04-10", expected: nil),
        Row(text: "2024-04-10T9:00:00Z", expected: nil),
        Row(text: "2024-04-10T09:00:00+09:0", expected: nil),
    ]

    @Test(arguments: rows)
    func bothReadersAgree(_ row: Row) throws {
        let escaped = row.text.replacingOccurrences(of: "\n", with: "\\n")
        let doc = try Document(string: #"{"d": "\#(escaped)"}"#)
        let accessor = doc.d.date()?.timeIntervalSince1970
        let node = doc.root.children.first?.date()?.timeIntervalSince1970
        let decoded = try? doc.decode(Date.self, at: "d").timeIntervalSince1970
        #expect(accessor == row.expected)
        #expect(node == row.expected)
        #expect(decoded == row.expected)
        for match in doc.d { #expect(match.date()?.timeIntervalSince1970 == row.expected) }
    }

    @Test func textWithoutZoneIsReadInTheGivenZone() throws {
        let doc = try Document(string: #"{"d": "2024-04-10 09:00:00", "z": "2024-04-10T09:00:00Z"}"#)
        let seoul = TimeZone(identifier: "Asia/Seoul")!
        #expect(doc.d.date(timeZone: seoul)?.timeIntervalSince1970 == Self.utc("2024-04-10T00:00:00Z"))
        // An explicit zone wins over the one given.
        #expect(doc.z.date(timeZone: seoul)?.timeIntervalSince1970 == Self.utc("2024-04-10T09:00:00Z"))
        // A format reads the whole text with DateFormatter.
        #expect(doc.d.date(format: "yyyy-MM-dd HH:mm:ss")?.timeIntervalSince1970 == Self.utc("2024-04-10T09:00:00Z"))
    }
}
