import DocQuery
import DocTree
import Foundation
import Testing

/// What ``DocumentEncoder`` writes, ``NodeDecoder`` reads back into an equal
/// value: in JSON and in XML, compact and indented, with attributes and
/// converted keys, for nested, optional, repeated and special values.
@Suite struct EncodingRoundTripTests {
    struct Address: Codable, Equatable { var city: String; var zip: String? }
    struct Price: Codable, Equatable {
        var currency: String
        var amount: Decimal
        enum CodingKeys: String, CodingKey { case currency, amount = "_string" }
    }
    enum Status: String, Codable { case open, closed }
    struct Order: Codable, Equatable {
        var id: Int64
        var customerName: String
        var placed: Date
        var price: Price
        var ratio: Double
        var small: Float
        var count: UInt8
        var paid: Bool
        var status: Status
        var address: Address?
        var notes: String?
        var lines: [Line]
        var codes: [Int]
        var flags: [Bool?]
        var site: URL
        var blob: Data
        var extra: [String: Int]
    }
    struct Line: Codable, Equatable { var sku: String; var quantity: Int; var tags: [String] }

    static let many = Order(
        id: -9_007_199_254_740_993, customerName: "Ada & <Bob> \"Q\"", placed: Date(timeIntervalSince1970: 1_528_882_200.5),
        price: Price(currency: "KRW", amount: Decimal(string: "12345678901234567890.125")!), ratio: 0.1, small: 1.5e-3,
        count: 255, paid: true, status: .closed, address: Address(city: "Seoul", zip: nil), notes: "  two\nlines\t ",
        lines: [Line(sku: "a", quantity: 1, tags: ["x"]), Line(sku: "b", quantity: 2, tags: ["y", "z"])],
        codes: [3, 1, 2], flags: [true, nil, false], site: URL(string: "https://example.com/a?b=c&d=e")!,
        blob: Data([0, 1, 2, 250, 255]), extra: ["b": 2, "a": 1])
    static let one = Order(
        id: 1, customerName: "한국어", placed: Date(timeIntervalSince1970: 0), price: Price(currency: "EUR", amount: 1),
        ratio: 1e300, small: 0, count: 0, paid: false, status: .open, address: nil, notes: nil,
        lines: [Line(sku: "only", quantity: 1, tags: [])], codes: [42], flags: [nil], site: URL(string: "file:///tmp")!,
        blob: Data(), extra: [:])

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var format: DocumentFormat
        var encoder: DocumentEncoder
        var decoder: NodeDecoder
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        for format in DocumentFormat.allCases {
            cases.append(Case(name: "\(format) compact", format: format, encoder: DocumentEncoder(), decoder: NodeDecoder()))
            cases.append(Case(
                name: "\(format) indented", format: format, encoder: DocumentEncoder(formatting: .indented(by: "\t")),
                decoder: NodeDecoder()))
            cases.append(Case(
                name: "\(format) snake case, milliseconds",
                format: format,
                encoder: DocumentEncoder(dateEncodingStrategy: .millisecondsSince1970, keyEncodingStrategy: .convertToSnakeCase),
                decoder: NodeDecoder(dateDecodingStrategy: .millisecondsSince1970, keyDecodingStrategy: .convertFromSnakeCase)))
        }
        cases.append(Case(
            name: "xml attributes",
            format: .xml,
            encoder: DocumentEncoder(attributeStrategy: .keys(["id", "currency", "sku", "quantity", "zip", "count"]), formatting: .indented()),
            decoder: NodeDecoder()))
        return cases
    }()

    static func roundTrip<T: Codable & Equatable>(_ value: T, _ test: Case) throws {
        let bytes = try test.encoder.encode(value, as: test.format)
        let doc = try Document(data: Data(bytes))
        #expect(doc.format == test.format)
        let decoded = try doc.decode(T.self, using: test.decoder)
        #expect(decoded == value, "\(String(decoding: bytes, as: UTF8.self))")
    }

    @Test(arguments: cases) func orderWithManyOfEverything(_ test: Case) throws {
        try Self.roundTrip(Self.many, test)
    }

    @Test(arguments: cases) func orderWithOneOfEverything(_ test: Case) throws {
        try Self.roundTrip(Self.one, test)
    }

    @Test(arguments: cases) func otherShapes(_ test: Case) throws {
        struct Wrapper<T: Codable & Equatable>: Codable, Equatable { var value: T }
        try Self.roundTrip(Wrapper(value: [Address(city: "a", zip: "1"), Address(city: "b", zip: nil)]), test)
        try Self.roundTrip(Wrapper(value: ["k": [1, 2], "l": [3]]), test)
        try Self.roundTrip(Wrapper(value: Optional<Int>.none), test)
        try Self.roundTrip(Wrapper(value: [Int]()), test)
        try Self.roundTrip(Address(city: "only", zip: "z"), test)
        try Self.roundTrip(Wrapper(value: Decimal(string: "-0.000000000000000000000000000000000001")!), test)
        try Self.roundTrip(Wrapper(value: Wrapper(value: Wrapper(value: "deep"))), test)
    }

    /// Formatted dates in zones with offsets, half-hour offsets and daylight
    /// saving time read back as the same instants.
    @Test(arguments: ["Asia/Seoul", "America/New_York", "Asia/Kolkata", "UTC"])
    func formattedDatesRoundTrip(_ zone: String) throws {
        struct Stamp: Codable, Equatable { var at: [Date] }
        let timeZone = TimeZone(identifier: zone)!
        // 1_699_164_000.5 is 01:00:00.5 in New York just after the clocks
        // turned back: without a zone field that local time is ambiguous, and
        // reads as its first occurrence, an hour earlier.
        let instants: [Double] = [0, 1_528_882_200.125, 1_710_054_000, 1_699_164_000.5, -1_000_000_000, 253_402_000_000]
        for format in ["yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "yyyyMMddHHmmss.SSS"] {
            let stamp = Stamp(at: instants.filter { format.hasSuffix("X") || $0 != 1_699_164_000.5 }.map { Date(timeIntervalSince1970: $0) })
            for documentFormat in DocumentFormat.allCases {
                let encoder = DocumentEncoder(dateEncodingStrategy: .formatted(format, timeZone: timeZone))
                let bytes = try encoder.encode(stamp, as: documentFormat)
                let decoder = NodeDecoder(dateDecodingStrategy: .formatted(format, timeZone: timeZone))
                let back = try Document(data: Data(bytes)).decode(Stamp.self, using: decoder)
                #expect(back == stamp, "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }

    /// Child elements of several names through `_contents`, each named by
    /// its `_elementName`, and the root named by its own. (The decoder's
    /// `_contents` is every child element, so a type that also has named
    /// keys would read those back in it too.)
    @Test(arguments: DocumentFormat.allCases)
    func contentsAndElementNamesRoundTrip(_ format: DocumentFormat) throws {
        struct Shape: Codable, Equatable { var _elementName: String; var size: Int; var label: String? }
        struct Drawing: Codable, Equatable { var _elementName: String; var _contents: [Shape] }
        let drawing = Drawing(_elementName: "drawing", _contents: [
            Shape(_elementName: "circle", size: 1, label: nil), Shape(_elementName: "square", size: 2, label: "s"),
            Shape(_elementName: "circle", size: 3, label: nil),
        ])
        let bytes = try DocumentEncoder(writesXMLDeclaration: false).encode(drawing, as: format)
        if format == .xml {
            #expect(String(decoding: bytes, as: UTF8.self) == "<drawing><circle><size>1</size></circle>"
                + "<square><size>2</size><label>s</label></square><circle><size>3</size></circle></drawing>")
        }
        #expect(try Document(data: Data(bytes)).decode(Drawing.self) == drawing)
    }

    /// A literal built into a document reads back as the same value.
    @Test func literalsRoundTrip() throws {
        let value: EditValue = ["a": 1, "b": ["x", "y"], "c": ["d": true, "e": nil], "f": "text"]
        for format in DocumentFormat.allCases {
            let doc = try Document(value, as: format)
            #expect(doc["a"].int == 1)
            #expect(doc["b"].strings == ["x", "y"])
            #expect(doc["c.d"].bool == true)
            #expect(doc["f"].string == "text")
        }
        #expect(try EditValue(Document(value, as: .json).root) == value)
    }
}
