import BenchmarkSupport
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct APIResponseGeneratorTests {
    @Test(arguments: InputFormat.allCases)
    func sameBytesEveryTime(format: InputFormat) {
        let first = APIResponseGenerator.document(format: format, bytes: 200_000)
        let second = APIResponseGenerator.document(format: format, bytes: 200_000)
        #expect(first == second)
    }

    @Test(arguments: InputFormat.allCases)
    func reachesTheSizeAndStopsWithinOneItem(format: InputFormat) {
        let bytes = APIResponseGenerator.document(format: format, bytes: 300_000)
        #expect(bytes.count >= 300_000 - 256)
        #expect(bytes.count < 300_000 + 4_096)
    }

    @Test func jsonIsValidAndCountsItsItems() throws {
        let bytes = APIResponseGenerator.document(format: .json, bytes: 100_000)
        let object = try JSONSerialization.jsonObject(with: Data(bytes))
        let response = try #require((object as? [String: Any])?["response"] as? [String: Any])
        let body = try #require(response["body"] as? [String: Any])
        let items = try #require((body["items"] as? [String: Any])?["item"] as? [[String: Any]])
        #expect(items.count == body["totalCount"] as? Int)
        #expect(items.count > 50)
        let names = items.compactMap { $0["name"] as? String }
        #expect(names.count == items.count)
        #expect(names.contains { $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }, "Korean text")
        #expect(items.contains { ($0["description"] as? String)?.contains("\"") == true }, "a string that needed escapes")
    }

    @Test func xmlIsWellFormedAndMatchesTheJSONTwin() throws {
        let xml = APIResponseGenerator.document(format: .xml, bytes: 100_000)
        let parser = XMLParser(data: Data(xml))
        let counter = ItemCounter()
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(counter.items > 20)
        #expect(counter.totalCount == String(counter.items))

        // The same generator state produces the same places in both formats.
        let json = APIResponseGenerator.document(format: .json, bytes: 100_000)
        let object = try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any]
        let body = (object?["response"] as? [String: Any])?["body"] as? [String: Any]
        let first = ((body?["items"] as? [String: Any])?["item"] as? [[String: Any]])?.first
        #expect(first?["name"] as? String == counter.firstName)
    }

    @Test func writesTheCachedFileOnceAtItsSize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-generator-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("one.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try APIResponseGenerator.write(format: .json, bytes: 1_500_000, to: url)
        let written = try Data(contentsOf: url)
        #expect(written.count >= 1_500_000)
        #expect(written == Data(APIResponseGenerator.document(format: .json, bytes: 1_500_000)))
    }
}

/// Counts `item` elements and reads `totalCount` and the first item's name.
private final class ItemCounter: NSObject, XMLParserDelegate {
    var items = 0
    var totalCount = ""
    var firstName: String?
    private var text = ""

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if elementName == "item" { items += 1 }
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "totalCount" { totalCount = text }
        if elementName == "name", firstName == nil { firstName = text }
    }
}
