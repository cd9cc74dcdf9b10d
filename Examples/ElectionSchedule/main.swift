// ElectionSchedule: a public-data portal's XML, in the style of Korea's
// election-information API (data.go.kr, 중앙선거관리위원회 코드정보).
//
//   swift run ElectionSchedule
//
// Four calls to the schedule list: one with a key the portal does not know
// (an error response of a different shape), then three that answer with
// many items, one item and none. The same code reads all three, because a
// path matches one <item> exactly as it matches fifty; the dates come as
// 20180613 and are read as Date values; at the end the same items are
// decoded into a small Decodable struct. README.md shows the XMLParser
// delegate this replaces.

import DocQuery
import DocQueryNetworking
import ExampleSupport
import Foundation

let service = "/9760000/CommonCodeService/getCommonSgCodeList"
let xml = "text/xml;charset=UTF-8"
let routes: [String: CannedResponse] = [
    "\(service)?serviceKey=EXPIRED&pageNo=1&numOfRows=100": SampleResponses.ok("elections/error-key.xml", contentType: xml),
    "\(service)?serviceKey=DEMO&pageNo=1&numOfRows=100": SampleResponses.ok("elections/schedule-many.xml", contentType: xml),
    "\(service)?serviceKey=DEMO&pageNo=1&numOfRows=100&sgYear=2025": SampleResponses.ok("elections/schedule-one.xml", contentType: xml),
    "\(service)?serviceKey=DEMO&pageNo=1&numOfRows=100&sgYear=2023": SampleResponses.ok("elections/schedule-none.xml", contentType: xml),
]

let seoul = TimeZone(identifier: "Asia/Seoul")!
let decoder = {
    var decoder = NodeDecoder()
    decoder.dateDecodingStrategy = .formatted("yyyyMMdd", timeZone: seoul)
    return decoder
}()

/// An election as the app uses it; the API's names are mapped in CodingKeys.
struct Election: Decodable {
    let id: String
    let name: String
    let typeCode: Int
    let voteDate: Date

    enum CodingKeys: String, CodingKey {
        case id = "sgId", name = "sgName", typeCode = "sgTypecode", voteDate = "sgVotedate"
    }
}

/// What went wrong, in the portal's words.
struct PortalError: Error, CustomStringConvertible {
    let description: String
}

/// Loads one page and checks the result code before anything else: the
/// portal answers HTTP 200 both for data and for errors, and its gateway
/// errors have another root element altogether.
func schedule(_ query: String, on server: URL) async throws -> Document {
    let doc = try await Document.load(from: URL(string: "\(server)\(service)?\(query)")!)
    if let gatewayError = doc["cmmMsgHeader.returnAuthMsg"].string {
        let code = doc["cmmMsgHeader.returnReasonCode"].string ?? "?"
        throw PortalError(description: "gateway error \(code): \(gatewayError)")
    }
    guard let code = doc["header.resultCode"].string else {
        throw PortalError(description: "no result code in the response")
    }
    guard code == "INFO-00" else {
        throw PortalError(description: "\(code): \(doc["header.resultMsg"].string ?? "")")
    }
    return doc
}

func day(_ date: Date) -> String {
    var format = Date.ISO8601FormatStyle().year().month().day()
    format.timeZone = seoul
    return date.formatted(format)
}

try await LocalHTTPServer.serve(routes) { server in
    print("== a key the portal does not know")
    do {
        _ = try await schedule("serviceKey=EXPIRED&pageNo=1&numOfRows=100", on: server)
    } catch let error as PortalError {
        print("error: \(error)")
    }

    // The same lines for many, one and no items: `items.item` is always a
    // list of matches, never "an element or an array depending on the day".
    var lastMany: Document?
    for (label, query) in [
        ("all elections", "serviceKey=DEMO&pageNo=1&numOfRows=100"),
        ("2025 (one item)", "serviceKey=DEMO&pageNo=1&numOfRows=100&sgYear=2025"),
        ("2023 (no items)", "serviceKey=DEMO&pageNo=1&numOfRows=100&sgYear=2023"),
    ] {
        let doc = try await schedule(query, on: server)
        let items = doc["body.items.item"]
        print("\n== \(label): \(items.count) of \(doc["body.totalCount"].int ?? 0)")
        for item in items {
            let date = item["sgVotedate"].date(format: "yyyyMMdd", timeZone: seoul)
            print("\(date.map(day) ?? "?")  \(item["sgName"].string ?? "?")  (type \(item["sgTypecode"].int ?? -1))")
        }
        let decoded = try doc.decode([Election].self, at: "body.items.item", using: decoder)
        print("decoded: \(decoded.count) Election value\(decoded.count == 1 ? "" : "s")")
        if lastMany == nil { lastMany = doc }
    }

    // Only the main entries (type code 0), with a filter.
    guard let doc = lastMany else { return }
    print("\n== main entries: \(doc["body.items.item[?sgTypecode == 0].sgName"].strings.joined(separator: ", "))")

    // The same items as Swift values: an array decodes from many, one or no
    // <item> elements alike.
    let elections = try doc.decode([Election].self, at: "body.items.item", using: decoder)
    let next = elections.filter { $0.typeCode == 0 }.max { $0.voteDate < $1.voteDate }
    print("\n== decoded: \(elections.count) Election values")
    if let next {
        print("latest main entry: \(next.name), id \(next.id), voted \(day(next.voteDate))")
    }
}
