@testable import DocQuery
import Foundation
import Testing

/// Malformed expressions and failing functions throw ``QueryError``s that
/// locate the problem with a caret, like key paths.
@Suite struct JMESPathErrorTests {
    static func compileError(_ expression: String) -> QueryError? {
        do {
            _ = try JMESPath(expression)
            return nil
        } catch {
            return error
        }
    }

    @Test func syntaxErrorsPointAtTheToken() throws {
        let error = try #require(Self.compileError("foo[?bar == ]"))
        #expect(error.kind == .unexpectedToken)
        #expect(error.range == 12..<13)
        #expect(error.description == """
            error: unexpected ']'
              foo[?bar == ]
                          ^
            """)
        #expect(Self.compileError("foo.")?.kind == .expectedKey)
        #expect(Self.compileError("foo |")?.kind == .expectedOperand)
        #expect(Self.compileError("a = b")?.message == "'=' is not an operator (did you mean '=='?)")
        #expect(Self.compileError("'abc")?.kind == .unterminatedString)
        #expect(Self.compileError(#"`"abc`"#)?.range == 0..<6)
        #expect(try JMESPath("`{bad`").jsonString(on: Document(string: "{}")) == #""{bad""#, "deprecated unquoted literal")
        #expect(Self.compileError("foo[1:2:3:4]")?.kind == .expectedClosingBracket)
        #expect(Self.compileError("foo[::0]")?.kind == .invalidValue)
    }

    @Test func unknownFunctionsAndArityAreCaughtWhenCompiling() throws {
        let unknown = try #require(Self.compileError("lenght(@)"))
        #expect(unknown.kind == .unknownFunction)
        #expect(unknown.message == "unknown function lenght() (did you mean length()?)")
        #expect(unknown.range == 0..<6)
        let arity = try #require(Self.compileError("a | sort_by(@)"))
        #expect(arity.kind == .invalidArity)
        #expect(arity.message == "sort_by() takes 2 arguments, got 1")
        #expect(arity.range == 4..<14)
        #expect(Self.compileError("not_null()")?.message == "not_null() takes at least 1 argument, got 0")
    }

    @Test func wrongArgumentTypesFailWhenEvaluating() throws {
        let document = try Document(string: #"{"a": [1, "x"], "n": 3}"#)
        do {
            _ = try JMESPath("sum(a)").jsonString(on: document)
            Issue.record("sum over a string evaluated")
        } catch {
            #expect(error.kind == .invalidType)
            #expect(error.message == "sum() argument 1: expected array of numbers, got array")
            #expect(error.range == 0..<6)
        }
        #expect(throws: QueryError.self) { try JMESPath("length(n)").jsonString(on: document) }
        #expect(throws: QueryError.self) { try JMESPath("sort(a)").jsonString(on: document) }
        #expect(throws: QueryError.self) { try JMESPath("map(a, @)").jsonString(on: document) }
    }

    @Test func deepNestingIsASyntaxErrorNotACrash() throws {
        let deep = String(repeating: "(", count: 5000) + "a" + String(repeating: ")", count: 5000)
        #expect(Self.compileError(deep)?.kind == .nestingTooDeep)
        let notNot = String(repeating: "!", count: 5000) + "a"
        #expect(Self.compileError(notNot)?.kind == .nestingTooDeep)
    }

    @Test func expressionsAreEqualWhenWrittenTheSameWay() throws {
        #expect(try JMESPath("a.b") == JMESPath("a.b"))
        #expect(try JMESPath("a.b") != JMESPath("a . b"))
        #expect(Set([try JMESPath("a"), try JMESPath("a")]).count == 1)
    }
}

