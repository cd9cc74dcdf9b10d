@testable import DocQuery
import DocTree
import Foundation
import Testing

/// Edits whose value is computed per match, from a JMESPath expression or
/// a closure (issue 30): written as a literal set writes its value, every
/// match computed from the document as it was, failures naming the match.
@Suite struct ComputedEditTests {
    static let prices = """
        {
          "currency": "EUR",
          "rate": 1.1,
          "items": [
            {"id": 1, "price": 19.99, "name": "pen"},
            {"id": 2, "price": 5, "name": "ink \\"blue\\""}
          ]
        }
        """

    static func edited(_ text: String, _ edits: Edit...) throws -> String {
        var editor = try DocumentEditor(string: text)
        try editor.apply(edits)
        return String(decoding: editor.bytes, as: UTF8.self)
    }

    @Test func numbersAreComputedExactlyAndWrittenInPlace() throws {
        let result = try Self.edited(Self.prices, .set("items.price", computedBy: "@ * `1.1`"))
        #expect(result == Self.prices.replacingOccurrences(of: "19.99", with: "21.989").replacingOccurrences(of: "\"price\": 5,", with: "\"price\": 5.5,"))
        // The whole document and bound parameters are reachable.
        let byRate = try Self.edited(Self.prices, .set("items.price", computedBy: "@ * $.rate"))
        #expect(byRate.contains("21.989") && byRate.contains("5.5"))
        let bound = try Self.edited(Self.prices, .set("items[?id == $id].price", computedBy: "@ - $off", parameters: ["id": 2, "off": 0.25]))
        #expect(bound.contains("\"price\": 4.75"))
        // A number the expression does not change keeps its spelling.
        #expect(try Self.edited(#"{"a": 1.50, "b": 1}"#, .set("b", computedBy: "$.a")) == #"{"a": 1.50, "b": 1.50}"#)
    }

