import Foundation
import Testing
import TestSupport

/// Runs each example of Examples/ as `swift run NAME` would and checks that
/// it printed the values its sample responses hold. Each example starts its
/// own server on 127.0.0.1, so these also prove that the examples work
/// offline through Document.load(from:).
@Suite("Runnable examples")
struct ExampleRunTests {
    /// Runs the example `name`; it must exit 0 and print nothing on stderr.
    static func run(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let run = try BuiltProduct(name).run(timeout: 60)
        #expect(!run.timedOut, "\(name) did not finish within 60 s", sourceLocation: sourceLocation)
        #expect(run.status == 0, "\(run)", sourceLocation: sourceLocation)
        #expect(run.stderr.isEmpty, "\(run)", sourceLocation: sourceLocation)
        return run.lines
    }

    @Test func taskLists() throws {
        let lines = try Self.run("TaskLists")
        #expect(lines.contains("token:    5c1f0e9a7d3b48e2a6f4c0d9b8e7a6f5c4d3e2b1"))
        #expect(lines.contains("user:     Mina Park (@mina, id 1048576)"))
        #expect(lines.contains("all:      Inbox, Work, Home, Due This Week, Errands, Sent"))
        #expect(lines.contains("smart:    Errands  (tag:errand) AND (status:incomplete)"))
        #expect(lines.contains("series:   7 in 3 lists"))
        #expect(lines.contains("open:     6"))
        #expect(lines.contains("done:     2"))
        #expect(lines.contains("tags:     admin, errand, home, meeting, q4, report, shopping, travel"))
        // Due this week, in date order; the completed standup and next month's flights are not.
        let due = lines.drop { !$0.hasPrefix("== due this week") }.dropFirst().prefix { !$0.isEmpty }
        #expect(due.map { String($0.prefix(10)) } == ["2026-11-23", "2026-11-24", "2026-11-26", "2026-11-27"])
        #expect(due.last == "2026-11-27  Quarterly report draft  [priority 1]  #report #q4")
        #expect(lines.contains("Quarterly report draft / Reviewers: Hana and Jun by Thursday noon."))
        #expect(lines.contains("Water the plants / (untitled): The fern likes rain water."))
    }

    @Test func electionSchedule() throws {
        let lines = try Self.run("ElectionSchedule")
        #expect(lines.contains("error: gateway error 30: SERVICE_KEY_IS_NOT_REGISTERED_ERROR"))
        #expect(lines.contains("== all elections: 10 of 10"))
        #expect(lines.contains("2018-06-13  제7회 전국동시지방선거  (type 0)"))
        // One item reads, and decodes, as a list of one; none as a list of none.
        #expect(lines.contains("== 2025 (one item): 1 of 1"))
        #expect(lines.contains("2025-06-03  제21대 대통령선거  (type 1)"))
        #expect(lines.contains("decoded: 1 Election value"))
        #expect(lines.contains("== 2023 (no items): 0 of 0"))
        #expect(lines.contains("decoded: 0 Election values"))
        #expect(lines.contains("latest main entry: 제22대 국회의원선거, id 20240410, voted 2024-04-10"))
    }

    @Test func theaterPages() throws {
        let lines = try Self.run("TheaterPages")
        #expect(lines.contains("== 14 theaters in 4 pages of 4"))
        #expect(lines.contains("page 1: 4 theaters: 씨네마루 동성로 1관, 씨네마루 동성로 2관, 별빛극장, 달구벌 시네마 수성점"))
        // The broken page is reported where it broke (line 3, the 53rd
        // character: Korean letters count one each) and costs only its records.
        #expect(lines.contains("page 3: cannot read it (invalidSyntax at line 3, column 53):"))
        #expect(lines.contains("3:53: expected ',' or '}' after an object member, found '\"'"))
        // The offending line with a caret under the missing comma (Korean
        // letters are two columns wide on a terminal, so the caret is at 69).
        let snippet = try #require(lines.firstIndex { $0.hasPrefix("   3 | ") })
        #expect(lines[snippet].contains(#""연락처":"053-626-0250" "소재지"#))
        #expect(lines[snippet + 1] == "     | " + String(repeating: " ", count: 68) + "^")
        #expect(lines.contains("page 4: 2 theaters: 동대구 메가스크린, 팔공 시네마"))
        #expect(lines.contains("== read 10 of 14"))
        #expect(lines.contains("missing: records 9–12 (page 3); fetch that page again later"))
        let nearest = lines.drop { $0 != "== nearest to Daegu Station" }.dropFirst()
        #expect(nearest.first == "0.1 km  대구역 씨네큐브  대구광역시 북구 태평로 161  ☎ 053-354-0188")
    }

