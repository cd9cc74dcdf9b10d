import Foundation
import Testing

/// `docq set PATH --expr EXPR`: values computed per match (issue 30), from
/// the match, the document, `--arg`/`--argjson` and the environment; in
/// `--edits` files as `"expr"`; streamed when the expression allows.
@Suite struct ComputedEditCommandTests {
    let prices = "{\n  \"rate\": 1.1,\n  \"items\": [\n    {\"id\": 1, \"price\": 19.99},\n    {\"id\": 2, \"price\": 5}\n  ]\n}\n"

    func stdin(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func setComputesEachMatch() throws {
        let run = try Docq.run(["set", "items.price", "--expr", "@ * `1.1`"], stdin: stdin(prices))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == prices.replacingOccurrences(of: "19.99", with: "21.989").replacingOccurrences(of: "\"price\": 5}", with: "\"price\": 5.5}"))
        let fromFile = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: fromFile) }
        let file = fromFile.appendingPathComponent("p.json")
        try Data(prices.utf8).write(to: file)
        // With --expr, the first operand after the path is a file.
        let inPlace = try Docq.run(["set", "items.price", "--expr", "@ * $.rate", "-i", file.path])
        #expect(inPlace.status == 0, "\(inPlace)")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("21.989"))
    }

    @Test func argumentsAndTheEnvironmentAreReachable() throws {
        let bound = try Docq.run(["set", "--argjson", "off", "2", "items[?id == 2].price", "--expr", "@ - $off"], stdin: stdin(prices))
        #expect(bound.stdout.contains("\"price\": 3}"), "\(bound)")
        let env = try Docq.run(["set", "owner", "--expr", "$ENV.DOCQ_TEST_OWNER"], stdin: stdin(#"{"owner": null}"#),
                               environment: ["DOCQ_TEST_OWNER": "ada \"x\""])
        #expect(env.stdout == #"{"owner": "ada \"x\""}"#, "\(env)")
        let filter = try Docq.run(["items[?id == $ENV.DOCQ_TEST_ID].price"], stdin: stdin(prices), environment: ["DOCQ_TEST_ID": "2"])
        #expect(filter.stdout == "5\n", "\(filter)")
    }

    @Test func editsFilesTakeExpr() throws {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("edits.json")
        try Data(#"[{"set": "items.id", "expr": "@ + `100`"}, {"set": "rate", "value": 2}]"#.utf8).write(to: script)
        let run = try Docq.run(["set", "items.price", "--expr", "@ * $.rate", "--edits", script.path], stdin: stdin(prices))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("\"rate\": 2,") && run.stdout.contains("{\"id\": 101, \"price\": 21.989}"), "\(run)")
        try Data(#"[{"set": "rate", "value": 2, "expr": "@"}]"#.utf8).write(to: script)
        #expect(try Docq.run(["delete", "items", "--edits", script.path], stdin: stdin(prices)).status != 0)
    }

    @Test func failuresNameTheMatchAndWriteNothing() throws {
        let nothing = try Docq.run(["set", "items.price", "--expr", "missing"], stdin: stdin(prices))
        #expect(nothing.status != 0)
        #expect(nothing.stdout.isEmpty)
        #expect(nothing.stderr.contains("yields nothing (null) for the match at items[0].price"), "\(nothing)")
        let bad = try Docq.run(["set", "items.price", "--expr", "@ *"], stdin: stdin(prices))
        #expect(bad.status != 0 && bad.stderr.contains("^"), "\(bad)")
        let both = try Docq.run(["set", "items.price", "3", "--expr", "@", "--json"], stdin: stdin(prices))
        #expect(both.status != 0)
    }

    @Test func streamingFollowsTheExpression() throws {
        let streamed = try Docq.run(["set", "items.price", "--expr", "@ * `1.1`", "--stream"], stdin: stdin(prices))
        #expect(streamed.status == 0, "\(streamed)")
        #expect(streamed.stdout.contains("21.989"))
        let refused = try Docq.run(["set", "items.price", "--expr", "@ * $.rate", "--stream"], stdin: stdin(prices))
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("reads $, the whole document"), "\(refused)")
    }
}
