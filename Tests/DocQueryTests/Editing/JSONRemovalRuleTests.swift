import DocQuery
import DocTree
import Testing

/// The one removal rule of JSON (``JSONGaps``), on the cases where what a
/// removal takes turns on the bytes around it: the only child, the last
/// child after a comment, commas that begin lines. Every edit runs held
/// whole and streamed in chunks of 1 and 4,096 bytes (``BothWays``), so a
/// removal's bytes are cut at every chunk boundary.
@Suite struct JSONRemovalRuleTests {
    static let comments = JSONWithCommentsCorpusTests.options

    @Test func theOnlyChildEmptiesItsContainer() throws {
        #expect(try BothWays.edited("{\"a\": [ 1 ], \"b\": 2}", [.remove("a[0]")]) == "{\"a\": [], \"b\": 2}")
        #expect(try BothWays.edited("{\n  \"a\": {\n    \"x\": 1\n  }\n}\n", [.remove("a.x")]) == "{\n  \"a\": {}\n}\n")
        #expect(try BothWays.edited("[\n  1,\n  2\n]", [.remove("[:]")]) == "[]")
    }

    @Test func theOnlyChildLeavesTheCommentsOfItsContainer() throws {
        let text = "{\n  \"a\": [\n    // kept\n    1 // its own\n  ]\n}\n"
        #expect(try BothWays.edited(text, [.remove("a[0]")], options: Self.comments) == "{\n  \"a\": [\n    // kept\n  ]\n}\n")
    }

    @Test func theLastChildAfterALineCommentTakesTheCommaBeforeIt() throws {
        let text = "{\n  \"a\": 1, // one\n  \"b\": 2 // two\n}\n"
        #expect(try BothWays.edited(text, [.remove("b")], options: Self.comments) == "{\n  \"a\": 1 // one\n}\n")
        // A trailing comma stays, and so does the survivor's.
        let trailing = "{\n  \"a\": 1, // one\n  \"b\": 2, // two\n}\n"
        #expect(try BothWays.edited(trailing, [.remove("b")], options: Self.comments) == "{\n  \"a\": 1, // one\n}\n")
    }

    @Test func aRunToTheEndGoesFromTheSurvivorBeforeIt() throws {
        #expect(try BothWays.edited("[1, 2, 3, 4]", [.remove("[2]"), .remove("[3]")]) == "[1, 2]")
        #expect(try BothWays.edited("{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3\n}", [.remove("b"), .remove("c")]) == "{\n  \"a\": 1\n}")
    }

    /// A run that ends the container, whose closing bracket follows it on
    /// its line, keeps the line break after the line comment before the
    /// run, which would otherwise run on into the bracket; a line comment
    /// ending in blanks is no overlap of two removals.
    @Test(arguments: [
        ("[1, 2, // c\n 3, // d\n 4, 5]", "[1, 2 // c\n]"),
        ("[1, 2, // c  \n 3, // d \n 4]", "[1, 2 // c  \n]"),
        ("[1, 2, // c\n // own  \n 3, 4]", "[1, 2 // c\n // own  \n]"),
        ("[1, 2, /* c */\n 3, 4]", "[1, 2 /* c */]"),
        ("[\n  1, // a\n  2, // b\n  3 // c\n]", "[\n  1, // a\n  2 // b\n]"),
        ("[ // open\n 3, 4]", "[ // open\n]"),
        ("[1, 2, // c\r\n 3]", "[1, 2 // c\r\n]"),
    ])
    func aRunBeforeTheBracketOnItsLineKeepsALineCommentsBreak(array: String, expected: String) throws {
        let edited = try BothWays.edited("{\"a\": \(array)}", [.remove("a[?. > 1 && . != 2]")], options: Self.comments)
        #expect(edited == "{\"a\": \(expected)}")
        #expect(throws: Never.self) { try Document(string: edited, options: Self.comments) }
    }

    /// A comma at the start of the next line (comma-first style) goes with
    /// the child before it, as a comma on its own line does.
    @Test(arguments: [
        ("a", "{\n  \"b\": 2\n  , \"c\": 3\n}\n"),
        ("b", "{\n  \"a\": 1\n  , \"c\": 3\n}\n"),
        ("c", "{\n  \"a\": 1\n  , \"b\": 2\n}\n"),
        ("*", "{}\n"),
    ])
    func commasThatBeginLines(path: String, expected: String) throws {
        let text = "{\n  \"a\": 1\n  , \"b\": 2\n  , \"c\": 3\n}\n"
        #expect(try BothWays.edited(text, [.remove(path)]) == expected)
        #expect(try BothWays.edited(text, [.remove(path)], options: Self.comments) == expected)
    }

    /// New children next to such a comma go after it, so the document
    /// still loads (they failed to before).
    @Test func insertsNextToACommaThatBeginsALine() throws {
        let text = "[\n  1\n  , 2\n]"
        #expect(try BothWays.edited(text, [.insert(9, before: "[1]")]) == "[\n  1\n  , 9, 2\n]")
        #expect(try BothWays.edited(text, [.insert(9, into: ".")]) == "[\n  1\n  , 2, 9\n]")
        let trailing = "[\n  1\n  ,\n]"
        #expect(try BothWays.edited(trailing, [.insert(9, into: ".")], options: Self.comments) == "[\n  1\n  ,\n  9,\n]")
    }
}
