@testable import DocQuery
import Foundation
import Testing

/// Every reader finds members by key through DocTree's one member lookup,
/// which scans a narrow node and answers a wide one (thousands of
/// children) from the document's index from its second lookup on. These
/// tests ask each reader three times on a wide element (the scan, the
/// lookup that builds the index, the index) and on the same content in a
/// narrow element, and expect one answer.
@Suite struct MemberLookupTests {
    /// An `<r>` element with `filler` unrelated children, plus: attributes
    /// `a` and `p:a`, two `item` elements, one `p:item`, a `p:only`, and
    /// `solo_value`.
    static func document(filler: Int) throws -> Document {
        let fill = (0..<filler).map { "<fill\($0 % 7)>\($0)</fill\($0 % 7)>" }.joined()
        return try Document(string: """
            <top xmlns:p="urn:p"><r a="1" p:a="2">\(fill)<item id="i0">x</item><p:item id="p0"/>\
            <item id="i1">y</item><p:only>z</p:only><solo_value>7</solo_value><flag>on</flag></r></top>
            """)
    }

    static let wide = 3000
    static func bothSizes() throws -> [Document] { [try document(filler: 0), try document(filler: wide)] }

    /// `body`'s answer three times on each document, which must all agree.
    static func answer<T: Equatable>(_ body: (Document) throws -> T) throws -> T {
        var answers: [T] = []
        for document in try bothSizes() {
            for _ in 0..<3 { answers.append(try body(document)) }
        }
        #expect(answers.allSatisfy { $0 == answers[0] }, "\(answers)")
        return answers[0]
    }

    @Test func keyPathsAndFilters() throws {
        #expect(try Self.answer { try $0.query("r.item.id").strings } == ["i0", "p0", "i1"])
        #expect(try Self.answer { try $0.query("r.a").strings } == ["1", "2"])
        #expect(try Self.answer { try $0.query("r[?flag == 'on'].solo_value").int } == 7)
        #expect(try Self.answer { try $0.query("r[?flag == 'off']").count } == 0)
        #expect(try Self.answer { try $0.query("r[?only == 'z'].flag").string } == "on")
    }

    @Test func theJSONViewPrefersNamesAsWritten() throws {
        // `item` as written is two elements; `only` is found by its local part.
        #expect(try Self.answer { try JMESPath("r.item[*].id").jsonString(on: $0) } == #"["i0","i1"]"#)
        #expect(try Self.answer { try JMESPath("r.\"p:item\".id").jsonString(on: $0) } == #""p0""#)
        #expect(try Self.answer { try JMESPath("r.only").jsonString(on: $0) } == #""z""#)
        #expect(try Self.answer { try JMESPath("r.a").jsonString(on: $0) } == #""1""#)
        #expect(try Self.answer { try JMESPath("r.item[*]._string").jsonString(on: $0) } == #"["x","y"]"#)
        #expect(try Self.answer { try JMESPath("r.nothing").jsonString(on: $0) } == "null")
        // Listing an element's members: a repeated name is one array.
        #expect(try Self.answer { try JMESPath("keys(r)[?!starts_with(@, 'fill')]").jsonString(on: $0) }
                == #"["a","p:a","item","p:item","p:only","solo_value","flag"]"#)
        #expect(try Self.answer { try JMESPath("values(r)[?type(@) == 'array'] | [-1][*].id").jsonString(on: $0) }
                == #"["i0","i1"]"#)
    }

    @Test func nodesAndCanonicalPaths() throws {
        #expect(try Self.answer { $0.root.children(named: "r").first?.attribute(named: "a")?.string } == "1")
        #expect(try Self.answer { $0.root.children(named: "r").first?.attribute(named: "p:a")?.string } == "2")
        #expect(try Self.answer { $0.root.children(named: "r").first?.children(named: "item").count } == 3)
        #expect(try Self.answer { try $0.query("r.item").map(\.path) } == ["r.item[0]", "r.p:item", "r.item[2]"])
        #expect(try Self.answer { try $0.query("r.flag").map(\.path) } == ["r.flag"])
    }

    struct Converted: Decodable, Equatable {
        struct Item: Decodable, Equatable { let id: String }
        let soloValue: Int
        let item: [Item]
    }

    @Test func decodingConvertedKeys() throws {
        var decoder = NodeDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let decoded = try Self.answer { try $0.decode(Converted.self, at: "r", using: decoder) }
        #expect(decoded == Converted(soloValue: 7, item: [.init(id: "i0"), .init(id: "p0"), .init(id: "i1")]))
        let missing = #expect(throws: DecodingError.self) {
            struct Typo: Decodable { let soloValeu: Int }
            _ = try Self.document(filler: Self.wide).decode(Typo.self, at: "r", using: decoder)
        }
        #expect("\(String(describing: missing))".contains("soloValue"))
    }
}
