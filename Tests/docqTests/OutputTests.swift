import Foundation
import Testing

/// One command line and the exact lines it must print.
struct OutputCase: Sendable, CustomTestStringConvertible {
    var id: String
    var arguments: [String]
    var expected: [String]
    var status: Int32 = 0
    var testDescription: String { id }
}

private let rsp = "Examples/documents/rsp.xml"
private let lists = "Examples/documents/lists.xml"
private let schedule = "Examples/documents/schedule.xml"
private let scheduleOne = "Examples/documents/schedule-one.xml"
private let quote = "Examples/documents/quote.xml"
private let feed = "Examples/documents/feed.xml"
private let theaters = "Examples/documents/theaters.json"
private let tasks = "Examples/documents/tasks.json"

/// The default output rules, on the shipped example documents.
@Suite("Default output")
struct DefaultOutputTests {
    static let cases: [OutputCase] = [
        OutputCase(id: "attribute reached like a key", arguments: ["auth.user.username", rsp], expected: ["bob"]),
        OutputCase(id: "root attribute", arguments: ["stat", rsp], expected: ["ok"]),
        OutputCase(id: "text-only element prints its text", arguments: ["auth.token", rsp],
                   expected: ["6410bde19b6dfb474fec71f186bc715831ea6842"]),
        OutputCase(id: "_string", arguments: ["auth.token._string", rsp],
                   expected: ["6410bde19b6dfb474fec71f186bc715831ea6842"]),
        OutputCase(id: "element with attributes only is compact JSON", arguments: ["auth.user", rsp],
                   expected: [#"{"id":"987654321","username":"bob","fullname":"Bob T. Monkey"}"#]),
        OutputCase(id: "several matches, one per line", arguments: ["lists.list.name", lists],
                   expected: ["Inbox", "High Priority", "Personal"]),
        OutputCase(id: "_contents then a key", arguments: ["lists._contents.name", lists],
                   expected: ["Inbox", "High Priority", "Personal"]),
        OutputCase(id: "@count", arguments: ["lists._contents.@count", lists], expected: ["3"]),
        OutputCase(id: "filter", arguments: ["lists.list[?smart == 1].name", lists], expected: ["High Priority"]),
        OutputCase(id: "public-data header", arguments: ["header.resultCode", schedule], expected: ["INFO-00"]),
        OutputCase(id: "fifty items", arguments: ["body.items.item.sgName", schedule],
                   expected: ["제22대 국회의원선거", "제21대 대통령선거", "제9회 전국동시지방선거"]),
        OutputCase(id: "one item", arguments: ["body.items.item.sgName", scheduleOne], expected: ["제22대 국회의원선거"]),
        OutputCase(id: "text element with an attribute prints its text",
                   arguments: ["Body.GetQuoteResponse.Quote.Price", quote], expected: ["189.97"]),
        OutputCase(id: "its attribute", arguments: ["Body.GetQuoteResponse.Quote.Price.currency", quote], expected: ["USD"]),
        OutputCase(id: "Atom with a default namespace", arguments: ["entry.title", feed],
                   expected: ["Atom-Powered Robots Run Amok", "Robots Sighted in Town"]),
        OutputCase(id: "Korean key", arguments: ["[0].상영관명", theaters], expected: ["MMC 만경관 1관"]),
        OutputCase(id: "Korean key on every element", arguments: ["상영관명", theaters],
                   expected: ["MMC 만경관 1관", "MMC 만경관 2관", "동성아트홀"]),
        OutputCase(id: "number as written", arguments: ["[0]._id", theaters], expected: ["1.0"]),
        OutputCase(id: "number as written 2", arguments: ["[0].위도", theaters], expected: ["35.8709275"]),
        OutputCase(id: "JSON path into arrays", arguments: ["tasks.list[0].taskseries[1].name", tasks], expected: ["Call Mom"]),
        OutputCase(id: "JSON array is compact JSON", arguments: ["tasks.list[0].taskseries[0].tags", tasks],
                   expected: [#"["shopping"]"#]),
        OutputCase(id: "JSON object is compact JSON", arguments: ["tasks.list[0].taskseries[1].task", tasks],
                   expected: [#"{"due":"2024-03-03T00:00:00Z","priority":"1","completed":""}"#]),
        OutputCase(id: ". is the whole XML document", arguments: [".", rsp],
                   expected: [#"{"stat":"ok","auth":{"token":"6410bde19b6dfb474fec71f186bc715831ea6842","perms":"delete","user":{"id":"987654321","username":"bob","fullname":"Bob T. Monkey"}}}"#]),
        OutputCase(id: ". is the whole JSON document, compact, UTF-8", arguments: [".", theaters],
                   expected: [#"[{"_id":1.0,"상영관명":"MMC 만경관 1관","주소":"대구광역시 중구 국채보상로 537","좌석수":312,"위도":35.8709275,"경도":128.5923611},{"_id":2.0,"상영관명":"MMC 만경관 2관","주소":"대구광역시 중구 국채보상로 537","좌석수":156,"위도":35.8709275,"경도":128.5923611},{"_id":3.0,"상영관명":"동성아트홀","주소":"대구광역시 중구 동덕로 36","좌석수":98,"위도":35.8622781,"경도":128.6046512}]"#]),
        OutputCase(id: "-1 prints the first value", arguments: ["-1", "lists.list.name", lists], expected: ["Inbox"]),
        OutputCase(id: "--first", arguments: ["--first", "상영관명", theaters], expected: ["MMC 만경관 1관"]),
    ]

    @Test(arguments: cases)
    func prints(_ example: OutputCase) throws {
        let run = try Docq.run(example.arguments)
        #expect(run.lines == example.expected, "\(run)")
        #expect(run.status == example.status, "\(run)")
    }

    @Test("JSON scalars: strings raw, numbers exactly as written, booleans, null")
    func scalars() throws {
        let json = #"{"t": true, "f": false, "n": null, "huge": 1e400, "long": 12345678901234567890, "neg": -0.50, "s": "two\nlines", "q": "say \"hi\"", "k": "한글"}"#
        let stdin = Array(json.utf8)
        let table: [(String, [String])] = [
            ("t", ["true"]), ("f", ["false"]), ("n", ["null"]), ("huge", ["1e400"]),
            ("long", ["12345678901234567890"]), ("neg", ["-0.50"]), ("s", ["two", "lines"]),
            ("q", [#"say "hi""#]), ("k", ["한글"]),
        ]
        for (path, expected) in table {
            let run = try Docq.run([path], stdin: stdin)
            #expect(run.lines == expected, "\(path): \(run)")
            #expect(run.status == 0)
        }
    }
}

/// `-j/--json`, `--pretty`.
@Suite("JSON output")
struct JSONOutputTests {
    static let cases: [OutputCase] = [
        OutputCase(id: "several values", arguments: ["-j", "lists.list.name", lists],
                   expected: [#"["Inbox","High Priority","Personal"]"#]),
        OutputCase(id: "one value is still an array", arguments: ["--json", "auth.user.username", rsp], expected: [#"["bob"]"#]),
        OutputCase(id: "one item", arguments: ["-j", "body.items.item.sgName", scheduleOne], expected: [#"["제22대 국회의원선거"]"#]),
        OutputCase(id: "numbers stay numbers", arguments: ["-j", "좌석수", theaters], expected: ["[312,156,98]"]),
        OutputCase(id: "computed count", arguments: ["-j", "lists._contents.@count", lists], expected: ["[3]"]),
        OutputCase(id: "an element with attributes keeps them: the library's XML mapping",
                   arguments: ["-j", "Body.GetQuoteResponse.Quote.Price", quote],
                   expected: [#"[{"currency":"USD","_string":"189.97"}]"#]),
        OutputCase(id: "containers", arguments: ["-j", "auth.user", rsp],
                   expected: [#"[{"id":"987654321","username":"bob","fullname":"Bob T. Monkey"}]"#]),
        OutputCase(id: "no match is an empty array", arguments: ["-j", "auth.nothing", rsp], expected: ["[]"], status: 1),
        OutputCase(id: "pretty array", arguments: ["-j", "--pretty", "tasks.list[0].taskseries[1].task", tasks], expected: [
            "[",
            "  {",
            #"    "due": "2024-03-03T00:00:00Z","#,
            #"    "priority": "1","#,
            #"    "completed": """#,
            "  }",
            "]",
        ]),
        OutputCase(id: "pretty scalars", arguments: ["-j", "--pretty", "lists.list.name", lists], expected: [
            "[", #"  "Inbox","#, #"  "High Priority","#, #"  "Personal""#, "]",
        ]),
        OutputCase(id: "first", arguments: ["-j", "-1", "lists.list.name", lists], expected: [#"["Inbox"]"#]),
    ]

    @Test(arguments: cases)
    func prints(_ example: OutputCase) throws {
        let run = try Docq.run(example.arguments)
        #expect(run.lines == example.expected, "\(run)")
        #expect(run.status == example.status, "\(run)")
    }

    @Test("every -j output parses as a JSON array")
    func parsesAsJSON() throws {
        for example in Self.cases {
            let run = try Docq.run(example.arguments)
            let value = try JSONSerialization.jsonObject(with: Data(run.stdoutBytes), options: [.fragmentsAllowed])
            #expect(value is [Any], "\(example.id): \(run.stdout)")
        }
    }
}

/// `-p/--paths`.
@Suite("Paths output")
struct PathsOutputTests {
    static let cases: [OutputCase] = [
        OutputCase(id: "a value with its path", arguments: ["-p", "tasks.list[0].taskseries[1].name", tasks],
                   expected: ["tasks.list[0].taskseries[1].name\tCall Mom"]),
        OutputCase(id: "several", arguments: ["--paths", "lists.list.name", lists],
                   expected: ["lists.list[0].name\tInbox", "lists.list[1].name\tHigh Priority", "lists.list[2].name\tPersonal"]),
        OutputCase(id: "every leaf of an XML document", arguments: ["--paths", ".", rsp], expected: [
            "stat\tok",
            "auth.token\t6410bde19b6dfb474fec71f186bc715831ea6842",
            "auth.perms\tdelete",
            "auth.user.id\t987654321",
            "auth.user.username\tbob",
            "auth.user.fullname\tBob T. Monkey",
        ]),
        OutputCase(id: "every leaf of a JSON document", arguments: ["--paths", ".", tasks], expected: [
            "stat\tok",
            "tasks.rev\t8f3a6d0e2c",
            "tasks.list[0].id\t100653",
            "tasks.list[0].taskseries[0].id\t2100001",
            "tasks.list[0].taskseries[0].created\t2024-03-01T09:00:00Z",
            "tasks.list[0].taskseries[0].name\tGet Bananas",
            "tasks.list[0].taskseries[0].tags[0]\tshopping",
            "tasks.list[0].taskseries[0].task.due\t",
            "tasks.list[0].taskseries[0].task.priority\tN",
            "tasks.list[0].taskseries[0].task.completed\t",
            "tasks.list[0].taskseries[1].id\t2100002",
            "tasks.list[0].taskseries[1].created\t2024-03-02T18:30:00Z",
            "tasks.list[0].taskseries[1].name\tCall Mom",
            "tasks.list[0].taskseries[1].tags\t[]",
            "tasks.list[0].taskseries[1].task.due\t2024-03-03T00:00:00Z",
            "tasks.list[0].taskseries[1].task.priority\t1",
            "tasks.list[0].taskseries[1].task.completed\t",
        ]),
        OutputCase(id: "a container is listed leaf by leaf", arguments: ["-p", "lists.list[1]", lists], expected: [
            "lists.list[1].id\t387549",
            "lists.list[1].name\tHigh Priority",
            "lists.list[1].deleted\t0",
            "lists.list[1].locked\t0",
            "lists.list[1].archived\t0",
            "lists.list[1].position\t0",
            "lists.list[1].smart\t1",
            "lists.list[1].filter\t(priority:1)",
        ]),
        OutputCase(id: "text element with an attribute; names as written", arguments: ["-p", "Body.GetQuoteResponse.Quote", quote],
                   expected: [
            "soap:Body.m:GetQuoteResponse.m:Quote.m:Symbol\tAAPL",
            "soap:Body.m:GetQuoteResponse.m:Quote.m:Price.currency\tUSD",
            "soap:Body.m:GetQuoteResponse.m:Quote.m:Price\t189.97",
            "soap:Body.m:GetQuoteResponse.m:Quote.m:Volume\t52164300",
        ]),
    ]

    @Test(arguments: cases)
    func prints(_ example: OutputCase) throws {
        let run = try Docq.run(example.arguments)
        #expect(run.lines == example.expected, "\(run)")
        #expect(run.status == example.status, "\(run)")
    }

    @Test("values with tabs and line breaks stay on one line")
    func escapes() throws {
        let run = try Docq.run(["--paths", "."], stdin: Array(#"{"a": "x\ty\nz", "b\\c": "\\"}"#.utf8))
        #expect(run.lines == ["a\t" + #"x\ty\nz"#, #""b\\c""# + "\t" + #"\\"#], "\(run)")
    }

    @Test("grep finds the path to a value you can see", arguments: [rsp, lists, schedule, quote, feed, theaters, tasks])
    func everyLeafPathReachesItsValue(_ document: String) throws {
        let listing = try Docq.run(["--paths", ".", document])
        #expect(listing.status == 0, "\(listing)")
        #expect(!listing.lines.isEmpty)
        for line in listing.lines {
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            try #require(parts.count == 2, "not path<TAB>value: \(line)")
            let path = String(parts[0])
            let value = String(parts[1])
            let run = try Docq.run(["--paths", path, document])
            #expect(run.lines.contains("\(path)\t\(value)"), "\(path) in \(document) does not reach \(value): \(run)")
        }
    }
}
