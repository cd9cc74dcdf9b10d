import DocQuery
import Foundation
import Testing

/// Coding paths: how they render, and that each failure names the right one.
@Suite struct DecodingPathTests {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(_ string: String) { stringValue = string; intValue = nil }
        init?(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { stringValue = "Index \(intValue)"; self.intValue = intValue }
    }

    struct RenderCase: Sendable, CustomTestStringConvertible {
        let keys: [String]
        let rendered: String
        var testDescription: String { rendered }
    }

    static let renderCases: [RenderCase] = [
        RenderCase(keys: [], rendered: ""),
        RenderCase(keys: ["body", "items", "item", "#3", "sgName"], rendered: "body.items.item[3].sgName"),
        RenderCase(keys: ["#0", "#1"], rendered: "[0][1]"),
        RenderCase(keys: ["상영관명"], rendered: "상영관명"),
        RenderCase(keys: ["_id", "a-b"], rendered: "_id.a-b"),
        RenderCase(keys: ["a.b", "key with spaces"], rendered: #""a.b"."key with spaces""#),
        RenderCase(keys: ["", "say \"hi\"", #"back\slash"#], rendered: "\"\".\"say \\\"hi\\\"\".\"back\\\\slash\""),
        RenderCase(keys: ["@count", "1st"], rendered: #""@count".1st"#),
    ]

    @Test(arguments: renderCases)
    func pathRendering(_ c: RenderCase) {
        let keys: [any CodingKey] = c.keys.map { $0.hasPrefix("#") ? Key(intValue: Int($0.dropFirst())!)! : Key($0) }
        #expect(NodeDecoder.path(of: keys) == c.rendered)
    }

    @Test func nodeDecodingIsRelativeToTheNode() throws {
        struct Item: Decodable { let price: Int }
        let doc = try DecodingFixture.load("<r><items><item><price>1</price></item><item><price>x</price></item></items></r>")
        let items = try #require(doc.root.children(named: "items").first)
        struct Items: Decodable { let item: [Item] }
        expectDecodingFailure(.typeMismatch, at: "item[1].price") { try items.decode(Items.self) }
        expectDecodingFailure(.typeMismatch, at: "items.item[1].price") { try doc.decode(Items.self, at: "items") }
        expectDecodingFailure(.typeMismatch, at: "items.item[1].price") { try doc.decode([Item].self, at: "items.item") }
    }

    @Test func missingKeyInsideAnArrayElement() throws {
        struct Item: Decodable { let sgName: String }
        let doc = try DecodingFixture.load(#"{"items": [{"sgName": "a"}, {"sgName": "b"}, {"sgName": "c"}, {"sg_name": "d"}]}"#)
        let failure = expectDecodingFailure(.keyNotFound, at: "items[3].sgName", containing: ["items[3].sgName: required", "did you mean \"sg_name\"?"]) {
            try doc.decode([Item].self, at: "items")
        }
        // The key itself is the DecodingError's key; the context's path leads to its container.
        do {
            _ = try doc.decode([Item].self, at: "items")
        } catch let DecodingError.keyNotFound(key, context) {
            #expect(key.stringValue == "sgName")
            #expect(NodeDecoder.path(of: context.codingPath) == "items[3]")
        }
        #expect(failure != nil)
    }

    @Test func malformedPathIsAQueryError() throws {
        let doc = try DecodingFixture.load(#"{"a": 1}"#)
        #expect(throws: QueryError.self) { try doc.decode(Int.self, at: "a.[") }
        #expect(try doc.decode([String: Int].self, at: "") == ["a": 1])
    }

    @Test func concurrentDecodingOfOneDocument() async throws {
        let elections = [ElectionFixture.first, ElectionFixture.second, ElectionFixture.third]
        let doc = try DecodingFixture.load(ElectionFixture.xml(elections))
        let decoder = ElectionFixture.decoder
        let results = try await withThrowingTaskGroup(of: [Election].self) { group in
            for _ in 0..<16 {
                group.addTask { try doc.decode([Election].self, at: "body.items.item", using: decoder) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0 == elections })
    }
}
