import Foundation
import Testing
import TestSupport
@testable import DocTree

/// Nicolas Seriot's JSONTestSuite, read in place from
/// `shared/conformance/json-parsing` (never hand-listed: a new file is a
/// new case). Every `y_` file loads, every `n_` file fails with a located
/// error, and every `i_` file gives the outcome pinned below, so that a
/// change of behaviour is a visible decision.
@Suite(.timeLimit(.minutes(TestTiming.minutes(1))))
struct JSONTestSuiteTests {
    static let folder = "conformance/json-parsing"
    static let files: [URL] = (try? SharedData.files(in: folder, withExtension: "json")) ?? []

    enum Outcome: Sendable {
        case accepted
        case rejected(LoadError.Kind)
    }

    /// The implementation-defined cases and what DocTree does with them.
    ///
    /// - Numbers of any size or exponent load: their text is kept as
    ///   written, and the accessors report what does not fit
    ///   (`1e400` has no `Double`).
    /// - Invalid UTF-8 inside a string is rejected as
    ///   ``LoadError/Kind-swift.struct/invalidEncoding`` (RFC 8259 §8.1;
    ///   replacing bytes with U+FFFD would silently change the data).
    /// - Lone or inverted UTF-16 surrogate escapes are rejected: a Swift
    ///   `String` cannot hold them without substitution.
    /// - UTF-16 documents load: the encoding layer recognises them by BOM or
    ///   zero-byte pattern and transcodes them. A UTF-8 BOM is dropped.
    /// - 500 nested arrays load (the default limit is 10 000).
    static let implementationDefined: [String: Outcome] = [
        "i_number_double_huge_neg_exp.json": .accepted,
        "i_number_huge_exp.json": .accepted,
        "i_number_neg_int_huge_exp.json": .accepted,
        "i_number_pos_double_huge_exp.json": .accepted,
        "i_number_real_neg_overflow.json": .accepted,
        "i_number_real_pos_overflow.json": .accepted,
        "i_number_real_underflow.json": .accepted,
        "i_number_too_big_neg_int.json": .accepted,
        "i_number_too_big_pos_int.json": .accepted,
        "i_number_very_big_negative_int.json": .accepted,

        "i_string_UTF-8_invalid_sequence.json": .rejected(.invalidEncoding),
        "i_string_UTF8_surrogate_U+D800.json": .rejected(.invalidEncoding),
        "i_string_invalid_utf-8.json": .rejected(.invalidEncoding),
        "i_string_iso_latin_1.json": .rejected(.invalidEncoding),
        "i_string_lone_utf8_continuation_byte.json": .rejected(.invalidEncoding),
        "i_string_not_in_unicode_range.json": .rejected(.invalidEncoding),
        "i_string_overlong_sequence_2_bytes.json": .rejected(.invalidEncoding),
        "i_string_overlong_sequence_6_bytes.json": .rejected(.invalidEncoding),
        "i_string_overlong_sequence_6_bytes_null.json": .rejected(.invalidEncoding),
        "i_string_truncated-utf-8.json": .rejected(.invalidEncoding),

        "i_object_key_lone_2nd_surrogate.json": .rejected(.invalidSyntax),
        "i_string_1st_surrogate_but_2nd_missing.json": .rejected(.invalidSyntax),
        "i_string_1st_valid_surrogate_2nd_invalid.json": .rejected(.invalidSyntax),
        "i_string_incomplete_surrogate_and_escape_valid.json": .rejected(.invalidSyntax),
        "i_string_incomplete_surrogate_pair.json": .rejected(.invalidSyntax),
        "i_string_incomplete_surrogates_escape_valid.json": .rejected(.invalidSyntax),
        "i_string_invalid_lonely_surrogate.json": .rejected(.invalidSyntax),
        "i_string_invalid_surrogate.json": .rejected(.invalidSyntax),
        "i_string_inverted_surrogates_U+1D11E.json": .rejected(.invalidSyntax),
        "i_string_lone_second_surrogate.json": .rejected(.invalidSyntax),

        "i_string_UTF-16LE_with_BOM.json": .accepted,
        "i_string_utf16BE_no_BOM.json": .accepted,
        "i_string_utf16LE_no_BOM.json": .accepted,
        "i_structure_UTF-8_BOM_empty_object.json": .accepted,
        "i_structure_500_nested_arrays.json": .accepted,
    ]

