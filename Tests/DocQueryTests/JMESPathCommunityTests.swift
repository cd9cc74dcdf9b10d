@testable import DocQuery
import Foundation
import Testing

/// JMESPath Community's additions, one test per feature, each written from
/// the specification's text (jmespath.site, the JEPs of
/// jmespath-community/jmespath.spec) with documents of our own.
@Suite struct JMESPathCommunityTests {
    static let orders = #"""
        {"shop": "north", "rate": 2,
         "orders": [
           {"id": "a1", "customer": "ann", "qty": 3, "price": 2.5, "note": "  gift wrap  "},
           {"id": "b2", "customer": "bob", "qty": 1, "price": 10},
           {"id": "c3", "customer": "ann", "qty": 4, "price": 1},
           {"id": "d4", "qty": 2, "price": 7}
         ]}
        """#

    /// The compact JSON of `expression` evaluated on `document`.
    static func json(_ expression: String, _ document: String = orders) throws -> String {
        try JMESPath(expression).jsonString(on: Document(string: document))
    }

    /// The error evaluating (or compiling) `expression` throws, or `nil`.
    static func failure(_ expression: String, _ document: String = orders) -> QueryError? {
        do {
            _ = try json(expression, document)
            return nil
        } catch let error as QueryError {
            return error
        } catch {
            Issue.record("not a QueryError: \(error)")
            return nil
        }
    }

    @Test func arithmeticOperatorsFollowTheUsualPrecedence() throws {
        #expect(try Self.json("`1` + `2`") == "3")
        #expect(try Self.json("`7` - `10`") == "-3")
        #expect(try Self.json("`6` * `7`") == "42")
        #expect(try Self.json("`1` / `4`") == "0.25")
        #expect(try Self.json("`17` % `5`") == "2")
        #expect(try Self.json("`17` // `5`") == "3")
        // Multiplicative before additive, left to right within a level.
        #expect(try Self.json("`2` + `3` * `4`") == "14")
        #expect(try Self.json("(`2` + `3`) * `4`") == "20")
        #expect(try Self.json("`20` - `5` - `3`") == "12")
        #expect(try Self.json("`64` / `4` / `2`") == "8")
        // Above comparisons, below the dot.
        #expect(try Self.json("orders[?qty * price > `9`].id") == #"["b2","d4"]"#)
        #expect(try Self.json("orders[0].qty * orders[0].price") == "7.5")
        #expect(try Self.json("orders[*].{id: id, total: qty * price * $.rate}")
            == #"[{"id":"a1","total":15},{"id":"b2","total":20},{"id":"c3","total":8},{"id":"d4","total":28}]"#)
        // The Unicode signs the JEP names: − (U+2212), × and ÷.
        #expect(try Self.json("`9` \u{2212} `4`") == "5")
        #expect(try Self.json("`3` × `4`") == "12")
        #expect(try Self.json("`3` ÷ `4`") == "0.75")
        // A pipe ends a projection, so its result can be added up.
        #expect(try Self.json("{q: orders[0].qty, p: orders[1].qty} | q + p") == "4")
    }

    @Test func moduloAndIntegerDivisionAreFloored() throws {
        #expect(try Self.json("`-7` % `3`") == "2")
        #expect(try Self.json("`7` % `-3`") == "-2")
        #expect(try Self.json("`-7` // `2`") == "-4")
        #expect(try Self.json("`7.5` % `2`") == "1.5")
    }

    @Test func unaryMinusAndPlus() throws {
        #expect(try Self.json("-rate") == "-2")
        #expect(try Self.json("+rate") == "2")
        #expect(try Self.json("-`1` - +`2`") == "-3")
        #expect(try Self.json("-orders[1].price * `2`") == "-20")
        // A negative number inside brackets is still an index.
        #expect(try Self.json("orders[-1].id") == #""d4""#)
    }

    @Test func arithmeticErrorsAreNotANumber() throws {
        let byZero = try #require(Self.failure("rate / `0`"))
        #expect(byZero.kind == .notANumber)
        #expect(byZero.message == "'/' divides by zero")
        #expect(byZero.range == 5..<6)
        #expect(Self.failure("rate % `0`")?.kind == .notANumber)
        #expect(Self.failure("rate // `0`")?.kind == .notANumber)
        let text = try #require(Self.failure("shop + `1`"))
        #expect(text.kind == .notANumber)
        #expect(text.message == "'+' needs numbers, got string")
        #expect(Self.failure("missing * `2`")?.message == "'*' needs numbers, got null")
        #expect(Self.failure("-shop")?.kind == .notANumber)
        #expect(Self.failure("`1e308` * `10`")?.message == "'*' overflows: the result is too large for a number")
        #expect(Self.failure("`1` +")?.kind == .expectedOperand)
    }

    @Test func conditionalPicksOneBranchAndNestsToTheRight() throws {
        let flags = #"{"yes": true, "no": false, "a": "A", "b": "B", "c": "C", "d": "D"}"#
        #expect(try Self.json("yes ? a : b", flags) == #""A""#)
        #expect(try Self.json("no ? a : b", flags) == #""B""#)
        for falsy in ["`null`", "`[]`", "`{}`", "''", "missing"] {
            #expect(try Self.json("\(falsy) ? a : b", flags) == #""B""#, "\(falsy) is false")
        }
        #expect(try Self.json("no ? a : yes ? c : d", flags) == #""C""#)
        #expect(try Self.json("yes ? no ? a : b : c", flags) == #""B""#)
        // The true branch runs to the ':' (a pipe included); || and && bind tighter.
        #expect(try Self.json("no ? a | b : d", flags) == #""D""#)
        #expect(try Self.json("no || yes ? a : b", flags) == #""A""#)
        #expect(try Self.json("yes && no ? a : b", flags) == #""B""#)
        // A pipe binds looser: the conditional's result goes through it.
        #expect(try Self.json("yes ? a : b | length(@)", flags) == "1")
        // Only the chosen branch is evaluated.
        #expect(try Self.json("yes ? a : `1` / `0`", flags) == #""A""#)
        #expect(try Self.json("map(&(qty > `2` ? 'bulk' : 'single'), orders)") == #"["bulk","single","bulk","single"]"#)
    }

    @Test func letBindsVariablesLexically() throws {
        #expect(try Self.json("let $r = rate in orders[*].[id, qty * $r]") == #"[["a1",6],["b2",2],["c3",8],["d4",4]]"#)
        #expect(try Self.json("let $s = shop, $r = rate in {s: $s, r: $r}") == #"{"s":"north","r":2}"#)
        // An inner binding shadows an outer one only inside its body.
        #expect(try Self.json("let $x = shop in [let $x = rate in $x, $x]") == #"[2,"north"]"#)
        // A projection bound to a variable is stopped: [0] takes the first element.
        let nested = #"{"rows": [[1, 2], [3, 4]]}"#
        #expect(try Self.json("rows[*][0]", nested) == "[1,3]")
        #expect(try Self.json("let $r = rows[*] in $r[0]", nested) == "[1,2]")
        // `let` and `in` remain ordinary keys elsewhere.
        #expect(try Self.json("[let, in]", #"{"let": 1, "in": 2}"#) == "[1,2]")
        // Variables reach into filters, where @ is each element.
        #expect(try Self.json("let $who = orders[0].customer in orders[?customer == $who].id") == #"["a1","c3"]"#)
    }

    @Test func anUnboundVariableIsAnErrorUnderIt() throws {
        // Scopes are lexical: a variable no `let` around it binds (and no
        // parameter) can never be bound, so compiling says so.
        let error = #expect(throws: QueryError.self) { try JMESPath("[let $a = `1` in $a, $a]") }
        #expect(error?.kind == .undefinedVariable)
        #expect(error?.message.hasPrefix("no value is bound to $a") == true)
        #expect(error?.range == 21..<23)
        #expect(Self.failure("let $a = `1` $a")?.message == "expected ',' or 'in' after a binding, found variable '$a'")
        #expect(Self.failure("let $a in $a")?.message == "expected '=' after the variable, found identifier 'in'")
    }

    @Test func rootRefersToTheStartingValue() throws {
        #expect(try Self.json("orders[?qty >= $.rate].id") == #"["a1","c3","d4"]"#)
        #expect(try Self.json("$") == (try Document(string: Self.orders).root.jsonString()))
        #expect(Self.failure("orders[0].$.shop")?.kind == .expectedKey, "after a dot, as after any sub-expression's dot")
        #expect(try Self.json("$.orders[-1].id") == #""d4""#)
        // From a node, $ is that node.
        let document = try Document(string: Self.orders)
        let first = try #require(document.root.children(named: "orders").first?.children.first)
        let result = try first.query(JMESPath("$.customer"))
        #expect(result.first?.string == "ann")
    }

    @Test func slicesApplyToStrings() throws {
        let text = #"{"word": "hello, world!", "greek": "αβγδ"}"#
        #expect(try Self.json("word[0:5]", text) == #""hello""#)
        #expect(try Self.json("word[::-1]", text) == #""!dlrow ,olleh""#)
        #expect(try Self.json("word[::3]", text) == #""hl r!""#)
        #expect(try Self.json("word[-6:]", text) == #""world!""#)
        #expect(try Self.json("word[20:]", text) == #""""#)
        // Characters, as length() counts them.
        #expect(try Self.json("greek[1:3]", text) == #""βγ""#)
        #expect(try Self.json("length(greek[1:])", text) == "3")
        #expect(try Self.json("`5`[0:1]", text) == "null")
    }

    @Test func subExpressionsStopAtNullAndPipesDoNot() throws {
        #expect(try Self.json("`null`.[@]") == "null")
        #expect(try Self.json("`null` | [@]") == "[null]")
        #expect(try Self.json("missing | {a: @}") == #"{"a":null}"#)
        #expect(try Self.json("missing.to_string(@)") == "null")
        #expect(try Self.json("missing | to_string(@)") == #""null""#)
    }

    @Test func aRawStringEscapesOnlyItsQuote() throws {
        // The one place DocQuery keeps the standard edition's answer (docs/JMESPath.md,
        // "Where the editions differ"): two backslashes stay two.
        #expect(try Self.json(#"'C:\\temp'"#) == #""C:\\\\temp""#)
        #expect(try Self.json(#"'it\'s'"#) == #""it's""#)
        #expect(try Self.json(#"length('\\')"#) == "2")
    }

    @Test func stringsSortByCodePointNotByCanonicalEquivalence() throws {
        // U+00E9 and "e" + U+0301 are canonically equivalent, so Swift's String
        // comparison calls them equal; JMESPath orders strings by code point.
        let text = #"{"w": [{"s": "\u00e9", "n": 1}, {"s": "e\u0301", "n": 2}]}"#
        #expect(try Self.json("sort_by(w, &s)[*].n", text) == "[2,1]")
        #expect(try Self.json("max_by(w, &s).n", text) == "1")
        #expect(try Self.json("w[0].s == w[1].s", text) == "false")
    }

    @Test func stringCaseAndTrimming() throws {
        #expect(try Self.json("upper(shop)") == #""NORTH""#)
        #expect(try Self.json("lower('MiXeD')") == #""mixed""#)
        #expect(try Self.json("trim(orders[0].note)") == #""gift wrap""#)
        #expect(try Self.json("trim_left(orders[0].note)") == #""gift wrap  ""#)
        #expect(try Self.json("trim_right(orders[0].note)") == #""  gift wrap""#)
        // The second argument is a set of characters; '' means whitespace.
        #expect(try Self.json("trim('--a-b--', '-')") == #""a-b""#)
        #expect(try Self.json("trim('xyaxy', 'yx')") == #""a""#)
        #expect(try Self.json("trim_left('xxa', 'x')") == #""a""#)
        #expect(try Self.json("trim_right('axx', 'x')") == #""a""#)
        #expect(try Self.json("trim('\t a \n', '')") == #""a""#)
        #expect(try Self.json("trim('abc', 'z')") == #""abc""#)
        #expect(Self.failure("upper(rate)")?.kind == .invalidType)
    }

    @Test func findFirstAndFindLast() throws {
        // "a-b-a-b": a at 0 and 4, b at 2 and 6.
        #expect(try Self.json("find_first('a-b-a-b', 'b')") == "2")
        #expect(try Self.json("find_first('a-b-a-b', 'b', `3`)") == "6")
        #expect(try Self.json("find_first('a-b-a-b', 'a-b', `0`, `3`)") == "0")
        #expect(try Self.json("find_first('a-b-a-b', 'a-b', `1`, `6`)") == "null", "the match must end by the end position")
        #expect(try Self.json("find_first('a-b-a-b', 'a', `-3`)") == "4", "a negative start counts from the end")
        #expect(try Self.json("find_first('a-b-a-b', 'z')") == "null")
        #expect(try Self.json("find_last('a-b-a-b', 'a')") == "4")
        #expect(try Self.json("find_last('a-b-a-b', 'a', `3`)") == "4", "the third argument is where the search starts")
        #expect(try Self.json("find_last('a-b-a-b', 'a', `5`)") == "null", "no match may start before the start")
        #expect(try Self.json("find_last('a-b-a-b', 'a', `0`, `4`)") == "0", "the match must end by the end position")
        #expect(try Self.json("find_last('a-b-a-b', 'b', `-5`)") == "6", "a negative start counts from the end")
        #expect(try Self.json("find_last('a-b-a-b', 'b-a', `2`)") == "2")
        #expect(try Self.json("find_last('a-b-a-b', 'z')") == "null")
        #expect(try Self.json("find_first('abc', '')") == "null", "an empty substring is never found")
        #expect(try Self.json("find_last('abc', '')") == "null")
        #expect(try Self.json("find_last('', '')") == "null")
        #expect(Self.failure("find_first('abc', 'b', `1.5`)")?.kind == .invalidValue)
        #expect(
            Self.failure("find_first('abc', 'b', `1.5`, 'x')")?.kind == .invalidType,
            "a wrong type is reported before a wrong value")
        #expect(Self.failure("find_last('abc', 'b', `0`, `1`, `2`)")?.kind == .invalidArity)
    }

    @Test func paddingToAWidth() throws {
        #expect(try Self.json("pad_left('7', `3`, '0')") == #""007""#)
        #expect(try Self.json("pad_right('ab', `4`)") == #""ab  ""#)
        #expect(try Self.json("pad_left('abcdef', `3`)") == #""abcdef""#, "never shortens")
        #expect(try Self.json("orders[*].pad_left(id, `4`, '.')") == #"["..a1","..b2","..c3","..d4"]"#)
        #expect(Self.failure("pad_left('a', `3`, '--')")?.kind == .invalidValue)
        #expect(Self.failure("pad_left('a', `-1`)")?.kind == .invalidValue)
        #expect(Self.failure("pad_left('a', `100000000000`)")?.message
            == "pad_left() argument 2: a width above 16777216 characters is refused")
        #expect(Self.failure("pad_right('a', 'x')")?.kind == .invalidType)
    }

    @Test func replaceAndSplit() throws {
        #expect(try Self.json("replace('a.b.c', '.', '/')") == #""a/b/c""#)
        #expect(try Self.json("replace('a.b.c', '.', '', `1`)") == #""ab.c""#)
        #expect(try Self.json("replace('a.b.c', '.', '/', `0`)") == #""a.b.c""#)
        #expect(try Self.json("replace('ab', '', '-')") == #""-a-b-""#)
        #expect(try Self.json("split('2024-05-06', '-')") == #"["2024","05","06"]"#)
        #expect(try Self.json("split('2024-05-06', '-', `1`)") == #"["2024","05-06"]"#)
        #expect(try Self.json("split('2024-05-06', '-', `0`)") == #"["2024-05-06"]"#)
        #expect(try Self.json("split('abc', '')") == #"["a","b","c"]"#)
        #expect(try Self.json("split('abc', '', `1`)") == #"["a","bc"]"#)
        #expect(try Self.json("split(',', ',')") == #"["",""]"#)
        #expect(try Self.json("split('none', ',')") == #"["none"]"#)
        #expect(Self.failure("split('a', ',', `-1`)")?.kind == .invalidValue)
        #expect(Self.failure("replace('a', 'a', `1`)")?.kind == .invalidType)
        #expect(Self.failure("split('a')")?.message == "split() takes 2 to 3 arguments, got 1")
    }

    @Test func groupByCollectsElementsUnderTheirKeys() throws {
        #expect(try Self.json("group_by(orders, &customer) | keys(@)") == #"["ann","bob"]"#, "a null key leaves the element out")
        #expect(try Self.json("group_by(orders, &customer).ann[*].id") == #"["a1","c3"]"#)
        #expect(try Self.json("group_by(orders, &customer) | map(&length(@), values(@))") == "[2,1]")
        #expect(try Self.json("group_by(`[]`, &a)") == "{}")
        let numberKey = try #require(Self.failure("group_by(orders, &qty)"))
        #expect(numberKey.kind == .invalidType)
        #expect(numberKey.message == "group_by(): the key expression must give strings (or null), got number")
        #expect(Self.failure("group_by(orders, customer)")?.kind == .invalidType)
        #expect(Self.failure("group_by(`[1]`, &a)")?.kind == .invalidType)
    }

    @Test func itemsFromItemsAndZip() throws {
        #expect(try Self.json("items({a: shop, b: rate})") == #"[["a","north"],["b",2]]"#)
        #expect(try Self.json("from_items(`[[\"x\", 1], [\"y\", 2], [\"x\", 3]]`)") == #"{"x":3,"y":2}"#)
        #expect(try Self.json("from_items(items(orders[1]))") == #"{"id":"b2","customer":"bob","qty":1,"price":10}"#)
        #expect(try Self.json("zip(orders[*].id, orders[*].qty)") == #"[["a1",3],["b2",1],["c3",4],["d4",2]]"#)
        #expect(try Self.json("zip(`[1, 2, 3]`, `[\"a\"]`, `[true, false]`)") == #"[[1,"a",true]]"#)
        #expect(Self.failure("items(orders)")?.kind == .invalidType)
        #expect(Self.failure("from_items(`[[1, 2]]`)")?.kind == .invalidType)
        #expect(Self.failure("zip(`[1]`, shop)")?.kind == .invalidType)
        #expect(Self.failure("zip()")?.kind == .invalidArity)
    }

    @Test func xmlIsSeenThroughTheSameMapping() throws {
        let xml = #"<stock><item sku="a" n="3"/><item sku="b" n="5"/></stock>"#
        #expect(try Self.json("sum(item[*].to_number(n)) * `2`", xml) == "16")
        #expect(try Self.json("item[*].upper(sku)", xml) == #"["A","B"]"#)
        #expect(try Self.json("group_by(item, &sku) | keys(@)", xml) == #"["a","b"]"#)
    }
}
