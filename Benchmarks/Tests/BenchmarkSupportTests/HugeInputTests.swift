import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `scripts/bench --huge`'s C executables, run as the harness runs them:
/// HugeInputGenerator's bytes and counts (every row's output is checked
/// against its count) and SAXStreamCeiling's verdicts.
///
/// Both are products of this package, built next to the test bundle by
/// `swift build --build-tests`.
@Suite struct HugeInputTests {
    struct Generated {
        let bytes: [UInt8]
        let counts: [String: Int]
    }

    static func executable(_ name: String) throws -> URL {
        let folders = CommandLine.arguments.prefix(1).map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
            + Bundle.allBundles.flatMap { [$0.bundleURL, $0.bundleURL.deletingLastPathComponent()] }
        let candidates = folders.map { $0.appendingPathComponent(name) }
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "\(name) not built next to the tests: run `swift build --build-tests --package-path Benchmarks`")
    }

    /// Runs `name` with `arguments`; returns its exit status and standard output.
    static func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = try executable(name)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    static func generate(_ kind: String, bytes: Int) throws -> Generated {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("huge-input-\(kind)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let (status, output) = try run("HugeInputGenerator", [kind, String(bytes), file.path])
        #expect(status == 0)
        let counts = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Int])
        return Generated(bytes: Array(try Data(contentsOf: file)), counts: counts)
    }

    @Test(arguments: ["jsonl", "osm", "json"])
    func sameBytesEveryTimeAndTheSizeAsked(kind: String) throws {
        let first = try Self.generate(kind, bytes: 300_000)
        let second = try Self.generate(kind, bytes: 300_000)
        #expect(first.bytes == second.bytes)
        #expect(first.counts["bytes"] == first.bytes.count)
        #expect(first.bytes.count >= 300_000)
        #expect(first.bytes.count < 300_000 + 4_096, "stops within one record, then closes the document")
        #expect(first.bytes.contains { $0 >= 0x80 }, "non-ASCII text")
    }

    @Test func jsonLinesCountsOneActorIDPerRecord() throws {
        let generated = try Self.generate("jsonl", bytes: 200_000)
        let lines = generated.bytes.split(separator: UInt8(ascii: "\n"))
        #expect(generated.bytes.last == UInt8(ascii: "\n"))
        #expect(lines.count == generated.counts["records"])
        #expect(lines.count == generated.counts["values"])
        for line in lines {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            #expect((record["actor"] as? [String: Any])?["id"] is Int)
        }
        #expect(lines.count > 100)
    }

    @Test func jsonDocumentCountsEveryItemID() throws {
        let generated = try Self.generate("json", bytes: 200_000)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(generated.bytes)) as? [String: Any])
        let items = try #require(document["items"] as? [[String: Any]])
        #expect(items.count == generated.counts["values"])
        #expect(document["count"] as? Int == items.count)
        #expect(items.compactMap { $0["id"] as? Int } == Array(1...items.count))
        #expect(items.contains { ($0["properties"] as? [String: Any])?["note"] is String }, "notes with escapes")
    }

    /// Counts the `k` of every `tag` directly inside a `node`, and the order of the root's children.
    final class OSMCounter: NSObject, XMLParserDelegate {
        var path: [String] = []
        var nodeTagKeys = 0
        var rootChildren: [String] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            if path.count == 1, rootChildren.last != name { rootChildren.append(name) }
            if name == "tag", path.last == "node", path.count == 2, attributes["k"] != nil { nodeTagKeys += 1 }
            path.append(name)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            path.removeLast()
        }
    }

    @Test func osmCountsEveryTagKeyOfEveryNode() throws {
        let generated = try Self.generate("osm", bytes: 300_000)
        let counter = OSMCounter()
        let parser = XMLParser(data: Data(generated.bytes))
        parser.delegate = counter
        #expect(parser.parse(), "well-formed")
        #expect(counter.nodeTagKeys == generated.counts["values"])
        #expect(counter.nodeTagKeys > 100)
        #expect(counter.rootChildren == ["bounds", "node", "way", "relation"], "a planet extract's order")
    }

    @Test func generatorRejectsBadArguments() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("huge-input-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Self.run("HugeInputGenerator", ["yaml", "1000", file.path]).status == 2)
        #expect(try Self.run("HugeInputGenerator", ["json", "0", file.path]).status == 2)
        #expect(try Self.run("HugeInputGenerator", ["json", "12k", file.path]).status == 2)
        #expect(try Self.run("HugeInputGenerator", ["json"]).status == 2)
    }

    @Test func saxStreamCeilingAcceptsTheDumpInSmallChunksAndRejectsACutOne() throws {
        let generated = try Self.generate("osm", bytes: 100_000)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sax-ceiling-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("whole.osm")
        let cut = folder.appendingPathComponent("cut.osm")
        try Data(generated.bytes).write(to: whole)
        try Data(generated.bytes.prefix(generated.bytes.count / 2)).write(to: cut)

        #expect(try Self.run("SAXStreamCeiling", [whole.path]).status == 0)
        #expect(try Self.run("SAXStreamCeiling", [whole.path, "4096"]).status == 0, "many chunks")
        #expect(try Self.run("SAXStreamCeiling", [cut.path, "4096"]).status == 1)
        #expect(try Self.run("SAXStreamCeiling", [folder.appendingPathComponent("missing.osm").path]).status == 1)
    }
}
