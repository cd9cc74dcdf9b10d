import DocQuery
import Foundation
import Testing

/// Keyed and unkeyed containers over XML elements and JSON objects and arrays.
@Suite struct StructureDecodingTests {
    struct Person: Decodable, Equatable {
        let name: String
        let age: Int?
        let email: String?
        let tags: [String]?
    }

    struct OptionalCase: Sendable, CustomTestStringConvertible {
        let id: String
        let text: String
        let expected: Person
        var testDescription: String { id }
    }

    static let optionalCases: [OptionalCase] = [
        .init(id: "XML, all present", text: "<p><name>Ann</name><age>30</age><email>a@x</email><tags>x</tags><tags>y</tags></p>",
              expected: Person(name: "Ann", age: 30, email: "a@x", tags: ["x", "y"])),
        .init(id: "XML, attributes", text: #"<p name="Ann" age="30" tags="x"/>"#,
              expected: Person(name: "Ann", age: 30, email: nil, tags: ["x"])),
        .init(id: "XML, missing", text: "<p><name>Ann</name></p>",
              expected: Person(name: "Ann", age: nil, email: nil, tags: nil)),
        .init(id: "XML, empty elements are nil", text: "<p><name>Ann</name><age/><email>  </email><tags></tags></p>",
              expected: Person(name: "Ann", age: nil, email: nil, tags: nil)),
        .init(id: "XML, blank attribute is nil", text: #"<p name="Ann" age=""/>"#,
              expected: Person(name: "Ann", age: nil, email: nil, tags: nil)),
        .init(id: "XML, xsi:nil", text: #"<p xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><name>Ann</name><age xsi:nil="true"/></p>"#,
              expected: Person(name: "Ann", age: nil, email: nil, tags: nil)),
        .init(id: "JSON, all present", text: #"{"name":"Ann","age":30,"email":"a@x","tags":["x","y"]}"#,
              expected: Person(name: "Ann", age: 30, email: "a@x", tags: ["x", "y"])),
        .init(id: "JSON, nulls", text: #"{"name":"Ann","age":null,"email":null,"tags":null}"#,
              expected: Person(name: "Ann", age: nil, email: nil, tags: nil)),
        .init(id: "JSON, missing", text: #"{"name":"Ann"}"#,
              expected: Person(name: "Ann", age: nil, email: nil, tags: nil)),
        .init(id: "JSON, one tag not in an array", text: #"{"name":"Ann","tags":"x"}"#,
              expected: Person(name: "Ann", age: nil, email: nil, tags: ["x"])),
        .init(id: "JSON, duplicate key: last wins", text: #"{"name":"Bob","name":"Ann","age":1,"age":30}"#,
              expected: Person(name: "Ann", age: 30, email: nil, tags: nil)),
    ]

    @Test(arguments: optionalCases)
    func optionalAndMissingFields(_ c: OptionalCase) throws {
        let doc = try DecodingFixture.load(c.text)
        #expect(try doc.root.decode(Person.self) == c.expected)
    }

