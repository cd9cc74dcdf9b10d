import Foundation
import Testing
import TestSupport

/// Where documents come from: standard input, files, several files, URLs,
/// legacy encodings.
@Suite("Inputs")
struct InputTests {
    private let rsp = "Examples/documents/rsp.xml"
    private let lists = "Examples/documents/lists.xml"
    private let theatersEUCKR = "Examples/documents/theaters-euckr.json"

    private func bytes(_ example: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Docq.packageRoot.appendingPathComponent(example)))
    }

    @Test("no FILE reads standard input")
    func standardInput() throws {
        let run = try Docq.run(["auth.user.username"], stdin: try bytes(rsp))
        #expect(run.lines == ["bob"], "\(run)")
    }

    @Test("- reads standard input, also among files, labelled (standard input)")
    func dash() throws {
        let run = try Docq.run(["stat", lists, "-"], stdin: try bytes(rsp))
        #expect(run.lines == ["\(lists):ok", "(standard input):ok"], "\(run)")
    }

    @Test("several files: FILE: prefixes, like grep")
    func severalFiles() throws {
        let run = try Docq.run(["lists.list.name", lists, rsp, lists])
        #expect(run.status == 0)
        #expect(run.lines == [
            "\(lists):Inbox", "\(lists):High Priority", "\(lists):Personal",
            "\(lists):Inbox", "\(lists):High Priority", "\(lists):Personal",
        ], "\(run)")
    }

    @Test("--no-filename drops the prefixes")
    func noFilename() throws {
        let run = try Docq.run(["--no-filename", "stat", lists, rsp])
        #expect(run.lines == ["ok", "ok"], "\(run)")
    }

    @Test("several files with -j: one array per file, never prefixed, so the output is JSON Lines")
    func severalJSON() throws {
        let run = try Docq.run(["-j", "stat", lists, rsp])
        #expect(run.lines == [#"["ok"]"#, #"["ok"]"#], "\(run)")
    }

    @Test("-H names the file: a prefix on text lines, an object around each -j array")
    func withFilename() throws {
        let text = try Docq.run(["-H", "stat", lists])
        #expect(text.lines == ["\(lists):ok"], "\(text)")
        let json = try Docq.run(["-H", "-j", "stat", lists, rsp])
        #expect(json.lines == [#"{"file":"\#(lists)","values":["ok"]}"#, #"{"file":"\#(rsp)","values":["ok"]}"#], "\(json)")
        for line in json.lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["values"] is [Any], "\(line)")
        }
    }

    @Test("several files, no match anywhere: exit 1 with an explanation per file")
    func severalNoMatch() throws {
        let run = try Docq.run(["nothing", lists, rsp])
        #expect(run.status == 1)
        #expect(run.stderr.contains(lists) && run.stderr.contains(rsp), "\(run)")
    }

    @Test("EUC-KR JSON with --encoding")
    func eucKR() throws {
        let run = try Docq.run(["-e", "EUC-KR", "[0].상영관명", theatersEUCKR])
        #expect(run.lines == ["MMC 만경관 1관"], "\(run)")
        let long = try Docq.run(["--encoding", "euc-kr", "주소", theatersEUCKR])
        #expect(long.lines.count == 3 && long.lines.allSatisfy { $0.hasPrefix("대구광역시") }, "\(long)")
    }

    @Test("EUC-KR JSON without --encoding fails with a hint")
    func eucKRWithoutOption() throws {
        let run = try Docq.run(["[0].상영관명", theatersEUCKR])
        #expect(run.status == 4, "\(run)")
        #expect(run.stderr.contains(theatersEUCKR), "\(run)")
        #expect(run.stderr.lowercased().contains("encoding"), "\(run)")
    }

    @Test("http URLs from a server on 127.0.0.1, charset from Content-Type")
    func http() async throws {
        let routes: [String: CannedResponse] = [
            "/rsp.xml": .ok(contentType: "application/xml", body: try bytes(rsp)),
            "/theaters": .ok(contentType: "application/json; charset=EUC-KR", body: try bytes(theatersEUCKR)),
        ]
        try await LocalHTTPServer.serve(routes) { base in
            let xml = try Docq.run(["auth.user.username", base.appendingPathComponent("rsp.xml").absoluteString])
            #expect(xml.lines == ["bob"], "\(xml)")

            let theaters = try Docq.run(["[2].상영관명", base.absoluteString + "/theaters"])
            #expect(theaters.lines == ["동성아트홀"], "\(theaters)")

            let missing = base.absoluteString + "/missing"
            let notFound = try Docq.run(["a", missing])
            #expect(notFound.status == 2, "\(notFound)")
            #expect(notFound.stderr.contains("404"), "\(notFound)")

            let mixed = try Docq.run(["stat", base.absoluteString + "/rsp.xml", lists])
            #expect(mixed.lines == ["\(base.absoluteString)/rsp.xml:ok", "\(lists):ok"], "\(mixed)")
        }
    }

    @Test("a large input shows a progress bar on a terminal, and nothing on a pipe")
    func progress() throws {
        // The bar needs a terminal on stderr and 50 MB; DOCQ_FORCE_PROGRESS
        // shows it on this small file so the drawing itself is tested.
        let forced = try Docq.run(["stat", lists], environment: ["DOCQ_FORCE_PROGRESS": "1"])
        #expect(forced.lines == ["ok"])
        #expect(forced.stderr.contains("reading \(lists)"), "\(forced)")
        #expect(forced.stderr.hasSuffix("\r\u{1B}[2K"), "the bar erases its line: \(forced)")

        let piped = try Docq.run(["stat", lists])
        #expect(piped.stderr.isEmpty, "\(piped)")
    }
}
