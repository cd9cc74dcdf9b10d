import DocQuery
import Testing

/// Empty results explain themselves: how far the path matched, what was
/// there, and what the user probably meant.
@Suite struct ExplanationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let fixture: String
        let path: String
        let matchedPath: String
        let failedStep: String
        let suggestion: String?
        let keys: [String]
        var testDescription: String { "\(fixture): \(path)" }
    }

    static let cases: [Case] = [
        Case(fixture: "tasks", path: "tasks.list.tasksries.name", matchedPath: "tasks.list", failedStep: "tasksries",
             suggestion: "taskseries", keys: ["id (2)", "taskseries (3)"]),
        Case(fixture: "tasks", path: "tasks.list.taskseries.nmae", matchedPath: "tasks.list.taskseries", failedStep: "nmae",
             suggestion: "name", keys: ["id (3)", "name (3)", "task (3)"]),
        Case(fixture: "auth", path: "Auth.user", matchedPath: "", failedStep: "Auth", suggestion: "auth", keys: ["stat", "auth"]),
        Case(fixture: "auth", path: "auth.user.usrname", matchedPath: "auth.user", failedStep: "usrname",
             suggestion: "username", keys: ["id", "username", "fullname"]),
        Case(fixture: "lists", path: "_contnets", matchedPath: "", failedStep: "_contnets", suggestion: "_contents",
             keys: ["stat", "lists"]),
        Case(fixture: "store", path: "store.books.titel", matchedPath: "store.books", failedStep: "titel", suggestion: "title",
             keys: ["title (4)", "author (4)", "price (4)", "category (4)", "isbn (2)", "stock"]),
        Case(fixture: "store", path: "store.books[7].title", matchedPath: "store.books", failedStep: "[7]", suggestion: nil, keys: []),
        Case(fixture: "store", path: "store.books[?price > 99].title", matchedPath: "store.books", failedStep: "[?price > 99]",
             suggestion: nil, keys: []),
        Case(fixture: "store", path: "..tittle", matchedPath: "", failedStep: "..tittle", suggestion: "title", keys: []),
        Case(fixture: "store", path: "store.empty.@first.x", matchedPath: "store.empty", failedStep: "@first", suggestion: nil, keys: []),
        Case(fixture: "lists", path: "lists.list.@max.nope", matchedPath: "lists.list", failedStep: "nope", suggestion: "name",
             keys: ["id (3)", "name (3)", "deleted (3)", "locked (3)", "archived (3)", "position (3)", "smart (3)", "filter"]),
        Case(fixture: "theatres", path: "[0].상영관", matchedPath: "[0]", failedStep: "상영관", suggestion: "상영관명",
             keys: ["_id", "상영관명", "위도"]),
    ]

    @Test(arguments: cases)
    func explains(_ c: Case) throws {
        let doc = try Fixtures.document(c.fixture)
        let result = try doc.query(c.path)
        #expect(result.isEmpty)
        let explanation = try #require(result.explanation)
        #expect(explanation.path == c.path)
        #expect(explanation.matchedPath == c.matchedPath)
        #expect(explanation.failedStep == c.failedStep)
        #expect(explanation.suggestion == c.suggestion)
        #expect(explanation.availableKeys.map(\.description) == c.keys)
        #expect(explanation.error == nil)
        #expect(explanation.description.hasPrefix("no match for '\(c.path)'"))
    }

    @Test func nonEmptyResultsNeedNoExplanation() throws {
        let doc = try Fixtures.document("lists")
        #expect(try doc.query("lists.list").explanation == nil)
        // An operator can turn nothing into something: no explanation either.
        #expect(try doc.query("nothing.@count").int == 0)
        #expect(try doc.query("nothing.@count").explanation == nil)
    }

    @Test func missingKeysThatExistElsewhereSayWhere() throws {
        let doc = try Fixtures.document("tasks")
        let explanation = try #require(doc["tasks.task"].explanation)
        #expect(explanation.elsewhere == "tasks.list[0].taskseries[0].task")
        #expect(explanation.description.contains("it occurs elsewhere, e.g. at 'tasks.list[0].taskseries[0].task'"))
        #expect(doc["tasks.nowhere"].explanation?.elsewhere == nil)
    }

    /// Naming the XML root element first (`rsp.lists`: paths start inside
    /// it) is explained as that, with the path without it offered, instead
    /// of "it occurs elsewhere, e.g. at '.'".
    @Test func namingTheRootElementFirstIsExplained() throws {
        let doc = try Fixtures.document("lists")
        let explanation = try #require(doc["rsp.lists.list"].explanation)
        #expect(explanation.reason == "the root is the element 'rsp' itself, and paths start inside it")
        #expect(explanation.suggestion == "lists.list")
        #expect(explanation.elsewhere == nil)
        #expect(explanation.description.contains("did you mean 'lists.list'?"))
        #expect(!doc[explanation.suggestion!].isEmpty)
        #expect(doc["rsp"].explanation?.suggestion == ".")
        // After the first step, or in JSON (whose root has no name), the
        // root's name is an ordinary missing key.
        #expect(doc["lists.rsp"].explanation?.reason.contains("the root is the element") == false)
        let json = try Document(string: #"{"a": {"rsp": 1}}"#)
        #expect(json["rsp.a"].explanation?.elsewhere == "a.rsp")
    }

    /// The first occurrence's path is found by walking down from the root
    /// past earlier siblings' subtrees: through arrays, repeated elements,
    /// attributes and text, to the right index at every level.
    @Test func elsewherePathsWalkPastEarlierSiblings() throws {
        let json = try Document(string: #"""
            {"a": [{"x": 1}, {"y": [{"z": [0, {"t": 0}]}, {"k": {"p": true, "target": 1}}]}], "target2": 2}
            """#)
        #expect(json["target"].explanation?.elsewhere == "a[1].y[1].k.target")
        #expect(json["a.y.target"].explanation?.elsewhere == "a[1].y[1].k.target")
        let xml = try Document(string: """
            <r><s id="1"><t/>text</s><s><!-- c --><t/><t k="v">x<u n="1"/></t></s><u/></r>
            """)
        #expect(xml["s.u"].explanation?.elsewhere == "s[1].t[1].u")
        #expect(xml["s.t.n"].explanation?.elsewhere == "s[1].t[1].u.n")
    }

    @Test func chainsOfMembersExplainTheWholeChain() throws {
        let doc = try Fixtures.document("auth")
        let explanation = try #require(doc.auth.usr.username.explanation)
        #expect(explanation.path == "auth.usr.username")
        #expect(explanation.matchedPath == "auth")
        #expect(explanation.failedStep == "usr")
        #expect(explanation.failedRange == 5..<8)
        #expect(explanation.suggestion == "user")
        let indexed = try #require(doc.auth.user[3].explanation)
        #expect(indexed.path == "auth.user[3]")
        #expect(indexed.failedStep == "[3]")
        #expect(indexed.reason == "'auth.user' matched an element; index [3] is out of range for 1 value")
    }

    @Test func scalarsHaveNoKeys() throws {
        let doc = try Fixtures.document("store")
        let explanation = try #require(doc["store.name.first"].explanation)
        #expect(explanation.reason == "'store.name' matched a string, which has no keys")
        #expect(explanation.availableKeys.isEmpty)
    }

    @Test func descriptionShowsTheCaret() throws {
        let doc = try Fixtures.document("tasks")
        let explanation = try #require(doc["tasks.list.tasksries.name"].explanation)
        #expect(explanation.description == """
            no match for 'tasks.list.tasksries.name'
              tasks.list.tasksries.name
                         ^~~~~~~~~
            'tasks.list' matched 2 elements, but none has the key 'tasksries'
            did you mean 'taskseries'?
            keys there: id (2), taskseries (3)
            """)
    }
}
