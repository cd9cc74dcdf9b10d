import DocQuery
import Foundation
import TestSupport
import Testing

/// The DocQuery side of every snippet in the DocC articles: compiled here,
/// run on small documents, and checked to appear in its article word for
/// word (see ``Snippets``), so an article snippet cannot stop compiling or
/// drift from what the test runs.
@Suite struct ArticleSnippetTests {
    static let docc = SharedData.packageRoot.appendingPathComponent("Sources/DocQuery/DocQuery.docc")

    static let usersJSON = Data(#"""
        {"users": [{"name": "Leona", "address": {"city": "Harrowgate"}}, {"name": "Ervin", "address": {"city": "Brookfield"}}],
         "posts": [{"title": "Rain"}, {"title": "Harbour"}, {"title": "Timetables"}]}
        """#.utf8)
    static let rspXML = Data(#"""
        <rsp stat="ok"><auth><token>6410bde1</token><user id="9" username="bob"/></auth>
        <lists><list id="1" name="Inbox"/><list id="2" name="Work"/></lists></rsp>
        """#.utf8)
    static let scheduleXML = Data(#"""
        <response><header><resultCode>INFO-00</resultCode></header><body><items>
        <item><sgId>20180613</sgId><sgName>제7회 전국동시지방선거</sgName><sgVotedate>20180613</sgVotedate></item>
        </items></body></response>
        """#.utf8)
    static let boxOfficeJSON = Data(#"""
        {"boxOfficeResult": {"dailyBoxOfficeList": [
          {"movieNm": "한강의 밤", "audiCnt": "118402"}, {"movieNm": "고양이 탐정", "audiCnt": "83112"}]}}
        """#.utf8)

    @Test func comingFromSwiftyJSON() throws {
        let data = Self.usersJSON
        // snippet: swiftyjson
        let doc = try Document(data: data)
        let city = doc["users[0].address.city"].string ?? ""
        let titles = doc["posts.title"].strings
        // end snippet
        #expect(city == "Harrowgate")
        #expect(titles == ["Rain", "Harbour", "Timetables"])
    }

    @Test func comingFromSWXMLHash() throws {
        let data = Self.rspXML
        // snippet: swxmlhash
        let doc = try Document(data: data)
        let token = doc["auth.token"].string
        let username = doc["auth.user.username"].string
        let names = doc["lists.list.name"].strings
        // end snippet
        #expect(token == "6410bde1")
        #expect(username == "bob")
        #expect(names == ["Inbox", "Work"])
    }

    // snippet: xmlcoder-model
    struct Election: Decodable {
        let sgId: String
        let sgName: String
        let sgVotedate: Date
    }
    // end snippet

    @Test func comingFromXMLCoder() throws {
        let data = Self.scheduleXML
        // snippet: xmlcoder
        let doc = try Document(data: data)
        var decoder = NodeDecoder()
        decoder.dateDecodingStrategy = .formatted("yyyyMMdd", timeZone: TimeZone(identifier: "Asia/Seoul")!)
        let elections = try doc.decode([Election].self, at: "body.items.item", using: decoder)
        // end snippet
        #expect(elections.map(\.sgName) == ["제7회 전국동시지방선거"])
    }

    @Test func comingFromCodable() throws {
        let data = Self.boxOfficeJSON
        // snippet: codable
        let doc = try Document(data: data)
        let titles = doc["boxOfficeResult.dailyBoxOfficeList.movieNm"].strings
        let audience = doc["boxOfficeResult.dailyBoxOfficeList.@sum.audiCnt"].int ?? 0
        // end snippet
        #expect(titles == ["한강의 밤", "고양이 탐정"])
        #expect(audience == 201_514)
    }

    @Test func comingFromKeyValueCoding() throws {
        let data = Self.usersJSON
        // snippet: kvc
        let doc = try Document(data: data)
        let cities = doc["users.address.city"].strings      // always [String]
        let count = doc["posts.@count"].int                  // 3
        let same = doc.value(forKeyPath: "users.address.city") as? [Any]  // KVC's shapes, for ported code
        // end snippet
        #expect(cities == ["Harrowgate", "Brookfield"])
        #expect(count == 3)
        #expect(same?.count == 2)
    }

    @Test func gettingStarted() throws {
        let data = Self.rspXML
        // snippet: getting-started
        let doc = try Document(data: data)
        let username = doc["auth.user.username"].string        // "bob"
        let names = doc["lists.list.name"].strings             // ["Inbox", "Work"]
        let count = try doc.query("lists.list.@count").int     // 2
        for list in doc["lists.list"] {
            print(list["id"].int ?? 0, list["name"].string ?? "")
        }
        // end snippet
        #expect(username == "bob")
        #expect(names == ["Inbox", "Work"])
        #expect(count == 2)
    }

    @Test func handlingErrors() throws {
        let doc = try Document(data: Self.rspXML)
        var reported: (message: String, column: Int)?
        func report(_ message: String, column: Int) { reported = (message, column) }
        // snippet: errors-malformed-path
        do {
            _ = try doc.query("lists.@cuont")
        } catch {
            report(error.message, column: error.column)   // "unknown operator '@cuont' (did you mean '@count'?)", 7
        }
        // end snippet
        #expect(reported?.message == "unknown operator '@cuont' (did you mean '@count'?)")
        #expect(reported?.column == 7)

        // snippet: errors-no-match
        let result = doc["lists.list.nmae"]
        let reason = result.explanation?.message         // 'lists.list' matched 2 elements, but none has the key 'nmae'
        let suggestion = result.explanation?.suggestion   // "name"
        let text = result.explanation?.description        // the path with a caret under 'nmae', the reason, the keys there
        // end snippet
        #expect(reason == "'lists.list' matched 2 elements, but none has the key 'nmae'")
        #expect(suggestion == "name")
        #expect(text?.contains("keys there: id (2), name (2)") == true)
        #expect(text?.contains("^~~~") == true)
    }

    /// The types of the Decoding article, apart from the other snippets' types.
    enum DecodingArticle {
        // snippet: decoding-model
        struct Election: Decodable {
            let id: String, name: String, voteDate: Date
            enum CodingKeys: String, CodingKey { case id = "sgId", name = "sgName", voteDate = "sgVotedate" }
        }
        // end snippet

        // snippet: decoding-price
        struct Price: Decodable {          // <price currency="KRW">1200</price>
            let currency: String
            let amount: Decimal
            enum CodingKeys: String, CodingKey { case currency, amount = "_string" }
        }
        // end snippet
    }

    @Test func decodingArticle() throws {
        typealias Election = DecodingArticle.Election
        let doc = try Document(data: Self.scheduleXML)
        // snippet: decoding
        var decoder = NodeDecoder()
        decoder.dateDecodingStrategy = .formatted("yyyyMMdd", timeZone: TimeZone(identifier: "Asia/Seoul")!)
        let elections = try doc.decode([Election].self, at: "body.items.item", using: decoder)
        // end snippet
        #expect(elections.map(\.id) == ["20180613"])
        #expect(elections.first?.voteDate == ISO8601DateFormatter().date(from: "2018-06-12T15:00:00Z"))

        let price = try Document(string: #"<price currency="KRW">1200</price>"#).decode(DecodingArticle.Price.self)
        #expect(price.currency == "KRW")
        #expect(price.amount == 1200)
    }

    /// Every snippet above appears in one of the articles, line for line.
    @Test func snippetsAppearInTheArticles() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let snippets = Snippets.extract(from: source)
        #expect(snippets.count >= 7)
        let articles = try FileManager.default.contentsOfDirectory(atPath: Self.docc.path)
            .filter { $0.hasSuffix(".md") }
            .map { try String(contentsOf: Self.docc.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
        for (name, code) in snippets {
            #expect(articles.contains(code), "snippet '\(name)' is not in any article of DocQuery.docc:\n\(code)")
        }
    }
}
