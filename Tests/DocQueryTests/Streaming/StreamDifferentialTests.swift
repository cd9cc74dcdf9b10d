import DocQuery
import Foundation
import TestSupport
import Testing

/// Streamed results equal in-memory results, path by path, over the bench
/// corpus and the example documents. Paths come from each document's own
/// structure: key paths of depth 1–4, with `*`, indexes, filters (some
/// followed by an index or slice), `_` names and trailing operators mixed in.
@Suite struct StreamDifferentialTests {
    /// A match as comparable text: its JSON (or its text, for computed values).
    static func render(_ match: Match) -> String {
        if let node = match.node { return String(decoding: JSONWriter.write(node, pretty: false), as: UTF8.self) }
        return "=" + (match.string ?? "")
    }

    /// The key paths of depth 1–4 the document's nodes have (JSON arrays
    /// add no step: a key applies through them), in document order.
    static func keyPaths(_ doc: Document, limit: Int = 400) -> [[String]] {
        var seen = Set<[String]>()
        var out: [[String]] = []
        var stack: [(Node, [String])] = [(doc.root, [])]
        while let (node, path) = stack.popLast(), out.count < limit {
            let children = Array(node.attributes) + node.children.filter { $0.kind != .text && $0.kind != .comment && $0.kind != .processingInstruction }
            for child in children.reversed() {
                var next = path
                if let name = child.name, node.kind != .array { next.append(name) }
                if next.count > 4 { continue }
                if next.count > path.count, seen.insert(next).inserted { out.append(next) }
                stack.append((child, next))
            }
        }
        return out
    }

    /// Paths to try on a document: its key paths and variants of them.
    static func paths(for doc: Document, count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        let keys = keyPaths(doc)
        // Small documents also try the root, its members and its count.
        var out: [String] = count >= 20 ? [".", "*", "[0]", "[1]", "@count", "*.@count"] : []
        guard !keys.isEmpty else { return out }
        var tries = 0
        while out.count < count && tries < count * 20 {
            tries += 1
            var steps = keys[Int.random(in: 0..<keys.count, using: &random)].map(PathQuery.quotedKey)
            switch Int.random(in: 0..<12, using: &random) {
            case 0: steps[Int.random(in: 0..<steps.count, using: &random)] = "*"
            case 1, 2:
                let at = Int.random(in: 0..<steps.count, using: &random)
                steps[at] += "[\(Int.random(in: -2...2, using: &random))]"
            case 3: steps.append(["@count", "@sum", "@avg", "@min", "@max"][Int.random(in: 0..<5, using: &random)])
            case 4: steps.append(["_string", "_text", "_elementName", "_contents"][Int.random(in: 0..<4, using: &random)])
            case 5 where steps.count > 1:
                let last = steps.removeLast()
                steps[steps.count - 1] += "[?\(last)]"
            case 6: steps.append("@count")
            case 7:
                // A slice counts as an index does: from the start, or to an end before the start.
                let at = Int.random(in: 0..<steps.count, using: &random)
                let bounds = [("", ""), ("1", ""), ("", "2"), ("1", "3"), ("2", "1")][Int.random(in: 0..<5, using: &random)]
                steps[at] += "[\(bounds.0):\(bounds.1)]"
            case 10:
                // `..` before a key: every depth.
                let at = Int.random(in: 0..<steps.count, using: &random)
                steps[at] = "." + steps[at]
            case 9:
                // `*`, then an index or slice counting the values it gives (or a lone array's elements).
                let at = Int.random(in: 0..<steps.count, using: &random)
                steps[at] = "*[\(["0", "1", "1:3", "2:"][Int.random(in: 0..<4, using: &random)])]"
            case 8 where steps.count > 1:
                // A filter, then an index or slice numbering what it keeps over the whole document.
                let last = steps.removeLast()
                steps[steps.count - 1] += "[?\(last)][\(["0", "1", "1:", ":2", "-1", "-2:"][Int.random(in: 0..<6, using: &random)])]"
            default: break
            }
            let path = steps.joined(separator: ".")
            if !out.contains(path) { out.append(path) }
        }
        return out
    }

