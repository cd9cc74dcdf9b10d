import Foundation
import Testing
import TestSupport
@testable import DocTree

/// Nothing lost: what the writers produce carries the input's content.
///
/// - JSON: every accepted JSONTestSuite case and every bench-data file is
///   loaded and written; the output's tokens (values, key order, number
///   text, decoded strings) equal the input's, as read by an independent
///   tokenizer (``JSONCanonical``).
/// - XML: every bench-data file and example document is loaded (comments and
///   processing instructions kept) and written; libxml2's exclusive C14N of
///   the output equals that of the input, with layout whitespace between
///   tags ignored on both sides (the tree drops it by design).
@Suite struct RoundTripTests {
    static let acceptedJSONCases: [URL] = ((try? SharedData.files(in: "conformance/json-parsing", withExtension: "json")) ?? [])
        .filter { ["y_", "i_"].contains($0.lastPathComponent.prefix(2)) }
    static let benchJSON: [URL] = (try? SharedData.files(in: "bench-data/json", withExtension: "json")) ?? []

    @Test func casesArePresent() {
        #expect(Self.acceptedJSONCases.count > 100)
        #expect(Self.benchJSON.count >= 5)
        #expect(Self.xmlDocuments.count >= 10)
    }

    @Test func theComparisonSeesWhatMatters() throws {
        func same(_ a: String, _ b: String) throws -> Bool {
            try JSONCanonical.read(Array(a.utf8)) == JSONCanonical.read(Array(b.utf8))
        }
        #expect(try same(#"{"a": [1, "\u00e9\/\ud834\udd1e"]}"#, "{\"a\":[1,\"é/𝄞\"]}"))
        #expect(try !same(#"{"a": 1.0}"#, #"{"a": 1}"#))        // number text
        #expect(try !same(#"{"a": 1, "b": 2}"#, #"{"b": 2, "a": 1}"#))  // key order
        #expect(try !same(#"["a b"]"#, #"["ab"]"#))            // string content
        #expect(try !same(#"["ab", "c"]"#, #"["a", "bc"]"#))    // string boundaries
        #expect(Self.dropLayoutWhitespace(Array("<a>\n <b> x </b>\n</a> ".utf8)) == Array("<a><b> x </b></a> ".utf8))
    }

    @Test(arguments: acceptedJSONCases)
    func jsonTestSuiteCaseSurvivesTheWriter(_ url: URL) throws {
        let bytes = try [UInt8](Data(contentsOf: url))
        // The i_ cases that fail to load, or are not UTF-8 text, have nothing to compare.
        guard let document = try? Document(data: Data(bytes)), String(validating: bytes, as: UTF8.self) != nil else { return }
        try expectSameTokens(input: bytes, document: document)
    }

    @Test(arguments: benchJSON)
    func benchJSONSurvivesTheWriter(_ url: URL) throws {
        let bytes = try [UInt8](Data(contentsOf: url))
        // Compact only: indented output is covered by the suite's cases, and
        // 8 MB of debug-build writing per form is what the time goes on.
        try expectSameTokens(input: bytes, document: Document(data: Data(bytes)), pretty: [false])
    }