    @Test func restPosts() throws {
        let lines = try Self.run("RESTPosts")
        #expect(lines.contains("== 8 posts by 3 users, 11 comments"))
        let ervin = lines.drop { $0 != "Ervin Haddad (@ervin):" }.dropFirst().prefix { $0.hasPrefix("  - ") }
        #expect(Array(ervin) == ["  - Why our build got slower in March", "  - Notes from the prairie meetup"])
        #expect(lines.contains("== cities: Harrowgate, Brookfield"))
        #expect(lines.contains("companies in Harrowgate: Northwind Ferries, Harbor Letters"))
        #expect(lines.contains("4  Why our build got slower in March"))
        #expect(lines.contains("0  Letters I never sent"))
        #expect(lines.contains("distinct commenters: 10"))
        #expect(lines.contains("== decoded: 3 User, 8 Post"))
        #expect(lines.contains(
            "@leona: Harrowgate 40112 (53.9921, -1.5418), Northwind Ferries: \"On time, most of the time\", 3 posts"))
        // PATCH: only the `completed` line differs from the fetched todo,
        // and the server stored what was sent.
        let patch = lines.drop { !$0.hasPrefix("== PATCH /todos/5") }
        #expect(Array(patch.prefix(4)) == [
            "== PATCH /todos/5: 1 of 9 lines changed, 183 → 182 bytes",
            "-     \"completed\": false,",
            "+     \"completed\": true,",
            "stored: completed true, tags blog, meetup",
        ])
        // POST: a document built by the editor, members in the order set.
        #expect(lines.contains(
            #"== POST /posts: {"user_id":3,"title":"Letters I finally sent","body":"Two of them, both \"overdue\".","tags":["letters","post"]}"#))
        #expect(lines.contains("stored: Letters I finally sent by user 3"))
    }

    @Test func movieCharts() throws {
        let lines = try Self.run("MovieCharts")
        #expect(lines.contains("KOFIC: 5 titles from boxOfficeResult.dailyBoxOfficeList"))
        #expect(lines.contains("Kakao: 4 titles from documents"))
        // Both TMDB pages were read.
        #expect(lines.contains("TMDB: 5 titles from results"))
        #expect(lines.contains("2026-11-05  2026-11-05  2026-11-05  한강의 밤"))
        #expect(lines.contains("2026-10-22  —           2026-10-22  별빛 우체국"))
        #expect(lines.contains("—           —           2026-10-29  등대지기의 딸"))
        #expect(lines.contains("in all three: 한강의 밤, 고양이 탐정, 마지막 정류장"))
        #expect(lines.contains("audience that day: 305138"))
        #expect(lines.contains("most seen so far: 여름의 끝에서, 2310440 viewers since 2026-10-01"))
        #expect(lines.contains("new this week: 마지막 정류장"))
    }

    @Test func configFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ConfigFilesTest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try BuiltProduct("ConfigFiles").run([folder.path], timeout: 60)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
        let lines = run.lines
        #expect(lines.contains("== pom.xml: 4 edits, 3 lines out, 4 in, 46 of 49 kept byte for byte"))
        #expect(lines.contains("+  14   <packaging>jar</packaging>"))
        #expect(lines.contains("+  15   <version>1.5.0</version> <!-- bumped by the release script -->"))
        #expect(lines.contains("== settings.json: 4 edits, 4 lines out, 4 in, 12 of 16 kept byte for byte"))
        #expect(lines.contains("-   3     \"editor.rulers\": [80, 100],"))

        let samples = SharedData.packageRoot.appendingPathComponent("Examples/ConfigFiles/samples")
        func text(_ url: URL) throws -> String { String(decoding: try Data(contentsOf: url), as: UTF8.self) }

        // pom.xml: exactly these lines changed; every other byte, the
        // declaration, the comments and the four-line root tag included, is
        // the sample's.
        let pomBefore = try text(samples.appendingPathComponent("pom.xml"))
        let pomAfter = try text(folder.appendingPathComponent("pom.xml"))
        let expectedPom = pomBefore
            .replacingOccurrences(
                of: "  <version>1.4.2-SNAPSHOT</version>",
                with: "  <packaging>jar</packaging>\n  <version>1.5.0</version>")
            .replacingOccurrences(of: "<version>2.15.2</version>", with: "<version>2.17.1</version>")
            .replacingOccurrences(of: "<skipTests>true</skipTests>", with: "<skipTests>false</skipTests>")
        #expect(pomAfter == expectedPom)
        #expect(pomAfter.contains("""
            <project xmlns="http://maven.apache.org/POM/4.0.0"
                     xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                     xsi:schemaLocation="http://maven.apache.org/POM/4.0.0
                                         https://maven.apache.org/xsd/maven-4.0.0.xsd">
            """))

        // settings.json: the same, with four-space indentation for the new member.
        let settingsBefore = try text(samples.appendingPathComponent("settings.json"))
        let settingsAfter = try text(folder.appendingPathComponent("settings.json"))
        let expectedSettings = settingsBefore
            .replacingOccurrences(of: "\"editor.fontSize\": 13,", with: "\"editor.fontSize\": 14,")
            .replacingOccurrences(of: "    \"editor.rulers\": [80, 100],\n", with: "")
            .replacingOccurrences(
                of: "        \"**/target\": true\n",
                with: "        \"**/target\": true,\n        \"**/node_modules\": true\n")
            .replacingOccurrences(of: "\"telemetry.telemetryLevel\": \"all\"", with: "\"telemetry.telemetryLevel\": \"off\"")
        #expect(settingsAfter == expectedSettings)
        #expect(settingsAfter != settingsBefore)

        // The samples themselves were not edited.
        #expect(try text(samples.appendingPathComponent("pom.xml")).contains("<version>1.4.2-SNAPSHOT</version>"))
    }
}