    static func load(_ bytes: Data) -> Result<Document, LoadError> {
        do throws(LoadError) {
            return .success(try Document(data: bytes, options: LoadOptions(format: .json)))
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: files)
    func conforms(_ file: URL) throws {
        let name = file.lastPathComponent
        let bytes = try Data(contentsOf: file)
        let result = Self.load(bytes)
        switch name.prefix(2) {
        case "y_":
            if case .failure(let error) = result { Issue.record("\(name) must load, but: \(error)") }
        case "n_":
            switch result {
            case .success: Issue.record("\(name) must be rejected: \(TestText.hex([UInt8](bytes.prefix(64))))")
            case .failure(let error):
                #expect(error.location != nil, "\(name): \(error) has no location")
                #expect(error.kind != .invalidNumber && error.kind != .tooLarge, "\(name): \(error.kind)")
            }
        case "i_":
            guard let outcome = Self.implementationDefined[name] else {
                Issue.record("\(name) is new: pin its outcome (\(result)) in implementationDefined")
                return
            }
            switch (outcome, result) {
            case (.accepted, .success(let document)):
                if name.contains("UTF-16") || name.contains("utf16") {
                    #expect(document.root.children.first?.string == "é", "\(name)")
                }
            case (.rejected(let kind), .failure(let error)):
                #expect(error.kind == kind, "\(name): \(error)")
                #expect(error.location != nil, "\(name): \(error) has no location")
            default:
                Issue.record("\(name) is pinned as \(outcome) but gave \(result)")
            }
        default:
            Issue.record("\(name) has no y_/n_/i_ prefix")
        }
    }

    /// The counts, printed for the record and checked against the folder
    /// and against the suite's README (95 y, 188 n, 35 i).
    @Test func reportsCounts() throws {
        let files = try SharedData.files(in: Self.folder, withExtension: "json")
        var total: [Substring: Int] = [:]
        var yAccepted = 0
        var nRejected = 0
        var iAccepted = 0
        var iRejected = 0
        for file in files {
            let name = file.lastPathComponent
            let prefix = name.prefix(2)
            total[prefix, default: 0] += 1
            let loaded = (try? Self.load(Data(contentsOf: file)).get()) != nil
            switch prefix {
            case "y_": if loaded { yAccepted += 1 }
            case "n_": if !loaded { nRejected += 1 }
            case "i_": if loaded { iAccepted += 1 } else { iRejected += 1 }
            default: break
            }
        }
        print("JSONTestSuite: \(yAccepted) y accepted, \(nRejected) n rejected, \(iAccepted + iRejected) i (\(iAccepted) accepted, \(iRejected) rejected)")
        #expect(yAccepted == total["y_"])
        #expect(nRejected == total["n_"])
        #expect(total["y_"] == 95 && total["n_"] == 188 && total["i_"] == 35)
        #expect(Set(Self.implementationDefined.keys) == Set(files.map(\.lastPathComponent).filter { $0.hasPrefix("i_") }))
    }

    /// JSONTestSuite's `test_transform` files that pin tree-building
    /// decisions (the number files are covered in ``JSONNumberTests``).
    @Test func transformCases() throws {
        func load(_ name: String) throws -> Document {
            try Document(data: Data(contentsOf: try SharedData.url("\(Self.folder)/test_transform/\(name)")),
                         options: LoadOptions(format: .json))
        }
        // Duplicate keys: all kept, in order.
        #expect(JSONTesting.render(try load("object_same_key_different_values.json").root) == #"{"a":1,"a":2}"#)
        #expect(JSONTesting.render(try load("object_same_key_same_value.json").root) == #"{"a":1,"a":1}"#)
        #expect(JSONTesting.render(try load("object_same_key_unclear_values.json").root) == #"{"a":0,"a":-0}"#)
        // NFC and NFD keys stay two different names.
        let nfcNFD = try load("object_key_nfc_nfd.json").root.children.map { Array(($0.name ?? "").utf8) }
        #expect(nfcNFD == [[0xC3, 0xA9], [0x65, 0xCC, 0x81]])
        let nfdNFC = try load("object_key_nfd_nfc.json").root.children.map { Array(($0.name ?? "").utf8) }
        #expect(nfdNFC == [[0x65, 0xCC, 0x81], [0xC3, 0xA9]])
        // An escaped NUL stays in the middle of the string.
        #expect(try load("string_with_escaped_NULL.json").root.children.first?.string == "A\u{0}B")
        // Lone surrogates, escaped or as raw bytes, are errors, not U+FFFD.
        for name in try SharedData.files(in: "\(Self.folder)/test_transform", withExtension: "json")
            .map(\.lastPathComponent) where name.contains("invalid_codepoint") {
            let error = #expect(throws: LoadError.self, "\(name)") { try load(name) }
            #expect(error?.kind == (name.contains("escaped") ? .invalidSyntax : .invalidEncoding), "\(name)")
        }
    }
}