    private func expectSameTokens(
        input: [UInt8], document: Document, pretty: [Bool] = [false, true],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let expected = try JSONCanonical.read(input)
        for pretty in pretty {
            let written = try JSONCanonical.read(Array(document.jsonString(pretty: pretty).utf8))
            if written != expected {
                Issue.record(
                    "the written JSON (pretty: \(pretty)) differs: \(RoundTripTests.difference(expected, written))",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// Where two byte strings first differ, with some context from each.
    static func difference(_ expected: [UInt8], _ actual: [UInt8]) -> String {
        let index = expected.withUnsafeBufferPointer { e in
            actual.withUnsafeBufferPointer { a in
                var i = 0
                while i < e.count, i < a.count, e[i] == a[i] { i += 1 }
                return i
            }
        }
        func context(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[max(0, index - 80)..<min(bytes.count, index + 80)], as: UTF8.self).debugDescription
        }
        return "at byte \(index)\ninput:  \(context(expected))\noutput: \(context(actual))"
    }

    // MARK: XML

    static let xmlDocuments: [URL] = ((try? SharedData.files(in: "bench-data/xml")) ?? [])
        + ((try? FileManager.default.contentsOfDirectory(
            at: SharedData.packageRoot.appendingPathComponent("Examples/documents"), includingPropertiesForKeys: nil)) ?? [])
        .filter { $0.pathExtension == "xml" }.sorted { $0.path < $1.path }

    static let xmllint: URL? = ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint"]
        .map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }

    @Test(.enabled(if: xmllint != nil, "needs xmllint (libxml2-utils), which .ci/run installs"), arguments: xmlDocuments)
    func xmlSurvivesTheWriter(_ url: URL) throws {
        let options = LoadOptions(format: .xml, keepsComments: true, keepsProcessingInstructions: true)
        let document = try Document(contentsOf: url, options: options)
        let written = try #require(document.xmlString())
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("roundtrip-\(UUID().uuidString)-\(url.lastPathComponent)")
        try Data(written.utf8).write(to: output)
        defer { try? FileManager.default.removeItem(at: output) }
        let expected = try Self.canonical(url)
        let actual = try Self.canonical(output)
        if expected != actual {
            Issue.record("C14N differs \(Self.difference(expected, actual))")
        }
    }

    /// `xmllint --exc-c14n` of a file (entities expanded, comments kept,
    /// only the namespaces used declared), less whitespace-only text between
    /// tags.
    static func canonical(_ url: URL) throws -> [UInt8] {
        let process = Process()
        guard let xmllint else { throw CocoaError(.fileNoSuchFile) }
        process.executableURL = xmllint
        process.arguments = ["--nonet", "--exc-c14n", url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "xmllint failed on \(url.lastPathComponent)")
        return dropLayoutWhitespace(Array(data))
    }

    /// Removes every whitespace-only run between `>` and `<`.
    static func dropLayoutWhitespace(_ input: [UInt8]) -> [UInt8] {
        input.withUnsafeBufferPointer { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                out.append(byte)
                i += 1
                guard byte == UInt8(ascii: ">") else { continue }
                var j = i
                while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x0A || bytes[j] == 0x09 || bytes[j] == 0x0D { j += 1 }
                if j < bytes.count, bytes[j] == UInt8(ascii: "<") { i = j }
            }
            return out
        }
    }
}

/// A JSON reader for comparisons, independent of the library's scanner: it
/// assumes well-formed UTF-8 JSON and reduces it to what a round trip must
/// keep, as one byte string: punctuation as itself; `true`, `false`, `null`
/// and numbers as `w`, their text exactly as written, and a space; strings
/// as `s`, their length (4 bytes) and their decoded UTF-8. (Bytes, not
/// tokens, so that comparing megabytes stays fast in debug builds.)
enum JSONCanonical {
    struct Malformed: Error { let offset: Int }

    static func read(_ input: [UInt8]) throws -> [UInt8] {
        try input.withUnsafeBufferPointer { (whole) throws -> [UInt8] in
            var start = 0
            if whole.count >= 3, whole[0] == 0xEF, whole[1] == 0xBB, whole[2] == 0xBF { start = 3 }
            return try read(UnsafeBufferPointer(rebasing: whole[start...]))
        }
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var string: [UInt8] = []
        var pendingHigh: UInt32? = nil
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case 0x20, 0x0A, 0x09, 0x0D:
                i += 1
            case 0x7B, 0x7D, 0x5B, 0x5D, 0x3A, 0x2C:  // { } [ ] : ,
                out.append(byte)
                i += 1
            case 0x22:  // "
                string.removeAll(keepingCapacity: true)
                i += 1
                var runStart = i
                while true {
                    guard i < bytes.count else { throw Malformed(offset: i) }
                    let c = bytes[i]
                    if c != 0x22 && c != 0x5C {
                        i += 1
                        continue
                    }
                    string.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                    if c == 0x22 { break }
                    guard i + 1 < bytes.count else { throw Malformed(offset: i) }
                    let escaped = bytes[i + 1]
                    i += 2
                    var scalar: UInt32
                    switch escaped {
                    case UInt8(ascii: "b"): scalar = 8
                    case UInt8(ascii: "f"): scalar = 12
                    case UInt8(ascii: "n"): scalar = 10
                    case UInt8(ascii: "r"): scalar = 13
                    case UInt8(ascii: "t"): scalar = 9
                    case UInt8(ascii: "u"):
                        guard i + 4 <= bytes.count,
                            let unit = UInt32(String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<i + 4]), as: UTF8.self), radix: 16)
                        else { throw Malformed(offset: i) }
                        i += 4
                        scalar = unit
                    default: scalar = UInt32(escaped)
                    }
                    if (0xD800..<0xDC00).contains(scalar) {
                        pendingHigh = scalar
                    } else {
                        if let high = pendingHigh, (0xDC00..<0xE000).contains(scalar) {
                            scalar = 0x10000 + ((high - 0xD800) << 10) + (scalar - 0xDC00)
                        }
                        pendingHigh = nil
                        // A lone surrogate (never accepted by the library) becomes U+FFFD.
                        string.append(contentsOf: String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                    }
                    runStart = i
                }
                out.append(UInt8(ascii: "s"))
                withUnsafeBytes(of: UInt32(string.count).littleEndian) { out.append(contentsOf: $0) }
                out.append(contentsOf: string)
                i += 1
            default:
                let start = i
                scan: while i < bytes.count {
                    switch bytes[i] {
                    case 0x20, 0x0A, 0x09, 0x0D, 0x2C, 0x3A, 0x5D, 0x7D: break scan
                    default: i += 1
                    }
                }
                guard i > start else { throw Malformed(offset: i) }
                out.append(UInt8(ascii: "w"))
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                out.append(0x20)
            }
        }
        return out
    }
}
