import Testing
@testable import docq

/// The explorer's `:jmespath` / `:keypath` switch, and completion of
/// function names in JMESPath.
@Suite("Explorer JMESPath dialect")
struct ExplorerJMESPathTests {
    static func session(_ example: String) throws -> ExplorerSession {
        try ExplorerSessionTests.session(example)
    }

    @Test("`:jmespath` switches the dialect, evaluated from where you are; `:keypath` switches back")
    func switchesDialect() throws {
        var session = try Self.session("feed.xml")
        #expect(session.handle("entry[*].title").errors.first?.hasPrefix("error: ") == true,
                "entry[*] is no key path")
        #expect(session.handle(":jmespath").output.first?.hasPrefix("expressions are now JMESPath") == true)
        #expect(session.prompt == "feed (jmespath)> ")
        #expect(session.handle("length(entry)").output == ["2"])
        #expect(session.handle("entry[0].{t: title}").output == [#"{"t":"Atom-Powered Robots Run Amok"}"#])
        #expect(session.handle("missing").errors == ["no match: missing"])
        #expect(session.handle("sum(title)").errors.first == "error: sum() argument 1: expected array, got string")
        _ = session.handle("cd entry[1]")
        #expect(session.handle("title").output == ["Robots Sighted in Town"], "relative to the current node")
        _ = session.handle(":keypath")
        #expect(session.prompt == "feed.entry[1]> ")
        #expect(session.handle("link.href").output == ["http://example.org/2003/12/14/robots"])
    }

    @Test("Tab completes function names and keys in JMESPath")
    func completesFunctions() throws {
        var session = try Self.session("feed.xml")
        _ = session.handle(":jmespath")
        let functions = session.completions(for: "sort_", cursor: 5)
        #expect(functions.partial == "sort_")
        #expect(functions.candidates == ["sort_by("])
        let mixed = session.completions(for: "length(en", cursor: 9)
        #expect(mixed.start == 7)
        #expect(mixed.candidates == ["ends_with(", "entry"])
        let keys = session.completions(for: "ti", cursor: 2)
        #expect(keys.candidates.contains("title"))
    }
}