    @Test func requiredFieldsThatAreMissing() throws {
        let xml = try DecodingFixture.load("<r><p><nmae>Ann</nmae></p></r>")
        expectDecodingFailure(.keyNotFound, at: "p.name", containing: ["p.name:", "no attribute or child element named \"name\"", "did you mean \"nmae\"?"]) {
            try xml.decode(Person.self, at: "p")
        }
        let json = try DecodingFixture.load(#"{"p":{"Name":"Ann"}}"#)
        expectDecodingFailure(.keyNotFound, at: "p.name", containing: ["no member named \"name\"", "did you mean \"Name\"?"]) {
            try json.decode(Person.self, at: "p")
        }
        let null = try DecodingFixture.load(#"{"p":{"name":null}}"#)
        expectDecodingFailure(.valueNotFound, at: "p.name", containing: ["found null"]) {
            try null.decode(Person.self, at: "p")
        }
        // An empty element is a blank String, but xsi:nil is nil.
        let empty = try DecodingFixture.load("<p><name/></p>")
        #expect(try empty.root.decode(Person.self).name == "")
        let nilName = try DecodingFixture.load(#"<p xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><name xsi:nil="true"/></p>"#)
        expectDecodingFailure(.valueNotFound, at: "name", containing: ["marked xsi:nil"]) {
            try nilName.root.decode(Person.self)
        }
    }

    @Test func repeatedElementsIntoAScalarAreAnError() throws {
        let doc = try DecodingFixture.load("<p><name>Ann</name><name>Bea</name></p>")
        expectDecodingFailure(.typeMismatch, at: "name", containing: ["2 values named \"name\"", "decode into an array"]) {
            try doc.root.decode(Person.self)
        }
    }

    @Test func nestedArrays() throws {
        struct Grid: Decodable, Equatable { let rows: [[Int]] }
        let json = try DecodingFixture.load(#"{"rows": [[1, 2], [3], [], 4]}"#)
        #expect(try json.root.decode(Grid.self) == Grid(rows: [[1, 2], [3], [], [4]]))
        struct Row: Decodable, Equatable { let cell: [Int] }
        struct Table: Decodable, Equatable { let row: [Row] }
        let xml = try DecodingFixture.load("<t><row><cell>1</cell><cell>2</cell></row><row><cell>3</cell></row></t>")
        #expect(try xml.root.decode(Table.self) == Table(row: [Row(cell: [1, 2]), Row(cell: [3])]))
        expectDecodingFailure(.typeMismatch, at: "rows[1][0]", containing: ["rows[1][0]:", "\"x\""]) {
            try DecodingFixture.load(#"{"rows": [[1], ["x"]]}"#).root.decode(Grid.self)
        }
    }

    @Test func arraysOfOptionals() throws {
        let json = try DecodingFixture.load("[1, null, 3]")
        #expect(try json.root.decode([Int?].self) == [1, nil, 3])
        let xml = try DecodingFixture.load("<r><v>1</v><v/><v>3</v></r>")
        #expect(try xml.decode([Int?].self, at: "v") == [1, nil, 3])
        expectDecodingFailure(.valueNotFound, at: "v[1]") {
            try xml.decode([Int].self, at: "v")
        }
    }

    @Test func topLevelArrays() throws {
        let json = try DecodingFixture.load(#"[{"_id":1.0,"상영관명":"MMC 만경관 1관","위도":35.8709275},{"_id":2,"상영관명":"2관","위도":35.87}]"#)
        struct Hall: Decodable, Equatable {
            let id: Int
            let name: String
            let latitude: Decimal
            enum CodingKeys: String, CodingKey { case id = "_id", name = "상영관명", latitude = "위도" }
        }
        let halls = try json.root.decode([Hall].self)
        #expect(halls == [Hall(id: 1, name: "MMC 만경관 1관", latitude: Decimal(string: "35.8709275")!),
                          Hall(id: 2, name: "2관", latitude: Decimal(string: "35.87")!)])
        #expect(try json.decode([String].self, at: "상영관명") == ["MMC 만경관 1관", "2관"])
        // One XML element decoded as an array is an array of one.
        let xml = try DecodingFixture.load(#"<hall _id="1" 상영관명="1관" 위도="35.8"/>"#)
        #expect(try xml.root.decode([Hall].self).map(\.name) == ["1관"])
        // A document node stands for its root.
        #expect(try json.documentNode.decode([Hall].self).count == 2)
    }

    @Test func enumsWithRawValues() throws {
        enum Status: String, Decodable { case open = "OPEN", closed = "CLOSED" }
        enum Level: Int, Decodable { case low = 1, high = 2 }
        struct Ticket: Decodable, Equatable { let status: Status; let level: Level; let history: [Status] }
        let xml = try DecodingFixture.load("<t><status>OPEN</status><level> 2 </level><history>CLOSED</history></t>")
        #expect(try xml.root.decode(Ticket.self) == Ticket(status: .open, level: .high, history: [.closed]))
        let json = try DecodingFixture.load(#"{"status":"CLOSED","level":1,"history":["OPEN","CLOSED"]}"#)
        #expect(try json.root.decode(Ticket.self) == Ticket(status: .closed, level: .low, history: [.open, .closed]))
        let bad = try DecodingFixture.load(#"{"status":"PENDING","level":1,"history":[]}"#)
        expectDecodingFailure(.dataCorrupted, at: "status", containing: ["PENDING"]) {
            try bad.root.decode(Ticket.self)
        }
    }

    @Test func enumsWithAssociatedValues() throws {
        enum Shape: Decodable, Equatable {
            case circle(radius: Double)
            case square(side: Double)
        }
        let xml = try DecodingFixture.load(#"<shapes><shape><circle radius="2"/></shape><shape><square><side>3</side></square></shape></shapes>"#)
        #expect(try xml.decode([Shape].self, at: "shape") == [.circle(radius: 2), .square(side: 3)])
        let json = try DecodingFixture.load(#"[{"circle":{"radius":2}},{"square":{"side":3}}]"#)
        #expect(try json.root.decode([Shape].self) == [.circle(radius: 2), .square(side: 3)])
    }

    @Test func dictionaries() throws {
        let json = try DecodingFixture.load(#"{"b_c": 2, "a": 1, "a": 3}"#)
        #expect(try json.root.decode([String: Int].self) == ["a": 3, "b_c": 2])
        // Dictionary keys are names as written, whatever the key strategy.
        let snake = NodeDecoder(keyDecodingStrategy: .convertFromSnakeCase)
        #expect(try json.root.decode([String: Int].self, using: snake) == ["a": 3, "b_c": 2])
        let xml = try DecodingFixture.load(#"<prices currency="KRW"><adult>10</adult><child>5</child><child>4</child></prices>"#)
        #expect(try xml.root.decode([String: [String]].self) == ["currency": ["KRW"], "adult": ["10"], "child": ["5", "4"]])
        // A wide object (past the lookup index threshold) keeps every key.
        let wide = "{" + (0..<500).map { #""k\#($0)": \#($0)"# }.joined(separator: ",") + "}"
        let decoded = try DecodingFixture.load(wide).root.decode([String: Int].self)
        #expect(decoded.count == 500 && decoded["k499"] == 499)
        struct Two: Decodable { let k7: Int; let k499: Int }
        let two = try DecodingFixture.load(wide).root.decode(Two.self)
        #expect(two.k7 == 7 && two.k499 == 499)
    }

    @Test func reservedKeysOnElements() throws {
        struct Price: Decodable, Equatable {
            let currency: String
            let amount: Decimal
            let tag: String
            enum CodingKeys: String, CodingKey { case currency, amount = "_string", tag = "_elementName" }
        }
        let doc = try DecodingFixture.load(#"<r><price currency="KRW"> 1200 </price></r>"#)
        #expect(try doc.decode(Price.self, at: "price") == Price(currency: "KRW", amount: 1200, tag: "price"))

        struct Mixed: Decodable { let _contents: [String]; let _text: String }
        let mixed = try DecodingFixture.load("<m>a<x>1</x>b<y>2</y></m>")
        let m = try mixed.root.decode(Mixed.self)
        #expect(m._contents == ["1", "2"])
        #expect(m._text == "a1b2")

        // A real child of that name wins over the reserved meaning.
        let real = try DecodingFixture.load("<m><_text>mine</_text></m>")
        #expect(try real.root.decode(Mixed.self)._text == "mine")
    }

    @Test func attributesAsAWhole() throws {
        struct User: Decodable {
            let attributes: [String: String]
            let name: String
            enum CodingKeys: String, CodingKey { case attributes = "_attributes", name = "_string" }
        }
        let doc = try DecodingFixture.load(#"<r><user id="987" username="bob" fullname="Bob T. Monkey">Bob<id>x</id></user></r>"#)
        let user = try doc.decode(User.self, at: "user")
        #expect(user.attributes == ["id": "987", "username": "bob", "fullname": "Bob T. Monkey"])
        #expect(user.name == "Bob")
        // As a keyed container, `_attributes` sees attributes only: `id` is not also the element.
        struct IDs: Decodable {
            let id: Int
            let username: String
        }
        struct Wrapper: Decodable { let _attributes: IDs }
        #expect(try doc.decode(Wrapper.self, at: "user")._attributes.id == 987)
        struct Missing: Decodable { let _attributes: [String: String]?; let nope: IDs? }
        let bare = try DecodingFixture.load("<r/>")
        #expect(try bare.root.decode(Missing.self)._attributes == nil)
        struct Required: Decodable { let _attributes: Nope; struct Nope: Decodable { let nope: String } }
        expectDecodingFailure(.keyNotFound, at: "user._attributes.nope", containing: ["the element has no attribute named \"nope\""]) {
            try doc.decode([String: Required].self, at: "")
        }
    }

    @Test func reservedKeysOnJSON() throws {
        // A JSON object keyed by name, read as a list that keeps each key.
        struct Theater: Decodable, Equatable {
            let code: String
            let seats: Int
            enum CodingKeys: String, CodingKey { case code = "_elementName", seats }
        }
        struct Listing: Decodable { let _contents: [Theater] }
        let doc = try DecodingFixture.load(#"{"MMC01": {"seats": 120}, "MMC02": {"seats": 80}}"#)
        #expect(try doc.root.decode(Listing.self)._contents == [Theater(code: "MMC01", seats: 120), Theater(code: "MMC02", seats: 80)])
        // A real member of that name wins; an array element has no name.
        let real = try DecodingFixture.load(#"{"_contents": [1], "a": 2}"#)
        struct Numbers: Decodable { let _contents: [Int] }
        #expect(try real.root.decode(Numbers.self)._contents == [1])
        expectDecodingFailure(.keyNotFound, at: "[0]._elementName", containing: ["reserved key", "nothing here"]) {
            try DecodingFixture.load(#"[{"seats": 1}]"#).root.decode([Theater].self)
        }
        struct Attributes: Decodable { let _attributes: [String: String]? }
        #expect(try doc.root.decode(Attributes.self)._attributes == nil)
    }

    @Test func namespacedNamesMatchByLocalOrQualifiedName() throws {
        let doc = try DecodingFixture.load(#"""
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:m="urn:m">
              <soap:Body><m:GetPriceResponse m:unit="KRW"><m:Price>1.90</m:Price></m:GetPriceResponse></soap:Body>
            </soap:Envelope>
            """#)
        struct Response: Decodable { let unit: String; let Price: Decimal }
        #expect(try doc.decode(Response.self, at: "Body.GetPriceResponse").Price == Decimal(string: "1.90"))
        #expect(try doc.decode(Response.self, at: "soap:Body.m:GetPriceResponse").unit == "KRW")
    }

    @Test func keyStrategies() throws {
        struct Row: Decodable, Equatable { let sgName: String; let sgTypecode: Int; let _id: Int }
        let expected = Row(sgName: "A", sgTypecode: 3, _id: 9)
        let snake = NodeDecoder(keyDecodingStrategy: .convertFromSnakeCase)
        let json = try DecodingFixture.load(#"{"sg_name":"A","SG_TYPECODE":3,"_id":9}"#)
        #expect(try json.root.decode(Row.self, using: snake) == expected)
        let xml = try DecodingFixture.load(#"<row sg_name="A" _id="9"><sg_typecode>3</sg_typecode></row>"#)
        #expect(try xml.root.decode(Row.self, using: snake) == expected)
        expectDecodingFailure(.keyNotFound, at: "sgName") { try xml.root.decode(Row.self) }

        let kebab = NodeDecoder(keyDecodingStrategy: .custom { path in
            let name = path.last!.stringValue
            let parts = name.split(separator: "-")
            return NameKeyForTests(parts.first.map(String.init)! + parts.dropFirst().map { $0.capitalized }.joined())
        })
        let dashed = try DecodingFixture.load(#"<row sg-name="A" sg-typecode="3" _id="9"/>"#)
        #expect(try dashed.root.decode(Row.self, using: kebab) == expected)
    }

    @Test func snakeCaseConversion() throws {
        let cases: [(String, String)] = [
            ("sg_name", "sgName"), ("SG_NAME", "sgName"), ("_id", "_id"), ("__private_key__", "__privateKey__"),
            ("already", "already"), ("camelCase", "camelCase"), ("a__b", "aB"), ("", ""), ("___", "___"),
        ]
        for (name, key) in cases {
            let doc = try DecodingFixture.load("{\(String(reflecting: name)): 1}")
            let decoded = try doc.root.decode([String: Int].self)
            #expect(decoded[name] == 1)
            struct Probe: Decodable {
                let keys: [String]
                init(from decoder: any Decoder) throws {
                    keys = try decoder.container(keyedBy: NameKeyForTests.self).allKeys.map(\.stringValue)
                }
            }
            #expect(try doc.root.decode(Probe.self, using: NodeDecoder(keyDecodingStrategy: .convertFromSnakeCase)).keys == [key], "\(name)")
        }
    }

    @Test func manualContainers() throws {
        // A hand-written init that uses nested containers and superDecoder.
        struct Base: Decodable { let id: Int }
        struct Derived: Decodable {
            let id: Int
            let title: String
            let first: String
            let count: Int
            enum Keys: String, CodingKey { case meta, title, items, `super` }
            enum MetaKeys: String, CodingKey { case count }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Keys.self)
                id = try Base(from: container.superDecoder()).id
                title = try container.decode(String.self, forKey: .title)
                let meta = try container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
                count = try meta.decode(Int.self, forKey: .count)
                var items = try container.nestedUnkeyedContainer(forKey: .items)
                first = try items.decode(String.self)
                #expect(items.currentIndex == 1)
                #expect(try items.decodeNil() == false)
                _ = try items.superDecoder()
                #expect(items.isAtEnd)
            }
        }
        let json = try DecodingFixture.load(#"{"super":{"id":7},"title":"T","meta":{"count":2},"items":["a","b"]}"#)
        let d = try json.root.decode(Derived.self)
        #expect((d.id, d.title, d.first, d.count) == (7, "T", "a", 2))
        let xml = try DecodingFixture.load(#"<d title="T"><super id="7"/><meta count="2"/><items>a</items><items>b</items></d>"#)
        let x = try xml.root.decode(Derived.self)
        #expect((x.id, x.title, x.first, x.count) == (7, "T", "a", 2))
    }

    @Test func singleValueContainerOnElementWithText() throws {
        struct Code: Decodable {
            let raw: String
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                #expect(!container.decodeNil())
                raw = try container.decode(String.self)
            }
        }
        let doc = try DecodingFixture.load(#"<r><code lang="ko">A-1</code></r>"#)
        #expect(try doc.decode(Code.self, at: "code").raw == "A-1")
    }

    @Test func unkeyedContainerPastTheEnd() throws {
        struct Pair: Decodable {
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                _ = try container.decode(Int.self)
                _ = try container.decode(Int.self)
            }
        }
        let doc = try DecodingFixture.load(#"{"pair": [1]}"#)
        expectDecodingFailure(.valueNotFound, at: "pair[1]", containing: ["only 1 element"]) {
            try doc.decode(Pair.self, at: "pair")
        }
    }

    @Test func containerKindMismatches() throws {
        struct Obj: Decodable { let a: Int? }
        struct Box<T: Decodable>: Decodable { let n: T?; let z: T?; let a: T? }
        let doc = try DecodingFixture.load(#"{"n": 1, "z": null, "a": [1]}"#)
        struct N: Decodable { let n: Obj }
        expectDecodingFailure(.typeMismatch, at: "n", containing: ["the JSON number 1", "has no keys"]) {
            try doc.root.decode(N.self)
        }
        struct Z: Decodable { let z: Obj }
        expectDecodingFailure(.valueNotFound, at: "z", containing: ["found null"]) {
            try doc.root.decode(Z.self)
        }
        struct A: Decodable { let a: Obj }
        expectDecodingFailure(.typeMismatch, at: "a", containing: ["a JSON array"]) {
            try doc.root.decode(A.self)
        }
        struct ZArray: Decodable { let z: [Int] }
        expectDecodingFailure(.valueNotFound, at: "z", containing: ["found null"]) {
            try doc.root.decode(ZArray.self)
        }
        #expect(try doc.root.decode(Box<[Int]>.self).z == nil)
        // A path that ends on a JSON array stands for its elements.
        #expect(try doc.decode(Int.self, at: "a") == 1)
        expectDecodingFailure(.valueNotFound, at: "z", containing: ["found null"]) {
            try doc.decode([Int].self, at: "z")
        }
    }

    @Test func pathsEndingOnJSONArrays() throws {
        let doc = try DecodingFixture.load(#"{"grid": [[1, 2]], "grids": [[1, 2], [3]], "rows": [{"v": [1]}, {"v": [2, 3]}]}"#)
        #expect(try doc.decode([[Int]].self, at: "grid") == [[1, 2]])
        expectDecodingFailure(.typeMismatch, at: "grid[0]", containing: ["a JSON array"]) {
            try doc.decode([Int].self, at: "grid")
        }
        #expect(try doc.decode([[Int]].self, at: "grids") == [[1, 2], [3]])
        // Two arrays matched: each is one element, as KVC gives an array of arrays.
        #expect(try doc.decode([[Int]].self, at: "rows.v") == [[1], [2, 3]])
        expectDecodingFailure(.typeMismatch, at: "rows.v[0]") {
            try doc.decode([Int].self, at: "rows.v")
        }
    }

    @Test func userInfoReachesInitializers() throws {
        let key = CodingUserInfoKey(rawValue: "scale")!
        struct Scaled: Decodable {
            let value: Double
            init(from decoder: any Decoder) throws {
                let scale = decoder.userInfo[CodingUserInfoKey(rawValue: "scale")!] as? Double ?? 1
                value = try decoder.singleValueContainer().decode(Double.self) * scale
            }
        }
        let doc = try DecodingFixture.load("<r>2</r>")
        #expect(try doc.root.decode(Scaled.self, using: NodeDecoder(userInfo: [key: 10.0])).value == 20)
        #expect(try doc.root.decode(Scaled.self).value == 2)
    }
}

/// A plain string key for hand-written containers in tests.
struct NameKeyForTests: CodingKey {
    let stringValue: String
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    var intValue: Int? { nil }
}
