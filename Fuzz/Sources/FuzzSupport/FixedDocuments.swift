import DocTree
import Foundation

/// The documents the path-evaluation target runs every compiled path on:
/// the examples of docs/PathLanguage.md (both formats, odd keys, mixed
/// content, namespaces, non-ASCII keys), loaded once.
public enum FixedDocuments {
    public static let all: [Document] = texts.map { text in
        do {
            return try Document(data: Data(text.utf8))
        } catch {
            fatalError("a fixed document does not load: \(error)")
        }
    }

    private static let texts = [
        #"""
        {"store": {
          "name": "Corner Books", "open": true, "manager": null, "empty": [],
          "tags": ["books", "coffee", "books"],
          "books": [
            {"title": "Sayings", "author": "Rees", "price": 8.95, "category": ["reference"], "isbn": "0-553-21311-3"},
            {"title": "Sword", "author": "Waugh", "price": 12.99, "category": ["fiction", "war"]},
            {"title": "Moby Dick", "author": "Melville", "price": 8.99, "category": ["fiction"], "isbn": "0-553-21311-4"},
            {"title": "The Lord", "author": "Tolkien", "price": 22.99, "category": ["fiction", "fantasy"], "stock": 0}
          ],
          "address": {"street": "Kulas Light", "city": "Gwenborough", "zip": "92998-3874"}
        }}
        """#,
        #"""
        {"a.b": 1, "key with spaces": 2, "_contents": 3, "@type": "Person", "quote\"d": 4,
         "2018": "year", "true": "yes", "a": {"b": 5}, "": "empty", "tab\tkey": 6,
         "x-request-id": "abc", "dup": 1, "dup": 2, "_id": 8, "back\\slash": 9,
         "n": [1, -0, 1e400, 0.1, 12345678901234567890, -2.5e-3, "7", true, false, null],
         "nested": [[[]], {}, [{"k": [1, {"k": 2}]}]]}
        """#,
        #"""
        [{"_id":1.0,"상영관명":"MMC 만경관 1관","위도":35.8709275},
         {"_id":2.0,"상영관명":"MMC 만경관 2관","위도":35.8709275},
         {"_id":3.0,"상영관명":"CGV 대구","위도":35.8777}]
        """#,
        #"""
        <rsp stat="ok"><lists>
          <list id="100653" name="Inbox" deleted="0" locked="1" archived="0" position="-1" smart="0"/>
          <list id="387549" name="High Priority" deleted="0" locked="0" archived="0" position="0" smart="1">
            <filter>(priority:1)</filter>
          </list>
          <list id="100654" name="Personal" deleted="0" locked="0" archived="0" position="0" smart="0"/>
        </lists>
        <auth><token>6410bde19b6dfb474fec71f186bc715831ea6842</token><perms>delete</perms>
          <user id="987654321" username="bob" fullname="Bob T. Monkey"/></auth></rsp>
        """#,
        #"""
        <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:m="urn:quotes">
          <soap:Body><m:GetQuoteResponse><m:Price currency="USD">189.97</m:Price></m:GetQuoteResponse></soap:Body>
        </soap:Envelope>
        """#,
        #"""
        <doc xmlns="urn:d"><p class="x">Hello <b>bold</b> world<![CDATA[ & more]]></p><empty/><price> 10 </price>
          <item n="1">2</item><item n="2">-3.5</item><item>x</item><_contents>odd</_contents></doc>
        """#,
    ]
}
