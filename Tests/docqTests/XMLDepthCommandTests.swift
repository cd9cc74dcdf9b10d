import Foundation
import Testing

/// docq reads XML to the same depth, `LoadOptions.maxDepth` (10,000), and
/// fails past it with the same message, whether the document is a file
/// argument or standard input, queried or edited, streamed or not.
@Suite struct XMLDepthCommandTests {
    /// `<d>…<v>x</v>…</d>`: `depth` elements nested, `v` the innermost.
    static func nested(_ depth: Int) -> [UInt8] {
        Array((String(repeating: "<d>", count: depth - 1) + "<v>x</v>" + String(repeating: "</d>", count: depth - 1) + "\n").utf8)
    }

    /// The path to the innermost element of ``nested(_:)``.
    static func innermost(_ depth: Int) -> String {
        (Array(repeating: "d", count: depth - 2) + ["v"]).joined(separator: ".")
    }

    /// Every way docq reads a document: each command on a file and on stdin.
    static func runs(_ depth: Int) throws -> [(String, Docq.Run)] {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("deep.xml")
        let bytes = nested(depth)
        try Data(bytes).write(to: file)
        let path = innermost(depth)
        let commands = [[path], ["set", path, "y"], ["set", "--stream", path, "y"]]
        return try commands.flatMap { command in
            [("\(command.prefix(2)) FILE", try Docq.run(command + [file.path])),
             ("\(command.prefix(2)) < FILE", try Docq.run(command, stdin: bytes))]
        }
    }

    @Test func threeHundredLevelsReadEveryWay() throws {
        for (way, run) in try Self.runs(300) {
            #expect(run.status == 0, "\(way): \(run)")
            #expect(run.stdout == "x\n" || run.stdout.contains("<v>y</v>"), "\(way): \(run.stdout.prefix(80))")
        }
    }

    @Test func pastMaxDepthFailsAlikeEveryWay() throws {
        for (way, run) in try Self.runs(10_001) {
            #expect(run.status == 4, "\(way): \(run)")
            #expect(run.stderr.contains(":1:30003: elements are nested deeper than 10000 levels (see LoadOptions.maxDepth)"),
                    "\(way): \(run.stderr.prefix(200))")
        }
    }
}
