import DocQuery
import DocTree
import Foundation
import Testing

/// `LoadOptions.maxDepth` is the one depth limit of XML: every way a
/// document is read or edited accepts the same depths and fails past them
/// with the same error (libxml2's own 256 levels never come first).
@Suite struct XMLDepthLimitTests {
    static let maxDepth = 300

    /// `<d>…<v>x</v>…</d>`: `depth` elements nested, `v` the innermost.
    static func nested(_ depth: Int) -> [UInt8] {
        Array((String(repeating: "<d>", count: depth - 1) + "<v>x</v>" + String(repeating: "</d>", count: depth - 1) + "\n").utf8)
    }

    /// The path to the innermost element of ``nested(_:)``.
    static func innermost(_ depth: Int) -> String {
        (Array(repeating: "d", count: depth - 2) + ["v"]).joined(separator: ".")
    }

    static var options: LoadOptions {
        var options = LoadOptions(format: .xml)
        options.maxDepth = maxDepth
        return options
    }

    /// Every way in, each giving the edited or matched text, or throwing.
    static func waysIn(_ bytes: [UInt8], path: String) -> [(String, () throws -> String)] {
        let edit = [Edit.set(path, to: "y")]
        return [
            ("held whole (load)", { try PathQuery(path).evaluate(on: Document(data: Data(bytes), options: options)).selectedMatches.map(\.description).joined() }),
            ("held whole (load from a file)", {
                let url = FileManager.default.temporaryDirectory.appendingPathComponent("xml-depth-\(UUID().uuidString).xml")
                try Data(bytes).write(to: url)
                defer { try? FileManager.default.removeItem(at: url) }
                return try PathQuery(path).evaluate(on: Document(contentsOf: url, options: options)).selectedMatches.map(\.description).joined()
            }),
            ("held whole (edit)", { String(decoding: try DocumentEditor(bytes: bytes, options: options).applying(edit).bytes, as: UTF8.self) }),
            ("streamed edit", {
                var out: [UInt8] = []
                try StreamedEdit(edit, options: options).run(ChunkedInput(bytes: bytes, sliceSize: 512)) { out.append(contentsOf: $0) }
                return String(decoding: out, as: UTF8.self)
            }),
            ("streamed query", {
                var found: [String] = []
                try PathQuery(path).streamMatches(ChunkedInput(bytes: bytes, sliceSize: 512), options: options) { found.append($0.description) }
                return found.joined()
            }),
        ]
    }

    @Test func atTheLimitEveryWayInAccepts() throws {
        for (way, run) in Self.waysIn(Self.nested(Self.maxDepth), path: Self.innermost(Self.maxDepth)) {
            let result = try run()
            #expect(result.contains("x") || result.contains("<v>y</v>"), "\(way): \(result.prefix(80))")
        }
    }

    @Test func pastTheLimitEveryWayInFailsAlike() throws {
        let depth = Self.maxDepth + 1
        for (way, run) in Self.waysIn(Self.nested(depth), path: Self.innermost(depth)) {
            do {
                _ = try run()
                Issue.record("\(way): \(depth) levels were accepted")
            } catch {
                let load = error as? LoadError
                #expect(load?.kind == .nestingTooDeep, "\(way): \(type(of: error)) \(error)")
                #expect(load?.message == "elements are nested deeper than 300 levels (see LoadOptions.maxDepth)", "\(way)")
                #expect(load?.location?.line == 1, "\(way)")
                #expect(load?.location?.column == 3 * depth, "\(way): \(String(describing: load?.location))")
            }
        }
    }

    /// libxml2's own limit (256 levels without `XML_PARSE_HUGE`) no longer
    /// comes first, and allowing huge XML does not change the depth limit.
    @Test(arguments: [false, true]) func hugeXMLLeavesTheDepthLimitAlone(_ huge: Bool) throws {
        var options = Self.options
        options.allowsHugeXML = huge
        #expect(try Document(data: Data(Self.nested(Self.maxDepth)), options: options).nodeCount == Self.maxDepth + 2)
        let error = try #require(throws: LoadError.self) { try Document(data: Data(Self.nested(Self.maxDepth + 1)), options: options) }
        #expect(error.kind == .nestingTooDeep)
    }
}
