import DocQuery
import DocQueryNetworking
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// Both sides of Examples/ElectionSchedule/README.md, the XMLParser delegate
/// and DocQuery, compiled as the README shows them (see ``Snippets``) and run
/// on the example's sample responses: they must read the same elections, so
/// the comparison is fair.
@Suite struct ElectionReadmeTests {
    static let readme = SharedData.packageRoot.appendingPathComponent("Examples/ElectionSchedule/README.md")
    static let seoul = TimeZone(identifier: "Asia/Seoul")!

    struct PortalError: Error, CustomStringConvertible {
        let description: String
    }

    // snippet: before-delegate
    final class ScheduleParser: NSObject, XMLParserDelegate {
        struct Election { var id = "", name = "", typeCode = 0, voteDate: Date? }

        private(set) var resultCode = ""
        private(set) var gatewayError: String?
        private(set) var elections: [Election] = []
        private var current: Election?
        private var text = ""
        private let dates: DateFormatter = {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "Asia/Seoul")
            formatter.dateFormat = "yyyyMMdd"
            return formatter
        }()

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            text = ""
            if name == "item" { current = Election() }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
                    qualifiedName: String?) {
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            switch name {
            case "resultCode": resultCode = value
            case "returnAuthMsg": gatewayError = value
            case "sgId": current?.id = value
            case "sgName": current?.name = value
            case "sgTypecode": current?.typeCode = Int(value) ?? 0
            case "sgVotedate": current?.voteDate = dates.date(from: value)
            case "item":
                if let item = current { elections.append(item) }
                current = nil
            default: break
            }
            text = ""
        }
    }
    // end snippet

    enum After {
        // snippet: after-model
        struct Election: Decodable {
            let id: String, name: String, typeCode: Int, voteDate: Date
            enum CodingKeys: String, CodingKey {
                case id = "sgId", name = "sgName", typeCode = "sgTypecode", voteDate = "sgVotedate"
            }
        }
        // end snippet
    }

    static func before(_ url: URL) async throws -> [ScheduleParser.Election] {
        // snippet: before-call
        let (data, _) = try await URLSession.shared.data(from: url)
        let parser = XMLParser(data: data)
        let delegate = ScheduleParser()
        parser.delegate = delegate
        guard parser.parse() else { throw parser.parserError ?? URLError(.cannotParseResponse) }
        if let message = delegate.gatewayError { throw PortalError(description: message) }
        guard delegate.resultCode == "INFO-00" else { throw PortalError(description: delegate.resultCode) }
        let elections = delegate.elections
        // end snippet
        return elections
    }

    static func after(_ url: URL) async throws -> (schedule: [(name: String, date: Date?)], elections: [After.Election]) {
        typealias Election = After.Election
        let seoul = Self.seoul
        // snippet: after-paths
        let doc = try await Document.load(from: url)
        if let message = doc["cmmMsgHeader.returnAuthMsg"].string { throw PortalError(description: message) }
        guard doc["header.resultCode"].string == "INFO-00" else { throw PortalError(description: "…") }

        var schedule: [(name: String, date: Date?)] = []
        for item in doc["body.items.item"] {                       // none, one or many alike
            schedule.append((item["sgName"].string ?? "?", item["sgVotedate"].date(format: "yyyyMMdd", timeZone: seoul)))
        }
        // end snippet
        // snippet: after-decode
        var decoder = NodeDecoder()
        decoder.dateDecodingStrategy = .formatted("yyyyMMdd", timeZone: seoul)
        let elections = try doc.decode([Election].self, at: "body.items.item", using: decoder)
        // end snippet
        return (schedule, elections)
    }

    @Test(arguments: ["schedule-many.xml", "schedule-one.xml", "schedule-none.xml"])
    func bothSidesReadTheSameElections(_ file: String) async throws {
        let routes = ["/schedule": SampleResponses.ok("elections/\(file)", contentType: "text/xml;charset=UTF-8")]
        try await LocalHTTPServer.serve(routes) { server in
            let url = server.appendingPathComponent("schedule")
            let before = try await Self.before(url)
            let after = try await Self.after(url)
            #expect(after.schedule.map(\.name) == before.map(\.name))
            #expect(after.schedule.map(\.date) == before.map(\.voteDate))
            #expect(after.elections.map(\.id) == before.map(\.id))
            #expect(after.elections.map(\.typeCode) == before.map(\.typeCode))
            #expect(after.elections.map(\.voteDate) == before.map(\.voteDate))
        }
    }

    @Test func bothSidesReportTheGatewayError() async throws {
        let routes = ["/schedule": SampleResponses.ok("elections/error-key.xml", contentType: "text/xml;charset=UTF-8")]
        try await LocalHTTPServer.serve(routes) { server in
            let url = server.appendingPathComponent("schedule")
            await #expect(throws: PortalError.self) { _ = try await Self.before(url) }
            await #expect(throws: PortalError.self) { _ = try await Self.after(url) }
        }
    }

    @Test func readmeShowsTheseSnippets() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let snippets = Snippets.extract(from: try String(contentsOfFile: #filePath, encoding: .utf8))
        #expect(snippets.count == 5)
        for (name, code) in snippets {
            #expect(text.contains(code), "snippet '\(name)' is not in \(Self.readme.lastPathComponent):\n\(code)")
        }
    }
}
