import DocQuery
import DocQueryNetworking
import Foundation
import Testing
import TestSupport

/// The Swift lines of README.md's "A 30-second tour", on the shipped
/// documents and on one theater page served as the tour's API would serve it.
@Suite struct ReadmeTourTests {
    @Test func xmlLines() throws {
        let lists = try Document(contentsOf: SharedData.packageRoot.appendingPathComponent("Examples/documents/lists.xml"))
        #expect(lists["lists.list.name"].strings == ["Inbox", "High Priority", "Personal"])
        #expect(lists["lists.list[?smart == 1].filter"].string == "(priority:1)")
    }

    @Test func jsonLines() async throws {
        let routes = ["/theaters?s_page=1": SampleResponses.ok("theaters/page-1.json", contentType: "application/json; charset=EUC-KR")]
        try await LocalHTTPServer.serve(routes) { server in
            let page = try await Document.load(from: URL(string: "\(server)/theaters?s_page=1")!)
            #expect(page["data.상영관명"].strings == ["씨네마루 동성로 1관", "씨네마루 동성로 2관", "별빛극장", "달구벌 시네마 수성점"])
            #expect(page["total_count"].int == 14)
        }
    }

    /// The tour's Swift lines are still in the README.
    @Test func readmeHoldsTheTour() throws {
        let readme = try String(contentsOf: SharedData.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for line in [
            #"lists["lists.list.name"].strings               // ["Inbox", "High Priority", "Personal"]"#,
            #"lists["lists.list[?smart == 1].filter"].string // "(priority:1)""#,
            #"page["data.상영관명"].strings                    // every theater's name on the page"#,
            #"page["total_count"].int                        // numbers sent as text read as numbers"#,
        ] {
            #expect(readme.contains(line), "README.md lost the tour line \(line)")
        }
    }
}
