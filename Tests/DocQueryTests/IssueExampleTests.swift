import DocQuery
import Testing

/// Every example of the DocQuery issue, as a table of fixture, path and
/// rendered result.
@Suite struct IssueExampleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let fixture: String
        let path: String
        let expected: String
        var testDescription: String { "\(fixture): \(path)" }
    }

    static let cases: [Case] = [
        Case(fixture: "auth", path: "auth.token._string", expected: #""6410bde19b6dfb474fec71f186bc715831ea6842""#),
        Case(fixture: "auth", path: "auth.user.username", expected: #""bob""#),
        Case(fixture: "auth", path: "auth.user", expected: "<user>"),
        Case(fixture: "auth", path: "auth.user._elementName", expected: #""user""#),
        Case(fixture: "auth", path: "stat", expected: #""ok""#),
        Case(fixture: "lists", path: "lists._contents", expected: "<list>, <list>, <list>"),
        Case(fixture: "lists", path: "lists._contents.name", expected: #""Inbox", "High Priority", "Personal""#),
        Case(fixture: "lists", path: "lists.list.name", expected: #""Inbox", "High Priority", "Personal""#),
        Case(fixture: "lists", path: "lists._contents.@count", expected: "3"),
        Case(fixture: "lists", path: "lists.list[?smart == 1].name", expected: #""High Priority""#),
        Case(fixture: "lists", path: "lists.list.filter._string", expected: #""(priority:1)""#),
        Case(fixture: "publicDataOne", path: "body.items.item.sgName", expected: "<sgName>광주시</sgName>"),
        Case(fixture: "publicDataOne", path: "body.items.item.sgName._string", expected: #""광주시""#),
        Case(fixture: "publicDataMany", path: "body.items.item.sgName._string", expected: #""광주시", "서울시", "부산시""#),
        Case(fixture: "theatres", path: "상영관명", expected: #""MMC 만경관 1관", "MMC 만경관 2관", "CGV 대구""#),
        Case(fixture: "theatres", path: "[0].상영관명", expected: #""MMC 만경관 1관""#),
        Case(fixture: "theatres", path: "_id", expected: "1.0, 2.0, 3.0"),
        Case(fixture: "theatres", path: "@count", expected: "3"),
        Case(fixture: "theatres", path: "@sum._id", expected: "6"),
        Case(fixture: "store", path: "store.empty.@count", expected: "0"),
        Case(fixture: "tasks", path: "tasks.list[0].taskseries[1].name", expected: #""Call Mom""#),
    ]

    @Test(arguments: cases)
    func example(_ c: Case) throws {
        let doc = try Fixtures.document(c.fixture)
        let result = try doc.query(c.path)
        #expect(Rendering.render(result) == c.expected)
    }
}

extension IssueExampleTests {
    /// "`body.items.item.sgName` gives every name whether the server sent one
    /// `<item>` or fifty": the same accessors give the same shapes.
    @Test func oneItemOrMany() throws {
        let one = try Fixtures.document("publicDataOne")
        let many = try Fixtures.document("publicDataMany")
        #expect(one.body.items.item.sgName.strings == ["광주시"])
        #expect(many.body.items.item.sgName.strings == ["광주시", "서울시", "부산시"])
        #expect(one.body.items.item.sgName.string == "광주시")
        #expect(many.body.items.item.sgName.string == "광주시")
        #expect(one["body.items.item[0].sgId"].int == 20180613)
        #expect(many["body.items.item[0].sgId"].int == 20180613)
    }
}
