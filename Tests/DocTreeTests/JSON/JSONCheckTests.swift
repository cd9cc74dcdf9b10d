import Foundation
import Testing
import TestSupport
@testable import DocTree

/// ``JSONScanner/check(_:options:parser:)``, which says whether bytes load
/// without building their tree when it can: it must pass exactly what a
/// load passes and fail with the load's error, so every case here is run
/// both ways and compared.
@Suite struct JSONCheckTests {
    /// The load's outcome and the check's: the same, or the same error.
    static func expectAgreement(_ bytes: [UInt8], _ options: LoadOptions, _ label: String) {
        let loaded = Result { () throws(LoadError) in _ = try JSONScanner.parse(bytes, options: options) }
        let checked = Result { () throws(LoadError) in try JSONScanner.check(bytes, options: options) }
        switch (loaded, checked) {
        case (.success, .success): break
        case (.failure(let load), .failure(let check)):
            #expect(load.kind == check.kind && load.message == check.message, "\(label): \(load) ≠ \(check)")
        default:
            Issue.record("\(label): a load gives \(loaded), the check \(checked)")
        }
    }

    /// Every file of JSONTestSuite, read as strict JSON and as JSON with comments.
    @Test func agreesWithALoadOnTheConformanceSuite() throws {
        let files = JSONTestSuiteTests.files
        #expect(files.count > 300)
        var comments = LoadOptions()
        comments.readsJSONWithComments = true
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            Self.expectAgreement(bytes, LoadOptions(), file.lastPathComponent)
            Self.expectAgreement(bytes, comments, file.lastPathComponent + " (comments)")
        }
    }

    /// At the limits (depth, nodes, input size), with byte order marks,
    /// UTF-16, a second value, comments, lone surrogates and bad UTF-8.
    @Test func agreesWithALoadAtTheLimits() {
        var shallow = LoadOptions()
        shallow.maxDepth = 3
        var few = LoadOptions()
        few.maxNodeCount = 4
        var small = LoadOptions()
        small.maxInputBytes = 8
        var comments = LoadOptions()
        comments.readsJSONWithComments = true
        let cases: [(String, [UInt8], LoadOptions)] = [
            ("depth 3", Array("[[[1]]]".utf8), shallow), ("depth 4", Array("[[[[1]]]]".utf8), shallow),
            ("3 nodes", Array("[1, 2]".utf8), few), ("4 nodes", Array("[1, 2, 3]".utf8), few), ("5 nodes", Array("[1, 2, 3, 4]".utf8), few),
            ("8 bytes", Array("[1,2,3] ".utf8), small), ("9 bytes", Array("[1, 2, 3]".utf8), small),
            ("mark", [0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8), LoadOptions()),
            ("UTF-16", [0xFF, 0xFE, 0x5B, 0x00, 0x31, 0x00, 0x5D, 0x00], LoadOptions()),
            ("two values", Array("{} {}".utf8), LoadOptions()), ("trailing space", Array("[1] \n".utf8), LoadOptions()),
            ("comment", Array("// c\n[1, /* d */ 2,] // e".utf8), comments), ("comment, strict", Array("[1] // e".utf8), LoadOptions()),
            ("lone surrogate", Array(#"["\uD800"]"#.utf8), LoadOptions()), ("lone surrogate key", Array(#"{"\uDC00": 1}"#.utf8), LoadOptions()),
            ("bad UTF-8", [0x5B, 0x22, 0xE2, 0x82, 0x22, 0x5D], LoadOptions()), ("empty", [], LoadOptions()),
            ("XML", Array("<a/>".utf8), LoadOptions()),
        ]
        for (label, bytes, options) in cases { Self.expectAgreement(bytes, options, label) }
    }
}
