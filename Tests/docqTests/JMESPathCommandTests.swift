import Foundation
import Testing

/// `docq --jmespath EXPRESSION [FILE…]`: the same output contract and exit
/// statuses as a key path.
@Suite("docq --jmespath")
struct JMESPathCommandTests {
    private let feed = "Examples/documents/feed.xml"
    private let quote = "Examples/documents/quote.xml"

    @Test("a reshaped feed prints one object per line")
    func reshapesFeed() throws {
        let run = try Docq.run(["--jmespath", "entry[*].{title: title, date: updated}", feed])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == """
            {"title":"Atom-Powered Robots Run Amok","date":"2003-12-13T18:30:02Z"}
            {"title":"Robots Sighted in Town","date":"2003-12-14T09:15:00Z"}

            """)
    }

    @Test("found strings print raw, one per line; -j prints one JSON array")
    func printsValues() throws {
        let lines = try Docq.run(["--jmespath", "entry[*].title", feed])
        #expect(lines.stdout == "Atom-Powered Robots Run Amok\nRobots Sighted in Town\n")
        let json = try Docq.run(["--jmespath", "-j", "entry[*].title", feed])
        #expect(json.stdout == "[\"Atom-Powered Robots Run Amok\",\"Robots Sighted in Town\"]\n")
        let number = try Docq.run(["--jmespath", "to_number(Body.GetQuoteResponse.Quote.Price._string)", quote])
        #expect(number.stdout == "189.97\n")
    }

    @Test("1: null or an empty array is no match")
    func noMatch() throws {
        let null = try Docq.run(["--jmespath", "missing", feed])
        #expect(null.status == 1)
        #expect(null.stdout.isEmpty)
        #expect(null.stderr.hasPrefix("no match: missing"), "\(null)")
        let empty = try Docq.run(["--jmespath", "entry[?title == 'nope']", feed])
        #expect(empty.status == 1, "\(empty)")
    }

    @Test("2: a malformed expression or a wrong argument type is shown with a caret")
    func errors() throws {
        let syntax = try Docq.run(["--jmespath", "entry[?title == ]", feed])
        #expect(syntax.status == 3)
        #expect(syntax.stderr.hasPrefix("error: unexpected ']'"), "\(syntax)")
        #expect(syntax.stderr.contains("^"))
        let type = try Docq.run(["--jmespath", "sum(title)", feed])
        #expect(type.status == 5)
        #expect(type.stderr.hasPrefix("error: sum() argument 1: expected array, got string"), "\(type)")
    }
}
