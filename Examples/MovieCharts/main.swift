// MovieCharts: one code path over three movie APIs, with no model types.
//
//   swift run MovieCharts
//
// A KOFIC-style daily box office (`boxOfficeResult.dailyBoxOfficeList`, every
// number sent as a string), a Kakao-style search (`documents` and `meta`) and
// a TMDB-style now-playing list (`results`, in pages). Each API is one row of
// a table: where its list is, where the title and the date are in an item,
// and where the page count is when it pages. One function reads any row; the
// results are joined by title into one table.
//
// The sample responses are in Examples/ExampleSupport/Responses/movies;
// `docq explore` on them is recorded in Examples/MovieCharts/explore.cast.

import DocQuery
import DocQueryNetworking
import ExampleSupport
import Foundation

let json = "application/json;charset=UTF-8"
let routes: [String: CannedResponse] = [
    "/kobis/searchDailyBoxOfficeList.json?targetDt=20261122": SampleResponses.ok("movies/kofic-daily.json", contentType: json),
    "/v2/search/vclip?query=trailer&size=10": SampleResponses.ok("movies/kakao-search.json", contentType: json),
    "/3/movie/now_playing?language=ko-KR&page=1": SampleResponses.ok("movies/tmdb-now-playing-1.json", contentType: json),
    "/3/movie/now_playing?language=ko-KR&page=2": SampleResponses.ok("movies/tmdb-now-playing-2.json", contentType: json),
]

/// Each API as data: the request (`{page}` is the page number), the path to
/// its list, the paths to an item's title and date, and the path to the
/// number of pages for an API that pages.
let apis: [(name: String, request: String, list: String, title: String, date: String, pages: String?)] = [
    ("KOFIC", "/kobis/searchDailyBoxOfficeList.json?targetDt=20261122", "boxOfficeResult.dailyBoxOfficeList", "movieNm", "openDt", nil),
    ("Kakao", "/v2/search/vclip?query=trailer&size=10", "documents", "title", "datetime", nil),
    ("TMDB", "/3/movie/now_playing?language=ko-KR&page={page}", "results", "title", "release_date", "total_pages"),
]

/// The one function: every (title, date) an API lists, over all its pages.
func titlesAndDates(
    from api: (name: String, request: String, list: String, title: String, date: String, pages: String?), on server: URL
) async throws -> [(title: String, date: Date?)] {
    var rows: [(title: String, date: Date?)] = []
    var page = 1
    var pageCount = 1
    repeat {
        let request = api.request.replacingOccurrences(of: "{page}", with: String(page))
        let doc = try await Document.load(from: URL(string: "\(server)\(request)")!)
        for item in doc[api.list] {   // a JSON array: the result is its elements
            rows.append((item[api.title].string ?? "?", item[api.date].date()))
        }
        if let pages = api.pages { pageCount = doc[pages].int ?? 1 }
        page += 1
    } while page <= pageCount
    return rows
}

let seoul = TimeZone(identifier: "Asia/Seoul")!
func day(_ date: Date?) -> String {
    guard let date else { return "—         " }
    var format = Date.ISO8601FormatStyle().year().month().day()
    format.timeZone = seoul
    return date.formatted(format)
}

try await LocalHTTPServer.serve(routes) { server in
    var byTitle: [String: [String: Date?]] = [:]
    var order: [String] = []
    for api in apis {
        let rows = try await titlesAndDates(from: api, on: server)
        print("\(api.name): \(rows.count) titles from \(api.list)")
        for row in rows {
            if byTitle[row.title] == nil { order.append(row.title) }
            byTitle[row.title, default: [:]][api.name] = row.date
        }
    }

    print("\n== joined by title: opening day (KOFIC), video date (Kakao), release date (TMDB)")
    print(apis.map { $0.name.padding(toLength: 10, withPad: " ", startingAt: 0) }.joined(separator: "  ") + "  title")
    for title in order {
        let dates = apis.map { api in day(byTitle[title]?[api.name] ?? nil) }
        print(dates.joined(separator: "  ") + "  " + title)
    }
    let everywhere = order.filter { title in apis.allSatisfy { byTitle[title]?[$0.name] != nil } }
    print("in all three: \(everywhere.joined(separator: ", "))")

    // KOFIC sends every number as a string; paths read them as numbers all the same.
    let kofic = try await Document.load(from: URL(string: "\(server)\(apis[0].request)")!)
    let list = kofic["boxOfficeResult.dailyBoxOfficeList"]
    print("\n== KOFIC, \(kofic["boxOfficeResult.showRange"].string ?? "?")")
    print("audience that day: \(list["@sum.audiCnt"].int ?? 0)")
    let mostSeen = list["@max.audiAcc"].int ?? 0
    let leader = list.first { $0["audiAcc"].int == mostSeen }
    print("most seen so far: \(leader?["movieNm"].string ?? "?"), \(mostSeen) viewers since \(leader?["openDt"].string ?? "?")")
    print("new this week: \(list["[?rankOldAndNew == 'NEW'].movieNm"].strings.joined(separator: ", "))")
}
