import DocQuery
import Foundation
import Testing

/// The motivating case: a public-data API that sends one `<item>` or many,
/// in XML or in JSON, must decode into the same Swift shape.
@Suite struct PublicDataDecodingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let text: String
        let elections: [Election]
        var testDescription: String { id }
    }

    static let f = ElectionFixture.self
    static let cases: [Case] = [
        Case(id: "XML, one item", text: f.xml([f.first]), elections: [f.first]),
        Case(id: "XML, three items", text: f.xml([f.first, f.second, f.third]), elections: [f.first, f.second, f.third]),
        Case(id: "JSON, one item in an array", text: f.json([f.first]), elections: [f.first]),
        Case(id: "JSON, one item as an object", text: f.json([f.second], singleAsObject: true), elections: [f.second]),
        Case(id: "JSON, three items", text: f.json([f.first, f.second, f.third]), elections: [f.first, f.second, f.third]),
    ]

    @Test(arguments: cases)
    func wholeResponseDecodes(_ c: Case) throws {
        let doc = try DecodingFixture.load(c.text)
        let response = try doc.root.decode(ElectionResponse.self, using: ElectionFixture.decoder)
        #expect(response.header == .init(resultCode: "00", resultMsg: "NORMAL SERVICE."))
        #expect(response.body.items.item == c.elections)
        #expect(response.body.totalCount == c.elections.count)
        #expect(response.body.pageNo == 1)
    }

    @Test(arguments: cases)
    func arrayAtPathDecodesEveryMatch(_ c: Case) throws {
        let doc = try DecodingFixture.load(c.text)
        let elections = try doc.decode([Election].self, at: "body.items.item", using: ElectionFixture.decoder)
        #expect(elections == c.elections)
        let names = try doc.decode([String].self, at: "body.items.item.sgName")
        #expect(names == c.elections.map(\.sgName))
        #expect(try doc.decode(Int.self, at: "body.totalCount") == c.elections.count)
        #expect(try doc.decode(String.self, at: "header.resultCode") == "00")
    }

    @Test(arguments: cases)
    func singleMatchAtPathDecodesAsOneValue(_ c: Case) throws {
        let doc = try DecodingFixture.load(c.text)
        if c.elections.count == 1 {
            let election = try doc.decode(Election.self, at: "body.items.item", using: ElectionFixture.decoder)
            #expect(election == c.elections[0])
        } else if doc.format == .xml {
            expectDecodingFailure(.typeMismatch, at: "body.items.item", containing: ["\(c.elections.count) values named \"item\"", "array"]) {
                try doc.decode(Election.self, at: "body.items.item", using: ElectionFixture.decoder)
            }
        }
    }

    @Test func pathThatMatchesNothing() throws {
        let doc = try DecodingFixture.load(ElectionFixture.xml([]))
        #expect(try doc.decode([Election].self, at: "body.items.item", using: ElectionFixture.decoder) == [])
        #expect(try doc.decode(Election?.self, at: "body.items.item", using: ElectionFixture.decoder) == nil)
        expectDecodingFailure(.valueNotFound, at: "body.items.item", containing: ["nothing matched"]) {
            try doc.decode(Election.self, at: "body.items.item", using: ElectionFixture.decoder)
        }
        // As a property, an absent repeated element is an empty array (issue 8):
        // `<items/>` is how XML APIs send an empty list.
        let response = try doc.root.decode(ElectionResponse.self, using: ElectionFixture.decoder)
        #expect(response.body.items.item == [])
    }

    @Test func errorInTheFourthItemNamesItsPath() throws {
        let bad = Election(sgName: "X", sgDate: Date(), price: 1, note: nil)
        var xml = ElectionFixture.xml([ElectionFixture.first, ElectionFixture.second, ElectionFixture.third, bad])
        xml = xml.replacingOccurrences(of: "<price> 1 </price>", with: "<price>ten</price>")
        let doc = try DecodingFixture.load(xml)
        expectDecodingFailure(.typeMismatch, at: "body.items.item[3].price", containing: ["body.items.item[3].price:", "\"ten\"", "not a number"]) {
            try doc.root.decode(ElectionResponse.self, using: ElectionFixture.decoder)
        }
        expectDecodingFailure(.typeMismatch, at: "body.items.item[3].price") {
            try doc.decode([Election].self, at: "body.items.item", using: ElectionFixture.decoder)
        }
        // Only the price is wrong: the names still decode.
        #expect(try doc.decode([String].self, at: "body.items.item.sgName").count == 4)
    }

    @Test func jsonWrappedInAResponseObject() throws {
        // data.go.kr's JSON puts everything under "response".
        let doc = try DecodingFixture.load(#"{"response":\#(ElectionFixture.json([ElectionFixture.first]))}"#)
        let response = try doc.decode(ElectionResponse.self, at: "response", using: ElectionFixture.decoder)
        #expect(response.body.items.item == [ElectionFixture.first])
    }
}
