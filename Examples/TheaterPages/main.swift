// TheaterPages: a paged list of movie theaters served as EUC-KR JSON with
// Korean keys, in the style of a Korean city's open-data API.
//
//   swift run TheaterPages
//
// The server says `Content-Type: application/json; charset=EUC-KR`, and
// Document.load(from:) honours it: the Korean keys (상영관명, 연락처,
// 소재지도로명주소, 위도, 경도) are ordinary keys in the paths. The list comes
// in pages (s_page, s_list); the first page says how many records there are,
// so every page is fetched. Page 3 is broken (the server's template dropped
// a comma): it is reported with its line and column, the other pages are
// read in full, and the report says exactly which records are missing.
// Last, the nearest theaters to Daegu Station.

import DocQuery
import DocQueryNetworking
import ExampleSupport
import Foundation

let pageSize = 4
let json = "application/json; charset=EUC-KR"
var routes: [String: CannedResponse] = [:]
for page in 1...4 {
    routes["/api/theaters?s_page=\(page)&s_list=\(pageSize)"] = SampleResponses.ok("theaters/page-\(page).json", contentType: json)
}

/// One theater, read by path from its record.
struct Theater {
    let number: Int
    let name: String
    let phone: String
    let address: String
    let latitude: Double
    let longitude: Double

    init?(_ record: Match) {
        guard let number = record["연번"].int, let name = record["상영관명"].string,
              let latitude = record["위도"].double, let longitude = record["경도"].double
        else { return nil }
        self.number = number
        self.name = name
        self.phone = record["연락처"].string ?? ""
        self.address = record["소재지도로명주소"].string ?? ""
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The great-circle distance in kilometres (haversine).
    func kilometres(toLatitude latitude: Double, longitude: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (latitude - self.latitude) * radians
        let dLon = (longitude - self.longitude) * radians
        let a = sin(dLat / 2) * sin(dLat / 2)
            + cos(self.latitude * radians) * cos(latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 6371 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}

try await LocalHTTPServer.serve(routes) { server in
    func pageURL(_ page: Int) -> URL {
        URL(string: "\(server)/api/theaters?s_page=\(page)&s_list=\(pageSize)")!
    }

    // The first page says how many records there are in all.
    let first = try await Document.load(from: pageURL(1))
    let total = first["total_count"].int ?? 0
    let pages = (total + pageSize - 1) / pageSize
    print("== \(total) theaters in \(pages) pages of \(pageSize)")

    var theaters: [Theater] = []
    var missing: [(page: Int, numbers: ClosedRange<Int>)] = []
    for page in 1...pages {
        var doc = first
        do {
            if page > 1 { doc = try await Document.load(from: pageURL(page)) }
        } catch let error as LoadError {
            // A broken page costs its own records and nothing else. The error
            // says where the JSON broke (line and column, counted in
            // characters), shows the line and puts a caret under the spot.
            let numbers = ((page - 1) * pageSize + 1)...min(page * pageSize, total)
            missing.append((page, numbers))
            let place = error.location.map { "line \($0.line), column \($0.column)" } ?? "somewhere"
            print("page \(page): cannot read it (\(error.kind) at \(place)):")
            print(error)
            continue
        }
        let records = doc["data"]   // a JSON array: the result is its elements
        theaters += records.compactMap(Theater.init)
        print("page \(page): \(records.count) theaters: \(doc["data.상영관명"].strings.joined(separator: ", "))")
    }

    print("\n== read \(theaters.count) of \(total)")
    for gap in missing {
        print("missing: records \(gap.numbers.lowerBound)–\(gap.numbers.upperBound) (page \(gap.page)); fetch that page again later")
    }

    // Nearest to Daegu Station (35.8795 N, 128.5962 E).
    let here = (latitude: 35.8795, longitude: 128.5962)
    print("\n== nearest to Daegu Station")
    let nearest = theaters
        .map { ($0, $0.kilometres(toLatitude: here.latitude, longitude: here.longitude)) }
        .sorted { $0.1 < $1.1 }
        .prefix(3)
    for (theater, distance) in nearest {
        print(String(format: "%.1f km", distance) + "  \(theater.name)  \(theater.address)  ☎ \(theater.phone)")
    }
}