    @Test func exactArithmeticHasTheLimitsOfSum() throws {
        #expect(try Self.edited(#"{"a": 0.1}"#, .set("a", computedBy: "@ + `0.2`")) == #"{"a": 0.3}"#)
        #expect(try Self.edited(#"{"a": 10}"#, .set("a", computedBy: "@ / `4`")) == #"{"a": 2.5}"#)
        #expect(try Self.edited(#"{"a": -17}"#, .set("a", computedBy: "@ // `5`")) == #"{"a": -4}"#)
        #expect(try Self.edited(#"{"a": -17}"#, .set("a", computedBy: "@ % `5`")) == #"{"a": 3}"#)
        #expect(try Self.edited(#"{"a": 2}"#, .set("a", computedBy: "-@")) == #"{"a": -2}"#)
        do {
            _ = try Self.edited(#"{"a": 12345678901234567890.123}"#, .set("a", computedBy: "@ * `1234567890123456789.5`"))
            Issue.record("a product of 45 digits was written")
        } catch let error as QueryError {
            #expect(error.kind == .notANumber)
            #expect(error.message.contains("38 significant digits"))
            #expect(error.message.hasSuffix("(computing the value for the match at a)"))
        }
    }

    @Test func stringsObjectsAndArraysAreWrittenAsTheDocumentWould() throws {
        let names = try Self.edited(Self.prices, .set("items.name", computedBy: "upper(@)"))
        #expect(names.contains(#""name": "PEN""#) && names.contains(#""name": "INK \"BLUE\"""#))
        let pretty = "{\n  \"server\": {\"host\": \"x\"},\n  \"n\": 1\n}"
        let merged = try Self.edited(pretty, .set("n", computedBy: "{old: @, list: [`1`, 'two']}"))
        // Laid out like its one-line sibling.
        #expect(merged == "{\n  \"server\": {\"host\": \"x\"},\n  \"n\": {\"old\": 1, \"list\": [1, \"two\"]}\n}")
    }

    @Test func everyMatchIsComputedFromTheDocumentBeforeTheTransaction() throws {
        let swapped = try Self.edited(#"{"a": 1, "b": 2}"#, .set("a", computedBy: "$.b"), .set("b", computedBy: "$.a"))
        #expect(swapped == #"{"a": 2, "b": 1}"#)
        let counted = try Self.edited(#"{"n": [1, 2, 3], "c": 0}"#, .set("c", computedBy: "length($.n)"), .insert(4, into: "n"))
        #expect(counted == #"{"n": [1, 2, 3, 4], "c": 3}"#)
    }

    @Test func aClosureIsGivenEachMatch() throws {
        let bumped = try Self.edited(#"{"version": "1.4.2", "other": "9.9.9"}"#, .set("version") { match in
            let parts = (match.string ?? "").split(separator: ".").map { Int($0) ?? 0 }
            return EditValue("\(parts[0]).\(parts[1]).\(parts[2] + 1)")
        })
        #expect(bumped == #"{"version": "1.4.3", "other": "9.9.9"}"#)
        struct Refused: Error {}
        var editor = try DocumentEditor(string: #"{"a": [1, 2]}"#)
        #expect(throws: Refused.self) { try editor.apply(.set("a[:]") { _ in throw Refused() }) }
        #expect(throws: QueryError.self) { try editor.apply(.set("missing") { _ in 1 }) }
        #expect(editor.bytes == Array(#"{"a": [1, 2]}"#.utf8))
    }

    @Test func nothingIsAnErrorThatNamesTheMatchAndWritesNothing() throws {
        var editor = try DocumentEditor(string: Self.prices)
        do {
            try editor.apply([.set("currency", to: "USD"), .set("items.price", computedBy: "@ > `10` && @ || null")])
            Issue.record("a null value was written")
        } catch let error as QueryError {
            #expect(error.kind == .invalidEdit)
            #expect(error.message.contains("for the match at items[1].price"))
        }
        #expect(String(decoding: editor.bytes, as: UTF8.self) == Self.prices)
        #expect(throws: QueryError.self) { try editor.apply(.set("items.price", computedBy: "@ *")) }
    }

    @Test func aMissingKeysOnlyPathIsComputedOnNull() throws {
        #expect(try Self.edited(#"{"a": 1}"#, .set("count", computedBy: "not_null(@, `0`) + `1`")) == #"{"a": 1, "count": 1}"#)
        #expect(try Self.edited(#"{"first": "Ada", "last": "L"}"#, .set("full", computedBy: "$ | join(' ', [first, last])"))
            == #"{"first": "Ada", "last": "L", "full": "Ada L"}"#)
    }

    @Test func xmlTextAndAttributesAreEscapedAndAnObjectCannotBeAnAttribute() throws {
        let xml = #"<items><item code="a"><name>Tom &amp; Jerry</name></item></items>"#
        let fromSibling = try Self.edited(xml, .set("item.code", computedBy: "$.item.name"))
        #expect(fromSibling == #"<items><item code="Tom &amp; Jerry"><name>Tom &amp; Jerry</name></item></items>"#)
        let text = try Self.edited(xml, .set("item.name", computedBy: "join(' < ', [@, $.item.code])"))
        #expect(text == #"<items><item code="a"><name>Tom &amp; Jerry &lt; a</name></item></items>"#)
        do {
            _ = try Self.edited(xml, .set("item.code", computedBy: "{was: @}"))
            Issue.record("an object was written as an attribute")
        } catch let error as QueryError {
            #expect(error.kind == .invalidEdit)
            #expect(error.message.contains("for the match at item.code"), "\(error.message)")
        }
    }

    @Test func computedSetsStreamLikeLiteralOnes() throws {
        let edits: [Edit] = [.set("items.price", computedBy: "@ * `1.1`"), .set("items.name", computedBy: "upper(@)")]
        let expected = try Self.edited(Self.prices, edits[0], edits[1])
        let streamed = try StreamedEditTests.streamed(edits, Array(Self.prices.utf8), chunk: 7)
        #expect(String(decoding: streamed.bytes, as: UTF8.self) == expected)
        do {
            _ = try StreamedEdit([.set("items.price", computedBy: "@ * $.rate")])
            Issue.record("an expression reading $ streamed")
        } catch {
            #expect(error.kind == .notStreamable)
            #expect(error.message.contains("reads $, the whole document"))
        }
    }
}
