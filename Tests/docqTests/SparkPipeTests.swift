import Foundation
import Testing
import TestSupport

/// docq as Spark's record mapper for real: pyspark in local mode pipes a
/// JSON Lines file, in 4 partitions, through docq (`RDD.pipe`), the command
/// docs/docq.md's "docq as a record mapper" gives (scripts/spark-pipe.py).
///
/// It needs pyspark and Java. Where they are missing the test is reported as
/// skipped with the reason; `.ci/run` installs both and sets
/// `DOCQ_REQUIRE_SPARK=1`, which makes their absence a failure instead.
@Suite("Record mapper: Spark")
struct SparkPipeTests {
    /// Why Spark cannot run here, or `nil` when it can.
    static let missing = MissingTool.reason(
        "command -v java >/dev/null && python3 -c 'import pyspark'",
        hint: "pyspark or java is missing (pip install pyspark; apt-get install openjdk-17-jre-headless)")

    static var required: Bool { ProcessInfo.processInfo.environment["DOCQ_REQUIRE_SPARK"] == "1" }

    /// 100,000 records: names in several scripts, some nested deeper, some
    /// records without `user.name` (they print nothing), repeated names.
    static func events() -> [UInt8] {
        var text = ""
        text.reserveCapacity(8_000_000)
        for i in 0..<100_000 {
            switch i % 10 {
            case 3: text += #"{"id":\#(i),"type":"ping"}"# + "\n"
            case 6: text += #"{"id":\#(i),"user":{"name":"사용자 \#(i % 977)","lang":"ko"},"tags":[1,2]}"# + "\n"
            case 8: text += #"{"id":\#(i),"user":{"name":"u\#(i)","address":{"city":"Zürich"}}}"# + "\n"
            default: text += #"{"id":\#(i),"user":{"name":"user-\#(i % 5000)"},"ok":true}"# + "\n"
            }
        }
        return Array(text.utf8)
    }

    @Test(.enabled(if: missing == nil || required, "\(missing ?? "")"))
    func sparkPipeGivesTheSameLinesAsOneRun() throws {
        if let missing = Self.missing {
            Issue.record("DOCQ_REQUIRE_SPARK=1 but \(missing)")
            return
        }
        // The command the script runs is the docq guide's, word for word.
        let readme = try String(contentsOf: Docq.packageRoot.appendingPathComponent("docs/docq.md"), encoding: .utf8)
        let command = #"sc.textFile("events.jsonl", 4).pipe("docq -P 1 user.name").saveAsTextFile("names")"#
        #expect(readme.contains(command))
        let scriptText = try String(contentsOf: Docq.packageRoot.appendingPathComponent("scripts/spark-pipe.py"), encoding: .utf8)
        #expect(scriptText.contains("# docs/docq.md: " + command))
        #expect(scriptText.contains("sc.textFile(events, 4)"))

        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("events.jsonl")
        try Data(Self.events()).write(to: input)
        let names = folder.appendingPathComponent("names")

        let one = try Docq.run(["-P", "1", "user.name", input.path])
        #expect(one.status == 0)
        #expect(one.lines.count == 90_000)

        let spark = Process()
        spark.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = Docq.packageRoot.appendingPathComponent("scripts/spark-pipe.py").path
        spark.arguments = ["python3", script, input.path, names.path, Docq.binary.path, "user.name"]
        let output = Pipe()
        let errors = Pipe()
        spark.standardOutput = output
        spark.standardError = errors
        try spark.run()
        // Spark's own log goes to stderr; read both so neither pipe fills.
        let errorText = Locked<Data>(Data())
        let drained = onOwnThread { errorText.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        spark.waitUntilExit()
        drained.wait()
        let log = String(decoding: errorText.get(), as: UTF8.self)
        try #require(spark.terminationStatus == 0, "spark-pipe.py failed:\n\(log.suffix(4000))")
        #expect(Int(printed.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 >= 4, "partitions: \(printed)")

        var lines: [String] = []
        let parts = try FileManager.default.contentsOfDirectory(atPath: names.path).filter { $0.hasPrefix("part-") }
        #expect(parts.count >= 4)
        for part in parts {
            let text = try String(contentsOf: names.appendingPathComponent(part), encoding: .utf8)
            lines += text.split(separator: "\n").map(String.init)
        }
        #expect(lines.count == one.lines.count)
        #expect(lines.sorted() == one.lines.sorted())
    }
}
