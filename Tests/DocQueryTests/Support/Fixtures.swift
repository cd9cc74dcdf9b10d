import DocQuery

/// The example documents of the path language, by name. The issue's own
/// examples come first; the rest cover one operator family each.
enum Fixtures {
    /// The rsp/auth response from the issue.
    static let auth = """
        <rsp stat="ok">
          <auth>
            <token>6410bde19b6dfb474fec71f186bc715831ea6842</token>
            <perms>delete</perms>
            <user id="987654321" username="bob" fullname="Bob T. Monkey"/>
          </auth>
        </rsp>
        """

    /// The lists response from the issue.
    static let lists = """
        <rsp stat="ok"><lists>
          <list id="100653" name="Inbox" deleted="0" locked="1" archived="0" position="-1" smart="0"/>
          <list id="387549" name="High Priority" deleted="0" locked="0" archived="0" position="0" smart="1">
            <filter>(priority:1)</filter>
          </list>
          <list id="100654" name="Personal" deleted="0" locked="0" archived="0" position="0" smart="0"/>
        </lists></rsp>
        """

    /// A public-data response with one item.
    static let publicDataOne = """
        <response><header><resultCode>00</resultCode><resultMsg>NORMAL SERVICE.</resultMsg></header>
        <body><items><item><sgName>광주시</sgName><sgId>20180613</sgId></item></items>
        <numOfRows>10</numOfRows><totalCount>1</totalCount></body></response>
        """

    /// The same response with three items.
    static let publicDataMany = """
        <response><header><resultCode>00</resultCode><resultMsg>NORMAL SERVICE.</resultMsg></header>
        <body><items>
        <item><sgName>광주시</sgName><sgId>20180613</sgId></item>
        <item><sgName>서울시</sgName><sgId>20180613</sgId></item>
        <item><sgName>부산시</sgName><sgId>20200415</sgId></item>
        </items><numOfRows>10</numOfRows><totalCount>3</totalCount></body></response>
        """

    /// The Korean theatre list from the issue.
    static let theatres = """
        [{"_id":1.0,"상영관명":"MMC 만경관 1관","위도":35.8709275},
         {"_id":2.0,"상영관명":"MMC 만경관 2관","위도":35.8709275},
         {"_id":3.0,"상영관명":"CGV 대구","위도":35.8777}]
        """

    /// A task list in the shape of the Remember The Milk API, with repeated
    /// elements at two levels.
    static let tasks = """
        <rsp stat="ok"><tasks>
          <list id="1">
            <taskseries id="10" name="Get Bananas"><task due="2018-06-13" priority="1"/></taskseries>
            <taskseries id="11" name="Call Mom"><task due="" priority="N"/></taskseries>
          </list>
          <list id="2">
            <taskseries id="20" name="Pay rent"><task due="2018-07-01" priority="2"/></taskseries>
          </list>
        </tasks></rsp>
        """

    /// A small store, as JSON.
    static let store = """
        {"store": {
          "name": "Corner Books",
          "open": true,
          "manager": null,
          "empty": [],
          "tags": ["books", "coffee", "books"],
          "books": [
            {"title": "Sayings", "author": "Rees", "price": 8.95, "category": ["reference"], "isbn": "0-553-21311-3"},
            {"title": "Sword", "author": "Waugh", "price": 12.99, "category": ["fiction", "war"]},
            {"title": "Moby Dick", "author": "Melville", "price": 8.99, "category": ["fiction"], "isbn": "0-553-21311-4"},
            {"title": "The Lord", "author": "Tolkien", "price": 22.99, "category": ["fiction", "fantasy"], "stock": 0}
          ],
          "address": {"street": "Kulas Light", "city": "Gwenborough", "zip": "92998-3874"}
        }}
        """

    /// The same store as XML.
    static let storeXML = """
        <store name="Corner Books" open="true">
          <tags>books</tags><tags>coffee</tags><tags>books</tags>
          <books title="Sayings" author="Rees" price="8.95" isbn="0-553-21311-3"><category>reference</category></books>
          <books title="Sword" author="Waugh" price="12.99"><category>fiction</category><category>war</category></books>
          <books title="Moby Dick" author="Melville" price="8.99" isbn="0-553-21311-4"><category>fiction</category></books>
          <books title="The Lord" author="Tolkien" price="22.99" stock="0"><category>fiction</category><category>fantasy</category></books>
          <address street="Kulas Light" city="Gwenborough" zip="92998-3874"/>
        </store>
        """

    /// Keys that need quoting or escaping, and keys that look like syntax.
    static let oddKeys = """
        {"a.b": 1, "key with spaces": 2, "_contents": 3, "@type": "Person", "quote\\"d": 4,
         "2018": "year", "true": "yes", "a": {"b": 5}, "": "empty", "tab\\tkey": 6,
         "soap:Body": 7, "x-request-id": "abc", "dup": 1, "dup": 2, "_id": 8, "back\\\\slash": 9}
        """

    /// A SOAP envelope with namespaces.
    static let soap = """
        <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:m="urn:quotes">
          <soap:Body><m:GetQuoteResponse><m:Price currency="USD">189.97</m:Price></m:GetQuoteResponse></soap:Body>
        </soap:Envelope>
        """

    /// An RSS feed whose second item has two categories.
    static let rss = """
        <rss version="2.0"><channel><title>Feed</title>
          <item><title>One</title><category>Swift</category><pubDate>2018-06-13</pubDate></item>
          <item><title>Two</title><category>XML</category><category>JSON</category><pubDate>2019-01-02</pubDate></item>
          <item><title>Three</title><category>JSON</category><pubDate>2020-03-04</pubDate></item>
        </channel></rss>
        """

    /// Mixed content and CDATA for the text reserved names.
    static let mixed = """
        <doc><p class="x">Hello <b>bold</b> world<![CDATA[ & more]]></p><empty/><price> 10 </price></doc>
        """

    /// Every fixture by name, with its format.
    static let all: [String: (text: String, format: DocumentFormat)] = [
        "auth": (auth, .xml), "lists": (lists, .xml), "publicDataOne": (publicDataOne, .xml),
        "publicDataMany": (publicDataMany, .xml), "theatres": (theatres, .json), "tasks": (tasks, .xml),
        "store": (store, .json), "storeXML": (storeXML, .xml), "oddKeys": (oddKeys, .json), "soap": (soap, .xml),
        "rss": (rss, .xml), "mixed": (mixed, .xml),
    ]

    /// Loads the document named `name` in `fixtures` (these fixtures unless
    /// told otherwise; a documentation page's example documents, for one).
    static func document(
        _ name: String, in fixtures: [String: (text: String, format: DocumentFormat)] = all
    ) throws -> Document {
        guard let fixture = fixtures[name] else { throw UnknownFixture(name: name) }
        return try Document(string: fixture.text, options: LoadOptions(format: fixture.format))
    }

    struct UnknownFixture: Error, CustomStringConvertible {
        let name: String
        var description: String { "no fixture named \(name)" }
    }
}
