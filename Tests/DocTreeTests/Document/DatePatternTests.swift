import Foundation
import Testing
@testable import DocTree

/// DatePattern, the strict reader of numeric date patterns, against
/// Foundation's `DateFormatter` (en_US_POSIX, not lenient) on a table: both
/// must give the same instant, or both refuse the text.
struct DatePatternTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let pattern: String
        let text: String
        let zone: String
        var testDescription: String { "\(pattern) ← \(text) (\(zone))" }
    }

    static let cases: [Case] = [
        // Accepted by both.
        Case(pattern: "yyyyMMdd", text: "20180613", zone: "GMT"),
        Case(pattern: "yyyyMMdd", text: "20180613", zone: "Asia/Seoul"),
        Case(pattern: "yyyyMMdd", text: "20240229", zone: "GMT"),
        Case(pattern: "yyyy-MM-dd", text: "2018-06-13", zone: "America/New_York"),
        Case(pattern: "yyyy-MM-dd HH:mm:ss", text: "2018-06-13 09:30:05", zone: "GMT"),
        Case(pattern: "yyyy-MM-dd HH:mm:ss", text: "2018-03-11 12:30:00", zone: "America/New_York"),
        Case(pattern: "yyyy/MM/dd HH:mm", text: "2018/12/31 23:59", zone: "Europe/Berlin"),
        Case(pattern: "dd.MM.yyyy", text: "13.06.2018", zone: "GMT"),
        Case(pattern: "d.M.yyyy", text: "3.6.2018", zone: "GMT"),
        Case(pattern: "d.M.yyyy", text: "13.12.2018", zone: "GMT"),
        Case(pattern: "yyyyMMddHHmmss", text: "20180613093005", zone: "GMT"),
        Case(pattern: "yyyy-MM-dd'T'HH:mm:ss", text: "2018-06-13T09:30:05", zone: "Asia/Seoul"),
        Case(pattern: "yyyy-MM-dd'T'HH:mm:ss.SSS", text: "2018-06-13T09:30:05.250", zone: "GMT"),
        Case(pattern: "yyyy-MM-dd'T'HH:mm:ssXXX", text: "2018-06-13T09:30:05+09:00", zone: "GMT"),
        Case(pattern: "yyyy-MM-dd'T'HH:mm:ssXXX", text: "2018-06-13T09:30:05Z", zone: "Asia/Seoul"),
        Case(pattern: "yyyy-MM-dd'T'HH:mm:ssXX", text: "2018-06-13T09:30:05-0430", zone: "GMT"),
        Case(pattern: "yyyy-MM-dd'T'HH:mm:ssZ", text: "2018-06-13T09:30:05+0100", zone: "GMT"),
        Case(pattern: "yyyy-MM-dd'T'HH:mm:ss.SSSxxx", text: "2018-06-13T09:30:05.125-07:00", zone: "GMT"),
        Case(pattern: "HH:mm", text: "09:30", zone: "GMT"),
        Case(pattern: "'day' yyyyMMdd", text: "day 20180613", zone: "GMT"),
        Case(pattern: "yyyy''MM", text: "2018'06", zone: "GMT"),
        Case(pattern: "yyyy년 MM월 dd일", text: "2018년 06월 13일", zone: "Asia/Seoul"),
        Case(pattern: "yyyy年MM月dd日", text: "2018年06月13日", zone: "Asia/Tokyo"),
        // Refused by both.
        Case(pattern: "yyyyMMdd", text: "2018061", zone: "GMT"),
        Case(pattern: "yyyyMMdd", text: "20181313", zone: "GMT"),
        Case(pattern: "yyyyMMdd", text: "20180230", zone: "GMT"),
        Case(pattern: "yyyyMMdd", text: "20190229", zone: "GMT"),
        Case(pattern: "yyyyMMdd", text: "201806130", zone: "GMT"),
        Case(pattern: "yyyyMMdd", text: "2018-06-13", zone: "GMT"),
        Case(pattern: "yyyy-MM-dd HH:mm", text: "2018-06-13 24:00", zone: "GMT"),
        Case(pattern: "yyyy-MM-dd HH:mm", text: "2018-06-13 09:60", zone: "GMT"),
        Case(pattern: "yyyy-MM-dd HH:mm", text: "2018-06-13", zone: "GMT"),
        Case(pattern: "yyyy-MM-dd'T'HH:mm:ssXXX", text: "2018-06-13T09:30:05", zone: "GMT"),
        Case(pattern: "yyyyMMdd", text: "abcdefgh", zone: "GMT"),
    ]

    @Test(arguments: cases)
    func agreesWithDateFormatter(_ test: Case) throws {
        let zone = try #require(TimeZone(identifier: test.zone))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = test.pattern
        formatter.isLenient = false
        let expected = formatter.date(from: test.text)
        let pattern = try #require(DatePattern(test.pattern))
        #expect(pattern.date(test.text, timeZone: zone) == expected)
    }

    /// Writing: every date of the table that both read is written as
    /// `DateFormatter` writes it, and reads back as the same instant.
    @Test(arguments: cases)
    func writesAsDateFormatterDoes(_ test: Case) throws {
        let zone = try #require(TimeZone(identifier: test.zone))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = test.pattern
        formatter.isLenient = false
        guard let date = formatter.date(from: test.text) else { return }
        let pattern = try #require(DatePattern(test.pattern))
        let text = try #require(pattern.text(of: date, timeZone: zone))
        #expect(text == formatter.string(from: date))
        #expect(pattern.date(text, timeZone: zone) == date)
    }

    /// Text and names are not numeric fields: the pattern is refused
    /// rather than read differently from `DateFormatter`.
    @Test(arguments: ["EEE, dd MMM yyyy", "MMMM d, yyyy", "hh:mm a", "yy-MM-dd", "G yyyy", "yyyy-MM-dd 'T"])
    func refusesPatternsOfNames(_ format: String) {
        #expect(DatePattern(format) == nil)
    }

    /// Where DateFormatter is lenient, the strict reader is not (documented
    /// in DatePattern): fewer digits than a two-letter field has, another
    /// separator than the pattern's, a missing literal, no text at all.
    @Test func isStricterThanDateFormatter() throws {
        let pattern = try #require(DatePattern("yyyy-MM-dd"))
        #expect(pattern.date("2018-06-13", timeZone: .gmt) == Date(timeIntervalSince1970: 1_528_848_000))
        #expect(pattern.date("2018-6-13", timeZone: .gmt) == nil)
        #expect(pattern.date("2018/06/13", timeZone: .gmt) == nil)
        #expect(try #require(DatePattern("yyyyMMdd")).date("", timeZone: .gmt) == nil)
        // DateFormatter also lets a trailing literal go missing.
        #expect(try #require(DatePattern("yyyy년 MM월 dd일")).date("2018년 06월 13", timeZone: .gmt) == nil)
    }
}