    enum Outcome: Equatable, CustomStringConvertible {
        case values([String])
        case failed(String)
        var description: String {
            switch self {
            case .values(let values): values.prefix(5).joined(separator: " | ") + (values.count > 5 ? " … (\(values.count))" : "")
            case .failed(let kind): "error \(kind)"
            }
        }
    }

    static func inMemory(_ path: String, _ doc: Document) -> Outcome {
        do {
            return .values(try PathQuery(path).evaluate(on: doc).selectedMatches.map(render))
        } catch {
            return .failed(error.kind.description)
        }
    }

    /// `nil` when the path or the document cannot stream. A document the
    /// stream refuses after handing on matches is a failure: what it
    /// handed on may not be what the path selects.
    static func streamed(_ path: String, _ bytes: [UInt8], slice: Int?) -> Outcome? {
        guard let query = try? PathQuery(path), (try? query.checkStreamable()) != nil else { return nil }
        var values: [String] = []
        do {
            try query.streamMatches(ChunkedInput(bytes: bytes, sliceSize: slice), options: LoadOptions()) { values.append(render($0)) }
            return .values(values)
        } catch let error as QueryError {
            if error.kind == .notStreamable && !values.isEmpty { return .failed("refused after \(values)") }
            return error.kind == .notStreamable ? nil : .failed(error.kind.description)
        } catch {
            return .failed("\(error)")
        }
    }

    /// Compares every path; returns how many streamed.
    static func compare(_ url: URL, paths count: Int, slice: Int?) throws -> Int {
        let bytes = [UInt8](try Data(contentsOf: url))
        let doc = try Document(data: Data(bytes))
        var streamedCount = 0
        for path in paths(for: doc, count: count, seed: UInt64(bytes.count)) {
            guard let streamed = streamed(path, bytes, slice: slice) else { continue }
            streamedCount += 1
            let expected = inMemory(path, doc)
            #expect(streamed == expected, "\(url.lastPathComponent): \(path)")
        }
        return streamedCount
    }

    // The bench corpus: a few generated paths a file (debug builds scan slowly).
    @Test(arguments: ["canada.json", "citm_catalog.json", "github_events.json", "gsoc-2018.json", "twitter.json"])
    func benchJSON(_ name: String) throws {
        #expect(try Self.compare(try SharedData.url("bench-data/json/" + name), paths: 3, slice: 65_536) >= 2)
    }

    @Test(arguments: ["libreoffice_document.fodt", "map.osm", "mondial-3.0.xml", "sample_rss.xml"])
    func benchXML(_ name: String) throws {
        #expect(try Self.compare(try SharedData.url("bench-data/xml/" + name), paths: 3, slice: 65_536) >= 2)
    }

    /// The example documents, read in 7-byte slices so chunk boundaries
    /// fall inside every kind of token.
    @Test(arguments: ["feed.xml", "lists.xml", "quote.xml", "rsp.xml", "schedule-one.xml", "schedule.xml", "tasks.json", "theaters.json"])
    func examples(_ name: String) throws {
        let url = SharedData.packageRoot.appendingPathComponent("Examples/documents/" + name)
        #expect(try Self.compare(url, paths: 60, slice: 7) >= 20)
    }

