import DocQuery
import Foundation
import Testing

/// Printing and dumping results, and Document's own accessors (issue 20).
@Suite("Printing results; Document's accessors")
struct PrintingTests {
    let doc = try! Document(string: #"{"lists":[{"t":"Inbox","n":1},{"t":"Work","n":2}]}"#)

    @Test("print of a JMESPath result shows its values")
    func jmespathValues() throws {
        let result = try JMESPath("lists[*].{t: t, n: n}").evaluate(on: doc)
        #expect(result.description == #"[0]: {"t":"Inbox","n":1}"# + "\n" + #"[1]: {"t":"Work","n":2}"#)
        // A key path's containers stay previews: they are parts of a document of any size.
        #expect(doc.lists[0].description == "lists[0]: object {t, n}")
    }

    @Test("dump shows strings once")
    func dumpOnce() throws {
        var text = ""
        dump(try JMESPath("lists[*].t").evaluate(on: doc), to: &text)
        #expect(text.contains(#"- lists[0].t: "Inbox""#), "\(text)")
        #expect(!text.contains(#"\""#), "\(text)")
        var match = ""
        dump(doc.lists[0].t.first!, to: &match)
        #expect(match.contains(#"- value: "Inbox""#), "\(match)")
        #expect(!match.contains(#"\""#), "\(match)")
    }

    @Test("Document answers the accessors of its root, as doc[\".\"] does")
    func documentAccessors() throws {
        let array = try Document(string: "[3,1,2]")
        #expect(array.count == 3)
        #expect(array.count == array["."].count)
        #expect(array.int == 3)
        #expect(array.strings == ["3", "1", "2"])
        #expect(array.nodes.count == 3)
        #expect(array.first?.int == 3)
        #expect(try Document(string: "[]").isEmpty)
        let scalar = try Document(string: #""20180613""#)
        #expect(scalar.count == 1)
        #expect(scalar.string == "20180613")
        #expect(scalar.date() != nil)
        #expect(try Document(string: "true").bool == true)
        #expect(try Document(string: "12.50").decimal == Decimal(string: "12.5"))
        // The key stays reachable by subscript.
        #expect(try Document(string: #"{"count":7}"#)["count"].int == 7)
    }

    @Test("date() reads ISO 8601's basic format strictly", arguments: [
        ("20180613", "2018-06-13T00:00:00Z"),
        ("20180613T090000Z", "2018-06-13T09:00:00Z"),
        ("20180613T0900Z", "2018-06-13T09:00:00Z"),
        ("20180613T090000+0900", "2018-06-13T00:00:00Z"),
        ("20180613T090000.5-01", "2018-06-13T10:00:00Z"),
        ("2018-06-13T09:00:00Z", "2018-06-13T09:00:00Z"),
    ])
    func basicFormat(_ example: (String, String)) throws {
        let node = try Document(string: "\"\(example.0)\"").root
        let expected = try Date(example.1, strategy: .iso8601)
        #expect(node.date().map { $0.timeIntervalSince1970.rounded(.down) } == expected.timeIntervalSince1970)
    }

    @Test("mixed or malformed basic forms are not dates", arguments: [
        "2018-0613", "201806-13", "20180613T09:00", "20180613 090000", "20180613T090000+09:00", "20180631",
        "20181301", "2018061", "20180613T2500", "20180613T0900001", "20180613T",
    ])
    func notBasic(_ text: String) throws {
        #expect(try Document(string: "\"\(text)\"").root.date() == nil)
    }
}
