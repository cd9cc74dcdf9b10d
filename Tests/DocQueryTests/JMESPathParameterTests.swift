import DocQuery
import Foundation
import Testing

/// `JMESPath(_:parameters:)`: bound values as key paths take them (issue 20).
@Suite("JMESPath parameters")
struct JMESPathParameterTests {
    let todos = try! Document(string: #"[{"userId":1,"t":"a"},{"userId":2,"t":"b's \"q\""},{"userId":2,"t":"c"}]"#)

    @Test("named and positional values of every allowed type")
    func values() throws {
        #expect(try JMESPath("[?userId == $u].t", parameters: ["u": 2]).evaluate(on: todos).strings == [#"b's "q""#, "c"])
        #expect(try JMESPath("[?t == $0].userId", parameters: [#"b's "q""#]).evaluate(on: todos).strings == ["2"])
        #expect(try JMESPath("[?userId == $u].t", parameters: ["u": Decimal(1)]).evaluate(on: todos).strings == ["a"])
        #expect(try JMESPath("$flag", parameters: ["flag": true]).evaluate(on: todos).bool == true)
        #expect(try JMESPath("not_null($n, `7`)", parameters: ["n": nil]).evaluate(on: todos).int == 7)
        let ids = try Document(string: "[1,3]").root
        #expect(try JMESPath("contains($ids, `3`)", parameters: ["ids": ids]).evaluate(on: todos).bool == true)
    }

    @Test("a value is never read as expression text")
    func notSyntax() throws {
        let hostile = "a') || `true` || ('"
        #expect(try JMESPath("[?t == $t].t", parameters: ["t": hostile]).evaluate(on: todos).isEmpty)
    }

    @Test("an unbound or unsupported value is an error pointing at the placeholder")
    func errors() throws {
        let unbound = #expect(throws: QueryError.self) { try JMESPath("[?userId == $v].t", parameters: ["u": 1]) }
        #expect(unbound?.message == "no value is bound to $v (bound: $u)")
        #expect(unbound?.range == 12..<14)
        let none = #expect(throws: QueryError.self) { try JMESPath("[?userId == $u].t") }
        #expect(none?.message.hasPrefix("no value is bound to $u") == true)
        let date = #expect(throws: QueryError.self) { try JMESPath("$d", parameters: ["d": Date()]) }
        #expect(date?.message.contains("a bound value must be") == true)
    }

    @Test("expressions are equal only when they bind the same values")
    func equality() throws {
        #expect(try JMESPath("$a", parameters: ["a": 1]) == JMESPath("$a", parameters: ["a": 1]))
        #expect(try JMESPath("$a", parameters: ["a": 1]) != JMESPath("$a", parameters: ["a": 2]))
        #expect(try JMESPath("a") == JMESPath("a"))
    }

    @Test("key paths take a Node too: its scalar value")
    func keyPathNode() throws {
        let two = try Document(string: "2").root
        #expect(try PathQuery("[?userId == $u].t", parameters: ["u": two]).evaluate(on: todos).strings == [#"b's "q""#, "c"])
        let object = try Document(string: "{}").root
        let error = #expect(throws: QueryError.self) { try PathQuery("[?userId == $u].t", parameters: ["u": object]) }
        #expect(error?.message.contains("a key path compares one value") == true)
    }

    @Test("a key path's unbound $name is explained as an unbound parameter")
    func unboundExplained() throws {
        let explanation = try #require(todos["[?userId == $u].t"].explanation)
        #expect(explanation.reason.hasSuffix("'$u' was read as a key: no parameter is bound to it"), "\(explanation)")
        let key = try #require(try Document(string: #"{"a":1}"#)["$u"].explanation)
        #expect(key.reason.hasSuffix("'$u' was read as a key: no parameter is bound to it"), "\(key)")
    }
}

/// Misses list keys as a path writes them; XML's JSON never repeats a key.
@Suite("Keys written as paths write them")
struct WrittenKeyTests {
    @Test("a miss lists keys quoted where a path needs quotes")
    func quotedKeys() throws {
        let document = try Document(string: #"{"a b":1,"c":2,"java.version":3}"#)
        let explanation = try #require(document["x"].explanation)
        #expect(explanation.availableKeys.map(\.description) == [#""a b""#, "c", #""java.version""#])
        #expect(explanation.description.hasSuffix(#"keys there: "a b", c, "java.version""#), "\(explanation)")
    }

    @Test("a miss on a key with a dot shows the path written the way that works")
    func dottedKey() throws {
        let pom = try Document(string: "<project><properties><java.version>17</java.version></properties></project>")
        let explanation = try #require(pom["properties.java.version"].explanation)
        #expect(explanation.suggestion == #"properties."java.version""#)
        #expect(pom[explanation.suggestion!].string == "17")
        let json = try Document(string: #"{"p":{"a.b.c":[1]}}"#)
        #expect(json["p.a.b.c[0]"].explanation?.suggestion == #"p."a.b.c"[0]"#)
    }

    @Test("an attribute and a child element of the same name are one array, in JSON and JMESPath")
    func sameName() throws {
        let document = try Document(string: #"<a name="x"><name>y</name><b/><name>z</name></a>"#)
        #expect(document.root.jsonString(pretty: false) == #"{"name":["x","y","z"],"b":""}"#)
        #expect(document["name"].strings == ["x", "y", "z"])
        #expect(try JMESPath("name").evaluate(on: document).strings == ["x", "y", "z"])
        #expect(try JMESPath("name[0]").evaluate(on: document).string == "x")
        #expect(try JMESPath("keys(@)").evaluate(on: document).strings == ["name", "b"])
        #expect(try JMESPath("length(name)").evaluate(on: document).int == 3)
        let one = try Document(string: #"<a name="x"><name>y</name></a>"#)
        #expect(try JMESPath("name").evaluate(on: one).strings == ["x", "y"])
        let attributeOnly = try Document(string: #"<a name="x"><other>y</other></a>"#)
        #expect(try JMESPath("name").evaluate(on: attributeOnly).string == "x")
    }
}