    /// Paths that end on one big JSON array, or filter or fold it: the
    /// stream reads such an array element by element where that gives the
    /// same values (a lone array stands for its elements), and whole where
    /// it does not. Each document and path, in 1-, 3- and 64-byte slices.
    @Test(arguments: [
        #"{"items":[{"a":1,"b":"x"},{"a":2,"b":"y"},{"a":3},{"b":[4]}]}"#,
        #"{"items":[[1,2],[3]]}"#, #"{"items":[[1,2]]}"#, #"{"items":[[]]}"#, #"{"items":[]}"#,
        #"{"items":[5]}"#, #"{"items":[1,"2",3.5,null,true]}"#, #"{"items":5}"#, #"{"items":{"a":2}}"#,
        #"[{"a":1},{"a":2},{"a":3}]"#, #"[[1,2]]"#, #"[]"#, #"[7]"#,
        #"{"x":{"items":[{"a":4},{"a":0}]},"items":[{"a":9}]}"#,
        #"{"x":[{"items":[{"a":1},{"a":2}]},{"items":[{"a":3}]}],"items":[]}"#,
        #"{"items":[{"a":1}],"x":{"items":[{"a":2}]}}"#,
    ])
    func spreadArrays(_ text: String) throws {
        let bytes = Array(text.utf8)
        let doc = try Document(data: Data(bytes))
        let paths = [
            "items", "items[?a > 1]", "items[?a > 1].b", "items[?a].a", "items[?@count > 1]", "items[?b]._elementName",
            "items.@count", "items.@sum", "items.@min", "items.@max", "items.@avg", "items[?a].@count", "items[?a > 1].@sum",
            "items[?a > 1].a.@max", "x.items[?a > 1]", "x.items", "x.items.a", "*.items[?a]", ".", "[?a > 1]", "[?a > 1].a",
            "@count", "@sum", "[?. > 1]", "items[?. > 1]", "items[?. == 5]",
            "items[:]", "items[1:]", "items[:2].a", "items[1:3]", "items[2:1]", "items[0].a", "[1:]",
            "items[9223372036854775807]", "items[9223372036854775806:]",
            "items[-1]", "items[-2:]", "items[-1].a", "items[-3:-1].a", "items[-9]", "[-1]", "[-2:].a", "x.items[-1].a",
            "items[-1][0]", "items[-2:].@count", "items[-1:].a.@sum",
            "..a", "..items", "..items.a", "x..a", "..*", "..a.@sum", "items..a", "..items[0]", "..items[?a > 1]", "..items[-1]",
            "..b[0]", "..items..a", "..*.@count",
        ]
        var streamedCount = 0
        for path in paths {
            let expected = Self.inMemory(path, doc)
            for slice in [1, 3, 64] {
                guard let streamed = Self.streamed(path, bytes, slice: slice) else { continue }
                streamedCount += 1
                #expect(streamed == expected, "\(text): \(path), slices of \(slice)")
            }
        }
        #expect(streamedCount == paths.count * 3)
    }

    /// Big lone arrays of the bench corpus, which the stream reads in
    /// several batches of elements (and, with 64-byte slices, each batch
    /// across many reads).
    @Test(arguments: [
        ("twitter.json", ["statuses", "statuses[?user.followers_count > 1000].id", "statuses[?retweet_count > 0].@count",
                          "statuses.@count", "statuses[?entities.hashtags].text"]),
        ("citm_catalog.json", ["performances[?seatCategories.@count > 1].id", "performances.@count"]),
        ("github_events.json", [".", "[?type == 'PushEvent'].actor.login", "@count"]),
        ("canada.json", ["features[0].geometry.coordinates", "features[0].geometry.coordinates[?@count > 100].@count"]),
    ])
    func benchArrays(_ name: String, _ paths: [String]) throws {
        let bytes = [UInt8](try Data(contentsOf: try SharedData.url("bench-data/json/" + name)))
        let doc = try Document(data: Data(bytes))
        for path in paths {
            let streamed = try #require(Self.streamed(path, bytes, slice: 65_536), "\(path)")
            #expect(streamed == Self.inMemory(path, doc), "\(name): \(path)")
        }
    }

    /// A key that occurs twice selects an array and another value, so the
    /// array is not lone: a filter over it cannot be read element by
    /// element, and the stream says so once it meets the second value.
    @Test(arguments: [#"{"items":[1,2],"items":[3]}"#, #"{"items":[{"a":2}],"items":5}"#])
    func duplicateKeyAfterSpreadArrayIsRefused(_ text: String) throws {
        for path in ["items[?. > 1]", "items[?a]", "items.@count"] {
            let error = #expect(throws: QueryError.self, "\(path)") {
                try PathQuery(path).streamMatches(ChunkedInput(bytes: Array(text.utf8), sliceSize: 4), options: LoadOptions()) { _ in }
            }
            #expect(error?.kind == .notStreamable, "\(path)")
            #expect(error?.message.contains("another value") == true, "\(path): \(error?.message ?? "")")
        }
        // Printing the arrays is the same either way.
        #expect(Self.streamed("items", Array(text.utf8), slice: 4) == Self.inMemory("items", try Document(data: Data(text.utf8))))
    }
}
