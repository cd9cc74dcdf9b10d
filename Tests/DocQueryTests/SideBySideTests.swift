import DocQuery
import Testing

/// The same logical data as JSON and as XML answers the same paths the same
/// way: a JSON array of objects and repeated XML elements, JSON members and
/// XML attributes, a JSON array of strings and repeated text elements.
@Suite struct SideBySideTests {
    static let paths: [String] = [
        "name",
        "books.title",
        "books[0].title",
        "books[-1].author",
        "books[1:3].title",
        "books.@count",
        "books.@sum.price",
        "books.@avg.price",
        "books.@min.price",
        "books.@max.price",
        "books.@max.title",
        "books[?price > 10].title",
        "books[?price < '10'].title",
        "books[?author == 'Waugh'].price",
        "books[?isbn].title",
        "books[?!isbn].title",
        "books[?category == 'fiction'].title",
        "books[?category == 'war' || price < 9].title",
        "books[?stock == 0].title",
        "books[?title >= 'S'].title",
        "books.isbn",
        "tags.@distinctUnionOfObjects",
        "tags.@count",
        "tags[1]",
        "address.city",
        "..city",
        "..isbn",
        "books.@first.title",
        "books.@last.title",
        "books[?price > 10].@count",
        "books[?category == 'fiction'].@sum.price",
        "address.nothing",
        "books[9]",
    ]

    @Test(arguments: paths)
    func samePathSameStrings(_ path: String) throws {
        let json = try Fixtures.document("store")
        let xml = try Fixtures.document("storeXML")
        // The JSON fixture has an extra level ("store"); the XML root is <store>.
        let fromJSON = try json.query(path.hasPrefix("..") ? path : "store." + path)
        let fromXML = try xml.query(path)
        #expect(fromJSON.strings == fromXML.strings)
        #expect(fromJSON.count == fromXML.count)
        #expect(fromJSON.isEmpty == (fromJSON.explanation != nil))
        #expect(fromXML.isEmpty == (fromXML.explanation != nil))
    }

    @Test func oneItemOrFiftyGivesTheSameShape() throws {
        func items(_ n: Int) throws -> Document {
            let body = (0..<n).map { "<item><sgName>n\($0)</sgName><price>\($0)</price></item>" }.joined()
            return try Document(string: "<response><body><items>\(body)</items></body></response>", options: LoadOptions(format: .xml))
        }
        for n in [0, 1, 2, 50] {
            let doc = try items(n)
            let names = doc["body.items.item.sgName"].strings
            #expect(names == (0..<n).map { "n\($0)" })
            #expect(doc["body.items.item.@count"].int == n)
            #expect(doc["body.items.item[0].sgName"].string == (n > 0 ? "n0" : nil))
            #expect(doc["body.items.item[-1].sgName"].string == (n > 0 ? "n\(n - 1)" : nil))
            #expect(doc["body.items.item[?price >= 1].sgName"].count == max(0, n - 1))
            #expect(doc["body.items.item.@sum.price"].int == (0..<n).reduce(0, +))
            #expect(doc["body.items.item.sgName"].paths.count == n)
        }
        // The JSON an XML-to-JSON converter would make of one item (an object)
        // and of two (an array) still read the same.
        let one = try Document(string: #"{"items": {"item": {"sgName": "a"}}}"#, options: LoadOptions(format: .json))
        let two = try Document(string: #"{"items": {"item": [{"sgName": "a"}, {"sgName": "b"}]}}"#, options: LoadOptions(format: .json))
        #expect(one["items.item.sgName"].strings == ["a"])
        #expect(two["items.item.sgName"].strings == ["a", "b"])
        #expect(one["items.item[0].sgName"].strings == ["a"])
        #expect(two["items.item[0].sgName"].strings == ["a"])
        #expect(one["items.item[?sgName == 'a']"].count == 1)
        #expect(two["items.item[?sgName == 'a']"].count == 1)
    }
}
