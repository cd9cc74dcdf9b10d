@testable import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

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

    static let root = """
        {
          "version": "1.4",
          "count": 3,
          "items": [{"id": 1, "price": 19.99}, {"id": 2, "price": 5}],
          "tags": ["a", "b"]
        }
        """

    /// The lean engine takes a computed set of each match on its own (a
    /// root's member too, which no shared prefix reaches), with the held
    /// whole editor's bytes at every chunk size.
    @Test(arguments: [
        ("count", "@ + `1`"), ("version", "join('', [@, '.1'])"), ("tags", "reverse(@)"), ("tags", "merge({first: @[0]}, {n: length(@)})"),
        ("*", "type(@)"), ("items.price", "@ * `1.1`"), ("items[1].id", "to_string(@)"), ("tags", "@"),
    ])
    func eachMatchIsComputedFromItselfWhileStreamed(path: String, expression: String) throws {
        let edit = Edit.set(path, computedBy: expression)
        let expected = try Self.edited(Self.root, edit)
        #expect(try StreamedEdit([edit]).streamsJSONLeanly)
        for chunk in [1, 7, nil] {
            let streamed = try StreamedEditTests.streamed([edit], Array(Self.root.utf8), chunk: chunk)
            #expect(String(decoding: streamed.bytes, as: UTF8.self) == expected, "chunks of \(chunk ?? 0)")
        }
    }

    /// A value that may be a non-empty container is laid out by its
    /// siblings below the root's members: the transaction holds them.
    @Test func aContainerBelowTheRootsMembersIsComputedInTheTransaction() throws {
        let edit = Edit.set("items.id", computedBy: "[@]")
        #expect(try !StreamedEdit([edit]).streamsJSONLeanly)
        let streamed = try StreamedEditTests.streamed([edit], Array(Self.root.utf8), chunk: 5)
        #expect(String(decoding: streamed.bytes, as: UTF8.self) == (try Self.edited(Self.root, edit)))
    }

    @Test func aStreamedNullOrOversizedMatchNamesItAndFails() throws {
        do {
            _ = try StreamedEditTests.streamed([.set("items.id", computedBy: "@ == `2` ? `null` : to_string(@)")], Array(Self.root.utf8))
            Issue.record("a null was streamed")
        } catch let error as QueryError {
            #expect(error.kind == .invalidEdit)
            #expect(error.message.contains("yields nothing (null) for match 2 of 'items.id'"), "\(error.message)")
        }
        // The transaction names a match by its number among all of the path's, too.
        let held = Edit.set("items.id", computedBy: "@ == `2` ? `null` : [@]")
        #expect(try !StreamedEdit([held]).streamsJSONLeanly)
        do {
            _ = try StreamedEditTests.streamed([held], Array(Self.root.utf8), chunk: 9)
            Issue.record("a null was streamed")
        } catch let error as QueryError {
            #expect(error.message.contains("yields nothing (null) for match 2 of 'items.id'"), "\(error.message)")
        }
        do {
            _ = try StreamedEdit([.set("items", computedBy: "length(@)")], maxHeld: 16)
                .run(ChunkedInput(bytes: Array(Self.root.utf8), sliceSize: 4)) { _ in }
            Issue.record("a match past maxHeld was held")
        } catch let error as QueryError {
            #expect(error.kind == .notStreamable)
            #expect(error.message.contains("the cap of 16 bytes held"), "\(error.message)")
        }
        // A closure is given the match as the stream holds it.
        let doubled = Edit.set("count", computedBy: { match in EditValue((match.int ?? 0) * 2) })
        let streamed = try StreamedEditTests.streamed([doubled], Array(Self.root.utf8), chunk: 3)
        #expect(String(decoding: streamed.bytes, as: UTF8.self) == (try Self.edited(Self.root, doubled)))
    }

    /// Computed sets on many paths of real documents stream to the held
    /// whole editor's bytes, or fail where it fails.
    @Test func streamedLikeHeldWholeOnManyPaths() throws {
        let expressions = ["@", "to_string(@)", "@ * `3`", "reverse(@)", "type(@)"]
        var compared = 0
        for name in ["defaults.json", "settings.json", "tasks.json", "todos.json"] {
            let input = [UInt8](try Data(contentsOf: SharedData.packageRoot.appendingPathComponent("Examples/documents/\(name)")))
            let editor = try DocumentEditor(bytes: input)
            let document = editor.document
            for index in 1..<min(Int(document.nodeCount), 200) {
                guard let path = PathQuery.canonicalPath(of: document.node(at: UInt32(index))) else { continue }
                let edit = Edit.set(path, computedBy: expressions[index % expressions.count])
                guard (try? StreamedEdit([edit])) != nil else { continue }
                let expected = Result { try editor.applying([edit]).bytes }
                let actual = Result { try StreamedEditTests.streamed([edit], input, chunk: 64).bytes }
                switch (expected, actual) {
                case (.success(let want), .success(let got)):
                    #expect(got == want, "\(name): \(path)")
                    compared += 1
                case (.failure, .failure): break
                case (.success, .failure(let error)): Issue.record("\(name): \(path): streamed failed: \(error)")
                case (.failure(let error), .success): Issue.record("\(name): \(path): streamed where the editor failed: \(error)")
                }
            }
        }
        #expect(compared >= 30, "compared \(compared)")
    }

    static let shop = """
        <shop>
          <item code="a" price='10'>
            <name lang="en">Tom &amp; Jerry</name>
            <qty/>
          </item>
          <item code="b" price="2.5"><name>Ink</name><qty unit="kg"/></item>
        </shop>
        """

    /// On XML, each attribute or text-only element is computed from what
    /// the stream holds of it (its start tag and text), as held whole.
    @Test(arguments: [
        ("item.price", "to_number(@) * `1.1`"), ("item.code", "join(' & ', [@, 'x'])"), ("item.name", "to_string(@)"),
        ("item.qty", "to_string(@)"), ("item.name", "upper(@.lang || 'none')"), ("item.price", "length(@)"),
        ("item[1].name", "join('', [@, '\"'])"),
    ])
    func xmlMatchesAreComputedFromWhatTheStreamHolds(path: String, expression: String) throws {
        let edit = Edit.set(path, computedBy: expression)
        let expected = try Self.edited(Self.shop, edit)
        for chunk in [1, 5, nil] {
            let streamed = try StreamedEditTests.streamed([edit], Array(Self.shop.utf8), chunk: chunk)
            #expect(String(decoding: streamed.bytes, as: UTF8.self) == expected, "chunks of \(chunk ?? 0)")
        }
    }

    /// Prefixes declared on ancestors are declared around the match read alone.
    @Test(arguments: [
        ("Body.GetQuoteResponse.Quote.Price", "to_string(@)"), ("Body.GetQuoteResponse.Quote.Price.currency", "lower(@)"),
        ("Body.GetQuoteResponse.Quote.Symbol", "join('', [@, ':', type(@)])"), ("encodingStyle", "length(@)"),
    ])
    func xmlMatchesWithPrefixesAreComputedAsHeldWhole(path: String, expression: String) throws {
        let input = try String(contentsOf: SharedData.packageRoot.appendingPathComponent("Examples/documents/quote.xml"), encoding: .utf8)
        let edit = Edit.set(path, computedBy: expression)
        let streamed = try StreamedEditTests.streamed([edit], Array(input.utf8), chunk: 16)
        #expect(String(decoding: streamed.bytes, as: UTF8.self) == (try Self.edited(input, edit)))
    }

    @Test func xmlRefusesWhatTheStreamDoesNotHold() throws {
        func refusal(_ edit: Edit) -> QueryError? {
            do {
                _ = try StreamedEditTests.streamed([edit], Array(Self.shop.utf8), chunk: 4)
                return nil
            } catch { return error as? QueryError }
        }
        // The rest of the document.
        let root = refusal(.set("item.code", computedBy: "$.item[0].name"))
        #expect(root?.kind == .notStreamable)
        #expect(root?.message.contains("reads $, the whole document") == true, "\(String(describing: root))")
        // Elements that replace the match, laid out by what is around it.
        let structured = refusal(.set("item.name", computedBy: "{was: @}"))
        #expect(structured?.kind == .notStreamable)
        #expect(structured?.message.contains("the value computed for match 1 of 'item.name' is an array or a keyed value") == true)
        // Nothing, and an object for an attribute, name the match, as held whole.
        let nothing = refusal(.set("item.code", computedBy: "@ == 'b' ? `null` : @"))
        #expect(nothing?.kind == .invalidEdit)
        #expect(nothing?.message.contains("yields nothing (null) for match 2 of 'item.code'") == true, "\(String(describing: nothing))")
        #expect(refusal(.set("item.code", computedBy: "{was: @}"))?.kind == .invalidEdit)
    }
}
