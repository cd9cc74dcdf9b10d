@testable import DocQuery
import Foundation
import TestSupport
import Testing

/// Runs every case of the official JMESPath compliance suite
/// (../shared/conformance/jmespath, read in place) through ``JMESPath`` and
/// requires all of them to pass.
///
/// The files, the `given` documents and the expected results are read with
/// DocTree's own JSON loader; a result is compared structurally with the
/// expected JSON (numbers by value, `true` never equal to `1`, object keys
/// in any order). An `error` case passes when compiling or evaluating
/// throws the matching ``QueryError/Kind-swift.struct``; the six benchmark
/// cases without a `result` pass when they evaluate without error.
@Suite struct JMESPathConformanceTests {
    static let files = [
        "basic.json", "benchmarks.json", "boolean.json", "current.json", "escape.json", "filters.json",
        "functions.json", "identifiers.json", "indices.json", "literal.json", "multiselect.json", "pipe.json",
        "slice.json", "syntax.json", "unicode.json", "wildcard.json",
    ]

    static let runtimeKinds: [String: QueryError.Kind] = [
        "invalid-type": .invalidType, "invalid-arity": .invalidArity,
        "unknown-function": .unknownFunction, "invalid-value": .invalidValue,
    ]

    /// Why a case failed, or `nil` when it passed.
    static func failure(expression: String, given: Document, case node: Node) -> String? {
        let expectedError = node.children(named: "error").first?.string
        let compiled: JMESPath
        do {
            compiled = try JMESPath(expression)
        } catch {
            guard let expectedError else { return "did not compile: \(error.message)" }
            if expectedError == "syntax" {
                return runtimeKinds.values.contains(error.kind) ? "expected a syntax error, got \(error.kind)" : nil
            }
            return runtimeKinds[expectedError] == error.kind ? nil : "expected \(expectedError), got \(error.kind): \(error.message)"
        }
        let json: String
        do {
            json = try compiled.jsonString(on: given)
        } catch {
            guard let expectedError else { return "failed: \(error.message)" }
            return runtimeKinds[expectedError] == error.kind ? nil : "expected \(expectedError), got \(error.kind): \(error.message)"
        }
        if let expectedError { return "expected \(expectedError) error, got \(json)" }
        guard let expected = node.children(named: "result").first else { return nil }  // bench only
        guard let actual = try? Document(data: Data(json.utf8), options: LoadOptions(format: .json)) else {
            return "produced invalid JSON \(json)"
        }
        return sameJSON(actual.root, expected) ? nil : "got \(json), expected \(expected.jsonString())"
    }

    /// Structural JSON equality of two nodes.
    static func sameJSON(_ a: Node, _ b: Node) -> Bool {
        switch (a.kind, b.kind) {
        case (.null, .null), (.true, .true), (.false, .false): return true
        case (.number, .number): return a.double == b.double
        case (.string, .string): return Array(a.string!.utf8) == Array(b.string!.utf8)
        case (.array, .array):
            let x = a.children, y = b.children
            return x.count == y.count && zip(x, y).allSatisfy { sameJSON($0, $1) }
        case (.object, .object):
            let x = a.children, y = b.children
            return x.count == y.count && x.allSatisfy { member in
                y.contains { $0.name.map(\.utf8).map(Array.init) == member.name.map(\.utf8).map(Array.init) && sameJSON(member, $0) }
            }
        default: return false
        }
    }

    @Test func everyComplianceCasePasses() throws {
        var total = 0
        var failures: [String] = []
        for file in Self.files {
            let suites = try Document(contentsOf: SharedData.url("conformance/jmespath/\(file)"))
            for suite in suites.root.children {
                let givenNode = try #require(suite.children(named: "given").first)
                let given = try Document(data: Data(givenNode.jsonString().utf8), options: LoadOptions(format: .json))
                for testCase in try #require(suite.children(named: "cases").first).children {
                    let expression = try #require(testCase.children(named: "expression").first?.string)
                    total += 1
                    if let failure = Self.failure(expression: expression, given: given, case: testCase) {
                        failures.append("\(file): \(expression): \(failure)")
                    }
                }
            }
        }
        print("JMESPath compliance: \(total - failures.count) of \(total) cases pass")
        #expect(total == 908)
        #expect(failures.isEmpty, "\(failures.count) failing:\n\(failures.joined(separator: "\n"))")
    }
}
