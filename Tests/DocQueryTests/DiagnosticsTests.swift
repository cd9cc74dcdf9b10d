import DocQuery
import Testing

/// Malformed paths: the kind, the character range and the caret rendering.
@Suite struct DiagnosticsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let path: String
        let kind: QueryError.Kind
        let range: Range<Int>
        var testDescription: String { path }
    }

    static let cases: [Case] = [
        Case(path: "lists.@cuont", kind: .unknownOperator, range: 6..<12),
        Case(path: "@type", kind: .unknownOperator, range: 0..<5),
        Case(path: "a.", kind: .expectedKey, range: 1..<2),
        Case(path: "a..", kind: .expectedKey, range: 3..<3),
        Case(path: "a.[0]", kind: .expectedKey, range: 1..<3),
        Case(path: ".[0", kind: .expectedClosingBracket, range: 3..<3),
        Case(path: "a[", kind: .expectedIndex, range: 2..<2),
        Case(path: "a[]", kind: .expectedIndex, range: 2..<3),
        Case(path: "a[x]", kind: .expectedIndex, range: 2..<3),
        Case(path: "a[1:2:3]", kind: .expectedClosingBracket, range: 5..<6),
        Case(path: "a[99999999999999999999]", kind: .invalidNumber, range: 2..<22),
        Case(path: "a[?]", kind: .expectedOperand, range: 3..<4),
        Case(path: "a[?b = 1]", kind: .unexpectedCharacter, range: 5..<6),
        Case(path: "a[?b & c]", kind: .unexpectedCharacter, range: 5..<6),
        Case(path: "a[?b | c]", kind: .unexpectedCharacter, range: 5..<6),
        Case(path: "a[?b == ]", kind: .expectedOperand, range: 8..<9),
        Case(path: "a[?(b == 1]", kind: .expectedClosingParenthesis, range: 10..<11),
        Case(path: "a[?b == 1", kind: .expectedClosingBracket, range: 9..<9),
        Case(path: "a[?b == 'x]", kind: .unterminatedString, range: 8..<11),
        Case(path: "a[?b == 1.]", kind: .invalidNumber, range: 8..<10),
        Case(path: "a[?b == 1e]", kind: .invalidNumber, range: 8..<10),
        Case(path: "a[?b == 12ab]", kind: .invalidNumber, range: 10..<11),
        Case(path: "\"abc", kind: .unterminatedString, range: 0..<4),
        Case(path: "\"a\\qb\"", kind: .invalidEscape, range: 2..<4),
        Case(path: "\"\\u12\"", kind: .invalidEscape, range: 1..<5),
        Case(path: "a[?" + String(repeating: "!", count: 40) + "b]", kind: .nestingTooDeep, range: 34..<35),
        Case(path: "\"\\uD800\"", kind: .invalidEscape, range: 1..<7),
        Case(path: "abc\\", kind: .invalidEscape, range: 3..<4),
        Case(path: "a b", kind: .unexpectedToken, range: 2..<3),
        Case(path: "a 'b'", kind: .unexpectedCharacter, range: 2..<5),
        Case(path: "a)", kind: .unexpectedToken, range: 1..<2),
        Case(path: "{a}", kind: .unexpectedCharacter, range: 0..<1),
        Case(path: "a.@", kind: .expectedKey, range: 2..<3),
        Case(path: "a[*]", kind: .expectedIndex, range: 2..<3),
        Case(path: "..", kind: .expectedKey, range: 2..<2),
        Case(path: "a.._string", kind: .expectedKey, range: 3..<10),
        Case(path: "상영관명.@cnt", kind: .unknownOperator, range: 5..<9),
        Case(path: "e\u{301}.@cnt", kind: .unknownOperator, range: 2..<6),
        Case(path: "a[?" + String(repeating: "(", count: 40) + "b" + String(repeating: ")", count: 40) + "]",
             kind: .nestingTooDeep, range: 34..<35),
    ]

    @Test(arguments: cases)
    func error(_ c: Case) {
        do {
            let query = try PathQuery(c.path)
            Issue.record("compiled to \(query)")
        } catch {
            #expect(error.kind == c.kind, "\(error.message)")
            #expect(error.range == c.range, "\(error.message)")
            #expect(error.path == c.path)
            #expect(error.column == c.range.lowerBound + 1)
        }
    }

    struct Rendered: Sendable, CustomTestStringConvertible {
        let path: String
        let text: String
        var testDescription: String { path }
    }

    static let rendered: [Rendered] = [
        Rendered(path: "lists.@cuont", text: """
            error: unknown operator '@cuont' (did you mean '@count'?)
              lists.@cuont
                    ^~~~~~
            """),
        Rendered(path: "a.b[?c == ]", text: """
            error: expected a value: a relative path, a 'string', a number, true, false or null
              a.b[?c == ]
                        ^
            """),
        Rendered(path: "store.", text: """
            error: expected a key after '.'
              store.
                   ^
            """),
        Rendered(path: "a[?b == 1", text: """
            error: expected ']', found the end of the path
              a[?b == 1
                       ^
            """),
        // Wide characters take two cells: the caret lines up in a terminal.
        Rendered(path: "상영관명.@cnt", text: """
            error: unknown operator '@cnt' (did you mean '@count'?)
              상영관명.@cnt
                       ^~~~
            """),
        Rendered(path: "a\tb", text: """
            error: unexpected key 'b'; expected '.', '[' or the end of the path
              a b
                ^
            """),
    ]

    @Test(arguments: rendered)
    func rendering(_ c: Rendered) {
        do {
            _ = try PathQuery(c.path)
            Issue.record("compiled")
        } catch {
            #expect(error.description == c.text)
        }
    }

    @Test func evaluationErrorsPointAtTheOperator() throws {
        let doc = try Fixtures.document("store")
        let cases: [(String, QueryError.Kind, Range<Int>)] = [
            ("store.books.@sum.title", .nonNumericValue, 12..<16),
            ("store.books.@avg", .nonNumericValue, 12..<16),
            ("store.books.@max", .incomparableValues, 12..<16),
            ("store.@min.open", .incomparableValues, 6..<10),
            ("store.books.category.@min", .incomparableValues, 21..<25),
        ]
        for (path, kind, range) in cases {
            do {
                let result = try doc.query(path)
                Issue.record("\(path) gave \(Rendering.render(result))")
            } catch {
                #expect(error.kind == kind, "\(path): \(error.message)")
                #expect(error.range == range, "\(path)")
            }
        }
        // Mixing numbers with non-numeric text cannot be ordered either.
        let mixed = try Document(string: #"[1, "x", 3]"#, options: LoadOptions(format: .json))
        #expect(throws: QueryError.self) { try mixed.query("@max") }
        // But numeric text with numbers can.
        let numeric = try Document(string: #"[1, "7", 3]"#, options: LoadOptions(format: .json))
        #expect(try numeric.query("@max").string == "7")
    }

    @Test func kindsHaveNames() {
        #expect(QueryError.Kind.unknownOperator.description == "unknownOperator")
        #expect(QueryError.Kind.nonNumericValue.description == "nonNumericValue")
    }
}
