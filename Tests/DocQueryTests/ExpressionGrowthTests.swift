@testable import DocQuery
import DocTree
import Testing

/// Every way an expression grows (chains of pipes, indexes, `||` and `&&`,
/// operators, projections, brackets, literals, `let` bindings) is refused
/// with a located error past its cap, or evaluated without deep recursion:
/// none may overflow the parser's or the evaluator's stack (issue 30, item 7;
/// the fuzz target `expression-growth` repeats such units).
@Suite struct ExpressionGrowthTests {
    static let document = try! Document(string: #"{"a": {"a": [1, {"a": true}]}, "b": 2}"#)

    /// The error `expression` fails to compile with, as JMESPath.
    static func jmesError(_ expression: String) -> QueryError? {
        JMESPathErrorTests.compileError(expression)
    }

    /// A chain of `count` units after `head`.
    static func chain(_ head: String, _ unit: String, _ count: Int) -> String {
        head + String(repeating: unit, count: count)
    }

    @Test(arguments: [
        ("a", "|a"), ("a", "[0]"), ("a", "||a"), ("a", "&&a"), ("b", "+b"), ("b", "*b"), ("a", "==a"),
        ("a", "[?a]"), ("a", "[*]"), ("a", "[]"), ("a", ".*"), ("a", "[0].a"), ("a", "[0:1]"),
    ])
    func longChainsAreRefusedWithACaret(head: String, unit: String) throws {
        let error = try #require(Self.jmesError(Self.chain(head, unit, 16_000)))
        #expect(error.kind == .nestingTooDeep)
        #expect(error.message.hasPrefix("expression nested more than 256 levels deep"))
        #expect(error.range.upperBound <= 16_000 * unit.count + head.count)
        #expect(error.description.contains("^"))
    }

    @Test func theCapIsOnTheTreeNotTheLength() throws {
        // 200 links, far below the cap, evaluate; a flat field chain of any
        // length is one level; 20,000 items of a list are one level.
        let pipes = try JMESPath(Self.chain("a", "|@", 200))
        #expect(try pipes.jsonString(on: Self.document) == #"{"a":[1,{"a":true}]}"#)
        let ors = try JMESPath(Self.chain("missing", "||missing", 200) + "||b")
        #expect(try ors.jsonString(on: Self.document) == "2")
        let sums = try JMESPath(Self.chain("b", "+b", 200))
        #expect(try sums.jsonString(on: Self.document) == "402")
        #expect(Self.jmesError(Self.chain("a", ".a", 20_000)) == nil)
        #expect(Self.jmesError("[" + Array(repeating: "b", count: 20_000).joined(separator: ",") + "]") == nil)
        #expect(Self.jmesError(Self.chain("b", "+b", 300))?.kind == .nestingTooDeep)
    }

    @Test func nestingAndChainsAddUp() throws {
        // 200 brackets around a chain of 100 pipes: 300 levels.
        let expression = String(repeating: "[", count: 200) + Self.chain("a", "|a", 100) + String(repeating: "]", count: 200)
        #expect(Self.jmesError(expression)?.kind == .nestingTooDeep)
    }

    @Test func manyBindingsAndDeepLiteralsAreSafe() throws {
        let few = (0..<200).map { "$v\($0) = b" }.joined(separator: ", ")
        #expect(try JMESPath("let \(few) in $v199").jsonString(on: Self.document) == "2")
        let bindings = (0..<20_000).map { "$v\($0) = b" }.joined(separator: ", ")
        let tooMany = try #require(Self.jmesError("let \(bindings) in $v19999"))
        #expect(tooMany.kind == .nestingTooDeep)
        #expect(tooMany.message == "more than 256 variables are bound at once")
        let literal = "`" + String(repeating: "[", count: 9_000) + String(repeating: "]", count: 9_000) + "`"
        let error = try #require(Self.jmesError(literal))
        #expect(error.kind == .nestingTooDeep)
        #expect(error.message == "the literal is nested more than 256 levels deep")
        let parameter = try Document(string: String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000))
        #expect(throws: QueryError.self) { try JMESPath("$deep", parameters: ["deep": parameter.root]) }
    }

    @Test(arguments: ["||", "&&"])
    func keyPathFilterChainsAreCapped(_ link: String) throws {
        let path = "a[?" + Self.chain("a", link + "a", 20_000) + "]"
        do {
            _ = try PathQuery(path)
            Issue.record("a filter of 20,000 links compiled")
        } catch {
            #expect(error.kind == .nestingTooDeep)
            #expect(error.message == "a path holds more than 256 '||' and '&&' in its filters")
            #expect(error.range.lowerBound == 3 + 1 + 256 * 3)
        }
        let short = try PathQuery("a.a[?" + Self.chain("a", link + "a", 200) + "]")
        #expect(try short.evaluate(on: Self.document).count == 1)
    }

    @Test func computedEditsShareTheCap() throws {
        var editor = try DocumentEditor(string: #"{"b": 2}"#)
        #expect(throws: QueryError.self) { try editor.apply(.set("b", computedBy: Self.chain("@", "|@", 16_000))) }
        #expect(editor.bytes == Array(#"{"b": 2}"#.utf8))
    }
}
